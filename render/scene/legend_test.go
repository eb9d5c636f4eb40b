package scene_test

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"

	"fib6lab/data"
	"fib6lab/render/scene"
	"fib6lab/wasm/app"
)

// readySim returns a page simulation over the first n prefixes of the
// shipped table with demo expiring routes, loaded and paused.
func readySim(t *testing.T, n, demo int) *app.Sim {
	t.Helper()
	ps, err := data.FullTable()
	if err != nil {
		t.Fatal(err)
	}
	o := app.DefaultOptions()
	o.Prefixes, o.DemoRoutes = ps[:min(n, len(ps))], demo
	s := app.NewSim(o)
	for i := 0; !s.Ready() || s.Lanes[0].Layout == nil; i++ {
		if i > 200 {
			t.Fatal("not loaded in 200 frames")
		}
		s.Frame(time.Second / 60)
	}
	s.Pause()
	return s
}

// showAll plays s until everything queued is shown, then pauses.
func showAll(t *testing.T, s *app.Sim) {
	t.Helper()
	s.Play()
	for i := 0; s.Pending() > 0; i++ {
		if i > 1000 {
			t.Fatal("not shown in 1,000 frames")
		}
		s.Frame(time.Second / 60)
	}
	s.Pause()
}

// pageScene builds the GC page of s at w x h with p, the camera fitted.
func pageScene(p *scene.Page, s *app.Sim, w, h float64) *scene.Scene {
	b := scene.NewBuilder(w, h)
	cam := &s.TheView().Cam
	_, _, vw, vh := scene.LaneView(0, w, h)
	cam.SetViewport(float64(s.Lanes[0].Layout.Slots), vw, vh)
	p.Build(b, s, cam, w, h)
	return b.S
}

// trieTags returns the tags of what Trie.Draw draws of lane l through a
// fitted w x h camera.
func trieTags(l *app.Lane, w, h float64) []string {
	var cam app.Camera
	cam.SetViewport(float64(l.Layout.Slots), w, h)
	b := scene.NewBuilder(w+100, h+100)
	var tr scene.Trie
	tr.Draw(b, scene.TrieView{Layout: l.Layout, Camera: &cam, X: 50, Y: 50, Marks: scene.LaneMarks(l)})
	var tags []string
	for _, it := range b.S.Items {
		if !slices.Contains(tags, it.Tag) {
			tags = append(tags, it.Tag)
		}
	}
	return tags
}

func TestLegendExplainsEveryMark(t *testing.T) {
	s := readySim(t, 20_000, 10)
	drawn := trieTags(s.Lanes[0], 1200, 500) // nodes, summaries, labels, expiring routes
	s.Exec("sleep 6")                        // the demo routes expire
	s.RunGC()
	for i := 0; len(s.Lanes[0].Removed) == 0; i++ { // the trie walk, up to a removal
		if i > 100_000 {
			t.Fatal("no route removed in 100,000 steps")
		}
		s.Step()
	}
	drawn = append(drawn, trieTags(s.Lanes[0], 1200, 500)...)
	showAll(t, s)
	s.Exec("ip -6 route add 2001:db8:1::/64 via 2001:db8::2 dev eth0")
	s.Exec("ip -6 route get 2001:db8:1::1")
	showAll(t, s)
	drawn = append(drawn, trieTags(s.Lanes[0], 1200, 500)...)
	for _, want := range []string{"axis", "node", "label", "summary", "expiring", "removed", "cursor", "sweep", "walker", "op"} {
		if !slices.Contains(drawn, want) {
			t.Errorf("no %s drawn: the test does not see every mark (drawn %v)", want, drawn)
		}
	}
	for _, tag := range drawn {
		explained := tag == "edge" || tag == "border" // lines from a node to its parent, the view's outline
		for _, e := range scene.LegendEntries {
			explained = explained || slices.Contains(e.Tags, tag)
		}
		if !explained {
			t.Errorf("%s is drawn on the trie and the legend does not explain it", tag)
		}
	}
}

// smallFace measures text as the page's Small style sets it (Go Regular
// at 11 px).
func smallFace(t *testing.T) font.Face {
	t.Helper()
	f, err := opentype.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: scene.Small.Size, DPI: 72})
	if err != nil {
		t.Fatal(err)
	}
	return face
}

