package scene

import "fib6lab/wasm/app"

// ViewBuilder draws a view of s into b, reset to a w x h page; cam is the
// shared camera of the trie views.
type ViewBuilder func(p *Page, b *Builder, s *app.Sim, cam *app.Camera, w, h float64)

// Builders is the scene side of the view registry (app.ViewList): how
// each view is drawn.
var Builders = map[app.View]ViewBuilder{
	app.ViewGC:  func(p *Page, b *Builder, s *app.Sim, cam *app.Camera, w, h float64) { p.Build(b, s, cam, w, h) },
	app.ViewDst: func(_ *Page, b *Builder, s *app.Sim, _ *app.Camera, w, h float64) { DstScene(b, s, w, h) },
	app.ViewILA: func(_ *Page, b *Builder, s *app.Sim, _ *app.Camera, w, h float64) { ILAScene(b, s, w, h) },
}

// BuildView resets b to a w x h page showing the view v selects (the GC
// cost plot draws v.Cost).
func (p *Page) BuildView(b *Builder, v *app.Views, s *app.Sim, cam *app.Camera, w, h float64) {
	if v.Current == app.ViewPlot {
		CostScene(b, v.Cost, !s.Playing, w, h)
		return
	}
	Builders[v.Current](p, b, s, cam, w, h)
}
