package game

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"fib6lab/engine/fib6"
	"fib6lab/engine/gc"
	"fib6lab/wasm/app"
)

// Screen geometry in pixels.
const (
	statusH = 24 // status line at the top
	headerH = 92 // panel title and counters
	footerH = 54 // GC list strip / walk progress
	gutter  = 8  // space around and between panels
	axisW   = 34 // prefix-length axis at the left of each trie view
	cellW   = 6  // label occupancy grid cell width
	cellH   = 12 // label occupancy grid cell height
)

// Palette (GitHub dark).
var (
	colBG        = hex(0x0d1117)
	colPanel     = hex(0x161b22)
	colBorder    = hex(0x30363d)
	colGrid      = hex(0x1b222c)
	colText      = hex(0xe6edf3)
	colDim       = hex(0x8b949e)
	colLabel     = hex(0xb1bac4)
	colEdge      = hex(0x3b5070)
	colSummary   = hex(0x388bfd)
	colRTInfo    = hex(0x79c0ff)
	colInner     = hex(0x57606a)
	colWalk      = hex(0xffa657) // trie walk: before
	colList      = hex(0xd2a8ff) // list walk: after
	colCursor    = hex(0xffd33d)
	colExpiring  = hex(0x56d364)
	colRemoved   = hex(0xf85149)
	colKept      = hex(0x3fb950)
	colExpired   = hex(0xd29922)
	colError     = hex(0xff7b72)
	laneTitles   = [2]string{"trie-walk — before 2023", "gc-list — after 2023"}
	laneSubtitle = [2]string{"walks the whole trie: fib6_clean_all(fib6_age) over every node and route",
		"walks tb6_gc_hlist: only the routes that can expire (fib6_gc_all)"}
	laneColours = [2]rgba{colWalk, colList}
	listedName  = [2]string{"expiring routes", "on tb6_gc_hlist"}
)

// Game draws an app.Sim with ebiten: two panels side by side, one per GC
// strategy, over one shared camera. It implements ebiten.Game.
type Game struct {
	Sim *app.Sim

	cam      app.Camera
	b        *batch
	fonts    *fonts
	items    []app.Item
	cands    []app.Item // label candidates
	placed   []label    // labels placed this frame
	occupied []bool     // label occupancy grid
	gridW    int        // occupancy grid columns
	labels   map[*fib6.Node]string
	labelsOf *app.Layout // layout the cached labels belong to
	dragging bool
	lastX    int
	lastY    int
	w, h     int
	last     time.Time // previous Update
}

// NewGame returns the front end of s.
func NewGame(s *app.Sim) *Game {
	return &Game{Sim: s, b: newBatch(), fonts: newFonts(), labels: map[*fib6.Node]string{}}
}

// Update handles input and runs one simulation frame. It never fails:
// errors and panics are shown on the page instead of stopping the loop.
func (g *Game) Update() error {
	defer g.recover()
	now := time.Now()
	dt := time.Second / 60
	if !g.last.IsZero() {
		dt = now.Sub(g.last)
	}
	g.last = now
	g.input()
	g.Sim.Frame(dt)
	return nil
}

// Layout makes the screen as large as the canvas.
func (g *Game) Layout(outsideWidth, outsideHeight int) (int, int) {
	return outsideWidth, outsideHeight
}

// view returns the rectangle of lane i's trie view.
func (g *Game) view(i int) (x, y, w, h float32) {
	pw := (float32(g.w) - 3*gutter) / 2
	x = gutter + float32(i)*(pw+gutter) + axisW
	y = statusH + headerH
	return x, y, pw - axisW - gutter, float32(g.h) - y - footerH - gutter - captionH
}

// input pans (drag) and zooms (wheel) the shared camera from either trie
// view; space toggles play, the right arrow steps.
func (g *Game) input() {
	cx, cy := ebiten.CursorPosition()
	lane, lx, ly := g.hit(cx, cy)
	switch {
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && lane >= 0:
		g.dragging = true
	case !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft):
		g.dragging = false
	case g.dragging:
		g.cam.Pan(float64(cx-g.lastX), float64(cy-g.lastY))
	}
	g.lastX, g.lastY = cx, cy
	if _, wy := ebiten.Wheel(); wy != 0 && lane >= 0 {
		// the trie is wide and shallow: the wheel zooms across, shift+wheel down
		f := app.Clamp(math.Pow(1.25, wy), 1/1.5, 1.5)
		if ebiten.IsKeyPressed(ebiten.KeyShift) {
			g.cam.Zoom(1, f, lx, ly)
		} else {
			g.cam.Zoom(f, 1, lx, ly)
		}
	}
	if inpututil.IsKeyJustPressed(ebiten.KeySpace) {
		g.Sim.Playing = !g.Sim.Playing
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyArrowRight) {
		g.Sim.Step()
	}
}

