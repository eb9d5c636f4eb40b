package netns

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net/netip"
	"testing"

	"fib6lab/engine/fib6"
)

// TestCountTimerPasses: counting the GC timer's firings by whole cycles
// gives exactly what following the re-arm rule one firing at a time gives
// (count, last firing, expiry and next firing), for tick rates with and
// without a common factor with the wheel's granularity, gc_interval 0 to
// an hour, and stretches of up to 200,000 firings.
func TestCountTimerPasses(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, hz := range []int64{100, 250, 300, 1000, 1024} {
		for _, secs := range []int64{0, 1, 7, 30, 3600} {
			ns := New(hz)
			ns.Sysctl.GCInterval = secs * hz
			at := InitialJiffies + r.Int64N(1<<20)
			limit := at + r.Int64N(200_000*max(secs*hz, 4))
			got, err := ns.countTimerPasses(at, limit, true, func(int64) error { return nil })
			want := stepTimerPasses(ns, at, limit)
			if err != nil || got != want {
				t.Errorf("hz %d gc_interval %ds: counted %+v, stepped %+v", hz, secs, got, want)
			}
		}
	}
}

// stepTimerPasses follows the GC timer one firing at a time.
func stepTimerPasses(ns *Netns, at, limit int64) timerRun {
	r := timerRun{fires: at}
	for r.fires <= limit {
		r.n++
		r.last = r.fires
		r.expires = ns.rearmExpiry(r.last)
		r.fires = wheelExpiry(r.expires, r.last)
	}
	return r
}

// TestCountTimerPassesCancel: one firing that cancels the timer is all;
// progress can stop the count, which then holds what it counted.
func TestCountTimerPassesCancel(t *testing.T) {
	ns := New(250)
	r, _ := ns.countTimerPasses(1000, 1<<40, false, nil)
	if r.n != 1 || r.last != 1000 {
		t.Fatalf("cancelling firing: %+v", r)
	}
	calls := 0
	stop := errors.New("stop")
	r, err := ns.countTimerPasses(1000, 1<<40, true, func(int64) error {
		if calls++; calls == 5 {
			return stop
		}
		return nil
	})
	if err != stop || r.n != 5 || r != stepTimerPasses(ns, 1000, r.last) {
		t.Fatalf("stopped: %+v %v", r, err)
	}
}

// TestAdvanceInterrupted: a Yield that cancels stops Advance right after
// a timer (or, skipping, after a counted firing) with ErrInterrupted; the
// namespace is then exactly as one advanced that far without a Yield,
// and with every pass run the count of passes is the one the work units
// give (3 per firing of a one-route GC list: the route, the pass, the
// timer).
func TestAdvanceInterrupted(t *testing.T) {
	setup := func(stepwise bool) *Netns {
		ns := New(1000)
		ns.Stepwise = stepwise
		ns.Sysctl.GCInterval = 0
		kernelRoutes(t, ns)
		addRoute(t, ns, 0, "2001:db8:9::/64", "", 1024, 100000)
		return ns
	}
	for _, stepwise := range []bool{true, false} {
		ns := setup(stepwise)
		calls := 0
		ns.Yield = func(done, total int64) bool {
			calls++
			return calls < 2
		}
		from := ns.Now()
		moved, err := ns.Advance(50_000)
		if err != ErrInterrupted || moved <= 0 || moved >= 50_000 || ns.Now() != from+moved || ns.GC.LastPassAt != ns.Now() {
			t.Fatalf("stepwise %v: moved %d, err %v, last pass %d, now %d", stepwise, moved, err, ns.GC.LastPassAt-from, moved)
		}
		if stepwise && ns.GC.Passes != 2*342 {
			t.Fatalf("stepwise: %d passes, want 684", ns.GC.Passes)
		}
		t.Logf("stepwise %v: %d passes, %d replayed, moved %d", stepwise, ns.GC.Passes, ns.GC.Replayed, moved)
		ref := setup(true)
		ref.Advance(moved)
		if a, b := gcState(ns), gcState(ref); a != b {
			t.Fatalf("stepwise %v: interrupted %s, advanced %s", stepwise, a, b)
		}
	}
}

// gcState prints what the GC passes leave: statistics (but the count of
// replayed ones and wall time), ip6_rt_last_gc, the clock and the timer.
func gcState(ns *Netns) string {
	g := ns.GC
	g.Replayed, g.LastPassNanos = 0, 0
	t := ns.GCTimer()
	return fmt.Sprintf("%+v lastgc %d now %d timer %v %d %d %d", g, ns.LastGC(), ns.Now(), t.Pending(), t.Expires, t.Fires(), t.Armed)
}

// TestCountTimerPassesLongCycle: at a tick rate with little in common
// with the wheel's granularity and gc_interval 0 the cycle holds more
// firings than countTimerPasses keeps (HZ 12287: lcm(12287, 512) jiffies,
// over a million firings); counting is still exact.
func TestCountTimerPassesLongCycle(t *testing.T) {
	ns := New(12287)
	ns.Sysctl.GCInterval = 0
	at, limit := int64(InitialJiffies), int64(InitialJiffies+3*12287*512)
	steps := 0
	got, _ := ns.countTimerPasses(at, limit, true, func(int64) error { steps++; return nil })
	if want := stepTimerPasses(ns, at, limit); got != want || steps >= got.n {
		t.Fatalf("counted %+v in %d steps, stepped %+v", got, steps, want)
	}
}

// TestFloodReplayMatchesStepping: a raw flood on 6.1 (a GC pass for each
// refused allocation, most of them replayed) and on 6.18, with routes and
// PMTU exceptions that expire during the flood and the clock moving 50
// packets a jiffy, ends exactly as with every pass run: the flood's
// result, the dst and GC statistics, the kernel log, the timer and the
// route and exception counts.
func TestFloodReplayMatchesStepping(t *testing.T) {
	for _, v := range []string{"6.1", "6.18"} {
		var got [2]string
		for i, stepwise := range []bool{true, false} {
			ns, _ := dstNetns(t, v)
			ns.Stepwise = stepwise
			ns.Sysctl.GCInterval = ns.HZ
			ns.Sysctl.MTUExpires = 3 * ns.HZ
			for j := range 20 {
				addRoute(t, ns, fib6.RT_TABLE_MAIN, fmt.Sprintf("2001:db8:3:%x::/64", j), "2001:db8:1::2", 1024, int64(1+j%7))
				ns.PTB(netip.MustParseAddr(fmt.Sprintf("2001:db8:3:%x::1", j)), 1300)
			}
			r := ns.FloodRaw(RawFlood{Dst: onLinkDst, Senders: 5, Count: 10000, Inflight: 1000, Rate: 50})
			got[i] = fmt.Sprintf("%+v\n%+v\n%s\n%q\n%s", r, ns.Dst.Stats, gcState(ns), ns.Dst.Log, ns.RT6Stats())
			t.Logf("%s stepwise %v: %d passes, %d replayed, %d removed, failed %d", v, stepwise, ns.GC.Passes, ns.GC.Replayed, ns.GC.Removed, r.Failed)
			if !stepwise && ns.GC.Replayed == 0 {
				t.Errorf("%s: nothing replayed", v)
			}
		}
		if got[0] != got[1] {
			t.Errorf("%s: stepping\n%s\nskipping\n%s", v, got[0], got[1])
		}
	}
}
