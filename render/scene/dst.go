package scene

import (
	"fmt"
	"image/color"

	"fib6lab/engine/gc"
	"fib6lab/wasm/app"
)

// dstScaleMin is the least top of the entries gauge: above the seed's
// 5,000 in-flight packets.
const dstScaleMin = 6000

// DstScene draws the route cache view into b (reset to w x h): per lane,
// at the player's position, the dst entries gauge against gc_thresh and
// max_size, the dst_ops counters, the kernel log and the counters over
// virtual time (dst entries, exceptions, routes on the GC list), then the
// page's status line and caption.
func DstScene(b *Builder, s *app.Sim, w, h float64) {
	b.Reset(w, h)
	b.Rect(0, 0, w, h, b.P.BG)
	for i, l := range s.Lanes {
		x, pw := column(w, len(s.Lanes), i)
		dstLane(b, l, x, StatusH+Gutter/2, pw, h-StatusH-Gutter-CaptionH)
	}
	Status(b, s)
	Caption(b, s)
}

// column returns the left edge and width of column i of n panels side by
// side across a page w wide.
func column(w float64, n, i int) (x, pw float64) {
	pw = (w - float64(n+1)*Gutter) / float64(n)
	return Gutter + float64(i)*(pw+Gutter), pw
}

// dstLane draws lane l of the route cache view in the panel at x, y.
func dstLane(b *Builder, l *app.Lane, x, y, w, h float64) {
	t := l.Traffic()
	rule := "max_size ignored (6.3)"
	if t.MaxSizeChecked {
		rule = "max_size enforced"
	}
	lw := w - 20
	// tb6_gc_hlist (the 2023 change) exists in the GC-list lanes only
	listed, list := l.Strategy() == gc.GCList, ""
	if listed {
		list = " · GC list " + app.Commas(t.Listed)
	}
	hd := Header{Title: fit(lw, Title, l.ID+" · "+laneTitle(l)+" · "+rule, l.ID+" · "+laneTitle(l)), Accent: b.P.Accents()[l.Strategy()],
		Subtitle: fit(lw, Small, "dst_alloc: ip6_dst_gc when entries > gc_thresh; RTF_CACHE exceptions hang under their routes",
			"dst_alloc: ip6_dst_gc past gc_thresh", ""),
		Lines: []string{
			fit(lw, Code, fmt.Sprintf("dst entries %s · peak %s · allocs %s · refused (ENETUNREACH) %s",
				app.Commas(int(t.Dst)), app.Commas(int(t.Peak)), app.Commas(t.Allocs), app.Commas(t.Failures)),
				fmt.Sprintf("dst %s · peak %s · refused %s", app.Commas(int(t.Dst)), app.Commas(int(t.Peak)), app.Commas(t.Failures))),
			fit(lw, Code, fmt.Sprintf("frees %s · GC runs %s · exceptions %s%s · dst_cache hits %s misses %s",
				app.Commas(t.Frees), app.Commas(t.GCRuns), app.Commas(t.Exceptions), list, app.Commas(t.Hits), app.Commas(t.Misses)),
				fmt.Sprintf("exceptions %s%s · GC runs %s", app.Commas(t.Exceptions), list, app.Commas(t.GCRuns))),
		}}
	bx, by, bw, bh := b.Panel(x, y, w, h, hd)
	gx, gw := bx+20, bw-40
	dstGauge(b, t, gx, by+58, gw)
	if t.Allocs == 0 && t.Exceptions == 0 && t.Failures == 0 {
		n := len(b.S.Items)
		b.Text(gx, by+6, fit(gw, Small, "nothing in the route cache yet: choose \"Raw-socket flood vs max_size\" or \"PTB flood\" in the scenario menu, or type",
			"empty: try the scenario \"Raw-socket flood\" or type"), Small, b.P.Cursor)
		b.Text(gx, by+20, fit(gw, Code, "send raw 2001:db8::1000 count 1000 inflight 1000 senders 5", ""), Code, b.P.Text)
		b.Tag(n, "hint")
	}
	ly := dstLog(b, t, gx, by+130, bh-130)
	series(b, l.TrafficHistory(), listed, gx+40, ly+24, gw-40, by+bh-ly-60)
}

