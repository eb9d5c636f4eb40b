package app

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"fib6lab/engine/gc"
	"fib6lab/engine/trace"
)

// fingerprint is everything lane l displays, as text.
func fingerprint(l *Lane) string {
	op := "none"
	if l.Op != nil {
		op = fmt.Sprintf("%+v %s", *l.Op, l.Op.Caption(CaptionWidth))
	}
	return fmt.Sprintf("%p %+v %d %g %v %d %+v %v %s %+v %d %v %s %+v %+v", l.Layout, l.Pass, l.Current, l.Sweep,
		l.Strip, l.StripPos, l.Traffic(), l.Removed, op, l.Lookup, l.opDepth, l.opSkip, l.label, l.teach, l.Pseudo())
}

// steppedSim returns a small simulation that showed, one event at a time,
// console operations and a GC pass, and each lane's fingerprint at every
// position it stood on.
func steppedSim(t *testing.T) (*Sim, [2]map[int64]string) {
	t.Helper()
	s := loadedSim(t, full(t)[:2000], 5)
	s.Pause()
	var fps [2]map[int64]string
	for i := range fps {
		fps[i] = map[int64]string{}
	}
	record := func() {
		for i, l := range s.Lanes {
			fps[i][l.pos()] = fingerprint(l)
		}
	}
	stepAll := func() {
		record()
		for n := 0; s.Pending() > 0; n++ {
			if n > 1_000_000 {
				t.Fatal("never drained")
			}
			s.Step()
			record()
		}
	}
	stepAll()
	for _, line := range []string{
		"ip -6 route add 2001:db8:ffff::/48 via 2001:db8::2 dev eth0",
		"ip -6 route get 2001:db8:ffff::1",
		"ip -6 route del 2001:db8:ffff::/48",
	} {
		s.Exec(line)
		stepAll()
	}
	s.Lanes[0].NS.Advance(40 * s.Lanes[0].NS.HZ)
	s.Lanes[1].NS.Advance(40 * s.Lanes[1].NS.HZ)
	for _, l := range s.Lanes {
		l.drain()
	}
	stepAll()
	if s.Lanes[0].teach.shown.Passes == 0 || s.Lanes[1].teach.shown.Removed != 5 {
		t.Fatalf("no GC pass shown: %+v %+v", s.Lanes[0].teach.shown, s.Lanes[1].teach.shown)
	}
	return s, fps
}

func TestPlayerSeekRestoresDisplay(t *testing.T) {
	s, fps := steppedSim(t)
	rng := rand.New(rand.NewPCG(1, 2))
	for i, l := range s.Lanes {
		base, head := l.hist.base, l.head()
		for range 300 {
			p := base + rng.Int64N(head-base+1)
			l.SeekPos(p)
			if got := fingerprint(l); got != fps[i][p] {
				t.Fatalf("lane %d at %d:\n got %s\nwant %s", i, p, got, fps[i][p])
			}
		}
		l.SeekPos(head)
		if got := fingerprint(l); got != fps[i][head] {
			t.Fatalf("lane %d back at the head:\n got %s\nwant %s", i, got, fps[i][head])
		}
	}
}

func TestStepBackThenForwardIsIdentical(t *testing.T) {
	s, _ := steppedSim(t)
	s.SeekEnd()
	before := [2]string{fingerprint(s.Lanes[0]), fingerprint(s.Lanes[1])}
	shown := s.Lanes[0].Shown()
	for range 50 {
		s.StepBack()
	}
	if s.Lanes[0].Shown() == shown {
		t.Fatalf("stepping back did not change the counters: %+v", shown)
	}
	for range 50 {
		s.Step()
	}
	for i, l := range s.Lanes {
		if got := fingerprint(l); got != before[i] {
			t.Fatalf("lane %d after 50 back and 50 forward:\n got %s\nwant %s", i, got, before[i])
		}
	}
	if s.Lanes[0].Shown() != shown {
		t.Fatalf("counters %+v, want %+v", s.Lanes[0].Shown(), shown)
	}
}

