package app

import (
	"slices"
	"time"

	"fib6lab/engine/fib6"
	"fib6lab/engine/gc"
	"fib6lab/engine/netns"
)

// The headline measurement's pacing. The browser's clock ticks every
// 100 µs and a GC-list pass takes a few µs, so one pass cannot be timed
// alone: a sample repeats passes until HeadlineSample of clock has gone
// by and is its time over its passes.
const (
	HeadlineSample = 50 * time.Millisecond // least clock time of a sample
	HeadlineRuns   = 9                     // samples per strategy; the headline is their median
	HeadlineBudget = 3 * time.Millisecond  // clock time of the slice measured per frame (its steps adapt to it)
)

// PassCost is the headline of one GC strategy: what one pass over the
// measured tables does (exact counts from the engine) and what it costs.
type PassCost struct {
	NodesVisited  int     // nodes the pass steps on (0 for the list walk)
	RoutesChecked int     // routes it ages (fib6_age calls)
	Micros        float64 // median time per pass over the samples, µs
	Spread        float64 // median absolute deviation of the samples, µs; never less than the clock's quantization of one pass
	Runs          int     // samples taken
}

// HeadlineState is the page's headline: a GC pass of each strategy over
// the same tables (the first lane's), untraced and with nothing due, its
// exact counts and its median time per pass; Ratio is TrieWalk.Micros /
// GCList.Micros (0 until both have a sample). Done says every strategy
// has HeadlineRuns samples; ResolutionMicros is the clock's tick.
type HeadlineState struct {
	TrieWalk, GCList PassCost
	Ratio            float64
	ResolutionMicros float64
	Done             bool
}

// Cost returns the headline of strategy s.
func (h HeadlineState) Cost(s gc.Strategy) PassCost {
	if s == gc.GCList {
		return h.GCList
	}
	return h.TrieWalk
}

// Headline measures the page's headline on a namespace's tables, a slice
// of at most about HeadlineBudget per frame, without changing what they
// hold: its passes run untraced at the namespace's first jiffy (nothing
// is due then: no route is removed, no exception aged out) with the
// 2026 unlink rule off, and they are not counted in the namespace's GC
// statistics. Samples alternate between the strategies. A pass left
// suspended between frames is a registered fib6 walker, which the
// namespace's own deletions move as the kernel's do.
//
// The figures describe the tables as they are: when they change, the
// measurement starts again (the figures of the last one stay until the
// new one has a sample of each strategy). While the route cache holds
// exceptions nothing is measured: aging removes an exception whose
// gateway is not a router, whatever the time.
type Headline struct {
	tbls   []*fib6.Table // scratch for track
	now    func() int64  // monotonic clock, ns
	res    int64         // its tick, ns (0: never seen it move)
	probed bool
	key    tablesKey
	active bool            // measuring the tables of key
	cur    int             // gc.Strategies index of the open sample
	costs  [2]costSamples  // by gc.Strategies index
	stats  [2]gc.PassStats // last complete pass of each on the tables of key
	run    *gc.Run         // pass in progress
	runNet *fib6.Net       // its tables
	runS   int             // its gc.Strategies index
	reuse  [2]*gc.Run      // done passes on runNet, begun again (gc.Run.Again) so as not to allocate
	stale  bool            // run is on tables that changed since: run out, untimed
	args   gc.Args         // run's fib6_gc_args
	steps  [2]int          // steps of the next slice, by gc.Strategies index
	shown  HeadlineState
}

// NewHeadline returns a measurement timed by now (monotonic ns).
func NewHeadline(now func() int64) *Headline {
	h := &Headline{now: now, steps: [2]int{initGCSlice, initGCSlice}}
	for i := range h.costs {
		h.costs[i].min = HeadlineSample.Nanoseconds()
	}
	return h
}

// State returns the figures measured so far (zero for a nil Headline).
func (h *Headline) State() HeadlineState {
	if h == nil {
		return HeadlineState{}
	}
	return h.shown
}

