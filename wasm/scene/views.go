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
		ILAScene(b, v.ILA, w, h)
	case app.ViewPlot:
		CostScene(b, v.Cost, w, h)
	default:
		p.Build(b, s, cam, w, h)
	}
}