// hit returns the lane whose trie view holds screen point (x, y) and the
// point in view coordinates, or lane -1.
func (g *Game) hit(x, y int) (int, float64, float64) {
	for i := range 2 {
		vx, vy, vw, vh := g.view(i)
		fx, fy := float32(x)-vx, float32(y)-vy
		if fx >= 0 && fy >= 0 && fx < vw && fy < vh {
			return i, float64(fx), float64(fy)
		}
	}
	return -1, 0, 0
}

// recover turns a panic of the front end into the page's error line.
// It must be deferred directly.
func (g *Game) recover() {
	if r := recover(); r != nil {
		g.Sim.Err = fmt.Sprint("front end panic: ", r)
	}
}

// Draw draws both panels and the status line; the status line (with any
// error) is drawn even when drawing a panel failed.
func (g *Game) Draw(screen *ebiten.Image) {
	defer g.drawStatus(screen)
	defer g.recover()
	b := screen.Bounds()
	g.w, g.h = b.Dx(), b.Dy()
	screen.Fill(colBG.color())
	s := g.Sim
	if l := s.Lanes[0].Layout; l != nil {
		_, _, vw, vh := g.view(0)
		g.cam.SetViewport(float64(l.Slots), float64(vw), float64(vh))
	}
	for i, l := range s.Lanes {
		g.drawPanel(screen, i, l)
	}
}

// drawStatus draws the top line (virtual time, state and speeds, or the
// loading progress) and the caption strip with the last error.
func (g *Game) drawStatus(screen *ebiten.Image) {
	defer g.recover()
	s := g.Sim
	g.b.begin(screen, 0, 0, float32(g.w), float32(g.h))
	g.b.rect(0, 0, float32(g.w), statusH, colPanel)
	g.b.rect(0, statusH-1, float32(g.w), 1, colBorder)
	g.b.flush()
	var line string
	if !s.Ready() {
		line = fmt.Sprintf("loading the real IPv6 table into table main of both namespaces: %d%%  (%s / %s prefixes)",
			app.Percent(s.Loaded, s.Total()), app.Commas(s.Loaded), app.Commas(s.Total()))
	} else {
		state := "paused"
		if s.Playing {
			state = "playing"
		}
		line = fmt.Sprintf("virtual time %.2f s  (jiffies %d, HZ %d)   ·   %s   ·   %s events/frame   ·   clock %gx   ·   table main: %s routes",
			s.Seconds(), s.Jiffies(), s.Lanes[0].NS.HZ, state, app.SpeedName(s.Speed), s.TimeRate, app.Commas(s.Lanes[0].Routes()))
		if d := s.Lanes[0].Dropped; d > 0 {
			line += fmt.Sprintf("   ·   %s trace events not kept (recorder full)", app.Commas(d))
		}
	}
	g.fonts.draw(screen, g.fonts.mono, line, gutter, 5, colText)
	if x := float32(g.w) - legendW; x > gutter+20+float32(text.Advance(line, g.fonts.mono)) {
		g.drawLegend(screen, x, 12)
	}
	g.drawCaption(screen)
}

// legendW is the width of the legend in the status line.
const legendW = 330

// drawLegend explains the marks drawn on the tries, right-aligned in the
// status line around y.
func (g *Game) drawLegend(screen *ebiten.Image, x, y float32) {
	b := g.b
	b.begin(screen, x, 0, float32(g.w), statusH)
	b.rect(x, y-3.5, 7, 7, colExpiring)
	b.line(x+100, y-4, x+108, y+4, 2, colRemoved)
	b.line(x+100, y+4, x+108, y-4, 2, colRemoved)
	b.frame(x+190, y-5, 10, 10, 2, colCursor)
	b.rect(x+270, y-5, 2, 10, colWalk)
	b.flush()
	f := g.fonts
	f.draw(screen, f.small, "expiring route", x+12, y-7, colDim)
	f.draw(screen, f.small, "removed", x+113, y-7, colDim)
	f.draw(screen, f.small, "walk cursor", x+205, y-7, colDim)
	f.draw(screen, f.small, "sweep", x+276, y-7, colDim)
}

