package scene

import (
	"fmt"
	"image/color"
	"net/netip"

	"fib6lab/engine/ila"
	"fib6lab/engine/trace"
	"fib6lab/wasm/app"
)

// The ILA address fields' colours that are not the palette's: locator
// and identifier (the identifier type, C bit and adjustment word take the
// palette's Walk, Cursor and List).
var (
	colLocator = Hex(0x388bfd)
	colIdent   = Hex(0x6e7681)
)

// ilaStages are the steps of ila_output a packet goes through, in order,
// and their short names for narrow boxes.
var (
	ilaStages      = []string{"route lookup (SIR)", "lwtunnel output", "translate", "dst_cache_get", "lookup (ILA)", "dst_output"}
	ilaStagesShort = []string{"lookup", "lwtunnel", "xlate", "cache", "lookup", "output"}
)

// ILAScene draws the ILA pipeline view into b (reset to w x h): per
// lane, at the player's position, the packet of the last `send` command
// through ila_output (the pipeline with the packet's progress, the
// address bits before and after translation, the dst_cache verdict and
// the lookup walk of a miss) and the lane's dst_cache counters, then the
// page's status line and caption.
func ILAScene(b *Builder, s *app.Sim, w, h float64) {
	b.Reset(w, h)
	b.Rect(0, 0, w, h, b.P.BG)
	for i, l := range s.Lanes {
		x, pw := column(w, 2, i)
		ilaPanel(b, l, x, StatusH+Gutter/2, pw, h-StatusH-Gutter-CaptionH)
	}
	Status(b, s)
	Caption(b, s)
}

// ilaPanel draws lane l's ILA panel at x, y.
func ilaPanel(b *Builder, l *app.Lane, x, y, w, h float64) {
	t := l.Traffic()
	p, phase := l.Packet()
	cache := "no dst_cache (before 4.9): the packet keeps the SIR route's dst"
	if l.NS.Features().ILACache {
		cache = "per-route dst_cache (4.9): the translated route is kept"
	}
	lw := w - 20
	lines := []string{fit(lw, Code, fmt.Sprintf("dst_cache hits %s · misses %s", app.Commas(t.Hits), app.Commas(t.Misses)))}
	if p != nil {
		lines = append(lines, fit(lw, Code, fmt.Sprintf("%s · translated lookup visited %d nodes", p.Command, p.Visited),
			fmt.Sprintf("visited %d nodes", p.Visited)))
	}
	hd := Header{Title: fit(lw, Title, l.ID+" · "+laneTitle(l)+" · ila_output", l.ID+" · "+laneTitle(l)), Subtitle: fit(lw, Small, cache, ""),
		Accent: b.P.Accents()[l.Strategy()], Lines: lines}
	bx, by, bw, bh := b.Panel(x, y, w, h, hd)
	cx, cw := bx+16, bw-32
	if p == nil {
		n := len(b.S.Items)
		b.Text(cx, by+20, fit(cw, Small, "no packet through an ILA route yet: choose \"ILA flows\" in the scenario menu, or type an ILA route and send to it:",
			"no ILA packet yet: try the scenario \"ILA flows\", or type:"), Small, b.P.Cursor)
		// the locator is inside 2001:4860::/32, a prefix of the page's
		// table: the translated destination has a route
		ty := by + 40
		route := fit(cw, Code, "ip -6 route add 3333::2000:0:0:2/128 encap ila 2001:4860:0:0 csum-mode neutral-map dev eth0",
			"ip -6 route add 3333::2000:0:0:2/128 encap ila 2001:4860:0:0 dev eth0", "")
		if route == "" { // a narrow panel: the command on two lines
			b.Text(cx, ty, "ip -6 route add 3333::2000:0:0:2/128", Code, b.P.Text)
			ty += 20
			route = "  encap ila 2001:4860:0:0 dev eth0"
		}
		b.Text(cx, ty, route, Code, b.P.Text)
		b.Text(cx, ty+20, "send 3333::2000:0:0:2 count 3", Code, b.P.Text)
		b.Tag(n, "verdict")
		return
	}
	// the address bits need ilaBitsH; a short panel shows the addresses
	cy := by + 16
	ilaPipeline(b, p, phase, cx, cy, cw)
	cy += 76
	if bh-cy+by >= ilaBitsH+ilaVerdictMinH {
		ilaBits(b, p, cx, cy, cw)
		cy += ilaBitsH
	} else {
		ilaAddrs(b, p, cx, cy, cw)
		cy += 44
	}
	ilaVerdict(b, p, cx, cy, cw, by+bh-cy-6)
}

// The ILA panel's heights: the bit rows and the least room for the
// verdict and a walk of a few rows.
const (
	ilaBitsH       = 170
	ilaVerdictMinH = 130
)

