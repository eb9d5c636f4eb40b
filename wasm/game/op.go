package game

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"fib6lab/wasm/app"
)

// captionH is the height of the caption strip at the bottom of the canvas.
const captionH = 24

// Colours of console operations.
var (
	colOp      = hex(0x39c5cf) // descent path
	colCreated = hex(0x56d364)
	colMatch   = hex(0xffd33d)
)

// drawOp draws the console operation lane l shows: the descent path, the
// nodes created, freed, linked or unlinked and the node that answered a
// lookup, with its prefix.
func (g *Game) drawOp(screen *ebiten.Image, l *app.Lane, vx, vy, vw, vh float32) {
	op, lay := l.Op, l.Layout
	if op == nil || lay == nil {
		return
	}
	b := g.b
	pos := func(id uint32) (float32, float32, bool) {
		i := lay.Index(id)
		if i < 0 {
			return 0, 0, false
		}
		x, y := lay.NodePos(&g.cam, i)
		return vx + x, vy + y, true
	}
	b.begin(screen, vx, vy, vx+vw, vy+vh)
	px, py, prev := float32(0), float32(0), false
	for _, id := range op.Path {
		x, y, ok := pos(id)
		if ok && prev {
			b.line(px, py, x, y, 2.5, colOp)
		}
		if ok {
			b.rect(x-2.5, y-2.5, 5, 5, colOp)
		}
		px, py, prev = x, y, ok
	}
	for _, id := range op.Created {
		if x, y, ok := pos(id); ok {
			b.frame(x-8, y-8, 16, 16, 2, colCreated)
		}
	}
	cross := func(id uint32) {
		if x, y, ok := pos(id); ok && id != 0 {
			b.line(x-6, y-6, x+6, y+6, 2.5, colRemoved)
			b.line(x-6, y+6, x+6, y-6, 2.5, colRemoved)
		}
	}
	for _, id := range op.Freed {
		cross(id)
	}
	cross(op.Unlinked)
	if x, y, ok := pos(op.Linked); ok && op.Linked != 0 {
		b.rect(x-5, y-5, 10, 10, colCreated)
	}
	if x, y, ok := pos(op.Cursor); ok && op.Cursor != 0 && !op.Done {
		b.frame(x-7, y-7, 14, 14, 2, colCursor)
	}
	if x, y, ok := pos(op.Match); ok && op.Match != 0 {
		b.frame(x-9, y-9, 18, 18, 2.5, colMatch)
		b.frame(x-13, y-13, 26, 26, 1, colMatch.alpha(0.6))
		g.tag(screen, op.Prefix, x+16, y-7, colMatch)
	} else if x, y, ok := pos(op.Linked); ok && op.Linked != 0 && op.Prefix != "" {
		g.tag(screen, op.Prefix, x+12, y-7, colCreated)
	}
	b.flush()
}

// tag writes s at (x, y) in the mono face on a dark backing box.
func (g *Game) tag(screen *ebiten.Image, s string, x, y float32, c rgba) {
	w := float32(text.Advance(s, g.fonts.mono))
	g.b.rect(x-3, y-2, w+6, 17, colBG.alpha(0.9))
	g.b.frame(x-3, y-2, w+6, 17, 1, c.alpha(0.7))
	g.b.flush()
	g.fonts.draw(screen, g.fonts.mono, s, x, y, c)
}

// drawCaption draws the strip at the bottom of the canvas: the page's
// error when there is one, else what the console operation shown is doing.
func (g *Game) drawCaption(screen *ebiten.Image) {
	s := g.Sim
	y := float32(g.h - captionH)
	g.b.begin(screen, 0, y, float32(g.w), float32(g.h))
	msg, fg, bg := "", colText, colPanel
	switch {
	case s.Err != "":
		msg, fg, bg = "error: "+s.Err, colError, hex(0x3d1214)
	case s.Lanes[0].Op != nil:
		cols := max((g.w-2*gutter)/7, 10) // the mono face is 7 px wide
		msg = s.Lanes[0].Caption(cols)
	default:
		msg, fg = "type ip -6 route add / del / get in the console below: the operation is animated here, step by step", colDim
	}
	g.b.rect(0, y, float32(g.w), captionH, bg)
	g.b.rect(0, y, float32(g.w), 1, colBorder)
	g.b.flush()
	g.fonts.draw(screen, g.fonts.mono, msg, gutter, y+6, fg)
}