func TestStepOpBackLandsOnOperationStart(t *testing.T) {
	s, _ := steppedSim(t)
	s.SeekEnd()
	l := s.Lanes[0]
	starts := 0
	for l.pos() > l.hist.base {
		prev := l.pos()
		s.StepOp(true)
		p := l.pos()
		if p >= prev {
			t.Fatalf("op back from %d went to %d", prev, p)
		}
		if p > l.hist.base {
			e := l.events.At(l.played)
			if !isMark(l, p) || e.Kind == trace.OpEnd {
				t.Fatalf("op back landed on %d (%+v), not an operation start", p, e)
			}
		}
		starts++
	}
	if starts < 4 {
		t.Fatalf("only %d operations in the history", starts)
	}
	s.StepOp(false)
	if p, _ := l.opStart(l.hist.base, false); l.pos() != p {
		t.Fatalf("op forward from the start went to %d, want %d", l.pos(), p)
	}
}

// isMark reports whether an operation marker starts at p.
func isMark(l *Lane, p int64) bool {
	for _, m := range l.hist.marks {
		if m.At == p {
			return true
		}
	}
	return false
}

func TestHistoryIsBounded(t *testing.T) {
	s := loadedSim(t, full(t)[:200], 0)
	s.Pause()
	l := s.Lanes[0]
	for i := range MaxLayouts + 10 {
		s.Exec(fmt.Sprintf("ip -6 route add 2001:db8:%x::/48 via 2001:db8::2 dev eth0", i+1))
		for s.Pending() > 0 {
			s.Step()
		}
	}
	layouts := map[*Layout]bool{}
	for _, c := range l.hist.checks {
		layouts[c.v.Layout] = true
	}
	if len(layouts) > MaxLayouts+1 || l.Timeline().Dropped == 0 {
		t.Fatalf("%d layouts kept, %d events dropped", len(layouts), l.Timeline().Dropped)
	}
	l.SeekPos(0)
	if l.pos() != l.hist.base || l.pos() == 0 {
		t.Fatalf("seek before the kept history went to %d (base %d)", l.pos(), l.hist.base)
	}
}

// TestCheckpointsOfABigGCList checks that checkpoints copy at most about
// one strip or removal entry per event played when a pass works through
// a GC list of 5,000 routes (they copied the whole strip every CheckEvery
// events), and that seeking still restores what was shown.
func TestCheckpointsOfABigGCList(t *testing.T) {
	s := loadedSim(t, full(t)[:2000], 5000)
	s.Pause()
	for _, l := range s.Lanes {
		l.NS.Advance(40 * l.NS.HZ)
		l.drain()
	}
	fps := [2]map[int64]string{{}, {}}
	for n := 0; s.Pending() > 0; n++ {
		if n%997 == 0 {
			for i, l := range s.Lanes {
				fps[i][l.pos()] = fingerprint(l)
			}
		}
		s.Step()
	}
	if s.Lanes[1].teach.shown.Removed != 5000 {
		t.Fatalf("the GC list lane removed %d routes, want 5000", s.Lanes[1].teach.shown.Removed)
	}
	for i, l := range s.Lanes {
		copied := 0
		for _, c := range l.hist.checks {
			copied += len(c.v.Strip) + len(c.v.Removed)
		}
		if played := int(l.head() - l.hist.base); copied > played+2*5000 {
			t.Errorf("lane %d: checkpoints copied %d entries over %d events", i, copied, played)
		}
		for p, want := range fps[i] {
			if l.SeekPos(p); fingerprint(l) != want {
				t.Fatalf("lane %d at %d: the display differs after a seek", i, p)
			}
		}
	}
}

