package scene

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"fib6lab/engine/gc"
	"fib6lab/wasm/app"
)

// Screen geometry shared by the page and exports, in pixels.
const (
	StatusH = 24 // status line at the top of the page
	HeaderH = 98 // panel title and counters
	FooterH = 54 // below a trie view: GC list strip / walk progress
	Gutter  = 8  // space around and between panels
	AxisW   = 34 // prefix-length axis left of a trie view
)

// Marks is what a trie view highlights besides the trie: the node a walk
// stands on, the trie walk's sweep and the nodes that lost a route in
// the pass shown. Nodes holding expiring routes come from
// Layout.Expiring.
type Marks struct {
	Current int32       // view index of the walk's node, -1 none
	Sweep   float64     // world x left of which the trie walk is done, -1 none
	Removed []int32     // view indexes of nodes that lost a route
	Walker  bool        // a trie walk: shade the swept part, draw the sweep line and the walker's path
	Op      *app.OpView // the console operation shown, nil none
}

// NoMarks highlights nothing.
func NoMarks() Marks { return Marks{Current: -1, Sweep: -1} }

// LaneMarks returns what lane l highlights now.
func LaneMarks(l *app.Lane) Marks {
	return Marks{Current: l.Current, Sweep: l.Sweep, Removed: l.Removed, Walker: l.ShownStrategy() == gc.TrieWalk, Op: l.Op}
}

// TrieView is one trie view to draw: a table's layout seen through a
// camera whose viewport (Camera.W x Camera.H) sits at X, Y in the scene,
// with the prefix-length axis in the AxisW pixels left of it. Covered
// are the rectangles of the scene that panels drawn afterwards (the
// legend) cover: labels are not placed under them.
type TrieView struct {
	Layout  *app.Layout
	Camera  *app.Camera
	X, Y    float64
	Marks   Marks
	Covered []Rect
}

// Rect is a W x H rectangle at X, Y in scene pixels.
type Rect struct{ X, Y, W, H float64 }

// overlaps reports whether r and o share an area.
func (r Rect) overlaps(o Rect) bool {
	return o.X < r.X+r.W && r.X < o.X+o.W && o.Y < r.Y+r.H && r.Y < o.Y+o.H
}

// Trie draws trie views. It keeps its scratch buffers and the prefix
// labels of the last layout from call to call, so drawing every frame
// does not allocate; the zero value is ready to use.
type Trie struct {
	items      []app.Item
	cands      []app.Item
	labels     map[int32]string
	labelsOf   *app.Layout
	grid       occupancy
	slot       int      // the legend's slot last chosen (quietest)
	seen       pixelSet // markPoints' scratch
	expiring   []markPt // the marks of nodes holding expiring routes (collectMarks)
	expiringOf marksKey // the layout and camera they were placed for
	removed    []markPt // the marks of nodes that lost a route
}

// Draw adds view v to b the way the page draws it: the axis grid, the
// visible nodes, edges and summaries (app.Layout.Visible), the marks, the
// console operation (opMarks), and labels (prefixes of route-bearing
// nodes, route counts of summaries) placed largest first where they
// overlap no other label, mark frame or covered rectangle.
func (t *Trie) Draw(b *Builder, v TrieView) {
	t.prepare(v)
	t.draw(b, v)
}

// prepare finds what view v shows: its visible nodes, edges and
// summaries, and its marks (collectMarks), for quietest and draw.
func (t *Trie) prepare(v TrieView) {
	t.items = v.Layout.Visible(v.Camera, t.items)
	t.collectMarks(v)
}

// draw is Draw once v is prepared.
func (t *Trie) draw(b *Builder, v TrieView) {
	c := v.Camera
	b.Clip(0, 0, b.S.W, b.S.H)
	n := len(b.S.Items)
	b.Frame(v.X-1, v.Y-1, c.W+2, c.H+2, 1, b.P.Border)
	b.Tag(n, "border")
	t.axis(b, v)
	b.Clip(v.X, v.Y, v.X+c.W, v.Y+c.H)
	m := v.Marks
	if m.Walker && m.Sweep >= 0 {
		n = len(b.S.Items)
		b.Rect(v.X, v.Y, c.ScreenX(m.Sweep), c.H, Alpha(b.P.Walk, 0.10))
		b.Tag(n, "sweep")
	}
	t.trie(b, v.X, v.Y)
	t.marks(b, v)
	if m.Walker {
		t.walker(b, v)
	}
	t.grid.reset(int(c.W), int(c.H))
	for _, r := range v.Covered {
		t.grid.fill(r.X-v.X, r.Y-v.Y, r.W, r.H)
	}
	if m.Current >= 0 {
		x, y := v.Layout.NodePos(c, m.Current)
		t.grid.fill(float64(x)-7, float64(y)-7, 14, 14)
	}
	t.opMarks(b, v)
	t.drawLabels(b, v)
	b.Clip(0, 0, b.S.W, b.S.H)
}

