package app_test

import (
	"fmt"
	"net/netip"
	"testing"
	"time"

	"fib6lab/wasm/app"
)

// figures returns what the page shows of s as numbers and words: per
// lane the shown GC counts, the pass, the traffic, the operation shown,
// the strip; the time, the narration and the lookup.
func figures(s *app.Sim) string {
	out := fmt.Sprintf("t=%.3f narration=%q ", s.Lanes[0].Timeline().Seconds(), s.Narration())
	for _, l := range s.Lanes {
		op := ""
		if l.Op != nil {
			op = l.Op.Caption(400)
		}
		out += fmt.Sprintf("[%s shown=%+v pass=%+v traffic=%+v strip=%d op=%q lookup=%+v] ",
			l.ID, l.Shown(), l.Pass, l.Traffic(), len(l.Strip), op, l.Lookup)
	}
	return out
}

// TestStepBackToStartRestoresEveryFigure: a scenario loaded and paused,
// stepped forward operation by operation until a GC pass was shown and sought
// back to step 0, shows every figure as it did before the first step.
func TestStepBackToStartRestoresEveryFigure(t *testing.T) {
	o := app.DefaultOptions()
	var clock int64
	o.Prefixes, o.Nanotime = []netip.Prefix{}, func() int64 { clock += 1000; return clock }
	s := app.NewSim(o)
	if err := s.LoadScenario("selftest"); err != nil {
		t.Fatal(err)
	}
	s.Pause()
	for !s.Ready() {
		s.Frame(time.Second / 60)
	}
	s.Pause()
	at0 := figures(s)
	for i := 0; i < 200 && s.Lanes[0].Shown().Passes == 0; i++ {
		s.StepOp(false)
	}
	if moved := figures(s); moved == at0 || s.Lanes[0].Shown().Passes == 0 {
		t.Fatalf("200 operations forward showed no GC pass: %s", moved)
	}
	s.SeekStart()
	if back := figures(s); back != at0 {
		t.Errorf("back at step 0:\n%s\nat load:\n%s", back, at0)
	}
}
