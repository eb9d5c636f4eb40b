package scene

import (
	"fmt"
	"image/color"

	"fib6lab/engine/gc"
	"fib6lab/wasm/app"
)

// CaptionH is the height of the caption strip at the bottom of the page.
const CaptionH = 24

// monoW is the advance of the Code style (Go Mono at 12 px: 0.6 em).
const monoW = 7.2

// Page builds the page's GC view: the status line, one panel per lane
// (header, trie view with the console operation and half the legend, GC
// list strip or walk progress) and the caption strip. It keeps
// each lane's Trie (and so its scratch buffers) between frames; the zero
// value is ready to use.
type Page struct {
	tries [2]Trie
}

// LaneView returns the rectangle of lane i's trie view in a w x h page.
func LaneView(i int, w, h float64) (x, y, vw, vh float64) {
	pw := (w - 3*Gutter) / 2
	x = Gutter + float64(i)*(pw+Gutter) + AxisW
	y = StatusH + HeaderH
	return x, y, pw - AxisW - Gutter, h - y - FooterH - Gutter - CaptionH
}

// Build resets b to a w x h page and draws s as the page shows it, every
// lane through cam.
func (p *Page) Build(b *Builder, s *app.Sim, cam *app.Camera, w, h float64) {
	b.Reset(w, h)
	b.Rect(0, 0, w, h, b.P.BG)
	for i, l := range s.Lanes {
		p.lane(b, i, l, s, cam)
	}
	Status(b, s)
	Caption(b, s)
}

// lane draws lane i: panel and header, then the trie view with the
// console operation and the strip (gc-list) or walk progress (trie-walk)
// as the pass shown ran (Lane.ShownStrategy).
func (p *Page) lane(b *Builder, i int, l *app.Lane, s *app.Sim, cam *app.Camera) {
	vx, vy, vw, vh := LaneView(i, b.S.W, b.S.H)
	py := float64(StatusH + Gutter/2)
	pw := vw + AxisW + Gutter
	b.Panel(vx-AxisW-Gutter/2, py, pw, b.S.H-CaptionH-py-Gutter/2, LaneHeader(&b.P, l, s.Headline.State(), pw))
	if l.Layout == nil {
		b.Frame(vx-1, vy-1, vw+2, vh+2, 1, b.P.Border)
		Loading(b, s, vx, vy, vw, vh)
		return
	}
	v := TrieView{Layout: l.Layout, Camera: cam, X: vx, Y: vy, Marks: LaneMarks(l)}
	drawLegendOver(b, &p.tries[i], v, LaneLegend(s, i, vx, vy, vw, vh))
	if l.ShownStrategy() == gc.GCList {
		Strip(b, v, l)
	} else {
		WalkProgress(b, l, vx, vy+vh+10, vw)
	}
}

// Status draws the status line: virtual time, play state and speeds (or
// the loading progress), in the longest form that fits.
func Status(b *Builder, s *app.Sim) {
	n := len(b.S.Items)
	w := b.S.W
	b.Rect(0, 0, w, StatusH, b.P.Panel)
	b.Rect(0, StatusH-1, w, 1, b.P.Border)
	lines, narr := statusLines(s), s.Narration()
	room := w - 2*Gutter
	if narr != "" { // the status takes its shortest form that leaves half for the narration
		room = max(room-max(Measure(narr, Small.bold())+24, room/2), Measure(lines[len(lines)-1], Code))
	}
	line := fit(room, Code, lines...)
	b.Text(Gutter, 5, line, Code, b.P.Text)
	b.Tag(n, "status")
	if narr != "" {
		Narration(b, Gutter+Measure(line, Code)+16, narr)
	}
}

// statusLines returns the status line's forms, longest first.
func statusLines(s *app.Sim) []string {
	if !s.Ready() {
		p := app.Percent(s.Loaded, s.Total())
		return []string{fmt.Sprintf("loading the real IPv6 table into table main of both namespaces: %d%%  (%s / %s prefixes)",
			p, app.Commas(s.Loaded), app.Commas(s.Total())), fmt.Sprintf("loading the table: %d%%", p)}
	}
	state := "paused"
	if s.Playing {
		state = "playing"
	}
	// the time and the table as shown at the player's position
	tl, l := s.Lanes[0].Timeline(), s.Lanes[0]
	secs, routes, speed := tl.Seconds(), app.Commas(l.Traffic().Routes), app.SpeedName(s.Speed)
	long := fmt.Sprintf("virtual time %.2f s  (jiffies %d, HZ %d)   ·   %s   ·   %s events/frame   ·   clock %gx   ·   table main: %s routes",
		secs, tl.Jiffies, tl.HZ, state, speed, s.TimeRate, routes)
	if d := s.Lanes[0].Dropped; d > 0 {
		long += fmt.Sprintf("   ·   %s trace events not kept (recorder full)", app.Commas(d))
	}
	return []string{long,
		fmt.Sprintf("virtual time %.2f s · %s · %s ev/frame · clock %gx · %s routes", secs, state, speed, s.TimeRate, routes),
		fmt.Sprintf("t %.1f s · %s · %s ev/f · %gx", secs, state, speed, s.TimeRate)}
}