// quietest returns the slot of slots (places over view v) that hides the
// fewest of v's marks (hidden) and none of the console operation's, and
// false when there is none: the student's own route comes first. The
// slot chosen last time is kept unless another hides clearly less, so
// that the legend does not hop about while the trie is panned or played.
// v is prepared (prepare).
func (t *Trie) quietest(v TrieView, slots []LegendSlot) (LegendSlot, bool) {
	best, score := -1, math.Inf(1)
	for k, sl := range slots {
		if h, op := t.hidden(v, sl.R); !op && h < score {
			best, score = k, h
		}
	}
	if best < 0 {
		return LegendSlot{}, false
	}
	if t.slot < len(slots) && t.slot != best {
		if h, op := t.hidden(v, slots[t.slot].R); !op && h <= score+2 {
			best = t.slot
		}
	}
	t.slot = best
	return slots[best], true
}

// rootWeight is what hiding the root (view node 0, where every lookup,
// add and walk starts) counts for the legend's placement: more than any
// other place could hide, so that the legend covers it only when every
// place does.
const rootWeight = 1000

// hidden returns how much of view v's marks the scene rectangle r hides
// or crowds (a route-bearing node counts 1, a collapsed subtree more
// with its routes, a route that can expire or was removed 5, the root
// rootWeight), and
// whether it hides a node of the console operation or its tag.
func (t *Trie) hidden(v TrieView, r Rect) (float64, bool) {
	// in view pixels, with a margin for a mark's frame, and room for the
	// label right of a node (a short prefix; the operation's tag in full)
	const m, label = 12, 60
	r = Rect{X: r.X - v.X - m, Y: r.Y - v.Y - m, W: r.W + 2*m, H: r.H + 2*m}
	within := func(x, y float32, right float64) bool {
		return float64(x)+right >= r.X && float64(x) <= r.X+r.W && float64(y) >= r.Y && float64(y) <= r.Y+r.H
	}
	at := func(i int32, right float64) bool {
		if i < 0 {
			return false
		}
		x, y := v.Layout.NodePos(v.Camera, i)
		return within(x, y, right)
	}
	n := 0.0
	for _, it := range t.items {
		switch {
		case it.Kind == app.ItemSummary && float64(it.X1) >= r.X && float64(it.X0) <= r.X+r.W &&
			float64(it.Y1) >= r.Y && float64(it.Y) <= r.Y+r.H:
			n += 1 + math.Log2(float64(it.Routes)+1)
		case it.Kind == app.ItemNode && it.RTInfo && within(it.X, it.Y, label):
			n++
		}
	}
	for _, pts := range [2][]markPt{t.expiring, t.removed} {
		for _, p := range pts {
			if within(p.x, p.y, label) {
				n += 5
			}
		}
	}
	if len(v.Layout.Nodes) > 0 && at(0, label) {
		n += rootWeight
	}
	return n, hidesOp(v, r, at)
}

// hidesOp reports whether the view rectangle r (at tells which nodes it
// holds) hides a node of v's operation, on its path or created, or the
// node it linked or answered with the tag beside it (tagBox).
func hidesOp(v TrieView, r Rect, at func(i int32, right float64) bool) bool {
	op, lay := v.Marks.Op, v.Layout
	if op == nil {
		return false
	}
	for _, ids := range [2][]uint32{op.Path, op.Created} {
		for _, id := range ids {
			if id != 0 && at(lay.Index(id), 0) {
				return true
			}
		}
	}
	tagged := func(id uint32, gap float64) bool {
		i := lay.Index(id)
		if id == 0 || i < 0 {
			return false
		}
		x, y := lay.NodePos(v.Camera, i)
		return at(i, 0) || tagBox(op.Prefix, float64(x), float64(y), gap, v.Camera.W, v.Camera.H).overlaps(r)
	}
	return tagged(op.Linked, linkedGap) || tagged(op.Match, matchGap)
}

