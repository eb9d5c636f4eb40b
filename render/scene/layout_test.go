package scene

import (
	"fmt"
	"math"
	"testing"
)

// TestLayoutCountsClippedAndOverlappingTexts: a text that runs past the
// page's right edge is clipped, two texts set on each other overlap, and
// texts side by side or one under the other are neither.
func TestLayoutCountsClippedAndOverlappingTexts(t *testing.T) {
	b := NewBuilder(300, 100)
	b.Text(10, 10, "fits easily", Small, b.P.Text)
	b.Text(10, 30, "one line", Code, b.P.Text)
	b.Text(10, 45, "the next line", Code, b.P.Text) // 15 px lower: Code's line box is 14.4 px
	b.Text(200, 60, "a sentence far too long to fit in the 100 pixels left", Small, b.P.Text)
	b.Text(10, 80, "routes checked 160,163", Code, b.P.Text)
	b.Text(60, 82, "removed 10", Code, b.P.Text)
	l := b.S.Layout()
	if l.Clipped != 1 || len(l.ClippedTexts) != 1 || l.ClippedTexts[0] != "a sentence far too long to fit in the 100 pixels left" {
		t.Errorf("clipped %d %q, want the long sentence", l.Clipped, l.ClippedTexts)
	}
	if l.Overlaps != 1 || len(l.OverlapTexts) != 1 || l.OverlapTexts[0] != "routes checked 160,163 | removed 10" {
		t.Errorf("overlaps %d %q, want the two texts at y 80 and 82", l.Overlaps, l.OverlapTexts)
	}
}

// TestMeasureUsesTheGoFonts: Go Mono advances 1229/2048 em per character
// (72.01 px for 10 at 12 px, to the 1/64 px of the face's units); the
// proportional Go Regular sets "iii" narrower than "MMM".
func TestMeasureUsesTheGoFonts(t *testing.T) {
	if w := Measure("0123456789", Code); math.Abs(w-12*10*1229.0/2048) > 1.0/32 {
		t.Errorf("10 characters of 12 px Go Mono: %v px, want 72.01", w)
	}
	if Measure("iii", Small) >= Measure("MMM", Small) {
		t.Error("Go Regular: iii is not narrower than MMM")
	}
}

// TestMeasureKeepsWidths: a width measured again comes from widths and
// equals the font's; the styles of one face share nothing but their
// anchor, and widths never holds more than maxWidths.
func TestMeasureKeepsWidths(t *testing.T) {
	mid := Code
	mid.Anchor = AnchorMiddle
	if a, b := Measure("fib6_node", Code), Measure("fib6_node", mid); a != b || a != Measure("fib6_node", Code) {
		t.Fatalf("the same text measured %v, then %v", a, b)
	}
	bold := Small
	bold.Bold = true
	if Measure("garbage collector", bold) == Measure("garbage collector", Small) {
		t.Error("bold and regular Go Sans measured the same")
	}
	for i := range maxWidths + 10 {
		Measure(fmt.Sprint(i), Small)
	}
	widths.Lock()
	n := len(widths.m)
	widths.Unlock()
	if n > maxWidths || n == 0 {
		t.Fatalf("widths holds %d widths", n)
	}
	if w := Measure("0123456789", Code); math.Abs(w-12*10*1229.0/2048) > 1.0/32 {
		t.Errorf("after the clear: %v px, want 72.01", w)
	}
}

// TestHashChangesWithWhatIsDrawn: the same items hash the same; moving
// one by a pixel or changing a text changes the hash.
func TestHashChangesWithWhatIsDrawn(t *testing.T) {
	draw := func(x float64, s string) string {
		b := NewBuilder(100, 100)
		b.Rect(x, 0, 10, 10, b.P.Walk)
		b.Text(0, 20, s, Small, b.P.Text)
		return b.S.Hash()
	}
	a := draw(0, "a")
	if a != draw(0, "a") || a == draw(1, "a") || a == draw(0, "b") {
		t.Errorf("hashes: %s %s %s %s", a, draw(0, "a"), draw(1, "a"), draw(0, "b"))
	}
}
