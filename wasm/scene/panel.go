package scene

import (
	"fmt"
	"image/color"

	"fib6lab/wasm/app"
)

// Header is a panel's header: the title in the accent colour, a subtitle
// and lines of counters (the first bright, the others dim).
type Header struct {
	Title, Subtitle string
	Accent          color.RGBA
	Lines           []string
}

// Panel draws a panel at (x, y) of size w x h with header hd in its top
// HeaderH-Gutter/2 pixels, and returns the body rectangle under the
// header.
func (b *Builder) Panel(x, y, w, h float64, hd Header) (bx, by, bw, bh float64) {
	band := float64(HeaderH - Gutter/2)
	n := len(b.S.Items)
	// outlines rather than fills: software WebGL pays for every pixel
	b.Rect(x, y, w, band, ColPanel)
	b.Frame(x, y, w, h, 1, ColBorder)
	b.Rect(x, y, w, 3, hd.Accent)
	tx, ty := x+10, y+10
	b.Text(tx, ty, hd.Title, Title, hd.Accent)
	b.Text(tx, ty+22, hd.Subtitle, Small, ColDim)
	for i, l := range hd.Lines {
		c := ColDim
		if i == 0 {
			c = ColText
		}
		b.Text(tx, ty+44+18*float64(i), l, Code, c)
	}
	b.Tag(n, "header")
	return x, y + band, w, h - band
}

// The lanes' titles, subtitles and accents, in gc.Strategies order.
var (
	LaneTitles   = [2]string{"trie-walk — before 2023", "gc-list — after 2023"}
	LaneSubtitle = [2]string{"walks the whole trie: fib6_clean_all(fib6_age) over every node and route",
		"walks tb6_gc_hlist: only the routes that can expire (fib6_gc_all)"}
	LaneAccents = [2]color.RGBA{ColWalk, ColList}
	listedName  = [2]string{"expiring routes", "on tb6_gc_hlist"}
)

// LaneHeader returns the header of lane i: its title and live counters
// (the pass being shown, engine time per pass, passes, routes listed).
func LaneHeader(i int, l *app.Lane) Header {
	gs, p := l.NS.GC, l.Pass
	what := "last pass"
	if p.Active {
		what = "this pass"
	}
	return Header{Title: LaneTitles[i], Subtitle: LaneSubtitle[i], Accent: LaneAccents[i], Lines: []string{
		fmt.Sprintf("%s:  nodes visited %9s   routes checked %9s   routes removed %5s",
			what, app.Commas(p.Visited), app.Commas(p.Checked), app.Commas(p.Removed)),
		fmt.Sprintf("engine time per pass %9s µs   passes %d   total removed %s   %s %s",
			app.Commas(int(gs.LastPassNanos/1000)), gs.Passes, app.Commas(gs.Removed), listedName[i], app.Commas(l.Listed)),
	}}
}

// Legend explains the marks drawn on the tries in a LegendW-wide strip
// whose middle line is y, starting at x.
func (b *Builder) Legend(x, y float64) {
	n := len(b.S.Items)
	b.Rect(x, y-3.5, 7, 7, ColExpiring)
	cross(b, x+104, y, 4, 2, ColRemoved)
	b.Frame(x+190, y-5, 10, 10, 2, ColCursor)
	b.Rect(x+270, y-5, 2, 10, ColWalk)
	b.Text(x+12, y-7, "expiring route", Small, ColDim)
	b.Text(x+113, y-7, "removed", Small, ColDim)
	b.Text(x+205, y-7, "walk cursor", Small, ColDim)
	b.Text(x+276, y-7, "sweep", Small, ColDim)
	b.Tag(n, "legend")
}
