package app

import (
	"testing"
	"time"

	"fib6lab/engine/fib6"
	"fib6lab/engine/gc"
)

const (
	ms = int64(time.Millisecond)
	us = int64(time.Microsecond)
)

// tickClock is a Nanotime that moves step ns per call, read through a
// clock of tick ns (step < tick: several readings show the same time).
func tickClock(step, tick int64) func() int64 {
	var ns int64
	return func() int64 { ns += step; return ns / tick * tick }
}

func TestCostSamplesRepeatUntilMinimum(t *testing.T) {
	c := costSamples{min: 50 * ms, res: 100 * us}
	for _, sl := range []struct {
		ns     int64
		passes int
	}{{20 * ms, 3}, {20 * ms, 3}} {
		c.add(sl.ns, sl.passes)
		if c.due() {
			t.Fatalf("due after %d ns, before the 50 ms minimum", c.elapsed)
		}
	}
	c.add(20*ms, 4)
	if !c.due() {
		t.Fatal("not due after 60 ms")
	}
	c.close()
	if len(c.perPass) != 1 || c.perPass[0] != float64(6*ms) {
		t.Fatalf("samples %v, want [6 ms]: 60 ms over 10 passes", c.perPass)
	}
	if c.quant[0] != float64(30*us) {
		t.Errorf("quantization %v ns, want 30 µs: 3 slices of ±100 µs over 10 passes", c.quant[0])
	}
	c.add(60*ms, 0)
	c.close()
	if len(c.perPass) != 1 {
		t.Errorf("a sample without a complete pass was kept: %v", c.perPass)
	}
}

func TestCostSamplesMedianAndSpread(t *testing.T) {
	c := costSamples{min: 50 * ms, res: 100 * us}
	for _, per := range []int64{5, 6, 7, 6, 100} { // one outlier (a Go GC pause)
		c.add(per*10*ms, 10)
		c.close()
	}
	med, spread := c.summary()
	if med != float64(6*ms) {
		t.Errorf("median %v ns, want 6 ms", med)
	}
	// deviations 1, 0, 1, 0, 94 ms: median 1 ms
	if spread != float64(1*ms) {
		t.Errorf("spread %v ns, want 1 ms (median absolute deviation)", spread)
	}

	c.reset()
	for range 3 {
		c.add(60*ms, 10) // the clock saw the same time every sample
		c.close()
	}
	if med, spread := c.summary(); med != float64(6*ms) || spread != float64(10*us) {
		t.Errorf("median %v, spread %v ns; want 6 ms ± 10 µs: one ±100 µs slice over 10 passes", med, spread)
	}
}

func TestClockResolution(t *testing.T) {
	if r := clockResolution(tickClock(7*us, 100*us)); r != 100*us {
		t.Errorf("resolution %d ns, want 100 µs", r)
	}
	if r := clockResolution(tickClock(1, 1)); r != 1 {
		t.Errorf("resolution %d ns, want 1", r)
	}
	if r := clockResolution(func() int64 { return 42 }); r != 0 {
		t.Errorf("a clock that never moves: resolution %d, want 0", r)
	}
}

// expiringSim returns a ready simulation over 1000 permanent routes with
// 10 routes expiring in 5 s in both lanes.
func expiringSim(t *testing.T) *Sim {
	t.Helper()
	s := loadedSim(t, gc.PermanentHosts(1000), 0)
	for _, p := range gc.ExpiringHosts(10) {
		for _, l := range s.Lanes {
			if err := l.addRoute(p, 5); err != nil {
				t.Fatal(err)
			}
		}
	}
	return s
}

// headlineSim returns expiringSim with the expiring routes' deadline past
// (the GC timer has not fired: a pass now would remove them), and a
// headline timed by a clock that moves 10 ms per reading.
func headlineSim(t *testing.T) (*Sim, *Headline) {
	t.Helper()
	s := expiringSim(t)
	ns := s.Lanes[0].NS
	if _, err := ns.Advance(10 * ns.HZ); err != nil {
		t.Fatal(err)
	}
	if ns.GC.Passes != 0 {
		t.Fatal("the GC timer fired; the test wants routes due and no pass")
	}
	return s, NewHeadline(tickClock(10*ms, 1))
}

