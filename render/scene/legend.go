package scene

import "fib6lab/wasm/app"

// LegendEntry is one kind of mark drawn on the trie views and what it
// means. Tags are the scene tags (Item.Tag) of the items it explains;
// swatch draws a sample of the mark centred on (x, y), in the palette of
// the moment.
type LegendEntry struct {
	Text   string
	Tags   []string
	swatch func(b *Builder, x, y float64)
}

// LegendEntries lists every mark of the trie views (Trie.Draw), in the
// order the legend shows them, and the key that hides the legend. The GC
// view splits them between its lanes (LaneLegend): the trie and the
// trie walk's marks left, the routes and the console's right.
var LegendEntries = []LegendEntry{
	{"node with routes · its prefix", []string{"node", "label"}, func(b *Builder, x, y float64) {
		b.Rect(x-2, y-2, 4, 4, b.P.RTInfo)
	}},
	{"node without routes (a branch)", []string{"node"}, func(b *Builder, x, y float64) {
		b.Rect(x-1.5, y-1.5, 3, 3, b.P.Inner)
	}},
	{"narrow subtree · 793, 1.3k routes", []string{"summary", "label"}, func(b *Builder, x, y float64) {
		b.Rect(x-3, y-5, 6, 10, Alpha(b.P.Summary, 0.35))
		b.Rect(x-3, y-5, 6, 2, Alpha(b.P.RTInfo, 0.8))
	}},
	{"GC walk: its node and path", []string{"cursor", "walker"}, func(b *Builder, x, y float64) {
		b.Line(x-7, y-5, x-3, y-1, 2, b.P.Cursor)
		b.Frame(x-3, y-4, 8, 8, 2, b.P.Cursor)
	}},
	{"trie walk sweep: walked part", []string{"sweep"}, func(b *Builder, x, y float64) {
		b.Rect(x-7, y-5, 7, 10, Alpha(b.P.Walk, 0.25))
		b.Rect(x, y-5, 2, 10, b.P.Walk)
	}},
	{"route removed", []string{"removed"}, func(b *Builder, x, y float64) {
		cross(b, x, y, 4, 2, b.P.Removed)
	}},
	{"node with a route that can expire", []string{"expiring"}, func(b *Builder, x, y float64) {
		b.Rect(x-3.5, y-3.5, 7, 7, b.P.Expiring)
	}},
	{"your command: path down the trie", []string{"op"}, func(b *Builder, x, y float64) {
		b.Line(x-6, y-4, x+5, y+4, 2, b.P.Op)
		b.Rect(x-7.5, y-5.5, 4, 4, b.P.Op)
		b.Rect(x+3.5, y+2.5, 4, 4, b.P.Op)
	}},
	{"created / linked / changed by your command", []string{"op"}, func(b *Builder, x, y float64) {
		b.Frame(x-5, y-5, 10, 10, 2.5, b.P.Op)
	}},
	{"node that answered a lookup", []string{"op"}, func(b *Builder, x, y float64) {
		b.Frame(x-4.5, y-4.5, 9, 9, 2, b.P.Match)
		b.Frame(x-7, y-7, 14, 14, 1, Alpha(b.P.Match, 0.6))
	}},
	{"prefix length: /0 top, /128 bottom", []string{"axis"}, func(b *Builder, x, y float64) {
		b.Text(x, y-7, "/48", Small.At(AnchorMiddle), b.P.Dim)
	}},
	{"K hides or shows this legend", nil, func(b *Builder, x, y float64) {
		b.Text(x, y-7, "K", Small.At(AnchorMiddle).bold(), b.P.Cursor)
	}},
}

// Legend panel geometry, in pixels.
const (
	legendRowH   = 15 // one entry
	legendSwatch = 22 // the swatch's column
	legendPad    = 6  // inside the frame
	legendGap    = 12 // between columns
)

// LegendBox is a legend panel: entries Entries laid out in Cols columns
// of Rows, W x H pixels.
type LegendBox struct {
	Entries    []LegendEntry
	Cols, Rows int
	W, H       float64
}