// TestTrafficSamplesBounded checks that a lane keeps at most MaxSamples
// samples, dropping the oldest quarter at once, newest last.
func TestTrafficSamplesBounded(t *testing.T) {
	s := loadedSim(t, full(t)[:100], 0)
	l := s.Lanes[0]
	for range 2*MaxSamples + 10 {
		l.hist.base++ // a new head: the next sample is a new one
		l.sampleTraffic(nil)
		if len(l.samples) > MaxSamples {
			t.Fatalf("%d samples kept", len(l.samples))
		}
	}
	n := len(l.samples)
	if n < MaxSamples*3/4 || l.samples[n-1].At != l.head() {
		t.Fatalf("%d samples kept, the last at %d (head %d)", n, l.samples[n-1].At, l.head())
	}
	for i := 1; i < n; i++ {
		if l.samples[i].At != l.samples[i-1].At+1 {
			t.Fatalf("sample %d at %d after %d", i, l.samples[i].At, l.samples[i-1].At)
		}
	}
}

// TestRunGCBacklogBounded clicks "Run GC now" on the full table eight
// times without playing a frame: every click runs a pass in the engine,
// but a lane keeps at most MaxBacklog events queued and not shown,
// stepping over the oldest passes whole (shown at once, counted as shown)
// and saying so in the console, and its history stays bounded.
func TestRunGCBacklogBounded(t *testing.T) {
	s := loadedSim(t, full(t), 0)
	s.Pause()
	l := s.Lanes[0] // the trie walk: a pass is hundreds of thousands of events
	passes0 := l.NS.GC.Passes
	s.RunGC()
	pass := l.Pending()
	if pass == 0 || pass > MaxBacklog/2 {
		t.Fatalf("a full-table trie walk queued %d events", pass)
	}
	const clicks = 8
	for range clicks - 1 {
		s.RunGC()
	}
	kept := MaxBacklog / pass // whole passes that fit the backlog
	if got := l.NS.GC.Passes - passes0; got != clicks {
		t.Fatalf("%d passes ran, want %d", got, clicks)
	}
	if l.Pending() != kept*pass {
		t.Fatalf("%d events wait, want %d passes of %d", l.Pending(), kept, pass)
	}
	if got := l.Shown().Passes; got != clicks-kept {
		t.Fatalf("%d passes shown, want %d stepped over", got, clicks-kept)
	}
	if h := l.head() - l.hist.base; h > MaxPlayerHistory+int64(pass)+CheckEvery {
		t.Fatalf("history holds %d events", h)
	}
	notes := skipNotes(s)
	want := fmt.Sprintf("fib6lab: shown at once: 1 earlier operation not shown to the end (at most %s events wait to be shown)", Commas(MaxBacklog))
	if len(notes) != clicks-kept || notes[0] != want {
		t.Fatalf("console notes %q, want %d of %q", notes, clicks-kept, want)
	}
	s.SeekEnd() // the passes left, shown to their end
	if got := l.Shown().Passes; got != clicks {
		t.Fatalf("%d passes shown in the end, want %d", got, clicks)
	}
}

// TestWalkProgressOnlyGrows plays the demo's first trie-walk pass, which
// the GC timer runs in slices over frames while the player shows it: the
// walk's progress bar only grows, and reaches the end with the pass
// (the fraction of the events queued so far fell back at every slice).
func TestWalkProgressOnlyGrows(t *testing.T) {
	s := loadedSim(t, full(t)[:60000], 10)
	s.Play()
	l := s.Lanes[0]
	last, slices, seen := 0.0, 0, false
	for i := 0; i < 20000 && (!seen || l.Pass.Active); i++ {
		s.Frame(frame)
		if l.NS.GCInProgress() {
			slices++
		}
		if !l.Pass.Active || l.Pass.Strategy != gc.TrieWalk {
			continue
		}
		seen = true
		p := l.WalkProgress()
		if p < last {
			t.Fatalf("frame %d: walk progress fell from %.3f to %.3f (visited %d)", i, last, p, l.Pass.Visited)
		}
		last = p
	}
	if !seen || slices < 2 || last < 0.99 {
		t.Fatalf("pass shown %v, %d frames with a pass in slices, last progress %.3f", seen, slices, last)
	}
}

