package app

import (
	"net/netip"
	"sync"
	"testing"
	"time"

	"fib6lab/data"
)

var (
	fullOnce  sync.Once
	fullTable []netip.Prefix
	fullErr   error
)

// full returns the shipped table, read once per test binary.
func full(t testing.TB) []netip.Prefix {
	t.Helper()
	fullOnce.Do(func() { fullTable, fullErr = data.FullTable() })
	if fullErr != nil {
		t.Fatal(fullErr)
	}
	return fullTable
}

// frame is the wall time between two frames at 60 fps.
const frame = time.Second / 60

// fakeClock is a Nanotime that moves 1 µs per call.
func fakeClock() func() int64 {
	var ns int64
	return func() int64 { ns += 1000; return ns }
}

// loadedSim returns a ready simulation over ps with the given demo routes,
// paused right after loading.
func loadedSim(t testing.TB, ps []netip.Prefix, demo int) *Sim {
	t.Helper()
	o := DefaultOptions()
	o.Prefixes, o.DemoRoutes, o.Nanotime = ps, demo, fakeClock()
	s := NewSim(o)
	untilReady(t, s)
	return s
}

// untilReady plays frames of s until its table is loaded, failing on an
// error.
func untilReady(t testing.TB, s *Sim) {
	t.Helper()
	for i := 0; !s.Ready(); i++ {
		if i > 100 {
			t.Fatal("table did not load in 100 frames")
		}
		s.Frame(frame)
		if s.Err != "" {
			t.Fatal(s.Err)
		}
	}
}
