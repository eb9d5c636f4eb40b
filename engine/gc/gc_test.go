package gc

import (
	"math"
	"net/netip"
	"testing"

	"fib6lab/engine/fib6"
	"fib6lab/engine/trace"
)

func TestAge(t *testing.T) {
	rt := &fib6.Info{}
	args := &Args{}
	if Age(rt, 100, args) || args.More != 0 {
		t.Fatal("a permanent route aged")
	}
	rt.SetExpires(100)
	if Age(rt, 100, args) || args.More != 1 {
		t.Fatalf("at its deadline: delete or more=%d", args.More)
	}
	if !Age(rt, 101, args) || args.More != 1 {
		t.Fatal("one jiffy after its deadline the route must go (time_after is strict)")
	}
}

func TestParseStrategy(t *testing.T) {
	for _, s := range Strategies {
		if got, err := ParseStrategy(s.String()); err != nil || got != s {
			t.Errorf("%s: %v %v", s, got, err)
		}
	}
	if _, err := ParseStrategy("walk"); err == nil {
		t.Error("unknown strategy accepted")
	}
}

// stepNet builds a FIB with 3000 permanent routes and 20 expiring ones,
// five of which have expired at time 100 (deadlines 50, 60, ... 240).
func stepNet(rec *trace.Recorder) *fib6.Net {
	n := fib6.NewNet()
	n.Trace = rec
	tb := n.Table(fib6.RT_TABLE_MAIN)
	gw := netip.MustParseAddr("2001:10::2")
	for _, p := range PermanentHosts(3000) {
		tb.Add(n.NewRoute(p, gw, 2, 1024), fib6.NLM_F_CREATE)
	}
	for i, p := range ExpiringHosts(20) {
		rt := n.NewRoute(p, gw, 2, 1024)
		rt.SetExpires(int64(50 + 10*i))
		tb.Add(rt, fib6.NLM_F_CREATE)
	}
	return n
}

// TestStepMatchesPass: a pass run in slices of 7 steps ages, traces and
// removes exactly what a whole pass does, for both strategies.
func TestStepMatchesPass(t *testing.T) {
	for _, s := range Strategies {
		whole, sliced := &trace.Recorder{}, &trace.Recorder{}
		n1, n2 := stepNet(whole), stepNet(sliced)
		whole.Reset()
		sliced.Reset()
		a1, a2 := Args{}, Args{}
		st1 := Pass(n1, s, 100, &a1)
		r := Start(n2, s, 100, &a2)
		slices := 1
		for !r.Step(7) {
			slices++
		}
		st2 := r.Stats()
		if st1 != st2 || a1 != a2 || st1.Removed != 5 {
			t.Fatalf("%s: whole %+v %+v, sliced %+v %+v", s, st1, a1, st2, a2)
		}
		if slices < 2 || len(whole.Events) != len(sliced.Events) {
			t.Fatalf("%s: %d slices, %d vs %d events", s, slices, len(whole.Events), len(sliced.Events))
		}
		for i := range whole.Events {
			if whole.Events[i] != sliced.Events[i] {
				t.Fatalf("%s: event %d differs: %+v vs %+v", s, i, whole.Events[i], sliced.Events[i])
			}
		}
		if err := n2.Table(fib6.RT_TABLE_MAIN).Check(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestHorizon: a pass that keeps routes expiring at 150 and 240 (and
// deletes five) learns that the next pass to find work is at 151; Quiet
// and Last agree on that boundary, with and without idle exceptions.
func TestHorizon(t *testing.T) {
	for _, s := range Strategies {
		n := stepNet(nil)
		args := Args{Timeout: 30, Horizon: NewHorizon()}
		if st := Pass(n, s, 145, &args); st.Removed != 10 || args.More != 10 {
			t.Fatalf("%s: %+v more %d", s, st, args.More)
		}
		h := args.Horizon
		if h.Expiry != 151 || h.Idle != math.MaxInt64 || h.Last(30) != 150 {
			t.Fatalf("%s: horizon %+v last %d", s, *h, h.Last(30))
		}
		if !h.Quiet(150, 30) || h.Quiet(151, 30) {
			t.Fatalf("%s: quiet at 150 %v, at 151 %v", s, h.Quiet(150, 30), h.Quiet(151, 30))
		}
		h.idle(100) // an exception last used at 100 goes at 100 + timeout
		if h.Last(30) != 129 || !h.Quiet(129, 30) || h.Quiet(130, 30) || !h.Quiet(150, 60) {
			t.Fatalf("%s: with idle: last %d", s, h.Last(30))
		}
	}
}
