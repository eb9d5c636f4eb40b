package scene

import "fib6lab/wasm/app"

// TableScene returns a w x h picture of one table: a panel with header
// hd over the whole trie of lay fit to the view (with the page's level of
// detail), highlighting m, and the legend at the bottom right.
func TableScene(lay *app.Layout, hd Header, m Marks, w, h float64) *Scene {
	b := NewBuilder(w, h)
	b.Rect(0, 0, w, h, ColBG)
	bx, by, bw, bh := b.Panel(Gutter/2, Gutter/2, w-Gutter, h-Gutter, hd)
	var cam app.Camera
	vw, vh := bw-AxisW-Gutter, bh-Gutter-24 // a legend line under the view
	cam.SetViewport(float64(lay.Slots), vw, vh)
	var t Trie
	t.Draw(b, TrieView{Layout: lay, Camera: &cam, X: bx + AxisW + Gutter/2, Y: by + Gutter/2, Marks: m})
	b.Legend(bx+bw-LegendW-Gutter, by+bh-14)
	return b.S
}