// measure runs frames of h on lane 0 of s until it is done.
func measure(t *testing.T, s *Sim, h *Headline) HeadlineState {
	t.Helper()
	for f := 0; !h.State().Done; f++ {
		if f > 5000 {
			t.Fatalf("not done after %d frames: %+v", f, h.State())
		}
		h.Frame(s.Lanes[0].NS)
	}
	return h.State()
}

// passCounts returns what one GC pass of each strategy over net's tables
// does, counted by the engine apart from the headline: the nodes and
// routes a keep-everything walk steps on, and the GC lists' length.
func passCounts(net *fib6.Net) (visited, checked, listed int) {
	tr := net.Trace
	net.Trace = nil
	defer func() { net.Trace = tr }()
	visited, checked = net.CleanAll(func(*fib6.Info) int { return fib6.CleanKeep })
	for _, tb := range net.Tables() {
		listed += len(tb.GCList())
	}
	return visited, checked, listed
}

func TestHeadlineMeasuresWithoutChangingTheTables(t *testing.T) {
	s, h := headlineSim(t)
	l := s.Lanes[0]
	net := l.NS.FIB
	before, events := keyOfTables(net, net.Tables()), len(l.rec.Events)
	visited, checked, listed := passCounts(net)
	if listed != 10 {
		t.Fatalf("%d routes listed, want the 10 expiring", listed)
	}
	hl := measure(t, s, h)
	if hl.TrieWalk.Runs != HeadlineRuns || hl.GCList.Runs != HeadlineRuns {
		t.Errorf("runs %d and %d, want %d each", hl.TrieWalk.Runs, hl.GCList.Runs, HeadlineRuns)
	}
	if hl.TrieWalk.NodesVisited != visited || hl.TrieWalk.RoutesChecked != checked {
		t.Errorf("trie walk visited %d, checked %d; the engine's walk: %d, %d",
			hl.TrieWalk.NodesVisited, hl.TrieWalk.RoutesChecked, visited, checked)
	}
	if hl.GCList.NodesVisited != 0 || hl.GCList.RoutesChecked != 10 {
		t.Errorf("gc list visited %d, checked %d; want 0, 10", hl.GCList.NodesVisited, hl.GCList.RoutesChecked)
	}
	if hl.ResolutionMicros != 10000 {
		t.Errorf("resolution %v µs, want the fake clock's 10 ms", hl.ResolutionMicros)
	}
	if hl.TrieWalk.Micros <= hl.GCList.Micros || hl.Ratio != hl.TrieWalk.Micros/hl.GCList.Micros {
		t.Errorf("trie walk %v µs, gc list %v µs, ratio %v", hl.TrieWalk.Micros, hl.GCList.Micros, hl.Ratio)
	}
	for _, c := range []PassCost{hl.TrieWalk, hl.GCList} {
		if c.Spread <= 0 {
			t.Errorf("spread %v µs: a 10 ms clock cannot time a pass exactly", c.Spread)
		}
	}
	if keyOfTables(net, net.Tables()) != before || len(l.rec.Events) != events || l.NS.GC.Passes != 0 {
		t.Errorf("measuring changed the namespace: key %v, %d events traced, %d GC passes counted",
			keyOfTables(net, net.Tables()) != before, len(l.rec.Events)-events, l.NS.GC.Passes)
	}
	if !net.Table(fib6.RT_TABLE_MAIN).Compact() {
		t.Error("a measuring walker is still registered")
	}
}

func TestHeadlineStartsAgainWhenTheTablesChange(t *testing.T) {
	s, h := headlineSim(t)
	l := s.Lanes[0]
	for f := 0; h.run == nil || h.runS != 0; f++ { // stop inside a trie walk pass
		if f > 1000 {
			t.Fatal("no trie walk pass suspended between frames")
		}
		h.Frame(l.NS)
	}
	if err := l.addRoute(gc.ExpiringHosts(11)[10], 100); err != nil {
		t.Fatal(err)
	}
	if h.costs[0].elapsed == 0 {
		t.Fatal("no time counted in the open sample")
	}
	h.Frame(l.NS)
	if n := len(h.costs[0].perPass) + len(h.costs[1].perPass); n != 0 || h.costs[0].elapsed != 0 {
		t.Fatalf("after the change: %d samples kept, %d ns counted in the open one", n, h.costs[0].elapsed)
	}
	hl := measure(t, s, h)
	_, checked, _ := passCounts(l.NS.FIB)
	if hl.TrieWalk.RoutesChecked != checked || hl.GCList.RoutesChecked != 11 {
		t.Errorf("checked %d and %d; want %d and 11", hl.TrieWalk.RoutesChecked, hl.GCList.RoutesChecked, checked)
	}
	if !l.NS.FIB.Table(fib6.RT_TABLE_MAIN).Compact() {
		t.Error("the walker of the pass cut short is still registered")
	}
}

