package game

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// batch collects filled rectangles and lines clipped to a rectangle and
// draws them with as few DrawTriangles calls as possible, reusing its
// buffers from frame to frame.
type batch struct {
	vs    []ebiten.Vertex
	is    []uint16
	white *ebiten.Image
	op    ebiten.DrawTrianglesOptions
	dst   *ebiten.Image
	// clip rectangle
	cx0, cy0, cx1, cy1 float32
}

// newBatch returns an empty batch with its 1x1 white source image.
func newBatch() *batch {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	b := &batch{white: img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)}
	b.op.ColorScaleMode = ebiten.ColorScaleModePremultipliedAlpha // scene colours are premultiplied
	return b
}

// begin starts drawing onto dst, clipped to the rectangle x0,y0 .. x1,y1.
func (b *batch) begin(dst *ebiten.Image, x0, y0, x1, y1 float32) {
	b.flush()
	b.dst = dst
	b.cx0, b.cy0, b.cx1, b.cy1 = x0, y0, x1, y1
}

// rect fills the rectangle at (x, y) of size w x h, clipped.
func (b *batch) rect(x, y, w, h float32, c color.RGBA) {
	x0, y0 := max(x, b.cx0), max(y, b.cy0)
	x1, y1 := min(x+w, b.cx1), min(y+h, b.cy1)
	if x0 >= x1 || y0 >= y1 {
		return
	}
	b.quad(x0, y0, x1, y0, x1, y1, x0, y1, c)
}

// frame strokes the outline of a rectangle with width lw.
func (b *batch) frame(x, y, w, h, lw float32, c color.RGBA) {
	b.rect(x, y, w, lw, c)
	b.rect(x, y+h-lw, w, lw, c)
	b.rect(x, y+lw, lw, h-2*lw, c)
	b.rect(x+w-lw, y+lw, lw, h-2*lw, c)
}

// line strokes a segment of width lw. Scene lines arrive clipped to
// their panel by scene.Builder; what falls off the screen the GPU clips.
func (b *batch) line(x0, y0, x1, y1, lw float32, c color.RGBA) {
	dx, dy := x1-x0, y1-y0
	n := float32(math.Hypot(float64(dx), float64(dy)))
	if n == 0 {
		return
	}
	nx, ny := -dy/n*lw/2, dx/n*lw/2
	b.quad(x0+nx, y0+ny, x1+nx, y1+ny, x1-nx, y1-ny, x0-nx, y0-ny, c)
}

// quad adds a four-cornered polygon.
func (b *batch) quad(x0, y0, x1, y1, x2, y2, x3, y3 float32, c color.RGBA) {
	if len(b.vs)+4 > ebiten.MaxVertexCount || len(b.is)+6 > ebiten.MaxIndicesCount {
		b.flush()
	}
	i := uint16(len(b.vs))
	r, g, bl, a := float32(c.R)/255, float32(c.G)/255, float32(c.B)/255, float32(c.A)/255
	for _, p := range [4][2]float32{{x0, y0}, {x1, y1}, {x2, y2}, {x3, y3}} {
		b.vs = append(b.vs, ebiten.Vertex{DstX: p[0], DstY: p[1], SrcX: 1.5, SrcY: 1.5,
			ColorR: r, ColorG: g, ColorB: bl, ColorA: a})
	}
	b.is = append(b.is, i, i+1, i+2, i, i+2, i+3)
}

// disc fills a circle of radius r at (x, y) as a 16-sided polygon, or
// strokes its outline with width lw when ring is set.
func (b *batch) disc(x, y, r, lw float32, ring bool, c color.RGBA) {
	const n = 16
	for k := range n {
		a0, a1 := 2*math.Pi*float64(k)/n, 2*math.Pi*float64(k+1)/n
		s0, c0 := math.Sincos(a0)
		s1, c1 := math.Sincos(a1)
		if ring {
			b.line(x+r*float32(c0), y+r*float32(s0), x+r*float32(c1), y+r*float32(s1), lw, c)
			continue
		}
		b.quad(x, y, x+r*float32(c0), y+r*float32(s0), x+r*float32(c1), y+r*float32(s1), x, y, c)
	}
}

// flush draws what was collected.
func (b *batch) flush() {
	if len(b.is) > 0 && b.dst != nil {
		b.dst.DrawTriangles(b.vs, b.is, b.white, &b.op)
	}
	b.vs, b.is = b.vs[:0], b.is[:0]
}
