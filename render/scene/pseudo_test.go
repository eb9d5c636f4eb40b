package scene

import (
	"reflect"
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
		if it.Kind == KindRect && it.Fill == Alpha(b.P.Cursor, 0.25) {
			lit++
		}
	}
	if lit != 1 {
		t.Fatalf("%d lines lit", lit)
	}
}

// TestPaletteIsCarriedByTheBuilder: two builders draw with their own
// palettes at the same time (presenter mode changes no global), every
// colour of the presenter's differs from the page's but the match mark.
func TestPaletteIsCarriedByTheBuilder(t *testing.T) {
	dark, bright := NewBuilder(200, 100), NewBuilder(200, 100)
	bright.P = PaletteFor(true)
	for _, b := range []*Builder{dark, bright} {
		b.Panel(0, 0, 200, 100, Header{Title: "t", Accent: b.P.Accents()[0]})
	}
	if got := dark.S.Items[0].Fill; got != Dark.Panel {
		t.Errorf("dark panel %v, want %v", got, Dark.Panel)
	}
	if got := bright.S.Items[0].Fill; got != Contrast.Panel || bright.S.Items[2].Fill != Contrast.Walk {
		t.Errorf("presenter panel %v accent %v, want %v %v", got, bright.S.Items[2].Fill, Contrast.Panel, Contrast.Walk)
	}
	d, c := reflect.ValueOf(Dark), reflect.ValueOf(Contrast)
	for i := range d.NumField() {
		if name := d.Type().Field(i).Name; name != "Match" && d.Field(i).Interface() == c.Field(i).Interface() {
			t.Errorf("%s is the same in both palettes", name)
		}
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

// TestPseudoPanelFitsItsView: a listing too long for the rows a short
// lane view has is cut to the window around the lit line, numbered as in
// the whole listing; one that fits is kept whole.
func TestPseudoPanelFitsItsView(t *testing.T) {
	lines := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}
	pv := app.PseudoView{Func: "fib6_clean_all", Lines: lines, Line: 8, Values: []string{"x = 1", "y = 2"}}
	got := fitPseudo(pv, 8) // 8 rows: the name, 2 values, 1 of margin, 4 lines
	if want := []string{"g", "h", "i", "j"}; !reflect.DeepEqual(got.Lines, want) || got.Line != 2 || got.First != 6 {
		t.Errorf("cut to lines %q, lit %d, first %d; want %q, 2, 6", got.Lines, got.Line, got.First, want)
	}
	b := NewBuilder(800, 600)
	Pseudo(b, 10, 10, 300, got)
	if texts := strings.Join(b.S.Texts(), "|"); !strings.Contains(texts, " 9  i") || strings.Contains(texts, " 1  a") {
		t.Errorf("texts %q, want the listing's own numbers", texts)
	}
	if whole := fitPseudo(pv, 14); !reflect.DeepEqual(whole, pv) {
		t.Errorf("a listing that fits was changed: %+v", whole)
	}
}