// Frame does the frame's slice of measuring on the tables of ns: runs
// out a pass whose tables changed, closes a sample that has run long
// enough, or times one slice of passes.
func (h *Headline) Frame(ns *netns.Netns) {
	if !h.probed {
		h.res, h.probed = clockResolution(h.now), true
		for i := range h.costs {
			h.costs[i].res = h.res
		}
		h.shown.ResolutionMicros = float64(h.res) / 1e3
	}
	h.track(ns.FIB)
	c := &h.costs[h.cur]
	switch {
	case h.run != nil && h.stale:
		h.runOut()
	case !h.active || h.shown.Done:
	case c.due() && h.run == nil:
		c.close()
		h.publish()
		h.cur = h.nextStrategy()
	default:
		t0 := h.now()
		passes := h.slice(ns.FIB, ns.Sysctl.GCInterval, c.due())
		took := h.now() - t0
		c.add(took, passes)
		h.steps[h.cur] = nextGCSlice(h.steps[h.cur], time.Duration(took), HeadlineBudget)
	}
}

// track notes a change of the tables: the pass in progress is run out
// untimed, and a new measurement starts unless exceptions are cached.
func (h *Headline) track(net *fib6.Net) {
	h.tbls = net.AppendTables(h.tbls[:0]) // no allocation per frame
	k := keyOfTables(net, h.tbls)
	if k == h.key {
		return
	}
	h.key = k
	h.stale = h.run != nil
	h.active = net.Stats.FibRtCache == 0
	if h.active {
		h.costs[0].reset()
		h.costs[1].reset()
		h.cur, h.shown.Done = 0, false
	}
}

// nextStrategy returns the strategy of the next sample: the one with
// fewer samples, the trie walk on a tie.
func (h *Headline) nextStrategy() int {
	if len(h.costs[1].perPass) < len(h.costs[0].perPass) {
		return 1
	}
	return 0
}

// slice runs about h.steps[h.cur] steps (nodes stepped on and routes
// aged) of passes of the current strategy on net, untraced, and returns
// the passes it completed; with toEnd it stops at the end of the pass in
// progress.
func (h *Headline) slice(net *fib6.Net, timeout int64, toEnd bool) (passes int) {
	tr := net.Trace
	net.Trace = nil
	defer func() { net.Trace = tr }()
	for steps := h.steps[h.cur]; steps > 0; {
		if h.run == nil {
			h.begin(net, timeout)
		}
		before := passWork(h.run.Stats())
		done := h.run.Step(steps)
		steps -= max(passWork(h.run.Stats())-before, 1)
		if done {
			h.stats[h.cur], h.run = h.run.Stats(), nil
			passes++
			if toEnd {
				break
			}
		}
	}
	return passes
}

// begin starts a pass of the current strategy on net, reusing the last
// one's storage: a measurement that allocated would pay the Go
// collector's assists and sweeping in its times (in the browser, where
// the collector shares the page's one thread, many times a pass).
func (h *Headline) begin(net *fib6.Net, timeout int64) {
	if h.runNet != net {
		h.reuse, h.runNet = [2]*gc.Run{}, net
	}
	h.args = gc.Args{Timeout: timeout}
	r := h.reuse[h.cur]
	if r == nil {
		r = gc.Start(net, gc.Strategies[h.cur], netns.InitialJiffies, &h.args)
		h.reuse[h.cur] = r
	} else {
		r.Again(netns.InitialJiffies, &h.args)
	}
	h.run, h.runS = r, h.cur
}

// runOut runs a slice of the pass whose tables changed, untimed, so that
// its walker leaves them once it is done.
func (h *Headline) runOut() {
	net := h.runNet
	tr := net.Trace
	net.Trace = nil
	if h.run.Step(h.steps[h.runS]) {
		h.run, h.stale = nil, false
	}
	net.Trace = tr
}

// publish makes the samples the figures shown once every strategy has
// one.
func (h *Headline) publish() {
	if len(h.costs[0].perPass) == 0 || len(h.costs[1].perPass) == 0 {
		return
	}
	var cs [2]PassCost
	for i := range cs {
		med, spread := h.costs[i].summary()
		cs[i] = PassCost{NodesVisited: h.stats[i].Visited, RoutesChecked: h.stats[i].Checked,
			Micros: med / 1e3, Spread: spread / 1e3, Runs: len(h.costs[i].perPass)}
	}
	h.shown.TrieWalk, h.shown.GCList, h.shown.Ratio = cs[0], cs[1], 0
	if cs[1].Micros > 0 {
		h.shown.Ratio = cs[0].Micros / cs[1].Micros
	}
	h.shown.Done = cs[0].Runs >= HeadlineRuns && cs[1].Runs >= HeadlineRuns
}

