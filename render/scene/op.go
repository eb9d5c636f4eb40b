package scene

import (
	"fmt"
	"image/color"

	"fib6lab/wasm/app"
)

// Colours of console operations: everything a command did is cyan, so

// opMarks draws the console operation of v's marks over trie view v: the
// descent path, the nodes created, freed, linked or unlinked and the node
// that answered a lookup, with its prefix in a tag inside the view. It
// claims the frames and the tag in the label grid, so that labels drawn
// afterwards leave them readable. Nodes not in the layout are left out;
// no operation draws nothing.
func (t *Trie) opMarks(b *Builder, v TrieView) {
	op := v.Marks.Op
	if op == nil {
		return
	}
	n := len(b.S.Items)
	pos := func(id uint32) (float64, float64, bool) {
		i := v.Layout.Index(id)
		if id == 0 || i < 0 {
			return 0, 0, false
		}
		x, y := v.Layout.NodePos(v.Camera, i)
		return float64(x), float64(y), true
	}
	// frame draws a w-wide square frame centred on node id and keeps
	// labels off it
	frame := func(id uint32, w, lw float64, c color.RGBA) (float64, float64, bool) {
		x, y, ok := pos(id)
		if ok {
			b.Frame(v.X+x-w/2, v.Y+y-w/2, w, w, lw, c)
			t.grid.fill(x-w/2, y-w/2, w, w)
		}
		return x, y, ok
	}
	px, py, prev := 0.0, 0.0, false
	for _, id := range op.Path {
		x, y, ok := pos(id)
		if ok && prev {
			b.Line(v.X+px, v.Y+py, v.X+x, v.Y+y, 2.5, b.P.Op)
		}
		if ok {
			b.Rect(v.X+x-2.5, v.Y+y-2.5, 5, 5, b.P.Op)
			t.grid.fill(x-2.5, y-2.5, 5, 5)
		}
		px, py, prev = x, y, ok
	}
	for _, id := range op.Created {
		frame(id, 16, 1.5, b.P.Op)
	}
	for i, id := range op.Changed { // routes an MTU change reached
		if x, y, ok := frame(id, 12, 3, b.P.Op); ok && i == 0 {
			t.tag(b, v, fmt.Sprintf("mtu %d", op.MTU), x, y, 12, b.P.Op)
		}
	}
	for _, id := range append(op.Freed[:len(op.Freed):len(op.Freed)], op.Unlinked) {
		if x, y, ok := pos(id); ok {
			cross(b, v.X+x, v.Y+y, 6, 2.5, b.P.Removed)
		}
	}
	lx, ly, linked := frame(op.Linked, 12, 3, b.P.Op)
	if !op.Done {
		frame(op.Cursor, 14, 2, b.P.Cursor)
	}
	if x, y, ok := frame(op.Match, 18, 2.5, b.P.Match); ok {
		frame(op.Match, 26, 1, Alpha(b.P.Match, 0.6))
		t.tag(b, v, op.Prefix, x, y, matchGap, b.P.Match)
	} else if linked && op.Prefix != "" {
		t.tag(b, v, op.Prefix, lx, ly, linkedGap, b.P.Op)
	}
	b.Tag(n, "op")
}

// tag writes s in the Code style on a dark backing box framed in c, at
// gap pixels right of view point (x, y), or left of it when it would
// leave the view there, and inside the view vertically (tagBox); it
// claims the box in the label grid.
func (t *Trie) tag(b *Builder, v TrieView, s string, x, y, gap float64, c color.RGBA) {
	r := tagBox(s, x, y, gap, v.Camera.W, v.Camera.H)
	t.grid.fill(r.X, r.Y, r.W, r.H)
	b.Rect(v.X+r.X, v.Y+r.Y, r.W, r.H, Alpha(b.P.BG, 0.9))
	b.Frame(v.X+r.X, v.Y+r.Y, r.W, r.H, 1, Alpha(c, 0.7))
	b.Text(v.X+r.X+3, v.Y+r.Y+2, s, Code, c)
}

// Gaps, in pixels, between a node and the tag of the operation's answer
// (matchGap) or of the node it linked a route on (linkedGap).
const (
	matchGap  = 16
	linkedGap = 12
)

// tagBox returns the box, in view pixels, of a tag of s beside view
// point (x, y) of a vw x vh view: gap pixels right of it, or left of it
// when it would leave the view there, and inside the view vertically.
func tagBox(s string, x, y, gap, vw, vh float64) Rect {
	w := Measure(s, Code)
	tx := x + gap
	if tx+w+3 > vw {
		tx = max(x-gap-w, 3)
	}
	ty := app.Clamp(y-7, 2, vh-15)
	return Rect{X: tx - 3, Y: ty - 2, W: w + 6, H: 17}
}