// drawPanel draws lane i: header with counters, the trie view and the
// footer.
func (g *Game) drawPanel(screen *ebiten.Image, i int, l *app.Lane) {
	vx, vy, vw, vh := g.view(i)
	px, py := vx-axisW-gutter/2, float32(statusH+gutter/2)
	pw, ph := vw+axisW+gutter, float32(g.h)-captionH-py-gutter/2
	b := g.b
	b.begin(screen, 0, 0, float32(g.w), float32(g.h))
	// outlines rather than fills: software WebGL pays for every pixel
	b.rect(px, py, pw, headerH-gutter/2, colPanel)
	b.frame(px, py, pw, ph, 1, colBorder)
	b.rect(px, py, pw, 3, laneColours[i])
	b.frame(vx-1, vy-1, vw+2, vh+2, 1, colBorder)
	b.flush()
	g.drawHeader(screen, i, l, px+10, py+10)
	if l.Layout == nil {
		g.drawLoading(screen, vx, vy, vw, vh)
		return
	}
	g.drawAxis(screen, vx, vy, vw)
	b.begin(screen, vx, vy, vx+vw, vy+vh)
	g.items = l.Layout.Visible(&g.cam, g.items)
	if l.Strategy == gc.TrieWalk && l.Sweep >= 0 {
		sx := float32(g.cam.ScreenX(l.Sweep))
		b.rect(vx, vy, sx, vh, colWalk.alpha(0.10))
	}
	g.drawTrie(vx, vy)
	g.drawMarks(l, vx, vy)
	if l.Strategy == gc.TrieWalk {
		g.drawWalker(l, vx, vy, vh)
	}
	b.flush()
	g.drawLabels(screen, l.Layout, vx, vy, vw, vh)
	g.drawOp(screen, l, vx, vy, vw, vh)
	if l.Strategy == gc.GCList {
		g.drawStrip(screen, l, vx, vy, vw, vh)
	} else {
		g.drawWalkProgress(screen, l, vx, vy+vh+10, vw)
	}
}

// drawHeader writes the lane's title and live counters.
func (g *Game) drawHeader(screen *ebiten.Image, i int, l *app.Lane, x, y float32) {
	f := g.fonts
	f.draw(screen, f.title, laneTitles[i], x, y, laneColours[i])
	f.draw(screen, f.small, laneSubtitle[i], x, y+22, colDim)
	gs := l.NS.GC
	p := l.Pass
	what := "last pass"
	if p.Active {
		what = "this pass"
	}
	f.draw(screen, f.mono, fmt.Sprintf("%s:  nodes visited %9s   routes checked %9s   routes removed %5s",
		what, app.Commas(p.Visited), app.Commas(p.Checked), app.Commas(p.Removed)), x, y+44, colText)
	f.draw(screen, f.mono, fmt.Sprintf("engine time per pass %9s µs   passes %d   total removed %s   %s %s",
		app.Commas(int(gs.LastPassNanos/1000)), gs.Passes, app.Commas(gs.Removed), listedName[i], app.Commas(l.Listed)), x, y+62, colDim)
}

// drawLoading draws the load progress bar in a view.
func (g *Game) drawLoading(screen *ebiten.Image, x, y, w, h float32) {
	s := g.Sim
	frac := float32(s.Loaded) / float32(max(s.Total(), 1))
	bx, by, bw := x+w*0.1, y+h/2, w*0.8
	g.b.rect(bx, by, bw, 10, colBorder)
	g.b.rect(bx, by, bw*frac, 10, colSummary)
	g.b.flush()
	g.fonts.draw(screen, g.fonts.mono, fmt.Sprintf("loading %d%%", app.Percent(s.Loaded, s.Total())), bx, by-22, colText)
}

// drawAxis draws the prefix-length grid lines and their labels.
func (g *Game) drawAxis(screen *ebiten.Image, vx, vy, vw float32) {
	_, _, _, vh := g.view(0)
	g.b.begin(screen, vx-axisW, vy, vx+vw, vy+vh)
	for d := 0; d <= app.MaxDepth; d += 16 {
		y := vy + float32(g.cam.ScreenY(float64(d)))
		if y < vy || y > vy+vh {
			continue
		}
		g.b.rect(vx, y, vw, 1, colGrid)
	}
	g.b.flush()
	for d := 0; d <= app.MaxDepth; d += 16 {
		y := vy + float32(g.cam.ScreenY(float64(d)))
		if y < vy || y > vy+vh-8 {
			continue
		}
		g.fonts.draw(screen, g.fonts.small, fmt.Sprintf("/%d", d), vx-axisW+2, y-6, colDim)
	}
}