// passWork returns the steps a pass has done: nodes stepped on and routes aged.
func passWork(st gc.PassStats) int { return st.Visited + st.Checked }

// tablesKey identifies the contents of a namespace's tables: a change of
// a route, a node or a GC list changes it.
type tablesKey struct {
	net   *fib6.Net
	stats fib6.Stats
	sum   uint64 // FNV-1a over each table's id, root sernum, entries and GC list head
}

// keyOfTables returns the key of net's tables (tables: net.Tables()).
func keyOfTables(net *fib6.Net, tables []*fib6.Table) tablesKey {
	k := tablesKey{net: net, stats: net.Stats, sum: 14695981039346656037}
	mix := func(v uint64) { k.sum = (k.sum ^ v) * 1099511628211 }
	for _, t := range tables {
		mix(uint64(t.ID))
		mix(uint64(t.Root().Sernum))
		mix(uint64(t.Entries))
		if rt := t.GCFirst(); rt != nil {
			mix(uint64(rt.ID))
		}
	}
	return k
}

// clockResolution returns the tick of now: the least step between two
// different readings over a few steps, or 0 when it does not move within
// 65,536 readings.
func clockResolution(now func() int64) int64 {
	var res int64
	last := now()
	for i, steps := 0, 0; i < 1<<16 && steps < 3; i++ {
		t := now()
		if t == last {
			continue
		}
		if d := t - last; res == 0 || d < res {
			res = d
		}
		last, steps = t, steps+1
	}
	return res
}

// costSamples turns timed slices of GC passes into samples of the time
// per pass: a sample gathers slices until at least min of clock has gone
// by and a pass has just ended, and is its time over its passes. Each
// slice's time may be off by one clock tick (res), so a sample is known
// to within slices*res/passes. Times are ns.
type costSamples struct {
	min, res       int64
	elapsed        int64 // clock time of the open sample
	passes, slices int   // passes completed and slices timed in it
	perPass, quant []float64
}

// add records one timed slice of elapsed ns that completed passes.
func (c *costSamples) add(elapsed int64, passes int) {
	c.elapsed += elapsed
	c.passes += passes
	c.slices++
}

// due reports whether the open sample has run for long enough.
func (c *costSamples) due() bool { return c.elapsed >= c.min }

// close ends the open sample; one without a complete pass is dropped.
func (c *costSamples) close() {
	if c.passes > 0 {
		n := float64(c.passes)
		c.perPass = append(c.perPass, float64(c.elapsed)/n)
		c.quant = append(c.quant, float64(int64(c.slices)*c.res)/n)
	}
	c.elapsed, c.passes, c.slices = 0, 0, 0
}

// reset forgets every sample.
func (c *costSamples) reset() {
	c.close()
	c.perPass, c.quant = c.perPass[:0], c.quant[:0]
}

// summary returns the median time per pass of the samples and its
// spread: their median absolute deviation, or the median quantization of
// a sample when that is larger (the clock cannot tell finer).
func (c *costSamples) summary() (med, spread float64) {
	if len(c.perPass) == 0 {
		return 0, 0
	}
	med = median(slices.Clone(c.perPass))
	dev := make([]float64, len(c.perPass))
	for i, v := range c.perPass {
		dev[i] = max(v-med, med-v)
	}
	return med, max(median(dev), median(slices.Clone(c.quant)))
}

// measureHeadline gives the headline measurement its slice of the frame
// while the page plays and nothing else is at work on the tables (no
// command, GC pass, queued adds, script line or events to show), so
// that it neither changes what a paused page shows nor slows an
// animation.
func (s *Sim) measureHeadline() {
	if s.Headline == nil || !s.ready || !s.Playing || s.job != nil || s.gcBusy() || s.Pending() > 0 ||
		s.building() || s.expiring.left > 0 || s.scriptBusy() {
		return
	}
	s.Headline.Frame(s.Lanes[0].NS)
}
