package app

import "time"

// DefaultGCBudget is the time a GC pass started by the timer may take in
// one frame, per lane, queuing its events included: a full-table trie
// walk (hundreds of ms in the browser) is spread over frames so that no
// frame blocks on it.
const DefaultGCBudget = 4 * time.Millisecond

// Slice bounds: steps of a GC pass run per frame.
const (
	minGCSlice  = 256
	maxGCSlice  = 1 << 20
	initGCSlice = 4096
)

// continueGC runs the next slice of every lane's GC pass in progress
// (netns.GCSlice), queues the events it traced, and sizes the lane's next
// slice to the budget from the time both took. Engine time per
// pass stays the sum of the slices (netns.GCStats.LastPassNanos).
func (s *Sim) continueGC() {
	for _, l := range s.Lanes {
		ns := l.NS
		if !ns.GCInProgress() || ns.GCSlice <= 0 {
			continue
		}
		t0 := s.opts.Nanotime()
		ns.ContinueGC(ns.GCSlice)
		l.drain() // queuing the slice's events is part of its cost
		ns.GCSlice = nextGCSlice(ns.GCSlice, time.Duration(s.opts.Nanotime()-t0), s.opts.GCBudget)
	}
}

// nextGCSlice returns the steps that fit budget when steps took took,
// changing by at most a factor of 2 a frame (timers are coarse in the
// browser) and staying within minGCSlice..maxGCSlice.
func nextGCSlice(steps int, took, budget time.Duration) int {
	next := steps * 2
	if took > 0 {
		next = int(float64(steps) * float64(budget) / float64(took))
	}
	next = min(max(next, steps/2), steps*2)
	return min(max(next, minGCSlice), maxGCSlice)
}

// finishGC runs every lane's GC pass in progress to its end and queues
// its events: a step shows the whole pass's trace.
func (s *Sim) finishGC() {
	for _, l := range s.Lanes {
		if l.NS.GCInProgress() {
			l.NS.FinishGC()
			l.drain()
		}
	}
}