// drawTrie draws the edges, summaries and nodes of the visible items.
func (g *Game) drawTrie(vx, vy float32) {
	b := g.b
	for _, it := range g.items {
		if it.PX == it.X && it.PY == it.Y {
			continue
		}
		c := colEdge
		if math.Abs(float64(it.PX-it.X)) > 200 {
			c = c.alpha(0.4) // a long way to an ancestor, often off-screen
		}
		b.line(vx+it.PX, vy+it.PY, vx+it.X, vy+it.Y, 1, c)
	}
	for _, it := range g.items {
		x, y := vx+it.X, vy+it.Y
		switch {
		case it.Kind == app.ItemSummary:
			// a column from the subtree's root down to its deepest
			// prefix, denser for more routes, capped where the root is
			a := float32(0.06 + 0.03*math.Log2(float64(it.Routes)+1))
			w := max(it.X1-it.X0, 1)
			b.rect(vx+it.X0, y, w, max(it.Y1-it.Y, 2), colSummary.alpha(min(a, 0.5)))
			b.rect(vx+it.X0, y, w, 2, colRTInfo.alpha(0.8))
		case it.RTInfo:
			b.rect(x-2, y-2, 4, 4, colRTInfo)
		default:
			b.rect(x-1.5, y-1.5, 3, 3, colInner)
		}
	}
}

// drawMarks draws the expiring routes' nodes, the routes removed so far
// in this pass, the list walk's jumps and the current node.
func (g *Game) drawMarks(l *app.Lane, vx, vy float32) {
	b, lay := g.b, l.Layout
	for _, i := range lay.Expiring {
		x, y := lay.NodePos(&g.cam, i)
		b.rect(vx+x-3.5, vy+y-3.5, 7, 7, colExpiring)
	}
	for _, i := range l.Removed {
		x, y := lay.NodePos(&g.cam, i)
		x, y = vx+x, vy+y
		b.line(x-6, y-6, x+6, y+6, 2.5, colRemoved)
		b.line(x-6, y+6, x+6, y-6, 2.5, colRemoved)
	}
	if l.Current >= 0 {
		x, y := lay.NodePos(&g.cam, l.Current)
		b.frame(vx+x-7, vy+y-7, 14, 14, 2, colCursor)
	}
}

// drawWalker draws the trie walk's sweep line and the path from the root
// to the node it stands on (the walker's implicit stack).
func (g *Game) drawWalker(l *app.Lane, vx, vy, vh float32) {
	if l.Sweep < 0 {
		return
	}
	b, lay := g.b, l.Layout
	sx := vx + float32(g.cam.ScreenX(l.Sweep))
	b.rect(sx-1, vy, 2, vh, colWalk.alpha(0.8))
	if l.Current < 0 {
		return
	}
	for fn := lay.Nodes[l.Current].Node; fn.Parent != nil; fn = fn.Parent {
		c, p := lay.Index(fn.ID), lay.Index(fn.Parent.ID)
		if c < 0 || p < 0 {
			break
		}
		x0, y0 := lay.NodePos(&g.cam, p)
		x1, y1 := lay.NodePos(&g.cam, c)
		b.line(vx+x0, vy+y0, vx+x1, vy+y1, 2, colCursor.alpha(0.9))
	}
}

// label is a piece of text placed in a trie view.
type label struct {
	s    string
	x, y float32
}

// drawLabels writes route counts under the biggest summaries and prefixes
// next to route-bearing nodes, largest first, where they do not overlap,
// each on a dark backing so it reads over the trie.
func (g *Game) drawLabels(screen *ebiten.Image, lay *app.Layout, vx, vy, vw, vh float32) {
	if g.labelsOf != lay {
		clear(g.labels)
		g.labelsOf = lay
	}
	g.resetOccupancy(int(vw), int(vh))
	g.cands = append(g.cands[:0], g.items...)
	slices.SortFunc(g.cands, func(a, b app.Item) int { return int(b.Routes - a.Routes) })
	g.placed = g.placed[:0]
	for _, it := range g.cands {
		var l label
		switch {
		case it.Kind == app.ItemSummary && it.Routes >= 2:
			l = label{app.ShortCount(int(it.Routes)), (it.X0+it.X1)/2 - 4, it.Y1 + 3}
		case it.Kind == app.ItemNode && it.RTInfo:
			l = label{g.prefixLabel(lay, it.View), it.X + 5, it.Y - 6}
		default:
			continue
		}
		if g.claim(l.x, l.y, labelWidth(l.s), 11) {
			g.placed = append(g.placed, l)
		}
	}
	g.b.begin(screen, vx, vy, vx+vw, vy+vh)
	for _, l := range g.placed {
		g.b.rect(vx+l.x-1, vy+l.y, labelWidth(l.s)+2, 12, colBG.alpha(0.75))
	}
	g.b.flush()
	for _, l := range g.placed {
		g.fonts.draw(screen, g.fonts.small, l.s, vx+l.x, vy+l.y-1, colLabel)
	}
}

