package app

import (
	"math"
	"slices"
	"sort"

	"fib6lab/engine/trace"
)

// Player limits. A lane keeps the events it has queued (shown or not) as
// its history, so that it can step back; what a lane displays at history
// position p is a pure function of p: the nearest checkpoint of the
// display state at or before p, then the events from there to p replayed.
const (
	// MaxPlayerHistory is the events a lane keeps; older ones are dropped (at
	// a checkpoint) and counted in Timeline.Dropped. Two passes of the
	// full table's trie walk fit.
	MaxPlayerHistory = 1 << 21
	// MaxBacklog is the events a lane may hold queued and not shown yet;
	// past it, the oldest operations are shown at once (capBacklog).
	MaxBacklog = MaxPlayerHistory
	// CheckEvery is the events between two checkpoints of the display
	// state: stepping back replays at most that many events, or as many
	// as the display holds strip and removal entries when that is more
	// (checkEvery).
	CheckEvery = 2048
	// MaxLayouts bounds the trie layouts the checkpoints keep alive (each
	// console add or GC pass that changes the trie makes a new one): a
	// scenario's hundreds of commands on a small table stay steppable.
	MaxLayouts = 256
	// MaxLayoutNodes bounds the view nodes of those layouts together (32
	// bytes each, 128 MiB): past it fewer layouts are kept, so that two
	// layouts of 1,000,000 routes fit but not five.
	MaxLayoutNodes = 4 << 20
)

// Shown counts, cumulatively over the history shown so far, what the GC
// passes did; unlike the engine's totals it goes back when the player
// steps back.
type Shown struct {
	Passes  int // GC passes shown to their end
	Visited int // nodes stepped on by the trie walk
	Checked int // routes aged
	Removed int // routes removed by GC
}

// OpMark is a timeline marker: where an operation (a console command, a
// top-level fib6 operation or a GC pass) starts in a lane's history.
type OpMark struct {
	At      int64  // absolute history index of its first event
	Label   string // the command line, or the kernel function
	Jiffies int64  // virtual time when its events were traced
}

// Timeline is what the player's time line shows for a lane.
type Timeline struct {
	Base, Head, Pos int64    // first kept, one past the last, and the shown position (absolute)
	Dropped         int64    // events dropped from the front of the history
	Marks           []OpMark // operation starts, oldest first
	Jiffies         int64    // virtual time of the event at Pos
	HZ              int64
	Boot            int64 // jiffies when the namespace was made (INITIAL_JIFFIES)
}

// Seconds returns the virtual time at Pos in seconds since boot.
func (t Timeline) Seconds() float64 { return float64(t.Jiffies-t.Boot) / float64(max(t.HZ, 1)) }

// teachView is the part of the display state the player and the
// pseudo-code panel add: the last event shown and running counts.
type teachView struct {
	last    trace.Event // last event shown (Kind 0: none)
	top0    int         // listing of the top-level operation (lsNone: none)
	listing int         // listing the last event is shown in
	depth   int         // OpBegin/OpEnd nesting at the last event
	more    int         // gc_args.more so far in the pass shown
	shown   Shown
}

type checkpoint struct {
	at int64
	v  Display
}

type segment struct{ at, jiffies int64 }

// history is a lane's record for the player.
type history struct {
	start   int64 // jiffies when the history started (the table loaded)
	base    int64 // absolute index of events[0]
	checks  []checkpoint
	next    int  // index of the first checkpoint at or after the position
	changed bool // the trie or strip was re-read since the last checkpoint
	marks   []OpMark
	segs    []segment
	depth   int // OpBegin/OpEnd nesting of the events queued so far
}

// pos returns the lane's absolute position: the index of the next event
// to show.
func (l *Lane) pos() int64 { return l.hist.base + int64(l.played) }

// head returns the absolute index one past the last queued event.
func (l *Lane) head() int64 { return l.hist.base + int64(l.events.Len()) }

// Position returns the lane's player position (absolute history index).
func (l *Lane) Position() int64 { return l.pos() }

// Shown returns the cumulative GC counts at the player's position.
func (l *Lane) Shown() Shown { return l.teach.shown }

// snapshot returns a copy of the display that later play does not change.
func (l *Lane) snapshot() Display { return l.Display.clone() }

// restore sets the display to a copy of v (so v stays as it was) and
// finds the next console label to apply after position at.
func (l *Lane) restore(v *Display, at int64) {
	l.Display = v.clone()
	l.markPos = sort.Search(len(l.marks), func(i int) bool { return l.marks[i].at >= at })
}

