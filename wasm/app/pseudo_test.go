package app

import (
	"testing"

	"fib6lab/engine/trace"
)

func TestLineRulesPointInsideTheirListing(t *testing.T) {
	for ls, rules := range lineRules {
		for _, r := range rules {
			if r.line < 0 || r.line >= len(Listings[ls].Lines) {
				t.Errorf("%s: %v lights line %d of %d", Listings[ls].Func, r.kind, r.line, len(Listings[ls].Lines))
			}
		}
	}
	for k, ls := range kindListing {
		if lineOf(ls, trace.Event{Kind: k}) < 0 && k != trace.RouteAge {
			t.Errorf("%v goes to %s, which has no line for it", k, Listings[ls].Func)
		}
	}
}

func TestPseudoMapping(t *testing.T) {
	for _, c := range []struct {
		top  int
		e    trace.Event
		want string
		line int
	}{
		{lsLookup, trace.Event{Kind: trace.Backtrack}, "fib6_node_lookup", 5},
		{lsLookup, trace.Event{Kind: trace.NodeMatch}, "fib6_node_lookup", 4},
		{lsAdd, trace.Event{Kind: trace.NodeCreate}, "fib6_add / fib6_add_1", 5},
		{lsDel, trace.Event{Kind: trace.NodeFree}, "fib6_del / fib6_repair_tree", 3},
		{lsGCTrie, trace.Event{Kind: trace.RouteAge, Val: -3}, "fib6_clean_all(fib6_age) — fib6_walk", 3},
		{lsGCList, trace.Event{Kind: trace.RouteAge, Val: 30}, "fib6_gc_all / fib6_gc_table", 4},
		{lsNone, trace.Event{Kind: trace.TimerArm}, "fib6_run_gc", 3},
		{lsNone, trace.Event{Kind: trace.DstRefused}, "dst_alloc", 1},
		{lsNone, trace.Event{Kind: trace.CacheHit}, "ila_output", 2},
		{lsNone, trace.Event{Kind: trace.DstGC}, "ip6_dst_gc", 1},
		{lsAdd, trace.Event{Kind: trace.TimerArm}, "fib6_add / fib6_add_1", 8},
	} {
		ls := listingOf(c.top, c.e)
		if Listings[ls].Func != c.want || lineOf(ls, c.e) != c.line {
			t.Errorf("%v in %s: %s line %d, want %s line %d", c.e.Kind, Listings[c.top].Func, Listings[ls].Func, lineOf(ls, c.e), c.want, c.line)
		}
	}
}

func TestPseudoFollowsTheGCPass(t *testing.T) {
	s := runScenario(t, "gc-measure-1000")
	l := s.Lanes[0]
	sawAge, sawMore := false, false
	for p := l.hist.base; p <= l.head(); p++ {
		l.SeekPos(p)
		pv := l.Pseudo()
		if pv.Func == Listings[lsGCTrie].Func && pv.Line == 3 {
			sawAge = len(pv.Values) > 0
		}
		if pv.Func == Listings[lsRunGC].Func && pv.Line == 3 {
			sawMore = true
		}
	}
	if !sawAge || !sawMore {
		t.Fatalf("expired route aged %v, timer re-armed %v", sawAge, sawMore)
	}
}
