package scene_test

import (
	"strings"
	"testing"

	"fib6lab/render/scene"
)

// TestTopologyStrip checks the strip a script with namespaces gets: init
// with the lanes showing it, the veth pair to r, r, the pair to isp,
// isp; the short form on a narrow canvas; none for the init namespace
// alone.
func TestTopologyStrip(t *testing.T) {
	s := readySim(t, 100, 0)
	strip := func(w float64) string {
		b := scene.NewBuilder(w, 600)
		scene.Caption(b, s)
		var texts []string
		for _, it := range b.S.Items {
			if it.Tag == "topology" && it.Text != "" {
				texts = append(texts, it.Text)
			}
		}
		return strings.Join(texts, " ")
	}
	if got := strip(1280); got != "" {
		t.Fatalf("strip without namespaces: %q", got)
	}
	runToEnd(t, s, "router-dies") // its right lane shows the router, r
	for w, want := range map[float64]string{
		1280: "netns init left ─wan═lan─ r right ─isp0═r0─ isp",
		500:  "netns init L ─═─ r R ─═─ isp",
	} {
		if got := strip(w); got != want {
			t.Errorf("%g px: %q, want %q", w, got, want)
		}
	}
}