// axis draws the prefix-length grid lines /0, /16 .. /128 across the view
// and their labels left of it.
func (t *Trie) axis(b *Builder, v TrieView) {
	c := v.Camera
	n := len(b.S.Items)
	b.Clip(v.X-AxisW, v.Y, v.X+c.W, v.Y+c.H)
	for d := 0; d <= app.MaxDepth; d += 16 {
		y := v.Y + c.ScreenY(float64(d))
		if y < v.Y || y > v.Y+c.H {
			continue
		}
		b.Rect(v.X, y, c.W, 1, b.P.Grid)
		if y <= v.Y+c.H-8 {
			b.Text(v.X-AxisW+2, y-6, depthLabels[d/16], Small, b.P.Dim)
		}
	}
	b.Tag(n, "axis")
}

// depthLabels are the axis labels /0, /16 .. /128.
var depthLabels = func() (ls [app.MaxDepth/16 + 1]string) {
	for i := range ls {
		ls[i] = fmt.Sprintf("/%d", 16*i)
	}
	return ls
}()

// trie draws the edges, then the summaries and nodes of the visible items.
func (t *Trie) trie(b *Builder, vx, vy float64) {
	n := len(b.S.Items)
	for _, it := range t.items {
		if it.PX == it.X && it.PY == it.Y {
			continue
		}
		c := b.P.Edge
		if math.Abs(float64(it.PX-it.X)) > 200 {
			c = Alpha(c, 0.4) // a long way to an ancestor, often off-screen
		}
		b.Line(vx+float64(it.PX), vy+float64(it.PY), vx+float64(it.X), vy+float64(it.Y), 1, c)
	}
	b.Tag(n, "edge")
	for _, it := range t.items {
		n = len(b.S.Items)
		x, y := vx+float64(it.X), vy+float64(it.Y)
		switch {
		case it.Kind == app.ItemSummary:
			// a column from the subtree's root down to its deepest
			// prefix, denser for more routes, capped where the root is
			a := 0.06 + 0.03*math.Log2(float64(it.Routes)+1)
			w := max(float64(it.X1-it.X0), 1)
			b.Rect(vx+float64(it.X0), y, w, max(float64(it.Y1-it.Y), 2), Alpha(b.P.Summary, min(a, 0.5)))
			b.Rect(vx+float64(it.X0), y, w, 2, Alpha(b.P.RTInfo, 0.8))
			b.Tag(n, "summary")
		case it.RTInfo:
			b.Rect(x-2, y-2, 4, 4, b.P.RTInfo)
			b.Tag(n, "node")
		default:
			b.Rect(x-1.5, y-1.5, 3, 3, b.P.Inner)
			b.Tag(n, "node")
		}
	}
}

// marks draws the nodes holding expiring routes, the routes removed so
// far in the pass (one mark a pixel: collectMarks) and the node the walk
// stands on.
func (t *Trie) marks(b *Builder, v TrieView) {
	m := v.Marks
	n := len(b.S.Items)
	for _, p := range t.expiring {
		b.Rect(v.X+float64(p.x)-3.5, v.Y+float64(p.y)-3.5, 7, 7, b.P.Expiring)
	}
	b.Tag(n, "expiring")
	n = len(b.S.Items)
	for _, p := range t.removed {
		cross(b, v.X+float64(p.x), v.Y+float64(p.y), 6, 2.5, b.P.Removed)
	}
	b.Tag(n, "removed")
	if m.Current >= 0 {
		n = len(b.S.Items)
		x, y := t.pos(v, m.Current)
		b.Frame(x-7, y-7, 14, 14, 2, b.P.Cursor)
		b.Tag(n, "cursor")
	}
}

// cross draws an X of half-size r centred on (x, y).
func cross(b *Builder, x, y, r, lw float64, c color.RGBA) {
	b.Line(x-r, y-r, x+r, y+r, lw, c)
	b.Line(x-r, y+r, x+r, y-r, lw, c)
}

// walker draws the trie walk's sweep line and the path from the root to
// the node it stands on (the walker's implicit stack).
func (t *Trie) walker(b *Builder, v TrieView) {
	lay, m, c := v.Layout, v.Marks, v.Camera
	if m.Sweep < 0 {
		return
	}
	n := len(b.S.Items)
	b.Rect(v.X+c.ScreenX(m.Sweep)-1, v.Y, 2, c.H, Alpha(b.P.Walk, 0.8))
	b.Tag(n, "sweep")
	if m.Current < 0 {
		return
	}
	n = len(b.S.Items)
	for ci := m.Current; ci >= 0; {
		pid := lay.ParentID(ci)
		if pid == 0 {
			break
		}
		pi := lay.Index(pid)
		if pi < 0 {
			break
		}
		x0, y0 := t.pos(v, pi)
		x1, y1 := t.pos(v, ci)
		b.Line(x0, y0, x1, y1, 2, Alpha(b.P.Cursor, 0.9))
		ci = pi
	}
	b.Tag(n, "walker")
}