// clone deep-copies a Display (the layout is shared: it never changes).
func (d Display) clone() Display {
	d.Strip, d.Removed, d.Op = slices.Clone(d.Strip), slices.Clone(d.Removed), d.Op.clone()
	return d
}

// clone deep-copies an OpView (nil stays nil).
func (o *OpView) clone() *OpView {
	if o == nil {
		return nil
	}
	c := *o
	c.Path, c.Created, c.Freed, c.Changed = slices.Clone(o.Path), slices.Clone(o.Created), slices.Clone(o.Freed), slices.Clone(o.Changed)
	c.steps = slices.Clone(o.steps)
	return &c
}

// checkpoint runs before the event at the lane's position is shown: while
// replaying it restores the checkpoint recorded there (which includes any
// re-layout made there); at the head of the history it records one every
// CheckEvery events and after every re-layout.
func (l *Lane) checkpoint() {
	h, at := &l.hist, l.pos()
	if h.next < len(h.checks) {
		if h.checks[h.next].at == at {
			l.restore(&h.checks[h.next].v, at)
			h.next++
		}
		return
	}
	if n := len(h.checks); n > 0 && at-h.checks[n-1].at < l.checkEvery() && !h.changed {
		return
	}
	h.checks = append(h.checks, checkpoint{at: at, v: l.snapshot()})
	h.next, h.changed = len(h.checks), false
}

// checkEvery returns the events between two checkpoints at the head:
// CheckEvery, or the entries a checkpoint copies when that is more, so
// that checkpoints cost at most one copied entry per event played (a pass
// over a GC list of 100,000 routes copied its strip every 2,048 events).
func (l *Lane) checkEvery() int64 {
	return int64(max(CheckEvery, len(l.Strip)+len(l.Removed)))
}

// relaid notes that refresh changed the display at the lane's position
// (the head): checkpoints recorded there before are stale.
func (l *Lane) relaid() {
	h, at := &l.hist, l.pos()
	for len(h.checks) > 0 && h.checks[len(h.checks)-1].at >= at {
		h.checks = h.checks[:len(h.checks)-1]
	}
	h.next, h.changed = len(h.checks), true
}

// noteQueued records, for events just appended at absolute index start,
// the virtual time and the operation markers: console commands and
// top-level OpBegins.
func (l *Lane) noteQueued(evs []trace.Event, start int64) {
	h := &l.hist
	now := l.NS.Now()
	h.segs = append(h.segs, segment{at: start, jiffies: now})
	mi := sort.Search(len(l.marks), func(i int) bool { return l.marks[i].at >= start })
	for i, e := range evs {
		at := start + int64(i)
		for ; mi < len(l.marks) && l.marks[mi].at <= at; mi++ {
			h.addMark(OpMark{At: at, Label: l.marks[mi].text, Jiffies: now})
		}
		switch e.Kind {
		case trace.OpBegin:
			if h.depth == 0 {
				h.addMark(OpMark{At: at, Label: opFunc(trace.Op(e.Val)), Jiffies: now})
			}
			h.depth++
		case trace.OpEnd:
			h.depth = max(h.depth-1, 0)
		case trace.RAReceive, trace.PacketForward:
			if h.depth == 0 {
				h.addMark(OpMark{At: at, Label: packetFunc[e.Kind], Jiffies: now})
			}
		}
	}
	l.trimHistory()
}

// capBacklog shows at once, as Shift+→ would step over them, the oldest
// operations queued and not shown to their end while more than MaxBacklog events
// wait, down to the start of the first operation from which at most
// MaxBacklog are left (never into the last one), and then trims the
// history. The history is trimmed only up to the position, so without
// it passes queued faster than they are shown ("Run GC now" clicked
// again and again: a trie-walk pass of 1,000,000 routes is 2.8 million
// events) would hold the page's memory and clock without bound. It
// returns the operations it stepped over, the one being shown included.
func (l *Lane) capBacklog() int {
	over := l.head() - MaxBacklog
	ms := l.hist.marks
	if l.pos() >= over || len(ms) == 0 {
		return 0
	}
	i := min(sort.Search(len(ms), func(i int) bool { return ms[i].At >= over }), len(ms)-1)
	if ms[i].At <= l.pos() {
		return 0
	}
	j := sort.Search(len(ms), func(k int) bool { return ms[k].At > l.pos() }) - 1 // the operation shown, or -1
	l.play(int(ms[i].At - l.pos()))
	l.trimHistory()
	return i - max(j, 0)
}

