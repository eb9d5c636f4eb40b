package scene

import (
	"image/color"

	"fib6lab/wasm/app"
)

// Colours of console operations.
var (
	ColOp      = Hex(0x39c5cf) // descent path
	ColCreated = Hex(0x56d364) // nodes created, route linked
	ColMatch   = Hex(0xffd33d) // the node that answered a lookup
)

// OpMarks draws the console operation op over trie view v: the descent
// path, the nodes created, freed, linked or unlinked and the node that
// answered a lookup, with its prefix. Nodes not in the layout are left
// out; nil op draws nothing.
func OpMarks(b *Builder, v TrieView, op *app.OpView) {
	if op == nil || v.Layout == nil {
		return
	}
	n := len(b.S.Items)
	pos := func(id uint32) (float64, float64, bool) {
		i := v.Layout.Index(id)
		if id == 0 || i < 0 {
			return 0, 0, false
		}
		x, y := v.Layout.NodePos(v.Camera, i)
		return v.X + float64(x), v.Y + float64(y), true
	}
	px, py, prev := 0.0, 0.0, false
	for _, id := range op.Path {
		x, y, ok := pos(id)
		if ok && prev {
			b.Line(px, py, x, y, 2.5, ColOp)
		}
		if ok {
			b.Rect(x-2.5, y-2.5, 5, 5, ColOp)
		}
		px, py, prev = x, y, ok
	}
	for _, id := range op.Created {
		if x, y, ok := pos(id); ok {
			b.Frame(x-8, y-8, 16, 16, 2, ColCreated)
		}
	}
	for _, id := range append(op.Freed[:len(op.Freed):len(op.Freed)], op.Unlinked) {
		if x, y, ok := pos(id); ok {
			cross(b, x, y, 6, 2.5, ColRemoved)
		}
	}
	if x, y, ok := pos(op.Linked); ok {
		b.Rect(x-5, y-5, 10, 10, ColCreated)
	}
	if x, y, ok := pos(op.Cursor); ok && !op.Done {
		b.Frame(x-7, y-7, 14, 14, 2, ColCursor)
	}
	if x, y, ok := pos(op.Match); ok {
		b.Frame(x-9, y-9, 18, 18, 2.5, ColMatch)
		b.Frame(x-13, y-13, 26, 26, 1, Alpha(ColMatch, 0.6))
		tag(b, op.Prefix, x+16, y-7, ColMatch)
	} else if x, y, ok := pos(op.Linked); ok && op.Prefix != "" {
		tag(b, op.Prefix, x+12, y-7, ColCreated)
	}
	b.Tag(n, "op")
}

// tag writes s at (x, y) in the Code style on a dark backing box framed
// in c.
func tag(b *Builder, s string, x, y float64, c color.RGBA) {
	w := codeWidth(s)
	b.Rect(x-3, y-2, w+6, 17, Alpha(ColBG, 0.9))
	b.Frame(x-3, y-2, w+6, 17, 1, Alpha(c, 0.7))
	b.Text(x, y, s, Code, c)
}
