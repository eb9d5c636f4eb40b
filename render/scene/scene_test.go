package scene_test

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"testing"

	"fib6lab/engine/fib6"
	"fib6lab/engine/iproute2"
	"fib6lab/engine/netns"
	"fib6lab/render/scene"
	"fib6lab/wasm/app"
)

// smallScript adds four routes to table main of a fresh namespace.
const smallScript = `ip link add va type veth peer name vb
ip link set va up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
ip -6 route add 2001:db8:10::/48 via 2001:db8:1::2
ip -6 route add 2001:db8:10:1::/64 via 2001:db8:1::2
ip -6 route add 2001:db8:11::/48 dev va
ip -6 route add 2001:db8:10::7 via 2001:db8:1::3 metric 5 expires 30
`

// smallPrefixes are the prefixes smallScript adds.
var smallPrefixes = []string{"2001:db8:10::/48", "2001:db8:10:1::/64", "2001:db8:11::/48", "2001:db8:10::7/128"}

// smallLayout runs smallScript and lays out table main.
func smallLayout(t *testing.T) *app.Layout {
	t.Helper()
	ns := netns.New(0)
	if rc := iproute2.NewShell(ns).RunScript(strings.NewReader(smallScript), io.Discard); rc != 0 {
		t.Fatalf("script status %d", rc)
	}
	return app.BuildLayout(ns.FIB.Table(fib6.RT_TABLE_MAIN))
}

func TestTableSceneNamesVisiblePrefixes(t *testing.T) {
	lay := smallLayout(t)
	hd := scene.Header{Title: "table main", Accent: scene.Dark.List, Lines: []string{"routes 4"}}
	s := scene.TableScene(lay, hd, scene.NoMarks(), 1600, 1000)
	texts := s.Texts()
	for _, p := range smallPrefixes {
		if !slices.Contains(texts, p) {
			t.Errorf("no label %q in %q", p, texts)
		}
	}
	for _, want := range []string{"/0", "/64", "/128", "table main", "routes 4", "node with a route that can expire"} {
		if !slices.Contains(texts, want) {
			t.Errorf("no text %q", want)
		}
	}
	if n := len(s.Tagged("expiring")); n != 1 {
		t.Errorf("%d expiring marks, want 1", n)
	}
	for _, it := range s.Items {
		if it.Kind == scene.KindRect && (it.X0 < 0 || it.Y0 < 0 || it.X1 > s.W || it.Y1 > s.H) {
			t.Fatalf("rect outside the scene: %+v", it)
		}
	}
}

func TestTrieMarksAndClipping(t *testing.T) {
	lay := smallLayout(t)
	var cam app.Camera
	cam.SetViewport(float64(lay.Slots), 400, 300)
	cam.Zoom(8, 1, 0, 0) // the right part of the trie leaves the view
	b := scene.NewBuilder(500, 400)
	cur := lay.Expiring[0]
	var tr scene.Trie
	tr.Draw(b, scene.TrieView{Layout: lay, Camera: &cam, X: 50, Y: 50,
		Marks: scene.Marks{Current: cur, Sweep: 1, Removed: []int32{cur}, Walker: true}})
	for _, tag := range []string{"cursor", "removed", "sweep", "walker", "edge", "node"} {
		if len(b.S.Tagged(tag)) == 0 {
			t.Errorf("no %s items", tag)
		}
	}
	for _, it := range b.S.Items {
		if it.Tag == "axis" || it.Kind == scene.KindText {
			continue
		}
		if it.X0 < 49 || it.X1 > 451 || it.Y0 < 49 || it.Y1 > 351 {
			t.Fatalf("%s item leaves the view: %+v", it.Tag, it)
		}
	}
}

func TestGCCostPlot(t *testing.T) {
	pts := []scene.CostPoint{
		{Routes: 1000, Nanos: [2]float64{20e3, 150}},
		{Routes: 9000, Nanos: [2]float64{160e3, 150}},
		{Routes: 160147, Nanos: [2]float64{4.2e6, 900}},
	}
	for _, logY := range []bool{false, true} {
		s := scene.GCCostPlot(pts, scene.PlotOptions{LogY: logY})
		for tag, n := range map[string]int{"trie-walk": 3, "gc-list": 3, "kernel-before": 4, "kernel-after": 2} {
			if got := count(s.Tagged(tag), scene.KindCircle); got != n {
				t.Errorf("logY %v: %s has %d points, want %d", logY, tag, got, n)
			}
			if count(s.Tagged(tag), scene.KindPolyline) != 1 {
				t.Errorf("logY %v: %s has no line", logY, tag)
			}
		}
		texts := s.Texts()
		for _, want := range []string{"120.0 µs", "308.9 µs", "581.5 µs", "855.3 µs", "14.0 µs", "4.20 ms", "1k", "100k"} {
			if !slices.Contains(texts, want) {
				t.Errorf("logY %v: no text %q in %q", logY, want, texts)
			}
		}
		// more time is higher up: kernel-before rises left to right
		var ys []float64
		for _, it := range s.Tagged("kernel-before") {
			if it.Kind == scene.KindCircle {
				ys = append(ys, it.Y0)
			}
		}
		if !slices.IsSortedFunc(ys, func(a, b float64) int { return int(b - a) }) {
			t.Errorf("logY %v: kernel-before heights %v do not rise", logY, ys)
		}
	}
}

func count(items []scene.Item, k scene.Kind) int {
	n := 0
	for _, it := range items {
		if it.Kind == k {
			n++
		}
	}
	return n
}