// box is the rectangle a text item covers, measured with face for the
// Small style and as 0.6 em a character for Code (Go Mono).
func box(face font.Face, it scene.Item) scene.Rect {
	w := float64(font.MeasureString(face, it.Text)) / 64
	if it.Font == scene.Mono {
		w = 0.6 * it.Size * float64(len([]rune(it.Text)))
	}
	x := it.X0
	switch it.Anchor {
	case scene.AnchorMiddle:
		x -= w / 2
	case scene.AnchorEnd:
		x -= w
	}
	return scene.Rect{X: x, Y: it.Y0, W: w, H: it.Size}
}

func overlap(a, b scene.Rect) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

func TestTrieLabelsNeverOverlap(t *testing.T) {
	face := smallFace(t)
	s := readySim(t, 200_000, 10)
	s.Exec("ip -6 route add 2001:db8:1::/64 via 2001:db8::2 dev eth0")
	showAll(t, s)
	for _, size := range [][2]float64{{1600, 900}, {1280, 720}, {1024, 500}} {
		w, h := size[0], size[1]
		var texts []scene.Item
		labels := 0
		for _, it := range pageScene(&scene.Page{}, s, w, h).Items {
			if it.Kind != scene.KindText || it.Tag != "label" && it.Tag != "op" && it.Tag != "legend" {
				continue
			}
			texts = append(texts, it)
			if it.Tag == "label" {
				labels++
				if x, y, vw, vh := viewOf(w, h, it); !inside(box(face, it), scene.Rect{X: x, Y: y, W: vw, H: vh}) {
					t.Errorf("%vx%v: label %q at %v,%v leaves its view", w, h, it.Text, it.X0, it.Y0)
				}
			}
		}
		if labels < 20 {
			t.Errorf("%vx%v: only %d labels drawn", w, h, labels)
		}
		for i, a := range texts {
			for _, c := range texts[i+1:] {
				if (a.Tag == "label" || c.Tag == "label") && overlap(box(face, a), box(face, c)) {
					t.Errorf("%vx%v: %s %q at %.0f,%.0f overlaps %s %q at %.0f,%.0f", w, h, a.Tag, a.Text, a.X0, a.Y0, c.Tag, c.Text, c.X0, c.Y0)
				}
			}
		}
	}
}

// viewOf returns the trie view of the page that holds text item it.
func viewOf(w, h float64, it scene.Item) (x, y, vw, vh float64) {
	x, y, vw, vh = scene.LaneView(1, w, h)
	if it.X0 < x {
		return scene.LaneView(0, w, h)
	}
	return x, y, vw, vh
}

// inside reports whether a lies within b.
func inside(a, b scene.Rect) bool {
	return a.X >= b.X && a.Y >= b.Y && a.X+a.W <= b.X+b.W && a.Y+a.H <= b.Y+b.H
}

func TestCountLabelsCentredUnderTheirSubtree(t *testing.T) {
	face := smallFace(t)
	s := readySim(t, 20_000, 0)
	l := s.Lanes[0]
	var cam app.Camera
	cam.SetViewport(float64(l.Layout.Slots), 1000, 400)
	b := scene.NewBuilder(1100, 500)
	var tr scene.Trie
	tr.Draw(b, scene.TrieView{Layout: l.Layout, Camera: &cam, X: 50, Y: 50, Marks: scene.NoMarks()})
	var bars []scene.Item
	for _, it := range b.S.Items {
		if it.Tag == "summary" && it.Kind == scene.KindRect && it.Y1-it.Y0 > 2 {
			bars = append(bars, it)
		}
	}
	checked := 0
	for _, it := range b.S.Items {
		if it.Tag != "label" || it.Kind != scene.KindText || strings.Contains(it.Text, "/") {
			continue
		}
		r := box(face, it)
		mid, best := r.X+r.W/2, math.Inf(1)
		for _, bar := range bars { // the nearest bar ending just above it
			if c := (bar.X0 + bar.X1) / 2; r.Y >= bar.Y1 && r.Y <= bar.Y1+4 && math.Abs(mid-c) < math.Abs(mid-best) {
				best = c
			}
		}
		if math.Abs(mid-best) > 1.5 {
			t.Errorf("count %q centred at %.1f, the nearest bar above at %.1f", it.Text, mid, best)
		}
		checked++
	}
	if checked < 10 {
		t.Fatalf("only %d count labels found under their bars", checked)
	}
}

