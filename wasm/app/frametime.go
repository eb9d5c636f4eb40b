package app

import (
	"math"
	"runtime/metrics"
	"slices"
	"time"
)

// frameWindow is the number of recent frames FrameTimes keeps.
const frameWindow = 240

// FrameTimes records the CPU time the front end spends per frame (Update
// plus Draw, measured in Go) over the last frameWindow frames, and
// separately over the frames drawn while a trie-walk pass was animating.
// It does not allocate after construction.
type FrameTimes struct {
	all, walk ring
	scratch   [frameWindow]float64
}

// ring is a fixed window of samples.
type ring struct {
	v    [frameWindow]float64
	n, i int
}

func (r *ring) add(x float64) {
	r.v[r.i] = x
	r.i = (r.i + 1) % frameWindow
	r.n = min(r.n+1, frameWindow)
}

// Add records one frame of micros µs; walking says a trie walk was being
// animated.
func (f *FrameTimes) Add(micros float64, walking bool) {
	f.all.add(micros)
	if walking {
		f.walk.add(micros)
	}
}

// Percentiles returns the 50th and 95th percentile of the recorded
// frames (walking: only those of trie walks), 0 when there are none.
func (f *FrameTimes) Percentiles(walking bool) (p50, p95 float64) {
	r := &f.all
	if walking {
		r = &f.walk
	}
	if r.n == 0 {
		return 0, 0
	}
	s := f.scratch[:r.n]
	copy(s, r.v[:r.n])
	slices.Sort(s)
	return s[(r.n-1)*50/100], s[(r.n-1)*95/100]
}

// Max returns the longest recorded frame (walking: of trie walks), 0
// when there are none.
func (f *FrameTimes) Max(walking bool) float64 {
	r := &f.all
	if walking {
		r = &f.walk
	}
	m := 0.0
	for _, v := range r.v[:r.n] {
		m = max(m, v)
	}
	return m
}

// PauseMeter finds the longest stop-the-world pause of Go's garbage
// collector in a window of time, from the runtime's histogram of them
// (runtime/metrics /sched/pauses/total/gc:seconds).
type PauseMeter struct {
	base   []uint64
	sample [1]metrics.Sample
}

// pauseMetric is the histogram PauseMeter reads.
const pauseMetric = "/sched/pauses/total/gc:seconds"

// read returns the histogram as it stands.
func (p *PauseMeter) read() *metrics.Float64Histogram {
	p.sample[0].Name = pauseMetric
	metrics.Read(p.sample[:])
	return p.sample[0].Value.Float64Histogram()
}

// Start begins a window.
func (p *PauseMeter) Start() {
	p.base = append(p.base[:0], p.read().Counts...)
}

// Max returns the longest pause since Start, as the upper bound of the
// histogram bucket that holds it (the bucket's lower bound for the last,
// unbounded one); 0 when there was none.
func (p *PauseMeter) Max() time.Duration {
	h := p.read()
	for i := len(h.Counts) - 1; i >= 0; i-- {
		if i < len(p.base) && h.Counts[i] == p.base[i] || i >= len(p.base) && h.Counts[i] == 0 {
			continue
		}
		top := h.Buckets[i+1]
		if math.IsInf(top, 1) {
			top = h.Buckets[i]
		}
		return time.Duration(top * 1e9)
	}
	return 0
}

// Walking reports whether lane shows, or its engine runs, a trie-walk
// GC pass now.
func (s *Sim) Walking() bool {
	l := s.Lanes[0]
	return l.Pass.Active || l.NS.GCInProgress()
}

// FrameGaps is the longest wall time from the start of one frame of the
// GC view (Sim.Frame) to the start of the next since the last reset,
// apart for the gaps in which a cycle of Go's garbage collector ended: in
// the browser the collector marks the whole heap between two frames,
// about 1.6 µs per route of the two namespaces, and nothing the page
// does can cut that short.
type FrameGaps struct {
	Max   time.Duration // the longest gap without a GC cycle
	MaxGC time.Duration // the longest gap with one
	GCs   int           // gaps with a GC cycle
}

// gapMeter measures FrameGaps (Sim.Frame calls frame).
type gapMeter struct {
	gaps   FrameGaps
	last   int64 // Nanotime at the start of the last frame, 0 none
	cycles uint64
}

// frame notes a frame starting at now (ns) with cycles GC cycles done.
func (m *gapMeter) frame(now int64, cycles uint64) {
	if m.last != 0 {
		gap := time.Duration(now - m.last)
		if cycles != m.cycles {
			m.gaps.MaxGC, m.gaps.GCs = max(m.gaps.MaxGC, gap), m.gaps.GCs+1
		} else {
			m.gaps.Max = max(m.gaps.Max, gap)
		}
	}
	m.last, m.cycles = now, cycles
}

// FrameGaps returns the frame gaps measured since the last call, and
// starts measuring again.
func (s *Sim) FrameGaps() FrameGaps {
	g := s.gaps.gaps
	s.gaps.gaps = FrameGaps{}
	return g
}