// labelWidth estimates the width of s in the small font.
func labelWidth(s string) float32 { return float32(len(s)) * 6 }

func (g *Game) prefixLabel(lay *app.Layout, i int32) string {
	fn := lay.Nodes[i].Node
	s, ok := g.labels[fn]
	if !ok {
		s = app.NodePrefix(fn).String()
		g.labels[fn] = s
	}
	return s
}

// resetOccupancy clears the label grid for a w x h view.
func (g *Game) resetOccupancy(w, h int) {
	g.gridW = w/cellW + 1
	n := g.gridW * (h/cellH + 1)
	if cap(g.occupied) < n {
		g.occupied = make([]bool, n)
	}
	g.occupied = g.occupied[:n]
	clear(g.occupied)
}

// claim reserves the grid cells under a label box, reporting false (and
// reserving nothing) if the box leaves the view or overlaps a label.
func (g *Game) claim(x, y, w, h float32) bool {
	if x < 0 || y < 0 {
		return false
	}
	c0, r0 := int(x)/cellW, int(y)/cellH
	c1, r1 := int(x+w)/cellW, int(y+h)/cellH
	rows := len(g.occupied) / g.gridW
	if c1 >= g.gridW || r1 >= rows {
		return false
	}
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			if g.occupied[r*g.gridW+c] {
				return false
			}
		}
	}
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			g.occupied[r*g.gridW+c] = true
		}
	}
	return true
}

// drawStrip draws tb6_gc_hlist below the gc-list view: one box per entry,
// coloured by what the pass did to it, the cursor on the entry the walk
// stands on and a thread from each box up to its route's node.
func (g *Game) drawStrip(screen *ebiten.Image, l *app.Lane, vx, vy, vw, vh float32) {
	n := len(l.Strip)
	top := vy + vh + 22
	g.fonts.draw(screen, g.fonts.small, fmt.Sprintf("tb6_gc_hlist, newest first (%d shown): grey waiting · green kept · amber expired · red removed", n), vx, vy+vh+6, colDim)
	if n == 0 {
		return
	}
	b, lay := g.b, l.Layout
	bw := min(vw/float32(n), 48)
	b.begin(screen, vx, vy, vx+vw, top+24)
	for k, e := range l.Strip {
		x := vx + float32(k)*bw
		b.rect(x+1, top, max(bw-2, 1), 22, entryColour(e.State))
		if i := lay.Index(e.Node); i >= 0 && (k == l.StripPos || n <= 64) {
			nx, ny := lay.NodePos(&g.cam, i)
			c := colList.alpha(0.4)
			if k == l.StripPos {
				c = colCursor
			}
			b.line(x+bw/2, top, vx+nx, vy+ny, 1, c)
		}
	}
	if p := l.StripPos; p >= 0 && p < n {
		b.frame(vx+float32(p)*bw-1, top-2, bw+2, 26, 2, colCursor)
	}
	b.flush()
}

func entryColour(s app.EntryState) rgba {
	switch s {
	case app.EntryKept:
		return colKept
	case app.EntryExpired:
		return colExpired
	case app.EntryRemoved:
		return colRemoved
	}
	return colBorder
}

// drawWalkProgress draws how far the trie walk's queued trace has played.
func (g *Game) drawWalkProgress(screen *ebiten.Image, l *app.Lane, x, y, w float32) {
	gs := l.NS.GC
	frac := float32(l.Progress())
	msg := fmt.Sprintf("post-order walk: %d%%  (%s trace events still to show)", int(frac*100), app.Commas(l.Pending()))
	switch {
	case l.Pass.Active:
	case gs.Passes == 0:
		frac, msg = 0, "post-order walk: waiting for the GC timer (gc_interval 30 s after the first expiring route)"
	default:
		msg = fmt.Sprintf("post-order walk done: stepped on %s nodes and aged %s routes to remove %s",
			app.Commas(gs.Last.Visited), app.Commas(gs.Last.Checked), app.Commas(gs.Last.Removed))
	}
	g.b.begin(screen, x, y, x+w, y+40)
	g.b.rect(x, y+16, w, 8, colBorder)
	g.b.rect(x, y+16, w*frac, 8, colWalk)
	g.b.flush()
	g.fonts.draw(screen, g.fonts.small, msg, x, y-4, colDim)
}