func TestAddedPermanentRouteIsNotMarkedExpiring(t *testing.T) {
	s := readySim(t, 2000, 0)
	s.Exec("ip -6 route add 2001:db8:1::/64 via 2001:db8::2 dev eth0")
	showAll(t, s)
	var p scene.Page
	sc := pageScene(&p, s, 1600, 900)
	if len(sc.Tagged("op")) == 0 {
		t.Fatal("the add is not drawn")
	}
	for _, it := range sc.Items {
		if it.Tag != "legend" && (it.Fill == scene.Dark.Expiring || it.Stroke == scene.Dark.Expiring) {
			t.Errorf("%s item in the expiring routes' colour: %+v", it.Tag, it)
		}
	}
	s.Exec("ip -6 route add 2001:db8:2::/64 via 2001:db8::2 dev eth0 expires 60")
	showAll(t, s)
	if n := len(pageScene(&p, s, 1600, 900).Tagged("expiring")); n != 2 { // one per lane
		t.Errorf("%d expiring marks after adding a route that expires, want 2", n)
	}
}

func TestLegendKeepsOffTheStudentsRoute(t *testing.T) {
	s := readySim(t, 20_000, 10)
	s.Exec("ip -6 route add 2001:db8:1::/64 via 2001:db8::2 dev eth0")
	showAll(t, s)
	var p scene.Page
	for _, size := range [][2]float64{{1600, 660}, {1280, 372}, {1024, 500}, {1920, 800}} {
		w, h := size[0], size[1]
		sc := pageScene(&p, s, w, h)
		var panels []scene.Rect
		for _, it := range sc.Tagged("legend") {
			if it.Kind == scene.KindRect && it.Stroke == scene.Dark.Border { // the panel's box
				panels = append(panels, scene.Rect{X: it.X0, Y: it.Y0, W: it.X1 - it.X0, H: it.Y1 - it.Y0})
			}
		}
		if w >= 1600 && len(panels) != 2 {
			t.Errorf("%vx%v: %d legend panels, want one per lane", w, h, len(panels))
		}
		for _, it := range sc.Tagged("op") {
			r := scene.Rect{X: min(it.X0, it.X1), Y: min(it.Y0, it.Y1), W: max(it.X1-it.X0, 1), H: max(it.Y1-it.Y0, 1)}
			if it.Kind == scene.KindText {
				r = scene.Rect{X: it.X0, Y: it.Y0, W: 0.6 * it.Size * float64(len(it.Text)), H: it.Size}
			}
			for _, pr := range panels {
				if it.Kind != scene.KindLine && overlap(r, pr) {
					t.Errorf("%vx%v: the legend at %+v hides the command's %v at %+v", w, h, pr, it.Kind, r)
				}
			}
		}
	}
}

// TestLegendKeepsOffTheRoot: where the lanes leave room elsewhere, the
// legend does not hide the root, whose label ::/0 is drawn in each lane.
func TestLegendKeepsOffTheRoot(t *testing.T) {
	s := readySim(t, 20_000, 10)
	showAll(t, s)
	var p scene.Page
	for _, size := range [][2]float64{{1600, 660}, {1920, 800}} {
		sc := pageScene(&p, s, size[0], size[1])
		roots := 0
		for _, it := range sc.Items {
			if it.Kind == scene.KindText && it.Text == "::/0" {
				roots++
			}
		}
		if roots != 2 {
			t.Errorf("%vx%v: the root's label is drawn in %d lanes, want 2", size[0], size[1], roots)
		}
	}
}

// TestHeaderNamesTheStrategyShown switches the left lane to a release
// with the GC list after its first trie-walk pass was shown: the header
// names the new release and strategy, and its counters say they are the
// trie walk's, which the picture still shows until the next pass.
func TestHeaderNamesTheStrategyShown(t *testing.T) {
	s := readySim(t, 2000, 10)
	s.RunGC()
	showAll(t, s)
	s.Exec("left: kernel 6.6")
	l := s.Lanes[0]
	hd := scene.LaneHeader(&scene.Dark, l, app.HeadlineState{}, 1600)
	if hd.Title != "6.6 · GC list" || !strings.HasPrefix(hd.Lines[1], "last pass (trie walk): nodes visited ") {
		t.Fatalf("title %q, counters %q", hd.Title, hd.Lines[1])
	}
	s.RunGC()
	showAll(t, s)
	if hd = scene.LaneHeader(&scene.Dark, l, app.HeadlineState{}, 1600); !strings.HasPrefix(hd.Lines[1], "last pass: nodes visited ") {
		t.Fatalf("after a GC-list pass, counters %q", hd.Lines[1])
	}
}