// addMark appends m unless an operation already starts at m.At.
func (h *history) addMark(m OpMark) {
	if n := len(h.marks); n > 0 && h.marks[n-1].At >= m.At {
		return
	}
	h.marks = append(h.marks, m)
}

// trimHistory drops the oldest events, at a checkpoint no later than the
// position, when the history holds more than MaxPlayerHistory events or its
// checkpoints more than MaxLayouts layouts or MaxLayoutNodes view nodes.
func (l *Lane) trimHistory() {
	h := &l.hist
	cut := l.head() - MaxPlayerHistory
	seen, nodes := 0, 0
	var last *Layout
	for i := len(h.checks) - 1; i >= 0; i-- {
		if lay := h.checks[i].v.Layout; lay != last {
			last, seen = lay, seen+1
			if lay != nil {
				nodes += len(lay.Nodes)
			}
			if seen > MaxLayouts || nodes > MaxLayoutNodes && seen > 1 {
				cut = max(cut, h.checks[i+1].at)
				break
			}
		}
	}
	if cut <= h.base {
		return
	}
	// the first checkpoint at or past the cut, but never past the
	// position: then the last one at or before it (stepped back, there
	// are checkpoints ahead of it)
	k := min(sort.Search(len(h.checks), func(i int) bool { return h.checks[i].at >= cut }),
		sort.Search(len(h.checks), func(i int) bool { return h.checks[i].at > l.pos() })-1)
	if k <= 0 {
		return
	}
	l.dropBefore(k)
}

// dropBefore forgets the history before checkpoint k.
func (l *Lane) dropBefore(k int) {
	h := &l.hist
	at := h.checks[k].at
	n := int(at - h.base)
	l.events.DropFront(n)
	l.played -= n
	h.base = at
	h.checks = append(h.checks[:0], h.checks[k:]...)
	h.next = max(h.next-k, 0)
	i := sort.Search(len(h.marks), func(i int) bool { return h.marks[i].At >= at })
	h.marks = append(h.marks[:0], h.marks[i:]...)
	j := sort.Search(len(h.segs), func(i int) bool { return h.segs[i].at > at })
	if j > 0 {
		h.segs = append(h.segs[:0], h.segs[j-1:]...)
		h.segs[0].at = at
	}
	l.trimSamples(at)
	m := sort.Search(len(l.marks), func(i int) bool { return l.marks[i].at >= at })
	l.marks = append(l.marks[:0], l.marks[m:]...)
	l.markPos = max(l.markPos-m, 0)
	if len(l.prefixOf) > maxPrefixes {
		l.prefixOf = nil // read again from the layouts as the kept history is shown
	}
}

// maxPrefixes bounds the node prefixes a lane remembers (Lane.nodePrefix)
// past a trim of its history.
const maxPrefixes = 1 << 16

// SeekPos shows the lane as it was at absolute history position p (clamped
// to the history kept): restore the nearest checkpoint, replay to p.
func (l *Lane) SeekPos(p int64) {
	p = min(max(p, l.hist.base), l.head())
	if p == l.pos() {
		return
	}
	h := &l.hist
	if l.Pending() == 0 {
		// leaving the head: keep its picture, re-layouts included
		if n := len(h.checks); n == 0 || h.checks[n-1].at != l.pos() {
			h.checks = append(h.checks, checkpoint{at: l.pos(), v: l.snapshot()})
		}
	}
	k := sort.Search(len(h.checks), func(i int) bool { return h.checks[i].at > p }) - 1
	if k < 0 { // no checkpoint at or before p: nothing shown before it
		if p > l.pos() {
			l.play(int(p - l.pos())) // the display is the one at the position
		}
		return
	}
	c := &h.checks[k]
	l.played = int(c.at - h.base)
	l.restore(&c.v, c.at)
	h.next = k + 1
	l.play(int(p - c.at))
}

// opStart returns the start of the last operation that starts before p
// (or p's own when back is false: the first that starts after p).
func (l *Lane) opStart(p int64, back bool) (int64, bool) {
	ms := l.hist.marks
	if back {
		i := sort.Search(len(ms), func(i int) bool { return ms[i].At >= p }) - 1
		if i < 0 {
			return l.hist.base, p > l.hist.base
		}
		return ms[i].At, true
	}
	i := sort.Search(len(ms), func(i int) bool { return ms[i].At > p })
	if i == len(ms) {
		return l.head(), p < l.head()
	}
	return ms[i].At, true
}

