package app

import "testing"

func TestFrameTimes(t *testing.T) {
	var f FrameTimes
	if a, b := f.Percentiles(false); a != 0 || b != 0 {
		t.Fatalf("empty: %v %v", a, b)
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