// ilaAddrs writes the destination before and after translation in two
// lines, where the panel has no room for their bits.
func ilaAddrs(b *Builder, p *app.Packet, x, y, w float64) {
	n := len(b.S.Items)
	b.Text(x, y, fit(w, Code, "before (SIR)  "+p.SIR.String(), p.SIR.String()), Code, b.P.Text)
	b.Text(x, y+18, fit(w, Code, "after (ILA)   "+p.ILA.String(), p.ILA.String()), Code, b.P.Text)
	b.Tag(n, "bits")
}

// ilaPipeline draws the stages of ila_output as boxes joined by arrows,
// the stage the packet is in (by phase) lit; a hit skips the lookup.
func ilaPipeline(b *Builder, p *app.Packet, phase float64, x, y, w float64) {
	n := len(b.S.Items)
	bw := (w - 10*float64(len(ilaStages)-1)) / float64(len(ilaStages))
	cur := min(int(phase*float64(len(ilaStages))), len(ilaStages)-1)
	for k, s := range ilaStages {
		bx := x + float64(k)*(bw+10)
		fill, tc := b.P.Panel, b.P.Text
		switch {
		case k == 4 && p.Hit:
			s, tc = "skipped: hit", b.P.Kept
		case k == cur:
			fill = Alpha(b.P.Cursor, 0.25)
		}
		b.Box(bx, y, bw, 30, fill, b.P.Border, 1)
		b.Text(bx+bw/2, y+9, fit(bw-4, Small, s, ilaStagesShort[k], ""), Small.At(AnchorMiddle), tc)
		if k > 0 {
			b.Line(bx-9, y+15, bx-1, y+15, 1.5, b.P.Dim)
		}
	}
	px := x + phase*w
	b.Dot(min(px, x+w-6), y+40, 5, b.P.Cursor)
	msg := fmt.Sprintf("packet to %s: route %s, encap ila %s csum-mode %s -> ila_output", p.SIR, p.SIRRoute, p.Locator, p.Mode)
	if !p.ILARoute {
		msg = fmt.Sprintf("packet to %s: route %s has no ILA encap: not translated", p.SIR, p.SIRRoute)
	}
	b.Text(x, y+52, fit(w, Small, msg, ""), Small, b.P.Dim)
	b.Tag(n, "pipeline")
}

// ilaBits draws the destination's 128 bits before and after translation.
func ilaBits(b *Builder, p *app.Packet, x, y, w float64) {
	n := len(b.S.Items)
	bitRows(b, "before (SIR)", p.SIR, p.SIR, x, y, w)
	bitRows(b, "after (ILA)", p.ILA, p.SIR, x, y+74, w)
	ly := y + 150
	for k, e := range []struct {
		s string
		c color.RGBA
	}{{"locator (64 bits)", colLocator}, {"identifier type", b.P.Walk}, {"C bit", b.P.Cursor}, {"identifier", colIdent}, {"adjustment word", b.P.List}} {
		lx := x + float64(k)*w/5
		b.Rect(lx, ly+2, 9, 9, e.c)
		b.Text(lx+13, ly, e.s, Small, b.P.Dim)
	}
	b.Tag(n, "bits")
}

// bitRows draws address a as two rows of 64 bits (locator, identifier)
// with a caption of its fields in hex; bits that differ from was are
// outlined.
func bitRows(b *Builder, name string, a, was netip.Addr, x, y, w float64) {
	v, old := a.As16(), was.As16()
	cell := w / 64
	for row := range 2 {
		ry := y + 18 + float64(row)*16
		for k := range 64 {
			bit := row*64 + k
			on := v[bit/8]>>(7-bit%8)&1 == 1
			c := bitColour(&b.P, bit)
			if !on {
				c = Alpha(c, 0.22)
			}
			b.Rect(x+float64(k)*cell+0.5, ry, cell-1, 12, c)
			if on != (old[bit/8]>>(7-bit%8)&1 == 1) {
				b.Frame(x+float64(k)*cell-0.5, ry-1, cell+1, 14, 1, b.P.Text)
			}
		}
	}
	b.Text(x, y, fmt.Sprintf("%s  %s", name, a), Code, b.P.Text)
	b.Text(x, y+52, fit(w, Code, fmt.Sprintf("locator %s   type %d (%s)   C %d   adjustment 0x%04x",
		ila.LocatorOf(v), ila.AddrIdentType(v), ila.AddrIdentType(v), bool01(ila.CsumNeutral(v)), ila.AdjustWord(v)),
		fmt.Sprintf("type %d · C %d · adj 0x%04x", ila.AddrIdentType(v), bool01(ila.CsumNeutral(v)), ila.AdjustWord(v))), Code, b.P.Dim)
}

// bitColour returns the colour of the ILA field address bit i is in.
func bitColour(p *Palette, i int) color.RGBA {
	switch {
	case i < 64:
		return colLocator
	case i < 67:
		return p.Walk
	case i == 67:
		return p.Cursor
	case i >= 112:
		return p.List
	}
	return colIdent
}

// bool01 returns 1 for true, 0 for false.
func bool01(v bool) int {
	if v {
		return 1
	}
	return 0
}

