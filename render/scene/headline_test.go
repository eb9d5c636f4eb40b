package scene

import (
	"strings"
	"testing"

	"fib6lab/engine/gc"
	"fib6lab/engine/netns"
	"fib6lab/wasm/app"
)

func TestFormatRatio(t *testing.T) {
	for r, want := range map[float64]string{3012: "~3,000x", 7302.4: "~7,300x", 143.2: "~140x", 86049: "~86,000x", 5.64: "~5.6x", 10: "~10x"} {
		if got := FormatRatio(r); got != want {
			t.Errorf("FormatRatio(%g) = %q, want %q", r, got, want)
		}
	}
}

func TestFormatCost(t *testing.T) {
	for _, c := range []struct {
		ns, spread float64
		want       string
	}{{8.13e6, 0.41e6, "8.13 ms ± 0.41"}, {25.3e6, 0.9e6, "25.3 ms ± 0.9"}, {2310, 80, "2.31 µs ± 0.08"}, {640, 30, "0.64 µs ± 0.03"}, {10.7e3, 16, "10.7 µs ± 0.02"}, {6.81e3, 0, "6.81 µs ± 0.00"}} {
		if got := FormatCost(c.ns, c.spread); got != c.want {
			t.Errorf("FormatCost(%g, %g) = %q, want %q", c.ns, c.spread, got, c.want)
		}
	}
}

// afterFirstPass is a headline as the page shows it after the first pass.
var afterFirstPass = app.HeadlineState{
	TrieWalk: app.PassCost{NodesVisited: 304323, RoutesChecked: 160163, Micros: 8130, Spread: 410, Runs: 9},
	GCList:   app.PassCost{RoutesChecked: 10, Micros: 2.7, Spread: 0.1, Runs: 9},
	Ratio:    8130 / 2.7, ResolutionMicros: 100, Done: true,
}

func TestHeadlineLine(t *testing.T) {
	for _, c := range []struct {
		s    gc.Strategy
		w    float64
		want string
	}{
		{gc.TrieWalk, 600, "trie walk: 160,163 routes checked, 8.13 ms ± 0.41 per pass (median of 9)"},
		{gc.TrieWalk, 390, "160,163 routes checked, 8.13 ms ± 0.41 per pass"},
		{gc.GCList, 600, "GC list: 10 routes checked, 2.70 µs ± 0.10 per pass (median of 9)"},
		{gc.GCList, 200, "2.70 µs ± 0.10 per pass"},
	} {
		if got := HeadlineLine(c.s, afterFirstPass, c.w); got != c.want {
			t.Errorf("%v in %g px: %q, want %q", c.s, c.w, got, c.want)
		}
	}
	one := afterFirstPass
	one.GCList.RoutesChecked = 1
	if got, want := HeadlineLine(gc.GCList, one, 600), "GC list: 1 route checked, 2.70 µs ± 0.10 per pass (median of 9)"; got != want {
		t.Errorf("one route: %q, want %q", got, want)
	}
	early := afterFirstPass
	early.Done, early.TrieWalk.Runs = false, 2
	if got, want := HeadlineLine(gc.TrieWalk, early, 600), "trie walk: 160,163 routes checked, 8.13 ms ± 0.41 per pass (measuring…)"; got != want {
		t.Errorf("before the last sample: %q, want %q", got, want)
	}
	for w, want := range map[float64]string{
		480: "160,163 routes checked, 8.13 ms ± 0.41 per pass (measuring…)",
		390: "8.13 ms ± 0.41 per pass (measuring…)",
		200: "8.13 ms ± 0.41 per pass",
	} {
		if got := HeadlineLine(gc.TrieWalk, early, w); got != want {
			t.Errorf("before the last sample, in %g px: %q, want %q", w, got, want)
		}
	}
	if got := HeadlineLine(gc.GCList, app.HeadlineState{}, 600); !strings.Contains(got, "measuring") {
		t.Errorf("before a sample: %q, want it to say it is measuring", got)
	}
}

// TestLaneHeadersFit checks that the lanes' headers, headline and ratio
// included, fit their panels at 1024, 1280, 1600 and 1920 pixels wide,
// normal and in presenter mode (the page laid out 1.5 times smaller).
func TestLaneHeadersFit(t *testing.T) {
	var lanes [2]*app.Lane
	for i, id := range app.LaneIDs {
		lanes[i] = &app.Lane{ID: id, NS: netns.New(0)}
		if err := lanes[i].NS.SetKernel(app.LaneKernels[i]); err != nil {
			t.Fatal(err)
		}
	}
	for _, sw := range []float64{1024, 1280, 1600, 1920, 1024 / 1.5, 1280 / 1.5, 1600 / 1.5, 1920 / 1.5} {
		pw := (sw-3*Gutter)/2 + Gutter // LaneView's width with its axis and gutter
		for i, l := range lanes {
			hd := LaneHeader(&Dark, l, afterFirstPass, pw)
			inner := pw - 20
			for _, line := range hd.Lines {
				if w := textWidth(line, Code); w > inner {
					t.Errorf("%g px page, lane %d: %q is %g px wide, panel %g", sw, i, line, w, inner)
				}
			}
			if w := textWidth(hd.Title, Title) + 16 + textWidth(hd.Figure, hd.FigureStyle); w > inner {
				t.Errorf("%g px page, lane %d: title and figure %g px wide, panel %g", sw, i, w, inner)
			}
			if w := textWidth(hd.Subtitle, Small) + 16 + textWidth(hd.FigureNote, Small); w > inner {
				t.Errorf("%g px page, lane %d: subtitle and note %g px wide, panel %g", sw, i, w, inner)
			}
			if i == 1 && (hd.Figure != "~3,000x" || hd.FigureNote == "") {
				t.Errorf("%g px page: figure %q, note %q; want the ratio ~3,000x and what it compares", sw, hd.Figure, hd.FigureNote)
			}
		}
	}
}
