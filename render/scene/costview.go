package scene

import (
	"fmt"

	"fib6lab/wasm/app"
)

// CostScene draws the GC cost plot view into b (reset to w x h) with b's
// palette: the plot of c's points so far (GCCostPlot, log time axis)
// and, while it runs, what is being measured, or that it waits for Play
// when paused.
func CostScene(b *Builder, c *app.CostRun, paused bool, w, h float64) {
	pts := make([]CostPoint, 0, len(c.Points))
	for _, p := range c.Points {
		pts = append(pts, CostPoint{Routes: p.Routes, Nanos: p.Nanos})
	}
	s := GCCostPlot(pts, PlotOptions{W: w, H: h, LogY: true, Note: "fib6lab measured live in this page (wasm, time.Now)", P: &b.P})
	b.Reset(w, h)
	b.S.Items = append(b.S.Items, s.Items...)
	n := len(b.S.Items)
	sizes := "table sizes"
	if len(c.Points) == 1 {
		sizes = "table size"
	}
	msg := fmt.Sprintf("measured live in this page: %d %s, median of %d passes each", len(c.Points), sizes, app.CostReps)
	if routes, added := c.Measuring(); routes > 0 {
		msg = fmt.Sprintf("measuring %s permanent routes + 1 expiring: table %d%% built, then %d passes per strategy",
			app.Commas(routes), app.Percent(added, routes), app.CostReps)
		if paused {
			msg = fmt.Sprintf("paused at %s permanent routes: the measurement goes on when you press Play", app.Commas(routes))
		}
	}
	b.Text(w-Gutter, 62, fit(w-2*Gutter, Small, msg, ""), Small.At(AnchorEnd), b.P.Cursor)
	b.Tag(n, "progress")
}
