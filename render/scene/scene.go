// Package scene is the one description of what fib6lab draws: a flat list
// of primitives (rectangles, lines, polylines, circles, text) in pixels,
// built by the panels (Trie, Panel, Legend, GCCostPlot) and drawn by two
// back ends: ebiten on the page every frame and tdewolff/canvas (package
// wasm/export) to SVG, PDF and PNG. It is plain Go: no ebiten, no
// syscall/js, so it builds and is tested natively.
package scene

import "image/color"

// Scene is a W x H pixel picture: Items are drawn in order, later ones on
// top, with y growing downwards.
type Scene struct {
	W, H  float64
	Items []Item
}

// Kind says which primitive an Item is.
type Kind uint8

// Primitive kinds.
const (
	KindRect     Kind = iota // box X0,Y0 .. X1,Y1, filled and/or stroked
	KindLine                 // segment X0,Y0 -> X1,Y1 of Width
	KindPolyline             // open path through Points, of Width
	KindCircle               // disc of radius R centred on X0,Y0, filled and/or stroked
	KindText                 // Text of Size anchored at X0 (per Anchor), top of its line at Y0
)

// Anchor is the horizontal alignment of text on its X0.
type Anchor uint8

// Text anchors.
const (
	AnchorStart  Anchor = iota // X0 is the left end
	AnchorMiddle               // X0 is the centre
	AnchorEnd                  // X0 is the right end
)

// Font is the typeface family of text. Both back ends use the Go fonts
// (golang.org/x/image/font/gofont), so that text measures the same.
type Font uint8

// Text families.
const (
	Sans Font = iota // Go Regular / Go Bold
	Mono             // Go Mono
)

// Point is a position in scene pixels.
type Point struct{ X, Y float64 }

// Item is one primitive. Which fields count depends on Kind (see the Kind
// constants); a zero colour (alpha 0) means "none": a rectangle with only
// Stroke is an outline. Colours are premultiplied (color.RGBA). Tag names
// what the item stands for (a series of a plot, a mark of the trie) for
// tests and back ends that keep it; it is not drawn.
type Item struct {
	Kind           Kind
	X0, Y0, X1, Y1 float64
	R              float64 // circle radius
	Width          float64 // stroke or line width
	Fill, Stroke   color.RGBA
	Points         []Point // polyline
	Text           string
	Size           float64 // text em size in pixels
	Font           Font
	Bold           bool
	Anchor         Anchor
	Tag            string
}

// Texts returns the strings of every text item, in drawing order.
func (s *Scene) Texts() []string {
	var out []string
	for i := range s.Items {
		if s.Items[i].Kind == KindText {
			out = append(out, s.Items[i].Text)
		}
	}
	return out
}

// Tagged returns the items whose Tag is tag.
func (s *Scene) Tagged(tag string) []Item {
	var out []Item
	for _, it := range s.Items {
		if it.Tag == tag {
			out = append(out, it)
		}
	}
	return out
}

// Hex returns the opaque colour 0xRRGGBB.
func Hex(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

// Alpha returns opaque colour c at opacity a (0..1), premultiplied.
func Alpha(c color.RGBA, a float64) color.RGBA {
	a = min(max(a, 0), 1)
	m := func(v uint8) uint8 { return uint8(float64(v)*a + 0.5) }
	return color.RGBA{m(c.R), m(c.G), m(c.B), uint8(255*a + 0.5)}
}
