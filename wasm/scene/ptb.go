package scene

import (
	"fmt"
	"image/color"

	"fib6lab/wasm/app"
)

// The PTB flood's lanes: titles, subtitles, accents and what each lane
// teaches (the caption under its charts), in app.PTBKernels order.
var (
	ptbTitles = [3]string{"kernel %s — trie walk", "kernel %s — GC list, exceptions not linked",
		"kernel %s — exceptions link their routes"}
	ptbSubtitles = [3]string{"before the GC list: fib6_clean_all(fib6_age) over every route",
		"tb6_gc_hlist holds expiring routes only (2023 to 6.14)",
		"cfe82469a00f (6.15) links; the 2026 fix unlinks idle permanent routes"}
	ptbAccents = [3]color.RGBA{ColWalk, ColRTInfo, ColList}
	ptbLessons = [3][2]string{
		{"every pass checks all %s routes, though only", "those carrying exceptions need aging"},
		{"the permanent routes are never listed: passes check", "0 routes, exceptions linger after expiry"},
		{"the list grows with routes that carry exceptions", "and shrinks as they expire: passes check only those"},
	}
)

// The PTB flood's series colours.
var (
	colPTBList  = ColList    // routes on the GC list
	colPTBCache = ColExpired // fib_rt_cache
	colPTBLive  = ColKept    // exceptions not expired
)

// PTBScene draws the route cache view's PTB mode into b (reset to w x h):
// one panel per kernel with the GC list, fib_rt_cache and the unexpired
// exceptions over time on a shared scale, the routes checked by each GC
// pass, and the lane's counters.
func PTBScene(b *Builder, f *app.PTBFlood, w, h float64) {
	b.Reset(w, h)
	b.Rect(0, 0, w, h, ColBG)
	c := f.Config
	yMax, checkMax := 10.0, 10.0
	for _, l := range f.Lanes {
		for _, s := range l.Samples {
			yMax = max(yMax, float64(s.Cache), float64(s.Listed))
			checkMax = max(checkMax, float64(s.Checked))
		}
	}
	yMax, checkMax = niceCeil(yMax), niceCeil(checkMax)
	for i, l := range f.Lanes {
		x, pw := column(w, len(f.Lanes), i)
		ptbLane(b, f, l, i, x, StatusH+Gutter/2, pw, h-StatusH-Gutter, yMax, checkMax)
	}
	viewStatus(b, w, fmt.Sprintf("PTB flood: %s permanent routes via %s; %d Packet Too Big/s for new destinations, mtu_expires %d s, gc_interval 30 s; t = %d of %d s",
		app.Commas(c.Routes), app.PTBGateway, c.PerTick/max(c.TickSecs, 1), c.MTUExpires, f.Tick*c.TickSecs, c.Ticks*c.TickSecs))
}

