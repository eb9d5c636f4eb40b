package scene

import "fib6lab/wasm/app"

// markPt is a node mark's place in view pixels (the node's centre).
type markPt struct{ x, y float32 }

// Room kept around a view for marks of nodes just outside it, in
// pixels: a mark is up to 7 px wide, and a legend slot at the view's left
// edge counts nodes whose label (60 px) reaches into it (hidden).
const (
	markMarginL = 80
	markMargin  = 16
)

// pixelSet is a set of whole pixels over a view and its margins, reset
// for each use; it keeps one mark per pixel, since marks drawn on the
// same pixel look like one.
type pixelSet struct {
	bits []uint64
	w, h int
}

// reset empties the set for a w x h view.
func (p *pixelSet) reset(w, h int) {
	p.w, p.h = w+markMarginL+markMargin, h+2*markMargin
	n := (p.w*p.h + 63) / 64
	if cap(p.bits) < n {
		p.bits = make([]uint64, n)
	}
	p.bits = p.bits[:n]
	clear(p.bits)
}

// add reports whether view pixel (x, y) is inside the view's margins and
// was not in the set, and adds it.
func (p *pixelSet) add(x, y float32) bool {
	c, r := int(x+markMarginL+0.5), int(y+markMargin+0.5)
	if x < -markMarginL || y < -markMargin || c >= p.w || r >= p.h {
		return false
	}
	i := r*p.w + c
	if p.bits[i/64]&(1<<(i%64)) != 0 {
		return false
	}
	p.bits[i/64] |= 1 << (i % 64)
	return true
}

// markPoints appends to out the view positions of view v's nodes ids that
// lie in the view or its margins, one per pixel: with 100,000 expiring
// routes the view draws and weighs a few thousand marks, not every one.
func (t *Trie) markPoints(v TrieView, ids []int32, out []markPt) []markPt {
	out = out[:0]
	t.seen.reset(int(v.Camera.W), int(v.Camera.H))
	for _, i := range ids {
		x, y := v.Layout.NodePos(v.Camera, i)
		if t.seen.add(x, y) {
			out = append(out, markPt{x, y})
		}
	}
	return out
}

// collectMarks fills t.expiring and t.removed with view v's marks
// (markPoints) of the nodes holding expiring routes and of those that
// lost a route. The expiring marks are kept while the layout (which
// never changes) and the camera stay the same: the legend's placement
// and the drawing of each frame read them.
func (t *Trie) collectMarks(v TrieView) {
	if key := (marksKey{v.Layout, *v.Camera}); key != t.expiringOf {
		t.expiring = t.markPoints(v, v.Layout.Expiring, t.expiring)
		t.expiringOf = key
	}
	t.removed = t.markPoints(v, v.Marks.Removed, t.removed)
}

// marksKey is what a view's expiring marks depend on.
type marksKey struct {
	lay *app.Layout
	cam app.Camera
}