// pos returns the scene position of view node i.
func (t *Trie) pos(v TrieView, i int32) (float64, float64) {
	x, y := v.Layout.NodePos(v.Camera, i)
	return v.X + float64(x), v.Y + float64(y)
}

// label is a piece of text placed in a trie view, in view pixels.
type label struct {
	s    string
	x, y float64
}

// labelH is the height a label claims; labelPad the room kept free
// around it, so that two labels never touch.
const (
	labelH   = 11
	labelPad = 2
)

// labelWidth is the width of s in the Small style (Measure), rounded up.
func labelWidth(s string) float64 { return math.Ceil(Measure(s, Small)) }

// drawLabels writes route counts under the biggest summaries and prefixes
// next to route-bearing nodes, largest first, where they overlap nothing
// claimed before, each on a dark backing so that it reads over the trie.
func (t *Trie) drawLabels(b *Builder, v TrieView) {
	t.cands = append(t.cands[:0], t.items...)
	slices.SortFunc(t.cands, func(a, b app.Item) int { return int(b.Routes - a.Routes) })
	n := len(b.S.Items)
	for _, it := range t.cands {
		l, ok := t.label(v.Layout, it)
		w := labelWidth(l.s)
		if !ok || !t.grid.claim(l.x-labelPad, l.y-labelPad, w+2*labelPad, labelH+2*labelPad) {
			continue
		}
		x, y := v.X+l.x, v.Y+l.y
		b.Rect(x-1, y, w+2, 12, Alpha(b.P.BG, 0.75))
		b.Text(x, y-1, l.s, Small, b.P.Label)
	}
	b.Tag(n, "label")
}

// label returns the label item it would carry: the route count centred
// under a summary of two or more routes, the prefix beside a
// route-bearing node.
func (t *Trie) label(lay *app.Layout, it app.Item) (label, bool) {
	switch {
	case it.Kind == app.ItemSummary && it.Routes >= 2:
		s := app.ShortCount(int(it.Routes))
		return label{s, float64(it.X0+it.X1)/2 - labelWidth(s)/2, float64(it.Y1) + 3}, true
	case it.Kind == app.ItemNode && it.RTInfo:
		return label{t.prefix(lay, it.View), float64(it.X) + 5, float64(it.Y) - 6}, true
	}
	return label{}, false
}

// prefix returns the prefix label of view node i, cached per layout.
func (t *Trie) prefix(lay *app.Layout, i int32) string {
	if t.labelsOf != lay || t.labels == nil {
		t.labels, t.labelsOf = map[int32]string{}, lay
	}
	s, ok := t.labels[i]
	if !ok {
		s = lay.Prefix(i).String()
		t.labels[i] = s
	}
	return s
}

// occupancy is a grid of cellW x cellH cells over a vw x vh view
// recording where labels and marks are.
type occupancy struct {
	cells  []bool
	w      int // columns
	vw, vh float64
}

// Label grid cell size in pixels.
const (
	cellW = 6
	cellH = 12
)

// reset clears the grid for a w x h view.
func (g *occupancy) reset(w, h int) {
	g.w, g.vw, g.vh = w/cellW+1, float64(w), float64(h)
	n := g.w * (h/cellH + 1)
	if cap(g.cells) < n {
		g.cells = make([]bool, n)
	}
	g.cells = g.cells[:n]
	clear(g.cells)
}

// span returns the cells under a box, cut to the grid.
func (g *occupancy) span(x, y, w, h float64) (c0, r0, c1, r1 int) {
	rows := len(g.cells) / g.w
	c0, r0 = max(int(math.Floor(x/cellW)), 0), max(int(math.Floor(y/cellH)), 0)
	c1, r1 = min(int(math.Floor((x+w)/cellW)), g.w-1), min(int(math.Floor((y+h)/cellH)), rows-1)
	return c0, r0, c1, r1
}

// fill reserves the cells under a box, whatever they hold; the part of
// the box outside the view is left out.
func (g *occupancy) fill(x, y, w, h float64) {
	c0, r0, c1, r1 := g.span(x, y, w, h)
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			g.cells[r*g.w+c] = true
		}
	}
}

// claim reserves the cells under a box, reporting false (and reserving
// nothing) if the box leaves the view or overlaps a reserved cell.
func (g *occupancy) claim(x, y, w, h float64) bool {
	if x < 0 || y < 0 || x+w > g.vw || y+h > g.vh {
		return false
	}
	c0, r0, c1, r1 := g.span(x, y, w, h)
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			if g.cells[r*g.w+c] {
				return false
			}
		}
	}
	g.fill(x, y, w, h)
	return true
}