// dstGauge draws the dst entries gauge at (x, y), w wide, with the
// gc_thresh mark and the max_size mark (or a note that it is not checked).
func dstGauge(b *Builder, t app.Traffic, x, y, w float64) {
	n := len(b.S.Items)
	top := float64(max(dstScaleMin, t.Peak, t.GCThresh))
	if t.MaxSizeChecked {
		top = max(top, float64(t.MaxSize)*1.2)
	}
	top = niceCeil(top)
	at := func(v int64) float64 { return x + w*min(float64(v), top)/top }
	b.Text(x, y-20, fmt.Sprintf("dst entries now (scale 0 .. %s)", app.Commas(int(top))), Small, b.P.Dim)
	b.Rect(x, y, w, 20, b.P.Border)
	c := b.P.Kept
	if t.Failures > 0 {
		c = b.P.Removed
	}
	b.Rect(x, y, at(t.Dst)-x, 20, c)
	b.Rect(at(t.Peak)-1, y, 2, 20, b.P.Text)
	if px := at(t.Peak); t.Peak > 0 && px > x+w*0.7 {
		b.Text(px-4, y+3, "peak "+app.Commas(int(t.Peak)), Small.At(AnchorEnd), b.P.Text)
	} else if t.Peak > 0 {
		b.Text(px+4, y+3, "peak "+app.Commas(int(t.Peak)), Small, b.P.Text)
	}
	// gc_thresh labelled under the gauge, max_size over it: they may be close
	mark := func(v int64, name string, col color.RGBA, ly float64) {
		b.Rect(at(v)-1, y-4, 2, ly-y+4, col)
		b.Text(at(v), ly, name+" "+app.Commas(int(v)), Small.At(AnchorMiddle), col)
	}
	mark(t.GCThresh, "gc_thresh", b.P.Expired, y+26)
	if t.MaxSizeChecked {
		mark(t.MaxSize, "max_size", b.P.Error, y+42)
	} else {
		b.Text(x+w, y+28, "max_size not checked", Small.At(AnchorEnd), b.P.Dim)
	}
	b.Tag(n, "gauge")
}

// dstLog draws the last kernel log lines at (x, y) in at most h pixels,
// and returns the y under them.
func dstLog(b *Builder, t app.Traffic, x, y, h float64) float64 {
	n := len(b.S.Items)
	rows := min(len(t.Log), max(int((h-140)/16), 1))
	head := fmt.Sprintf("kernel log (%s rate-limited notices):", app.Commas(t.Notices))
	if rows < len(t.Log) || t.Notices > rows {
		head = fmt.Sprintf("kernel log (%s rate-limited notices; the last %d lines):", app.Commas(t.Notices), rows)
	}
	b.Text(x, y, head, Small, b.P.Dim)
	for k, line := range t.Log[len(t.Log)-rows:] {
		b.Text(x, y+18+16*float64(k), ellipsis(b.S.W-x-2*Gutter, Small, "kernel: "+line), Small, b.P.Error)
	}
	if len(t.Log) == 0 {
		b.Text(x, y+18, "(empty: every dst_alloc succeeded)", Code, b.P.Kept)
		rows = 1
	}
	b.Tag(n, "log")
	return y + 18 + 16*float64(rows)
}

// series draws the counters of the samples hist along the player's
// history in the chart at (x, y), w x h: dst entries (with each batch's
// peak: a flood rises and falls within one command), exceptions and,
// with list, routes on the GC list, on one shared scale.
func series(b *Builder, hist []app.Traffic, list bool, x, y, w, h float64) {
	n := len(b.S.Items)
	if h < 40 || len(hist) == 0 {
		return
	}
	yMax := 10.0
	p0, p1 := hist[0].At, max(hist[len(hist)-1].At, hist[0].At+1)
	for _, s := range hist {
		yMax = max(yMax, float64(s.Dst), float64(s.BatchPeak), float64(s.Exceptions))
		if list {
			yMax = max(yMax, float64(s.Listed))
		}
	}
	yMax = niceCeil(yMax)
	lx := x - 40
	keys := []struct {
		s string
		c color.RGBA
	}{{"along the history (events shown):", b.P.Dim}, {"dst entries", b.P.Walk}, {"· exceptions", b.P.Expired}, {"· routes on the GC list", b.P.List}}
	if !list {
		keys = keys[:3]
	}
	for _, k := range keys {
		b.Text(lx, y-20, k.s, Small, k.c)
		lx += Measure(k.s, Small) + 5
	}
	b.Line(x, y+h, x+w, y+h, 1, b.P.Border)
	b.Line(x, y, x, y+h, 1, b.P.Border)
	b.Text(x-4, y-6, app.Commas(int(yMax)), Small.At(AnchorEnd), b.P.Dim)
	b.Text(x-4, y+h-12, "0", Small.At(AnchorEnd), b.P.Dim)
	b.Text(x, y+h+4, "event "+app.Commas(int(p0)), Small, b.P.Dim)
	b.Text(x+w, y+h+4, app.Commas(int(p1)), Small.At(AnchorEnd), b.P.Dim)
	at := func(pos int64, v int64) Point {
		return Point{x + w*float64(pos-p0)/float64(p1-p0), y + h - h*float64(v)/yMax}
	}
	dst := make([]Point, 0, 2*len(hist))
	exc, listed := make([]Point, 0, len(hist)), make([]Point, 0, len(hist))
	for _, s := range hist {
		if s.BatchPeak > 0 {
			dst = append(dst, at(s.PeakAt, s.BatchPeak))
		}
		dst = append(dst, at(s.At, s.Dst))
		exc = append(exc, at(s.At, int64(s.Exceptions)))
		listed = append(listed, at(s.At, int64(s.Listed)))
	}
	lines := []struct {
		pts []Point
		c   color.RGBA
	}{{dst, b.P.Walk}, {exc, b.P.Expired}, {listed, b.P.List}} // dst entries, fib_rt_cache, GC list
	if !list {
		lines = lines[:2]
	}
	for _, sr := range lines {
		if len(sr.pts) == 1 {
			sr.pts = append(sr.pts, Point{x + w, sr.pts[0].Y})
		}
		b.Polyline(sr.pts, 2, sr.c)
	}
	b.Tag(n, "series")
}