// ilaVerdict draws the dst_cache verdict and, on a miss, the lookup walk
// of the translated destination.
func ilaVerdict(b *Builder, p *app.Packet, x, y, w, h float64) {
	n := len(b.S.Items)
	switch {
	case !p.Answer.IsValid():
		b.Text(x, y, fit(w, Title, "dropped: no route for the translated destination (EHOSTUNREACH)", "dropped: EHOSTUNREACH"), Title, b.P.Removed)
	case !p.Cached:
		b.Box(x, y-4, w, 30, Alpha(b.P.Walk, 0.15), b.P.Walk, 1)
		b.Text(x+10, y+3, fit(w-20, Title, "no dst_cache (before 4.9): sent on the SIR route's own dst, no lookup", "no dst_cache: no lookup"), Title, b.P.Walk)
		b.Text(x, y+38, fit(w, Code, fmt.Sprintf("the translated packet leaves by the route of %s, as the SIR address did", p.SIRRoute),
			fmt.Sprintf("leaves by %s", p.SIRRoute)), Code, b.P.Cursor)
	case p.Hit:
		b.Box(x, y-4, w, 30, Alpha(b.P.Kept, 0.18), b.P.Kept, 1)
		b.Text(x+10, y+3, fit(w-20, Title, "dst_cache HIT: the cached route, cookie valid — no lookup", "dst_cache HIT: no lookup"), Title, b.P.Kept)
	default:
		b.Box(x, y-4, w, 30, Alpha(b.P.Removed, 0.15), b.P.Removed, 1)
		b.Text(x+10, y+3, fit(w-20, Title, fmt.Sprintf("dst_cache MISS: ip6_route_output(%s)", p.ILA), "dst_cache MISS: a lookup"), Title, b.P.Removed)
		walkPath(b, p, x, y+38, w, h-38)
	}
	b.Tag(n, "verdict")
}

// walkPath draws the traced lookup in the h pixels under y as a path
// down the trie: one row per node visited with its fn_bit and the address
// bit it tests (the next node set left for 0, right for 1), backtracks,
// and the node that answered ringed; rows flow into a second column when
// the first is full.
func walkPath(b *Builder, p *app.Packet, x, y, w, h float64) {
	const rowH, minColW = 16.0, 190.0
	per := max(int((h-24)/rowH), 1)
	rows := 0
	for _, s := range p.Walk {
		if s.Kind == trace.OpBegin || s.Kind == trace.NodeVisit {
			rows++
		}
	}
	cw := w / float64((rows+per-1)/per)
	answer := fmt.Sprintf("answer: %s  (%d nodes visited, ringed: the node that answered)", p.Answer, p.Visited)
	if cw < minColW || h < 24+3*rowH { // no room for the walk: its result
		b.Text(x, y, fit(w, Code, answer, fmt.Sprintf("answer: %s (%d nodes)", p.Answer, p.Visited), ""), Code, b.P.Cursor)
		return
	}
	at := func(row int) (float64, float64) { return x + float64(row/per)*cw, y + float64(row%per)*rowH }
	var prev Point
	nodes := map[uint32]Point{}
	row, shift := 0, 0.0
	for _, s := range p.Walk {
		rx, ry := at(row)
		switch s.Kind {
		case trace.OpBegin:
			b.Text(rx, ry, "fib6_table_lookup", Small, b.P.Dim)
			prev, shift = Point{}, 0
			row++
		case trace.NodeVisit:
			pt := Point{rx + 16 + shift, ry + 7}
			if prev.Y != 0 && prev.Y < pt.Y {
				b.Line(prev.X, prev.Y, pt.X, pt.Y, 1.5, b.P.Edge)
			}
			b.Dot(pt.X, pt.Y, 4.5, b.P.RTInfo)
			b.Text(rx+34, ry+1, fmt.Sprintf("#%d fn_bit %d", s.Node, s.Bit), Small, b.P.Text)
			prev, nodes[s.Node] = pt, pt
			row++
		case trace.BitTest:
			b.Text(prev.X-16-shift+cw-10, prev.Y-7, fmt.Sprintf("bit %d=%d %s", s.Bit, s.Val, [2]string{"←", "→"}[s.Val&1]), Small.At(AnchorEnd), b.P.Dim)
			shift = 10 * float64(s.Val)
		case trace.Backtrack:
			b.Text(prev.X-16-shift+cw-10, prev.Y-7, "backtrack", Small.At(AnchorEnd), b.P.Expired)
		case trace.NodeMatch:
			if pt, ok := nodes[s.Node]; ok {
				b.Circle(pt.X, pt.Y, 8, color.RGBA{}, b.P.Cursor, 2)
			}
		}
	}
	b.Text(x, y+float64(min(row, per))*rowH+6, fit(w, Code, answer, fmt.Sprintf("answer: %s (%d nodes)", p.Answer, p.Visited), ""), Code, b.P.Cursor)
}
