package app

import (
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"

	"fib6lab/engine/fib6"
)

// runFirstPass loads ps, lets the demo add 10 routes expiring in 5 s and
// plays frames until both lanes have shown their first GC pass.
func runFirstPass(t *testing.T, ps []netip.Prefix) *Sim {
	t.Helper()
	s := loadedSim(t, ps, 10)
	for _, l := range s.Lanes {
		if got := len(l.NS.FIB.Table(fib6.RT_TABLE_MAIN).GCList()); got != 10 {
			t.Fatalf("%s: %d routes on the GC list after the demo add, want 10", l.ID, got)
		}
	}
	if !s.Playing {
		t.Fatal("not playing after load")
	}
	maxFrames := 60 * 15 // 3 s to the GC timer at 10x, then about 4 s of animation
	for f := 0; ; f++ {
		if f > maxFrames {
			t.Fatalf("first pass not shown after %d frames: %+v", f, s.State())
		}
		s.Frame(frame)
		if s.Err != "" {
			t.Fatal(s.Err)
		}
		if s.Lanes[0].NS.GC.Passes > 0 && s.Pending() == 0 {
			t.Logf("first pass shown after %d frames (%.1f s at 60 fps)", f, float64(f)/60)
			break
		}
	}
	return s
}

// allRoutes counts the routes of every table of l, as fib6_clean_all
// walks them.
func allRoutes(l *Lane) int {
	n := 0
	for _, tb := range l.NS.FIB.Tables() {
		n += tb.Entries
	}
	return n
}

// checkFirstPass checks the pass that removed the 10 demo routes from a
// table of loaded prefixes (plus the kernel routes).
func checkFirstPass(t *testing.T, s *Sim, loaded int) {
	t.Helper()
	walk, list := s.Lanes[0], s.Lanes[1]
	routesBefore := allRoutes(walk) + 10
	for _, l := range s.Lanes {
		g := l.NS.GC
		if g.Passes != 1 || g.Removed != 10 || l.Pass.Removed != 10 {
			t.Fatalf("%s: %d passes, removed %d (shown %d), want 1 and 10", l.ID, g.Passes, g.Removed, l.Pass.Removed)
		}
		if g.LastPassNanos <= 0 {
			t.Fatalf("%s: pass not timed", l.ID)
		}
	}
	if g := walk.NS.GC; g.Checked != routesBefore || walk.Pass.Checked != routesBefore {
		t.Fatalf("trie walk checked %d routes (shown %d), want all %d", g.Checked, walk.Pass.Checked, routesBefore)
	}
	if g := walk.NS.GC; g.Visited < len(walk.Layout.Nodes) || walk.Pass.Visited != g.Visited {
		t.Fatalf("trie walk visited %d nodes (shown %d), trie has %d", g.Visited, walk.Pass.Visited, len(walk.Layout.Nodes))
	}
	if g := list.NS.GC; g.Checked != 10 || g.Visited != 0 || list.Pass.Checked != 10 {
		t.Fatalf("list walk checked %d visited %d (shown %d), want 10 and 0", g.Checked, g.Visited, list.Pass.Checked)
	}
	if len(list.Strip) != 10 {
		t.Fatalf("strip has %d entries, want 10", len(list.Strip))
	}
	for _, e := range list.Strip {
		if e.State != EntryRemoved {
			t.Fatalf("strip entry %+v not removed", e)
		}
	}
	a := prefixes(walk)
	if b := prefixes(list); !slices.Equal(a, b) || len(a) != loaded+s.KernelRoutes {
		t.Fatalf("lanes differ after the pass: %d vs %d routes, want %d", len(a), len(b), loaded+s.KernelRoutes)
	}
	st := s.State()
	left, right := st.Lanes[0], st.Lanes[1]
	if !st.Ready || left.Removed != 10 || right.Removed != 10 || right.Pending != 0 ||
		left.ID != "left" || left.Kernel != "6.1" || left.Strategy != "trie-walk" ||
		right.ID != "right" || right.Kernel != "6.18" || right.Strategy != "gc-list" {
		t.Fatalf("state: %+v", st)
	}
}

func prefixes(l *Lane) []netip.Prefix {
	var ps []netip.Prefix
	for _, rt := range l.NS.FIB.Table(fib6.RT_TABLE_MAIN).Dump() {
		ps = append(ps, rt.Prefix())
	}
	return ps
}

func TestFirstPassSmallTable(t *testing.T) {
	s := runFirstPass(t, full(t)[:5000])
	checkFirstPass(t, s, 5000)
}

func TestFirstPassFullTable(t *testing.T) {
	if testing.Short() {
		t.Skip("full table")
	}
	s := runFirstPass(t, full(t))
	checkFirstPass(t, s, len(full(t)))
}

func TestStepPlaysOneEventPerLane(t *testing.T) {
	s := loadedSim(t, full(t)[:3000], 10)
	s.Pause()
	// nothing queued: the clock jumps to the next timer (eth0's DAD, then
	// the GC timer) and the pass runs
	for i := 0; i < 100 && s.Lanes[0].NS.GC.Passes == 0; i++ {
		s.Step()
	}
	if s.Lanes[0].NS.GC.Passes != 1 || s.Lanes[0].Pending() == 0 || s.Lanes[1].Pending() == 0 {
		t.Fatalf("step did not run the pass: %+v", s.State())
	}
	before := [2]int{s.Lanes[0].Pending(), s.Lanes[1].Pending()}
	s.Step()
	for i, l := range s.Lanes {
		if l.Pending() != before[i]-1 {
			t.Fatalf("%s: pending %d -> %d after one step", l.ID, before[i], l.Pending())
		}
	}
	now := s.Jiffies()
	for range 10 {
		s.Frame(frame)
	}
	if s.Jiffies() != now || s.Playing {
		t.Fatal("paused simulation moved")
	}
}

