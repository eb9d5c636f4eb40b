package scene

import (
	"strings"
	"testing"

	"fib6lab/wasm/app"
)

func TestPseudoPanelLightsItsLine(t *testing.T) {
	b := NewBuilder(800, 600)
	pv := app.PseudoView{Func: "fib6_node_lookup", Lines: []string{"a", "b", "c"}, Line: 1, Values: []string{"fn_bit = 48"}}
	Pseudo(b, 10, 10, 300, pv)
	texts := strings.Join(b.S.Texts(), "|")
	if !strings.Contains(texts, "fib6_node_lookup") || !strings.Contains(texts, " 2  b") || !strings.Contains(texts, "= fn_bit = 48") {
		t.Fatalf("texts %q", texts)
	}
	lit := 0
	for _, it := range b.S.Tagged("pseudo") {
		if it.Kind == KindRect && it.Fill == Alpha(ColCursor, 0.25) {
			lit++
		}
	}
	if lit != 1 {
		t.Fatalf("%d lines lit", lit)
	}
}

func TestHighContrastSwitchesBack(t *testing.T) {
	bg := ColBG
	HighContrast(true)
	if ColBG == bg || ColText != Hex(0xffffff) {
		t.Fatal("presenter palette not set")
	}
	HighContrast(false)
	if ColBG != bg {
		t.Fatal("palette not restored")
	}
	if len(contrastPalette) != len(paletteVars()) {
		t.Fatal("presenter palette incomplete")
	}
}

func TestTimelineMarksOperations(t *testing.T) {
	b := NewBuilder(800, 600)
	Timeline(b, 0, 0, 400, app.Timeline{Base: 0, Head: 100, Pos: 50, HZ: 250, Jiffies: 500,
		Marks: []app.OpMark{{At: 0}, {At: 40}, {At: 90}}, Dropped: 7})
	texts := strings.Join(b.S.Texts(), "|")
	if !strings.Contains(texts, "event 50 of 100") || !strings.Contains(texts, "t = 2.00 s") || !strings.Contains(texts, "7 older") {
		t.Fatalf("texts %q", texts)
	}
}