// legendBoxes returns entries laid out in three, two and one columns,
// those that fit in maxW pixels.
func legendBoxes(entries []LegendEntry, maxW float64) []LegendBox {
	colW := 0.0
	for _, e := range entries {
		colW = max(colW, legendSwatch+labelWidth(e.Text))
	}
	var out []LegendBox
	for cols := 3; cols >= 1; cols-- {
		rows := (len(entries) + cols - 1) / cols
		w := float64(cols)*colW + float64(cols-1)*legendGap + 2*legendPad
		if w <= maxW && (len(out) == 0 || rows != out[len(out)-1].Rows) {
			out = append(out, LegendBox{Entries: entries, Cols: cols, Rows: rows, W: w, H: float64(rows)*legendRowH + 2*legendPad})
		}
	}
	return out
}

// LegendPanel draws the legend laid out as lb at (x, y): a panel with
// each entry's swatch and text, filled column by column.
func (b *Builder) LegendPanel(x, y float64, lb LegendBox) {
	n := len(b.S.Items)
	b.Box(x, y, lb.W, lb.H, Alpha(b.P.Panel, 0.94), b.P.Border, 1)
	colW := (lb.W - 2*legendPad - float64(lb.Cols-1)*legendGap) / float64(lb.Cols)
	for i, e := range lb.Entries {
		cx := x + legendPad + float64(i/lb.Rows)*(colW+legendGap)
		cy := y + legendPad + float64(i%lb.Rows)*legendRowH
		e.swatch(b, cx+legendSwatch/2-2, cy+legendRowH/2)
		b.Text(cx+legendSwatch, cy+1, e.Text, Small, b.P.Dim)
	}
	b.Tag(n, "legend")
}

// legendFloor is the fraction of a fitted trie view's height above which
// the legend prefers to sit: the /128 routes, often the ones that
// expire, stay in sight below it.
const legendFloor = 0.9

// LegendSlot is a place a legend may take over a trie view: the scene
// rectangle R, holding the legend laid out as Box.
type LegendSlot struct {
	R   Rect
	Box LegendBox
}

// LegendSlots returns the places entries may take in the w x h view at
// (x, y), within maxW and above bottom (pixels from the view's top),
// best first when they hide as much: laid out in as few rows as fit, at
// the view's left edge (and its right one, when right) with their bottom
// at legendFloor of the height, at bottom, in the middle and at the top.
// None when they do not fit.
func LegendSlots(entries []LegendEntry, x, y, w, h, bottom, maxW float64, right bool) []LegendSlot {
	var out []LegendSlot
	for _, lb := range legendBoxes(entries, min(maxW, w-2*legendPad)) {
		if lb.H > bottom-2*legendPad {
			continue
		}
		xs := []float64{x + legendPad}
		if right {
			xs = append(xs, x+w-lb.W-legendPad)
		}
		for _, top := range []float64{min(legendFloor*h, bottom-legendPad) - lb.H, bottom - legendPad - lb.H, (bottom - lb.H) / 2, legendPad} {
			for _, sx := range xs {
				out = append(out, LegendSlot{R: Rect{X: sx, Y: y + max(top, legendPad), W: lb.W, H: lb.H}, Box: lb})
			}
		}
	}
	return out
}

// LaneLegend returns the places lane i's half of the legend may take in
// its trie view at (vx, vy), vw x vh (LegendSlots): above the time line,
// and left of the pseudo-code panel (bottom right) when they are on;
// none when the legend is hidden (K) or finds no room.
func LaneLegend(s *app.Sim, i int, vx, vy, vw, vh float64) []LegendSlot {
	v := s.TheView()
	if v.NoLegend {
		return nil
	}
	half := (len(LegendEntries) + 1) / 2
	entries := LegendEntries[min(i*half, len(LegendEntries)):min((i+1)*half, len(LegendEntries))]
	bottom, maxW := vh, vw
	if v.Timeline {
		bottom -= timelineH
	}
	if v.Pseudo {
		maxW = vw - pseudoW - 3*legendPad
	}
	return LegendSlots(entries, vx, vy, vw, vh, bottom, maxW, !v.Pseudo)
}

// drawLegendOver draws trie view v with t and the legend over it in the
// slot that hides the fewest of its marks (Trie.quietest; none when each
// would hide the console operation), the view's labels kept off it.
func drawLegendOver(b *Builder, t *Trie, v TrieView, slots []LegendSlot) {
	t.prepare(v)
	sl, show := t.quietest(v, slots)
	if show {
		v.Covered = append(v.Covered, sl.R)
	}
	t.draw(b, v)
	if show {
		b.LegendPanel(sl.R.X, sl.R.Y, sl.Box)
	}
}