// Timeline returns the lane's time line.
func (l *Lane) Timeline() Timeline {
	h := &l.hist
	t := Timeline{Base: h.base, Head: l.head(), Pos: l.pos(), Dropped: h.base, Marks: h.marks, HZ: l.NS.HZ,
		Boot: l.NS.Now() - l.NS.Uptime()}
	// at the head the clock is the namespace's (it runs on while nothing
	// is queued); before it, the time the last event shown was traced at,
	// or the time the history started when none is shown
	switch i := h.segAt(t.Pos - 1); {
	case t.Pos == t.Head:
		t.Jiffies = l.NS.Now()
	case i >= 0 && t.Pos > t.Base:
		t.Jiffies = h.segs[i].jiffies
	case t.Base > 0 && len(h.segs) > 0: // the start of a trimmed history
		t.Jiffies = h.segs[0].jiffies
	default:
		t.Jiffies = h.start
	}
	return t
}

// seekBoth pauses and moves lane i to p(i, lane) for each.
func (s *Sim) seekBoth(p func(int, *Lane) int64) {
	s.guard(func() error {
		s.Playing = false
		for i, l := range s.Lanes {
			l.SeekPos(p(i, l))
		}
		return nil
	})
}

// StepBack pauses and shows each lane one event earlier.
func (s *Sim) StepBack() { s.seekBoth(func(_ int, l *Lane) int64 { return l.pos() - 1 }) }

// StepOp pauses and moves each lane by one whole operation: back to the
// start of the operation shown (or the one before, when at its start),
// or forward to the start of the next one. Forward at the end of the
// history, the clock moves to the next timer and its pass is shown whole.
func (s *Sim) StepOp(back bool) {
	if !back && s.Pending() == 0 {
		s.Step()
		s.seekBoth(func(_ int, l *Lane) int64 { p, _ := l.opStart(l.pos(), false); return p })
		return
	}
	s.seekBoth(func(_ int, l *Lane) int64 { p, _ := l.opStart(l.pos(), back); return p })
}

// SeekStart pauses and shows the start of the kept history.
func (s *Sim) SeekStart() { s.seekBoth(func(_ int, l *Lane) int64 { return l.hist.base }) }

// SeekEnd pauses and shows everything queued.
func (s *Sim) SeekEnd() { s.seekBoth(func(_ int, l *Lane) int64 { return l.head() }) }

// SeekTo pauses and moves lane i to absolute position p[i].
func (s *Sim) SeekTo(p [2]int64) {
	s.seekBoth(func(i int, _ *Lane) int64 { return p[i] })
}

// Positions returns both lanes' player positions.
func (s *Sim) Positions() [2]int64 { return [2]int64{s.Lanes[0].pos(), s.Lanes[1].pos()} }

// PlayerStep returns the step the page reports: the left lane's
// absolute history position.
func (s *Sim) PlayerStep() int64 { return s.Lanes[0].pos() }

// SpeedIndex returns the index in Speeds nearest to the current speed.
func (s *Sim) SpeedIndex() int {
	best := 0
	for i, v := range Speeds {
		if math.Abs(v-s.Speed) < math.Abs(Speeds[best]-s.Speed) {
			best = i
		}
	}
	return best
}

// SpeedStep moves the speed d steps along Speeds.
func (s *Sim) SpeedStep(d int) {
	s.SetSpeed(Speeds[min(max(s.SpeedIndex()+d, 0), len(Speeds)-1)])
}

// segAt returns the index of the batch of events holding position p, -1
// before the first.
func (h *history) segAt(p int64) int {
	return sort.Search(len(h.segs), func(i int) bool { return h.segs[i].at > p }) - 1
}

// segmentProgress returns the shown fraction of the batch of events the
// position is in (1 when there is none): the walk progress bar.
func (l *Lane) segmentProgress() float64 {
	h, p := &l.hist, l.pos()
	i := h.segAt(p)
	if i < 0 {
		return 1
	}
	start, end := h.segs[i].at, l.head()
	if i+1 < len(h.segs) {
		end = h.segs[i+1].at
	}
	if end <= start {
		return 1
	}
	return float64(p-start) / float64(end-start)
}