// Caption draws the strip at the bottom of the page: the page's error
// when there is one, else what the console operation shown is doing.
func Caption(b *Builder, s *app.Sim) {
	n := len(b.S.Items)
	w, y := b.S.W, b.S.H-CaptionH
	msg, fg, bg := "", b.P.Text, b.P.Panel
	if s.Err != "" {
		bg = Hex(0x3d1214)
	}
	b.Rect(0, y, w, CaptionH, bg)
	b.Rect(0, y, w, 1, b.P.Border)
	b.Tag(n, "caption")
	// the topology strip, if any, takes the right end (half at most)
	room := TopologyStrip(b, s, w-Gutter-topoGap, y+6, w/2) - Gutter
	n = len(b.S.Items)
	switch {
	case s.Err != "":
		msg, fg = "error: "+s.Err, b.P.Error
		if room < w-2*Gutter {
			msg = ellipsis(room, Code, msg)
		}
	case s.PausedHint() != "" && s.Lanes[0].Pending() > 0 && s.Lanes[0].Op != nil:
		// the operation being stepped through, and how to go on
		hint := "   ·  paused: → next event, Space plays"
		msg = s.Lanes[0].Caption(max(int((room-Measure(hint, Code))/monoW), 10)) + hint
	case s.Lanes[0].Op != nil:
		msg = s.Lanes[0].Caption(max(int(room/monoW), 10))
	case s.PausedHint() != "":
		msg, fg = fit(room, Code, s.PausedHint(), "paused: → steps, Shift+→ next operation, Space plays"), b.P.Cursor
	default:
		msg, fg = fit(room, Code, "type ip -6 route add / del / get in the console below: the operation is animated here, step by step",
			"type ip -6 route get 2001:4860:4860::8888 in the console below"), b.P.Dim
	}
	b.Text(Gutter, y+6, msg, Code, fg)
	b.Tag(n, "caption")
}

// Loading draws the table's load progress bar in a view.
func Loading(b *Builder, s *app.Sim, x, y, w, h float64) {
	frac := float64(s.Loaded) / float64(max(s.Total(), 1))
	bx, by, bw := x+w*0.1, y+h/2, w*0.8
	b.Rect(bx, by, bw, 10, b.P.Border)
	b.Rect(bx, by, bw*frac, 10, b.P.Summary)
	b.Text(bx, by-22, fmt.Sprintf("loading %d%%", app.Percent(s.Loaded, s.Total())), Code, b.P.Text)
}

// Strip draws tb6_gc_hlist below the gc-list view v: one box per entry,
// coloured by what the pass did to it, the cursor on the entry the walk
// stands on and a thread from each box up to its route's node.
func Strip(b *Builder, v TrieView, l *app.Lane) {
	n := len(b.S.Items)
	vw, vh := v.Camera.W, v.Camera.H
	top := v.Y + vh + 22
	b.Text(v.X, v.Y+vh+6, fit(vw, Small,
		fmt.Sprintf("tb6_gc_hlist, newest first (%d shown): grey waiting · green kept · amber expired · red removed", len(l.Strip)),
		fmt.Sprintf("tb6_gc_hlist (%d): grey waiting · green kept · amber expired · red removed", len(l.Strip)),
		fmt.Sprintf("tb6_gc_hlist, newest first (%d shown)", len(l.Strip))), Small, b.P.Dim)
	if len(l.Strip) > 0 {
		bw := min(vw/float64(len(l.Strip)), 48)
		b.Clip(v.X, v.Y, v.X+vw, top+24)
		for k, e := range l.Strip {
			x := v.X + float64(k)*bw
			b.Rect(x+1, top, max(bw-2, 1), 22, entryColour(&b.P, e.State))
			if i := v.Layout.Index(e.Node); i >= 0 && (k == l.StripPos || len(l.Strip) <= 64) {
				nx, ny := v.Layout.NodePos(v.Camera, i)
				c := Alpha(b.P.List, 0.4)
				if k == l.StripPos {
					c = b.P.Cursor
				}
				b.Line(x+bw/2, top, v.X+float64(nx), v.Y+float64(ny), 1, c)
			}
		}
		if p := l.StripPos; p >= 0 && p < len(l.Strip) {
			b.Frame(v.X+float64(p)*bw-1, top-2, bw+2, 26, 2, b.P.Cursor)
		}
		b.Clip(0, 0, b.S.W, b.S.H)
	}
	b.Tag(n, "gc-list")
}

// entryColour returns the colour of a GC list entry in state st.
func entryColour(p *Palette, st app.EntryState) color.RGBA {
	switch st {
	case app.EntryKept:
		return p.Kept
	case app.EntryExpired:
		return p.Expired
	case app.EntryRemoved:
		return p.Removed
	}
	return p.Border
}

// WalkProgress draws how far the trie walk's queued trace has played, as
// a bar of width w at (x, y).
func WalkProgress(b *Builder, l *app.Lane, x, y, w float64) {
	n := len(b.S.Items)
	frac, p := l.WalkProgress(), l.Pass
	msgs := []string{fmt.Sprintf("post-order walk: %d%%  (%s trace events still to show)", int(frac*100), app.Commas(l.Pending())),
		fmt.Sprintf("walk: %d%%", int(frac*100))}
	switch {
	case p.Active:
	case l.Shown().Passes == 0:
		frac, msgs = 0, []string{"post-order walk: waiting for the GC timer (gc_interval 30 s after the first expiring route)",
			"waiting for the GC timer"}
	default:
		v, c, r := app.Commas(p.Visited), app.Commas(p.Checked), app.Commas(p.Removed)
		msgs = []string{fmt.Sprintf("post-order walk done: stepped on %s nodes and aged %s routes to remove %s", v, c, r),
			fmt.Sprintf("walk done: %s nodes, %s routes aged, %s removed", v, c, r), "walk done"}
	}
	b.Rect(x, y+16, w, 8, b.P.Border)
	b.Rect(x, y+16, w*frac, 8, b.P.Walk)
	b.Text(x, y-4, fit(w, Small, msgs...), Small, b.P.Dim)
	b.Tag(n, "walk-progress")
}
