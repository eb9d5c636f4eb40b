package netns

import (
	"net/netip"
	"testing"

	"fib6lab/engine/fib6"
	"fib6lab/engine/trace"
)

// TestGCTimerTracepoints: the GC timer's events are those of the kernel's
// timer tracepoints (Linux 6.18, ip6sim check): an expiring route arms
// it (timer_start, timeout gc_interval); a pass that leaves routes to age
// re-arms it at round_jiffies(now + gc_interval) from the callback, which
// runs in softirq after the timer leaves the wheel (timer_cancel,
// timer_expire_entry); the pass that empties the GC list deletes a timer
// that is no longer pending, which traces nothing.
func TestGCTimerTracepoints(t *testing.T) {
	ns := New(250)
	rec := &trace.Recorder{Tracepoints: true, Clock: ns.Now}
	ns.SetTrace(rec)
	ns.Stepwise = true
	ns.Sysctl.GCInterval = 5 * ns.HZ
	if err := ns.AddVeth("va", [6]byte{}, "vb", [6]byte{}); err != nil {
		t.Fatal(err)
	}
	va := ns.Dev("va")
	ns.SetLinkUp(va, true)
	ns.SetLinkUp(ns.Dev("vb"), true)
	for i, secs := range []uint32{2, 8} {
		c := &RouteConfig{Dst: netip.PrefixFrom(netip.AddrFrom16([16]byte{0x20, 0x01, 0x0d, 0xb8, 1, byte(i)}), 48),
			Type: fib6.RTN_UNICAST, Nexthops: []NH{{Dev: va.Index}}, HasExpires: true, Expires: secs, NLFlags: fib6.NLM_F_CREATE | fib6.NLM_F_EXCL}
		if err := ns.RouteAdd(c); err != nil {
			t.Fatal(err)
		}
	}
	ns.Advance(12 * ns.HZ)
	type ev struct {
		kind    trace.Kind
		ctx     trace.Ctx
		timeout int64
	}
	var got []ev
	for i, e := range rec.Events {
		switch e.Kind {
		case trace.TimerArm:
			got = append(got, ev{e.Kind, e.Ctx, e.Val - rec.Stamps[i]})
		case trace.TimerCancel, trace.TimerExpire:
			got = append(got, ev{e.Kind, e.Ctx, 0})
		}
	}
	want := []ev{
		{trace.TimerArm, trace.CtxProcess, 1250},
		{trace.TimerCancel, trace.CtxSoftirq, 0}, {trace.TimerExpire, trace.CtxSoftirq, 0},
		{trace.TimerArm, trace.CtxSoftirq, 0},
		{trace.TimerCancel, trace.CtxSoftirq, 0}, {trace.TimerExpire, trace.CtxSoftirq, 0},
	}
	if len(got) != len(want) {
		t.Fatalf("events %v, want %d", got, len(want))
	}
	for i := range want {
		g := got[i]
		if g.kind != want[i].kind || g.ctx != want[i].ctx {
			t.Errorf("event %d: %+v, want %+v", i, g, want[i])
		}
	}
	// the re-arm rounds now+1250 to a whole second: at most HZ/4 down, under 3HZ/4 up
	var rearm int64
	for _, e := range rec.Events {
		if e.Kind == trace.TimerArm && e.Ctx == trace.CtxSoftirq {
			rearm = e.Val
		}
	}
	if re := got[3].timeout; re < 1250-62 || re >= 1250+188 || rearm%250 != 0 {
		t.Errorf("re-arm timeout %d, expiry %d: want round_jiffies(now+1250)", re, rearm)
	}
}