// skipNotes returns the console's notes of operations capBacklog stepped
// over.
func skipNotes(s *Sim) []string {
	var notes []string
	for _, c := range s.Console.Lines(0) {
		if strings.HasPrefix(c.Text, "fib6lab: shown at once") {
			notes = append(notes, c.Text)
		}
	}
	return notes
}

// checkTimeline fails unless every lane's position lies in its history
// and what it has to show is the rest of it.
func checkTimeline(t *testing.T, s *Sim, what string) {
	t.Helper()
	for i, l := range s.Lanes {
		tl := l.Timeline()
		if tl.Base > tl.Pos || tl.Pos > tl.Head || int64(l.Pending()) != tl.Head-tl.Pos || s.Err != "" {
			t.Fatalf("%s, lane %d: base %d, position %d, head %d, %d to show; error %q", what, i, tl.Base, tl.Pos, tl.Head, l.Pending(), s.Err)
		}
	}
}

// TestRunGCAfterHomeKeepsThePosition steps back to the start of the
// history, past checkpoints, and clicks Run GC until the history is
// trimmed: the trim stops at the position (it went past it, the position
// fell before the history and the next skip panicked), and stepping on
// from there still works.
func TestRunGCAfterHomeKeepsThePosition(t *testing.T) {
	s := loadedSim(t, full(t), 0)
	s.Pause()
	for range 3 {
		s.RunGC()
	}
	s.Step() // one event shown
	s.SeekEnd()
	s.SeekStart()
	for k := range 4 {
		s.RunGC()
		checkTimeline(t, s, fmt.Sprintf("Run GC %d after Home", k+1))
	}
	s.SeekEnd()
	checkTimeline(t, s, "End")
	if l := s.Lanes[0]; l.pos() != l.head() {
		t.Fatalf("End stopped at %d of %d", l.pos(), l.head())
	}
}

// TestEndBeforeAnythingShown: paused right after the load, a pass queued
// and nothing shown yet (no checkpoint), End goes to the end of the
// history (it stayed where it was until one event had been shown).
func TestEndBeforeAnythingShown(t *testing.T) {
	s := loadedSim(t, full(t)[:2000], 0)
	s.Pause()
	s.RunGC()
	s.SeekEnd()
	checkTimeline(t, s, "End")
	for i, l := range s.Lanes {
		if l.Pending() != 0 || l.Shown().Passes != 1 {
			t.Fatalf("lane %d: %d events left to show, %d passes shown", i, l.Pending(), l.Shown().Passes)
		}
	}
}

// TestSkipsAreNotedWhateverQueuedThem: passes the GC timer runs during
// console sleeps, paused, pile up until the lane steps over the oldest;
// the console says so in the frame that did it, and the pass being shown
// when Run GC is clicked counts among those stepped over.
func TestSkipsAreNotedWhateverQueuedThem(t *testing.T) {
	s := loadedSim(t, full(t), 0)
	s.Pause()
	l := s.Lanes[0]
	for k := range 6 {
		s.Submit(fmt.Sprintf("ip -6 route add 2001:db8:77:%x::/64 via 2001:db8::2 dev eth0 expires 5", k))
		s.Submit("sleep 31")
		for i := 0; i < 200 && (s.Console.Queued() > 0 || s.job != nil); i++ {
			s.Frame(frame)
		}
	}
	checkTimeline(t, s, "sleeps")
	if l.Shown().Passes == 0 || len(skipNotes(s)) == 0 {
		t.Fatalf("%d passes shown at once, notes %q", l.Shown().Passes, skipNotes(s))
	}
	s.SeekEnd()
	s.RunGC()
	for range 10 {
		s.Step() // into the pass
	}
	notes, shown := len(skipNotes(s)), l.Shown().Passes
	for range 4 {
		s.RunGC()
	}
	checkTimeline(t, s, "Run GC during a pass")
	if got := skipNotes(s); len(got) == notes || l.Shown().Passes == shown || !strings.Contains(got[notes], ": 1 earlier operation ") {
		t.Fatalf("passes shown %d then %d, notes %q", shown, l.Shown().Passes, got[notes:])
	}
}