// ptbLane draws lane l (index i) of the PTB flood in the panel at x, y;
// yMax and checkMax are the charts' shared scales.
func ptbLane(b *Builder, f *app.PTBFlood, l *app.PTBLane, i int, x, y, w, h, yMax, checkMax float64) {
	last, gs := l.Last(), l.NS.GC
	hd := Header{Title: fmt.Sprintf(ptbTitles[i], l.Kernel()), Subtitle: ptbSubtitles[i], Accent: ptbAccents[i],
		Lines: []string{
			fmt.Sprintf("GC list %5s  fib_rt_cache %5s  expired %5s", app.Commas(last.Listed), app.Commas(last.Cache),
				app.Commas(last.Cache-last.Live)),
			fmt.Sprintf("passes %3d  last checked %5s  reaped %5s/%s", gs.Passes, app.Commas(l.LastPassChecked()),
				app.Commas(last.Reaped), app.Commas(l.Created)),
		}}
	if l.Err != "" {
		hd.Lines = []string{l.Err}
	}
	bx, by, bw, bh := b.Panel(x, y, w, h, hd)
	gx, gw := bx+44, bw-56
	ticks := float64(max(f.Config.Ticks, 1))
	atX := func(k int) float64 { return gx + gw*float64(k)/ticks }

	// the counters over time
	n := len(b.S.Items)
	cy, ch := by+30, max((bh-150)*0.62, 60)
	b.Text(bx+10, by+8, "over time (s): routes on the GC list, exceptions", Small, ColDim)
	ptbAxes(b, gx, cy, gw, ch, yMax, ticks*float64(f.Config.TickSecs))
	atY := func(v int) float64 { return cy + ch - ch*float64(v)/yMax }
	series := func(get func(app.PTBSample) int, c color.RGBA, lw float64) {
		pts := []Point{{atX(0), atY(0)}}
		for k, s := range l.Samples {
			pts = append(pts, Point{atX(k + 1), atY(get(s))})
		}
		b.Polyline(pts, lw, c)
	}
	// fib_rt_cache under the list, wider: visible where they coincide
	series(func(s app.PTBSample) int { return s.Cache }, colPTBCache, 5)
	series(func(s app.PTBSample) int { return s.Live }, colPTBLive, 1.5)
	series(func(s app.PTBSample) int { return s.Listed }, colPTBList, 2)
	ly := cy + ch + 22
	lx := gx
	for _, it := range []struct {
		name string
		c    color.RGBA
	}{{"GC list", colPTBList}, {"fib_rt_cache", colPTBCache}, {"not expired", colPTBLive}} {
		b.Rect(lx, ly+5, 14, 3, it.c)
		b.Text(lx+18, ly, it.name, Small, it.c)
		lx += 26 + 6.2*float64(len(it.name))
	}
	b.Tag(n, "ptb-chart")

	// routes checked per GC pass
	n = len(b.S.Items)
	py := ly + 26
	ph := max(bh-(py-by)-78, 30)
	b.Text(bx+10, py, "routes checked by the GC passes of each second", Small, ColDim)
	py += 18
	b.Line(gx, py+ph, gx+gw, py+ph, 1, ColBorder)
	b.Line(gx, py, gx, py+ph, 1, ColBorder)
	b.Text(gx-4, py-6, app.Commas(int(checkMax)), Small.At(AnchorEnd), ColDim)
	b.Text(gx-4, py+ph-12, "0", Small.At(AnchorEnd), ColDim)
	bar := max(gw/ticks-1, 2)
	labelled := -1e9
	idle := false
	for k, s := range l.Samples {
		if s.Passes == 0 {
			continue
		}
		bxk := atX(k+1) - bar/2
		if s.Checked == 0 {
			idle = true
			b.Rect(bxk, py+ph-3, bar, 3, ColDim) // a pass that checked nothing
			continue
		}
		hk := ph * float64(s.Checked) / checkMax
		b.Rect(bxk, py+ph-hk, bar, hk, ptbAccents[i])
		if lab := atX(k + 1); lab-labelled > 40 {
			b.Text(lab, py+ph-hk-14, app.Commas(s.Checked), Small.At(AnchorMiddle), ColText)
			labelled = lab
		}
	}
	if idle {
		b.Text(gx+gw, py-18, "grey: passes that checked no route", Small.At(AnchorEnd), ColDim)
	}
	b.Tag(n, "ptb-checked")

	n = len(b.S.Items)
	lesson := ptbLessons[i]
	if i == 0 {
		lesson[0] = fmt.Sprintf(lesson[0], app.Commas(l.NS.RT6Stats().FibRtEntries))
	}
	b.Text(bx+10, by+bh-40, lesson[0], Small, ptbAccents[i])
	b.Text(bx+10, by+bh-22, lesson[1], Small, ptbAccents[i])
	b.Tag(n, "ptb-lesson")
}

// ptbAxes draws the time chart's frame at (x, y), w x h: y from 0 to yMax
// with a middle grid line, x from 0 to secs seconds.
func ptbAxes(b *Builder, x, y, w, h, yMax, secs float64) {
	b.Line(x, y+h, x+w, y+h, 1, ColBorder)
	b.Line(x, y, x, y+h, 1, ColBorder)
	for _, fr := range []float64{0.5, 1} {
		gy := y + h - h*fr
		b.Line(x, gy, x+w, gy, 1, ColGrid)
		b.Text(x-4, gy-6, app.Commas(int(yMax*fr)), Small.At(AnchorEnd), ColDim)
	}
	b.Text(x-4, y+h-12, "0", Small.At(AnchorEnd), ColDim)
	for _, fr := range []float64{0, 0.5, 1} {
		b.Text(x+w*fr, y+h+4, fmt.Sprintf("%.0f", secs*fr), Small.At(AnchorMiddle), ColDim)
	}
}
