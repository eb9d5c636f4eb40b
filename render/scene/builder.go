package scene

import (
	"image/color"
	"math"
)

// TextStyle is how text is set: em size in pixels, family, weight and
// horizontal anchor.
type TextStyle struct {
	Size   float64
	Font   Font
	Bold   bool
	Anchor Anchor
}

// The page's text styles (the faces wasm/game loads).
var (
	Title = TextStyle{Size: 16, Bold: true} // panel titles
	Small = TextStyle{Size: 11}             // labels, legends, captions
	Code  = TextStyle{Size: 12, Font: Mono} // counters and the status line
)

// At returns st anchored at a.
func (st TextStyle) At(a Anchor) TextStyle { st.Anchor = a; return st }

// Builder appends items to a scene, clipping boxes and lines to the
// current clip rectangle the way the page clips each view. Reset reuses
// the item slice, so a builder can make a scene every frame without
// allocating once it has grown.
type Builder struct {
	S                  *Scene
	P                  Palette // the colours to draw with (Dark unless set)
	cx0, cy0, cx1, cy1 float64
}

// NewBuilder returns a builder of an empty w x h scene.
func NewBuilder(w, h float64) *Builder {
	b := &Builder{S: &Scene{}, P: Dark}
	b.Reset(w, h)
	return b
}

// Reset empties the scene (keeping its storage), sets its size and clips
// to the whole scene.
func (b *Builder) Reset(w, h float64) {
	b.S.W, b.S.H, b.S.Items = w, h, b.S.Items[:0]
	b.Clip(0, 0, w, h)
}

// Clip makes later boxes and lines clipped to the rectangle x0,y0 ..
// x1,y1 and later circles dropped when their centre is outside it.
// Polylines and text are not clipped: callers place them.
func (b *Builder) Clip(x0, y0, x1, y1 float64) {
	b.cx0, b.cy0, b.cx1, b.cy1 = x0, y0, x1, y1
}

// Rect fills the w x h rectangle at (x, y), clipped.
func (b *Builder) Rect(x, y, w, h float64, fill color.RGBA) {
	b.Box(x, y, w, h, fill, color.RGBA{}, 0)
}

// Frame strokes the outline of the w x h rectangle at (x, y) with width
// lw, the stroke lying inside the rectangle.
func (b *Builder) Frame(x, y, w, h, lw float64, stroke color.RGBA) {
	b.Box(x+lw/2, y+lw/2, w-lw, h-lw, color.RGBA{}, stroke, lw)
}

// Box adds the w x h rectangle at (x, y) filled with fill and stroked
// with stroke of width lw (centred on the edge), clipped; a zero colour
// leaves that part out.
func (b *Builder) Box(x, y, w, h float64, fill, stroke color.RGBA, lw float64) {
	x0, y0 := max(x, b.cx0), max(y, b.cy0)
	x1, y1 := min(x+w, b.cx1), min(y+h, b.cy1)
	if x0 >= x1 || y0 >= y1 || fill.A == 0 && stroke.A == 0 {
		return
	}
	b.add(Item{Kind: KindRect, X0: x0, Y0: y0, X1: x1, Y1: y1, Fill: fill, Stroke: stroke, Width: lw})
}

// Line adds the segment (x0, y0) -> (x1, y1) of width lw, clipped.
func (b *Builder) Line(x0, y0, x1, y1, lw float64, c color.RGBA) {
	x0, y0, x1, y1, ok := b.clipLine(x0, y0, x1, y1)
	if !ok || x0 == x1 && y0 == y1 || c.A == 0 {
		return
	}
	b.add(Item{Kind: KindLine, X0: x0, Y0: y0, X1: x1, Y1: y1, Width: lw, Stroke: c})
}

// Polyline adds an open path through pts of width lw (not clipped).
func (b *Builder) Polyline(pts []Point, lw float64, c color.RGBA) {
	if len(pts) < 2 || c.A == 0 {
		return
	}
	b.add(Item{Kind: KindPolyline, Points: pts, Width: lw, Stroke: c})
}

// Circle adds a circle of radius r at (x, y), filled and/or stroked with
// width lw; it is dropped when its centre is outside the clip rectangle.
func (b *Builder) Circle(x, y, r float64, fill, stroke color.RGBA, lw float64) {
	if x < b.cx0 || x > b.cx1 || y < b.cy0 || y > b.cy1 {
		return
	}
	b.add(Item{Kind: KindCircle, X0: x, Y0: y, R: r, Fill: fill, Stroke: stroke, Width: lw})
}

// Dot adds a filled circle of radius r at (x, y).
func (b *Builder) Dot(x, y, r float64, c color.RGBA) {
	b.Circle(x, y, r, c, color.RGBA{}, 0)
}

// Text writes s in style st and colour c, anchored at x (see Anchor) with
// the top of its line at y.
func (b *Builder) Text(x, y float64, s string, st TextStyle, c color.RGBA) {
	if s == "" {
		return
	}
	b.add(Item{Kind: KindText, X0: x, Y0: y, Text: s, Size: st.Size, Font: st.Font, Bold: st.Bold, Anchor: st.Anchor, Fill: c})
}

// Tag sets the Tag of the items added since the scene had n items: a
// caller notes len(b.S.Items), draws, then tags what it drew.
func (b *Builder) Tag(n int, tag string) {
	for i := n; i < len(b.S.Items); i++ {
		b.S.Items[i].Tag = tag
	}
}

func (b *Builder) add(it Item) { b.S.Items = append(b.S.Items, it) }

// clipLine clips a segment to the clip rectangle (Liang-Barsky).
func (b *Builder) clipLine(x0, y0, x1, y1 float64) (float64, float64, float64, float64, bool) {
	t0, t1 := 0.0, 1.0
	dx, dy := x1-x0, y1-y0
	for _, pq := range [4][2]float64{{-dx, x0 - b.cx0}, {dx, b.cx1 - x0}, {-dy, y0 - b.cy0}, {dy, b.cy1 - y0}} {
		p, q := pq[0], pq[1]
		if p == 0 {
			if q < 0 {
				return 0, 0, 0, 0, false
			}
			continue
		}
		r := q / p
		if p < 0 {
			t0 = math.Max(t0, r)
		} else {
			t1 = math.Min(t1, r)
		}
		if t0 > t1 {
			return 0, 0, 0, 0, false
		}
	}
	return x0 + t0*dx, y0 + t0*dy, x0 + t1*dx, y0 + t1*dy, true
}
