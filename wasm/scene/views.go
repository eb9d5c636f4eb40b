package scene

import "fib6lab/wasm/app"

// BuildView resets b to a w x h page showing the view v selects: the GC
// lanes of s (Build), the route cache view, the ILA pipeline or the GC
// cost plot.
func (p *Page) BuildView(b *Builder, v *app.Views, s *app.Sim, cam *app.Camera, w, h float64) {
	switch v.Current {
	case app.ViewDst:
		DstScene(b, v.Dst, w, h)
	case app.ViewILA:
		b.Reset(w, h)
		b.Rect(0, 0, w, h, ColBG)
		b.Text(w/2, h/2, "ILA pipeline view: not built yet", Title.At(AnchorMiddle), ColDim)
	case app.ViewPlot:
		b.Reset(w, h)
		b.Rect(0, 0, w, h, ColBG)
		b.Text(w/2, h/2, "GC cost plot: not built yet", Title.At(AnchorMiddle), ColDim)
	default:
		p.Build(b, s, cam, w, h)
	}
}
