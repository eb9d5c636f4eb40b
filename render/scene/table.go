package scene

import "fib6lab/wasm/app"

// TableScene returns a w x h picture of one table: a panel with header
// hd over the whole trie of lay fit to the view (with the page's level of
// detail), highlighting m, and the legend where it hides the least.
func TableScene(lay *app.Layout, hd Header, m Marks, w, h float64) *Scene {
	b := NewBuilder(w, h)
	b.Rect(0, 0, w, h, b.P.BG)
	bx, by, bw, bh := b.Panel(Gutter/2, Gutter/2, w-Gutter, h-Gutter, hd)
	var cam app.Camera
	vw, vh := bw-AxisW-Gutter, bh-Gutter
	cam.SetViewport(float64(lay.Slots), vw, vh)
	v := TrieView{Layout: lay, Camera: &cam, X: bx + AxisW + Gutter/2, Y: by + Gutter/2, Marks: m}
	drawLegendOver(b, &Trie{}, v, LegendSlots(LegendEntries, v.X, v.Y, vw, vh, vh, vw, true))
	return b.S
}
