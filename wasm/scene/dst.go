package scene

import (
	"fmt"
	"image/color"

	"fib6lab/wasm/app"
)

// dstScaleMax is the top of the entries gauge: above the seed's 5,000.
const dstScaleMax = 6000

// DstScene draws the route cache view into b (reset to w x h): in the PTB
// mode PTBScene, otherwise one panel per kernel with the entries gauge of
// the last flood against gc_thresh and max_size, the dst_ops counters and
// the kernel log.
func DstScene(b *Builder, v *app.DstView, w, h float64) {
	if v.Mode == app.DstModePTB && v.PTB != nil {
		PTBScene(b, v.PTB, w, h)
		return
	}
	b.Reset(w, h)
	b.Rect(0, 0, w, h, ColBG)
	for i, l := range v.Lanes {
		x, pw := column(w, len(v.Lanes), i)
		dstLane(b, v, l, i, x, StatusH+Gutter/2, pw, h-StatusH-Gutter)
	}
	viewStatus(b, w, fmt.Sprintf("route cache: %d raw-socket senders to on-link %s, %d packets in flight each (flood %d)",
		app.DstSenders, app.DstTarget, v.Inflight, v.Lanes[0].Floods))
}

// column returns the left edge and width of column i of n panels side by
// side across a page w wide.
func column(w float64, n, i int) (x, pw float64) {
	pw = (w - float64(n+1)*Gutter) / float64(n)
	return Gutter + float64(i)*(pw+Gutter), pw
}

// viewStatus draws a view's status line, text s, across the top of a
// page w wide.
func viewStatus(b *Builder, w float64, s string) {
	n := len(b.S.Items)
	b.Rect(0, 0, w, StatusH, ColPanel)
	b.Text(Gutter, 5, s, Code, ColText)
	b.Tag(n, "status")
}

// dstLane draws lane l of the route cache view in the panel at x, y.
func dstLane(b *Builder, v *app.DstView, l *app.DstLane, i int, x, y, w, h float64) {
	o := l.NS.Dst
	st, tun := o.Stats, l.NS.Tunables()
	title := [2]string{"kernel %s — before 6.3: max_size enforced", "kernel %s — from 6.3: max_size ignored"}[i]
	hd := Header{Title: fmt.Sprintf(title, l.Kernel()), Accent: LaneAccents[i],
		Subtitle: "dst_alloc -> ip6_dst_gc when entries > gc_thresh; before 6.3 a verdict refuses when entries > max_size",
		Lines: []string{
			fmt.Sprintf("last flood: sent %6s  failed (ENETUNREACH) %5s  peak dst entries %5s", app.Commas(l.Last.Sent), app.Commas(l.Last.Failed), app.Commas(int(l.Last.Peak))),
			fmt.Sprintf("allocs %s  frees %s  GC calls %s  GC runs %s  failures %s  peak %s", app.Commas(st.Allocs), app.Commas(st.Frees),
				app.Commas(st.GCCalls), app.Commas(st.GCRuns), app.Commas(st.Failures), app.Commas(int(st.Peak))),
		}}
	bx, by, bw, _ := b.Panel(x, y, w, h, hd)
	n := len(b.S.Items)
	gx, gy, gw := bx+20, by+40, bw-40
	at := func(v int64) float64 { return gx + gw*float64(min(v, dstScaleMax))/dstScaleMax }
	b.Text(gx, gy-22, "dst entries at the flood's peak", Small, ColDim)
	b.Rect(gx, gy, gw, 24, ColBorder)
	c := ColKept
	if l.Last.Failed > 0 {
		c = ColRemoved
	}
	b.Rect(gx, gy, at(l.Last.Peak)-gx, 24, c)
	mark := func(v int64, name string, col color.RGBA) {
		b.Rect(at(v)-1, gy-6, 2, 36, col)
		b.Text(at(v), gy+34, fmt.Sprintf("%s %s", name, app.Commas(int(v))), Small.At(AnchorMiddle), col)
	}
	mark(tun.GCThresh, "gc_thresh", ColExpired)
	if l.NS.Features().MaxSize {
		mark(tun.MaxSize, "max_size", ColError)
	} else {
		b.Text(gx+gw, gy+34, "max_size not checked", Small.At(AnchorEnd), ColDim)
	}
	b.Tag(n, "gauge")
	n = len(b.S.Items)
	ly := gy + 70
	b.Text(gx, ly, fmt.Sprintf("kernel log (%d lines, rate-limited notice):", len(o.Log)), Small, ColDim)
	for k, line := range tail(o.Log, 8) {
		b.Text(gx, ly+18+16*float64(k), "kernel: "+line, Code, ColError)
	}
	if len(o.Log) == 0 {
		b.Text(gx, ly+18, "(nothing: every dst_alloc succeeded)", Code, ColKept)
	}
	b.Tag(n, "log")
}

// tail returns the last n of ls.
func tail(ls []string, n int) []string { return ls[max(len(ls)-n, 0):] }