func TestFractionalSpeedAndRunGC(t *testing.T) {
	s := loadedSim(t, full(t)[:1000], 10)
	s.SetSpeed(0.25)
	s.RunGC()
	before := s.Lanes[1].Pending()
	for range 8 {
		s.Frame(frame)
	}
	if got := before - s.Lanes[1].Pending(); got != 2 {
		t.Fatalf("played %d events in 8 frames at 1/4 per frame, want 2", got)
	}
	if s.Lanes[1].NS.GC.Removed != 0 {
		t.Fatal("routes removed before they expired")
	}
}

func TestAddExpiringSameInBothLanes(t *testing.T) {
	var ps []netip.Prefix // no /64: a random /64 inside one would be itself
	for _, p := range full(t)[:1100] {
		if p.Bits() < 64 {
			ps = append(ps, p)
		}
	}
	s := loadedSim(t, ps, 0)
	if n := s.AddExpiring(50, 64, 7); n != 50 {
		t.Fatalf("added %d, want 50", n)
	}
	s.AddExpiring(3, 48, 7)
	if s.Err == "" {
		t.Fatal("a /48 expiring route was accepted")
	}
	s.Err = ""
	s.Frame(frame)
	a, b := s.Lanes[0].NS.FIB.Table(0).GCList(), s.Lanes[1].NS.FIB.Table(0).GCList()
	if len(a) != 50 || len(b) != 50 || len(s.Lanes[1].Strip) != 50 {
		t.Fatalf("GC lists %d and %d, strip %d, want 50", len(a), len(b), len(s.Lanes[1].Strip))
	}
	for i := range a {
		if a[i].Prefix() != b[i].Prefix() || a[i].DstLen != 64 || a[i].Expires != b[i].Expires {
			t.Fatalf("entry %d: %v vs %v", i, a[i].Prefix(), b[i].Prefix())
		}
	}
	if got := len(s.Lanes[0].Layout.Expiring); got != 50 {
		t.Fatalf("layout marks %d expiring nodes, want 50", got)
	}
}

func TestPanicBecomesError(t *testing.T) {
	s := loadedSim(t, full(t)[:100], 0)
	s.Lanes[0].NS = nil
	s.Frame(frame)
	if s.Err == "" || s.Playing {
		t.Fatalf("panic not recovered into Err: %q playing %v", s.Err, s.Playing)
	}
}

func TestSlowFramesCatchUp(t *testing.T) {
	s := loadedSim(t, full(t)[:1000], 10)
	s.SetSpeed(4)
	s.RunGC()
	before := s.Lanes[0].Pending()
	s.Frame(time.Second / 10) // a 10 fps browser
	if got := before - s.Lanes[0].Pending(); got != 24 {
		t.Fatalf("played %d events in a frame 6 nominal frames long at 4 per frame, want 24", got)
	}
	for s.Pending() > 0 {
		s.Frame(frame)
	}
	now := s.Jiffies()
	s.Frame(time.Second)
	if got, want := s.Jiffies()-now, int64(float64(maxCatchUp)/60*10*float64(s.Lanes[0].NS.HZ)); got != want {
		t.Fatalf("a 1 s frame moved the clock %d jiffies, want %d (capped catch-up at 10x)", got, want)
	}
}

func TestAddExpiringQueuedOverFrames(t *testing.T) {
	s := loadedSim(t, full(t)[:1000], 0)
	s.Pause()
	var ns int64
	s.opts.Nanotime = func() int64 { ns += 5_000_000; return ns } // every chunk overruns the budget
	if n := s.AddExpiring(1000, 128, 60); n != 1000 {
		t.Fatalf("AddExpiring returned %d, want 1000 queued", n)
	}
	if p := s.State().ExpiringPending; p <= 0 || p >= 1000 {
		t.Fatalf("pending %d after the first chunk, want between 0 and 1000", p)
	}
	if st := s.ExpiringStatus(); !strings.HasPrefix(st, "adding expiring routes: ") {
		t.Fatalf("status %q", st)
	}
	for i := 0; s.ExpiringPending() > 0; i++ {
		if i > 100 {
			t.Fatal("queue not done in 100 frames")
		}
		s.Frame(frame)
	}
	a, b := s.Lanes[0].NS.FIB.Table(0).GCList(), s.Lanes[1].NS.FIB.Table(0).GCList()
	if len(a) != len(b) || len(a) != s.expiring.added || s.expiring.added+s.expiring.dups != 1000 {
		t.Fatalf("GC lists %d and %d, added %d + %d duplicates", len(a), len(b), s.expiring.added, s.expiring.dups)
	}
	want := "added " + Commas(s.expiring.added) + " expiring routes"
	if st := s.ExpiringStatus(); !strings.HasPrefix(st, want) {
		t.Fatalf("status %q, want %q…", st, want)
	}
	if s.Lanes[0].Pending() != 0 {
		t.Fatal("the adds queued trace events")
	}
}

func TestStepWithNothingLeftSaysSo(t *testing.T) {
	s := loadedSim(t, full(t)[:100], 0)
	for i := 0; i < 10 && s.StepMessage() == ""; i++ {
		s.Step()
	}
	if s.StepMessage() != NothingToStep {
		t.Fatalf("step message %q, want %q", s.StepMessage(), NothingToStep)
	}
}
