package app

import (
	"net/netip"
	"runtime"
	"testing"
	"time"
)

func TestFrameTimes(t *testing.T) {
	var f FrameTimes
	if a, b := f.Percentiles(false); a != 0 || b != 0 || f.Max(true) != 0 {
		t.Fatalf("empty: %v %v, max %v", a, b, f.Max(true))
	}
	for i := 1; i <= 100; i++ {
		f.Add(float64(i), i > 90)
	}
	if a, b := f.Percentiles(false); a != 50 || b != 95 {
		t.Errorf("all: p50 %v p95 %v, want 50 95", a, b)
	}
	if a, b := f.Percentiles(true); a != 95 || b != 99 {
		t.Errorf("walking: p50 %v p95 %v, want 95 99", a, b)
	}
	if a, b := f.Max(false), f.Max(true); a != 100 || b != 100 {
		t.Errorf("max %v, walking %v; want 100 and 100", a, b)
	}
	for i := 0; i < 2*frameWindow; i++ { // the window forgets old frames
		f.Add(7, false)
	}
	if a, b := f.Percentiles(false); a != 7 || b != 7 {
		t.Errorf("after the window: %v %v", a, b)
	}
	if n := testing.AllocsPerRun(100, func() { f.Add(3, true); f.Percentiles(true) }); n != 0 {
		t.Errorf("%v allocations per frame", n)
	}
}

func TestFrameGapsSplitByGC(t *testing.T) {
	var m gapMeter
	for i, f := range []struct {
		at     int64
		cycles uint64
	}{{1000, 5}, {2000, 5}, {5000, 6}, {5500, 6}, {9500, 6}, {9600, 7}} {
		m.frame(f.at, f.cycles)
		if i == 0 && m.gaps != (FrameGaps{}) {
			t.Fatalf("the first frame measured a gap: %+v", m.gaps)
		}
	}
	if want := (FrameGaps{Max: 4000, MaxGC: 3000, GCs: 2}); m.gaps != want {
		t.Fatalf("gaps %+v, want %+v", m.gaps, want)
	}
}

// TestPauseMeter: a forced collection in the window is a pause of more
// than nothing and less than a second.
func TestPauseMeter(t *testing.T) {
	var p PauseMeter
	p.Start()
	runtime.GC()
	if m := p.Max(); m <= 0 || m > time.Second {
		t.Fatalf("after runtime.GC: longest pause %v", m)
	}
}

// TestRestartKeepsFrameGaps: the gap across a script's restart (here 5
// s of the clock taken between two frames) is measured, not forgotten
// with the old simulation.
func TestRestartKeepsFrameGaps(t *testing.T) {
	s := loadedSim(t, []netip.Prefix{netip.MustParsePrefix("2001:db8::/32")}, 0)
	var ns int64
	s.opts.Nanotime = func() int64 { ns += 1000; return ns }
	s.Frame(frame)
	s.FrameGaps()
	ns += int64(5 * time.Second)
	s.RunScript("echo x\n")
	s.Frame(frame)
	if g := s.FrameGaps(); max(g.Max, g.MaxGC) < 5*time.Second {
		t.Fatalf("gaps across the restart %+v, want one of 5 s or more", g)
	}
}