func TestFormatMicros(t *testing.T) {
	for ns, want := range map[float64]string{250: "0.25 µs", 14000: "14.0 µs", 855310: "855.3 µs", 4.2e6: "4.20 ms", 1.5e7: "15.0 ms"} {
		if got := scene.FormatMicros(ns); got != want {
			t.Errorf("FormatMicros(%g) = %q, want %q", ns, got, want)
		}
	}
}

// TestGCCostPlotCrowdedLabels: the points of a page's full measurement,
// at the size presenter mode leaves the plot on a 1280x720 screen, get
// their value labels without one text running over another.
func TestGCCostPlotCrowdedLabels(t *testing.T) {
	pts := []scene.CostPoint{
		{Routes: 1000, Nanos: [2]float64{100e3, 1850}},
		{Routes: 3000, Nanos: [2]float64{230e3, 1010}},
		{Routes: 6000, Nanos: [2]float64{440e3, 918}},
		{Routes: 9000, Nanos: [2]float64{666.7e3, 886}},
		{Routes: 160147, Nanos: [2]float64{12.3e6, 1620}},
	}
	for _, size := range [][2]float64{{1049, 445}, {1280, 475}, {960, 600}} {
		s := scene.GCCostPlot(pts, scene.PlotOptions{LogY: true, W: size[0], H: size[1]})
		if l := s.Layout(); l.Overlaps != 0 || l.Clipped != 0 {
			t.Errorf("%vx%v: %d overlaps %q, %d clipped %q", size[0], size[1], l.Overlaps, l.OverlapTexts, l.Clipped, l.ClippedTexts)
		}
	}
}

// TestGCCostPlotLabelsInsideTheFrame: the value labels of the points
// nearest the plot's sides (the kernel's 9,000-route figure when the page
// has measured only the first size; a full-table pass at the top of the
// scale, whose label went above the frame into the plot's status line)
// stay inside the frame.
func TestGCCostPlotLabelsInsideTheFrame(t *testing.T) {
	first := []scene.CostPoint{{Routes: 1000, Nanos: [2]float64{34.5e3, 1920}}}
	full := []scene.CostPoint{{Routes: 1000, Nanos: [2]float64{31.3e3, 759}}, {Routes: 3000, Nanos: [2]float64{95.2e3, 658}},
		{Routes: 6000, Nanos: [2]float64{175e3, 704}}, {Routes: 9000, Nanos: [2]float64{275e3, 631}},
		{Routes: 160147, Nanos: [2]float64{5.7e6, 780}}} // a page's, 2026-12-02
	for _, pts := range [][]scene.CostPoint{first, full} {
		for _, size := range [][2]float64{{1280, 475}, {1049, 445}, {1600, 600}, {960, 600}} {
			s := scene.GCCostPlot(pts, scene.PlotOptions{LogY: true, W: size[0], H: size[1]})
			x0, x1, y0, y1 := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
			for _, it := range s.Tagged("axes") {
				if it.Kind == scene.KindRect && it.Y1-it.Y0 == 1 { // a horizontal grid line spans the frame
					x0, x1, y0, y1 = min(x0, it.X0), max(x1, it.X1), min(y0, it.Y0), max(y1, it.Y0)
				}
			}
			for _, tag := range []string{"trie-walk", "gc-list", "kernel-before", "kernel-after"} {
				for _, it := range s.Tagged(tag) {
					w := scene.Measure(it.Text, scene.Small)
					if it.Kind == scene.KindText && (it.X0 < x0 || it.X0+w > x1 || it.Y0 < y0 || it.Y0 > y1) {
						t.Errorf("%vx%v: label %q at (%.0f..%.0f, %.0f), outside the frame %.0f..%.0f x %.0f..%.0f", size[0], size[1],
							it.Text, it.X0, it.X0+w, it.Y0, x0, x1, y0, y1)
					}
				}
			}
		}
	}
}

// TestExpiringMarksOnePerPixel checks that a view draws one expiring
// mark per pixel, and none for nodes far outside it: 3,000 expiring
// routes in one /64 crowd a 400 x 300 view.
func TestExpiringMarksOnePerPixel(t *testing.T) {
	ns := netns.New(0)
	var sb strings.Builder
	sb.WriteString(smallScript)
	for i := 1; i <= 3000; i++ {
		fmt.Fprintf(&sb, "ip -6 route add 2001:db8:20::%x dev va expires 30\n", i)
	}
	if rc := iproute2.NewShell(ns).RunScript(strings.NewReader(sb.String()), io.Discard); rc != 0 {
		t.Fatalf("script status %d", rc)
	}
	lay := app.BuildLayout(ns.FIB.Table(fib6.RT_TABLE_MAIN))
	if len(lay.Expiring) != 3001 {
		t.Fatalf("%d expiring nodes, want 3001", len(lay.Expiring))
	}
	for _, zoom := range []float64{1, 40} {
		var cam app.Camera
		cam.SetViewport(float64(lay.Slots), 400, 300)
		cam.Zoom(zoom, 1, 0, 0)
		px := map[[2]int]bool{}
		for _, i := range lay.Expiring {
			x, y := lay.NodePos(&cam, i)
			if x > -3.5 && y > -3.5 && x < 403.5 && y < 303.5 { // the mark shows
				px[[2]int{int(x + 80.5), int(y + 16.5)}] = true
			}
		}
		b := scene.NewBuilder(500, 400)
		var tr scene.Trie
		tr.Draw(b, scene.TrieView{Layout: lay, Camera: &cam, X: 50, Y: 50, Marks: scene.NoMarks()})
		got := len(b.S.Tagged("expiring"))
		if got != len(px) || got == 0 || got >= 3001 {
			t.Errorf("zoom %v: %d expiring marks, want %d (one per pixel of 3001 nodes)", zoom, got, len(px))
		}
	}
}
