package app

import (
	"math"
	"strings"
	"testing"

	"fib6lab/wasm/share"
)

// runScenario runs built-in scenario name to its end and returns the sim.
func runScenario(t *testing.T, name string) *Sim {
	t.Helper()
	o := DefaultOptions()
	o.Nanotime = fakeClock()
	s := NewSim(o)
	if err := s.LoadScenario(name); err != nil {
		t.Fatal(err)
	}
	if _, err := s.catchUp(&linkReplay{sh: share.Link{Line: len(s.teach.lines)}}, math.MaxInt64); err != nil {
		t.Fatal(err)
	}
	s.setLazy(false)
	if s.Err != "" {
		t.Fatalf("%s: %s", name, s.Err)
	}
	return s
}

// consoleErrors returns the console lines the scenario's commands failed with.
func consoleErrors(s *Sim) []string {
	var out []string
	for _, l := range s.Console.Lines(0) {
		if l.Kind == LineError || l.Kind == LineWarning {
			out = append(out, l.Text)
		}
	}
	return out
}

// scenarioErrors are the failures a scenario shows on purpose.
var scenarioErrors = map[string][]string{
	"ra-default":  {"RTNETLINK answers: Network is unreachable"},
	"router-dies": {"udp: Network is unreachable", "RTNETLINK answers: Network is unreachable"},
}

func TestScenariosRunCleanly(t *testing.T) {
	for _, sc := range Scenarios() {
		t.Run(sc.Name, func(t *testing.T) {
			s := runScenario(t, sc.Name)
			errs := consoleErrors(s)
			if strings.Join(errs, "\n") != strings.Join(scenarioErrors[sc.Name], "\n") {
				t.Fatalf("errors %q, want %q", errs, scenarioErrors[sc.Name])
			}
			if s.scriptBusy() || s.Lanes[0].head() == 0 || s.Narration() == "" {
				t.Fatalf("script not run to its end: next %d of %d, head %d, narration %q",
					s.teach.next, len(s.teach.lines), s.Lanes[0].head(), s.Narration())
			}
		})
	}
}

func TestExercisesRevealTheirAnswer(t *testing.T) {
	for name, want := range map[string]Lookup{
		"exercise-lookup":    {Prefix: "2001:db8:a:1::/64", Backtracks: 0},
		"exercise-backtrack": {Prefix: "2001:db8:b:ff00::/56", Backtracks: 1},
	} {
		s := runScenario(t, name)
		lk := s.Lanes[0].Lookup
		if lk.Prefix != want.Prefix || lk.Backtracks != want.Backtracks || !strings.Contains(s.Narration(), want.Prefix) {
			t.Fatalf("%s: lookup %+v, narration %q; want %+v", name, lk, s.Narration(), want)
		}
	}
}

func TestPausePlaysOnWithStep(t *testing.T) {
	o := DefaultOptions()
	o.Nanotime = fakeClock()
	s := NewSim(o)
	if err := s.LoadScenario("exercise-lookup"); err != nil {
		t.Fatal(err)
	}
	for i := 0; s.Playing && i < 10000; i++ {
		s.Frame(frame)
	}
	if !strings.HasPrefix(s.Narration(), "Question") || s.Lanes[0].Lookup.Count != 4 {
		t.Fatalf("not paused at the question: %q, lookups %d", s.Narration(), s.Lanes[0].Lookup.Count)
	}
	for i := 0; s.Lanes[0].Lookup.Count < 5 && i < 1000; i++ {
		s.Step()
	}
	if s.Lanes[0].Lookup.Prefix != "2001:db8:a:1::/64" {
		t.Fatalf("stepping did not reveal the answer: %+v", s.Lanes[0].Lookup)
	}
}

func TestGCMeasureWalksEveryRoute(t *testing.T) {
	s := runScenario(t, "gc-measure-9000")
	tw, gl := s.Lanes[0].Shown(), s.Lanes[1].Shown()
	if tw.Checked < 9001 || gl.Checked != 1 || tw.Removed != 1 || gl.Removed != 1 {
		t.Fatalf("trie walk %+v, gc list %+v", tw, gl)
	}
	if ls := s.Console.Lines(0); !strings.Contains(fmtLines(ls), "gen: 9000 routes added") {
		t.Fatalf("console: %s", fmtLines(ls))
	}
}

func fmtLines(ls []ConsoleLine) string {
	var b strings.Builder
	for _, l := range ls {
		b.WriteString(l.Text + "\n")
	}
	return b.String()
}
