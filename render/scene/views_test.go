package scene_test

import (
	"fmt"
	"testing"
	"time"

	"fib6lab/render/scene"
	"fib6lab/wasm/app"
)

// canvases are the canvas sizes the page gives the scene at 1024x768,
// 1280x720, 1600x900 and 1920x1080 (less the toolbar and the console),
// and in presenter mode the same laid out smaller (scaled up on screen).
var canvases = [][2]float64{{1024, 520}, {1280, 470}, {1600, 650}, {1920, 830},
	{853, 510}, {1000, 470}, {1066, 500}, {1280, 620}}

// TestViewsFitEveryCanvas: every registered view of a page that has run
// the raw-socket flood and the ILA scenarios (and of one that has run
// nothing) lays out without a text reaching outside the canvas or lying
// on another, by the scene builder's own report.
func TestViewsFitEveryCanvas(t *testing.T) {
	// router-dies ends with its right lane showing the router, r
	for _, run := range []string{"", "raw-flood", "ila-flows", "rio-storm", "router-dies", "slaac-ages"} {
		s := readySim(t, 3000, 10)
		if run != "" {
			runToEnd(t, s, run)
		}
		for _, v := range app.ViewList {
			if v.ID == app.ViewPlot {
				continue // measured wall time: its own test (TestGCCostPlot)
			}
			for _, c := range canvases {
				t.Run(fmt.Sprintf("%s/%s/%gx%g", run, v.ID, c[0], c[1]), func(t *testing.T) {
					views := app.NewViews()
					views.Set(string(v.ID))
					b := scene.NewBuilder(c[0], c[1])
					var p scene.Page
					cam := &s.TheView().Cam
					if l := s.Lanes[0].Layout; l != nil {
						_, _, vw, vh := scene.LaneView(0, c[0], c[1])
						cam.SetViewport(float64(l.Slots), vw, vh)
					}
					p.BuildView(b, views, s, cam, c[0], c[1])
					if l := b.S.Layout(); l.Clipped+l.Overlaps > 0 {
						t.Errorf("clipped %d %q, overlaps %d %q", l.Clipped, l.ClippedTexts, l.Overlaps, l.OverlapTexts)
					}
				})
			}
		}
	}
}

// runToEnd plays scenario name in s at the top speed to its end, then
// pauses.
func runToEnd(t *testing.T, s *app.Sim, name string) {
	t.Helper()
	if err := s.LoadScenario(name); err != nil {
		t.Fatal(err)
	}
	s.SetSpeed(4096)
	s.Play()
	for i := 0; !s.ScenarioState().Done; i++ {
		if i > 20000 {
			t.Fatalf("%s not done in 20,000 frames", name)
		}
		s.Frame(time.Second / 60)
	}
	s.Pause()
}