func TestHeadlineFollowsTheTables(t *testing.T) {
	s, h := headlineSim(t)
	l := s.Lanes[0]
	first := measure(t, s, h)
	l.NS.RunGC(0, true) // removes the 10 expired routes: the GC lists are empty
	h.Frame(l.NS)
	if got := h.State(); got.Done || got.TrieWalk != first.TrieWalk || got.GCList != first.GCList {
		t.Errorf("right after the pass: %+v; want the last figures, not done", got)
	}
	hl := measure(t, s, h)
	if hl.GCList.RoutesChecked != 0 || hl.TrieWalk.RoutesChecked != first.TrieWalk.RoutesChecked-10 {
		t.Errorf("after the pass: checked %d and %d; want %d and 0",
			hl.TrieWalk.RoutesChecked, hl.GCList.RoutesChecked, first.TrieWalk.RoutesChecked-10)
	}
}

func TestSimMeasuresTheHeadlineOnlyWhilePlaying(t *testing.T) {
	s := expiringSim(t)
	s.Headline = NewHeadline(tickClock(10*ms, 1))
	if err := s.SetTimeRate(1); err != nil { // the GC timer fires 30 s (1800 frames) on
		t.Fatal(err)
	}
	s.Pause()
	for range 100 {
		s.Frame(frame)
	}
	if hl := s.State().Headline; hl != (HeadlineState{}) {
		t.Fatalf("measured while paused: %+v", hl)
	}
	s.Play()
	for f := 0; !s.State().Headline.Done; f++ {
		if f > 5000 {
			t.Fatalf("not done after %d frames", f)
		}
		s.Frame(frame)
	}
	if hl := s.State().Headline; hl.GCList.RoutesChecked != 10 || hl.Ratio <= 1 {
		t.Errorf("headline %+v: want the 10 expiring routes on the list and the trie walk dearer", hl)
	}
}

// TestHeadlineListPassesAllocateNothing: once a strategy has run a pass,
// the passes a slice times allocate nothing (in the browser an
// allocation may pay for the Go collector's work on the whole heap).
func TestHeadlineListPassesAllocateNothing(t *testing.T) {
	s, h := headlineSim(t)
	ns := s.Lanes[0].NS
	h.cur = 1
	h.slice(ns.FIB, ns.Sysctl.GCInterval, false)
	passes := 0
	allocs := testing.AllocsPerRun(10, func() { passes += h.slice(ns.FIB, ns.Sysctl.GCInterval, false) })
	if allocs != 0 || passes == 0 {
		t.Errorf("%v allocations per slice of %d passes, want 0", allocs, passes)
	}
}

// TestHeadlineWaitsWhileExceptionsAreCached: aging removes an exception
// whose gateway is not a router at any time, so nothing is measured
// while the route cache holds one, and it stays.
func TestHeadlineWaitsWhileExceptionsAreCached(t *testing.T) {
	s, h := headlineSim(t)
	l := s.Lanes[0]
	if r := s.Exec("ptb 2001:db8::1:5 mtu 1400"); r.Status != 0 {
		t.Fatalf("ptb: %+v", r)
	}
	if n := l.NS.FIB.Stats.FibRtCache; n != 1 {
		t.Fatalf("%d exceptions cached, want 1", n)
	}
	for range 200 {
		h.Frame(l.NS)
	}
	if hl := h.State(); hl.TrieWalk.Runs+hl.GCList.Runs != 0 || l.NS.FIB.Stats.FibRtCache != 1 {
		t.Errorf("measured %+v with an exception cached; %d exceptions left", hl, l.NS.FIB.Stats.FibRtCache)
	}
	if r := s.Exec("ip -6 route flush cache"); r.Status != 0 {
		t.Fatalf("flush cache: %+v", r)
	}
	if hl := measure(t, s, h); hl.TrieWalk.Runs != HeadlineRuns {
		t.Errorf("after the cache was flushed: %+v", hl)
	}
}
