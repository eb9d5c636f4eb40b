package scene

import (
	"fmt"
	"image/color"

	"fib6lab/wasm/app"
)

// Header is a panel's header: the title in the accent colour, a subtitle
// and lines of counters (the first bright, the others dim); Figure, when
// set, is a big figure at the right of the title row in FigureStyle and
// FigureColour, with FigureNote (dim) under it.
type Header struct {
	Title, Subtitle    string
	Accent             color.RGBA
	Lines              []string
	Figure, FigureNote string
	FigureStyle        TextStyle
	FigureColour       color.RGBA
}

// Panel draws a panel at (x, y) of size w x h with header hd in its top
// HeaderH-Gutter/2 pixels, and returns the body rectangle under the
// header.
func (b *Builder) Panel(x, y, w, h float64, hd Header) (bx, by, bw, bh float64) {
	band := float64(HeaderH - Gutter/2)
	n := len(b.S.Items)
	// outlines rather than fills: software WebGL pays for every pixel
	b.Rect(x, y, w, band, b.P.Panel)
	b.Frame(x, y, w, h, 1, b.P.Border)
	b.Rect(x, y, w, 3, hd.Accent)
	tx, ty := x+10, y+10
	b.Text(tx, ty, hd.Title, Title, hd.Accent)
	b.Text(tx, ty+22, hd.Subtitle, Small, b.P.Dim)
	if hd.Figure != "" {
		b.Text(x+w-10, ty-6, hd.Figure, hd.FigureStyle.At(AnchorEnd), hd.FigureColour)
		b.Text(x+w-10, ty+22, hd.FigureNote, Small.At(AnchorEnd), b.P.Dim)
	}
	for i, l := range hd.Lines {
		c := b.P.Dim
		if i == 0 {
			c = b.P.Text
		}
		b.Text(tx, ty+44+18*float64(i), l, Code, c)
	}
	b.Tag(n, "header")
	return x, y + band, w, h - band
}

// The GC strategies' names, subtitles and accents in the lane headers,
// in gc.Strategies order (the GC cost plot's series too).
var (
	strategyName     = [2]string{"trie walk", "GC list"}
	strategySubtitle = [2]string{"walks the whole trie: fib6_clean_all(fib6_age) over every node and route",
		"walks tb6_gc_hlist: only the routes that can expire (fib6_gc_all)"}
	listedName = [2]string{"expiring routes", "on tb6_gc_hlist"}
)

// laneTitle returns the title of lane l's header: its release and the GC
// strategy the release runs, "6.1 · trie walk".
func laneTitle(l *app.Lane) string {
	return l.Kernel().String() + " · " + strategyName[l.Strategy()]
}

// strategySubtitleShort are the strategies' subtitles where the long
// ones do not fit.
var strategySubtitleShort = [2]string{"every node and route (fib6_clean_all)", "only routes that can expire (fib6_gc_all)"}

// LaneHeader returns the header of lane l, w pixels wide: its release and
// GC strategy (laneTitle, in the strategy's accent), the headline of that
// strategy (hl: routes checked and time per pass) and live counters (the
// pass being shown, passes, routes removed and listed), each line in the
// longest form that fits; the right lane's also carries the headline
// ratio as its figure. The subtitle names the namespace the lane shows
// when it is not init.
func LaneHeader(p *Palette, l *app.Lane, hl app.HeadlineState, w float64) Header {
	gs, pass, s := l.Shown(), l.Pass, l.Strategy()
	what := "last pass"
	if pass.Active {
		what = "this pass"
	}
	if shown := l.ShownStrategy(); shown != s { // a `kernel` switch since: the pass shown ran the other strategy
		what += " (" + strategyName[shown] + ")"
	}
	v, c, r := app.Commas(pass.Visited), app.Commas(pass.Checked), app.Commas(pass.Removed)
	lw := w - 20
	hd := Header{Title: laneTitle(l), Accent: p.Accents()[s], Lines: []string{
		HeadlineLine(s, hl, lw),
		fit(lw, Code,
			fmt.Sprintf("%s: nodes visited %s · routes checked %s · removed %s · passes %d · total removed %s · %s %s",
				what, v, c, r, gs.Passes, app.Commas(gs.Removed), listedName[s], app.Commas(l.Traffic().Listed)),
			fmt.Sprintf("%s: nodes visited %s · routes checked %s · routes removed %s", what, v, c, r),
			fmt.Sprintf("%s: visited %s · checked %s · removed %s", what, v, c, r),
			fmt.Sprintf("visited %s · checked %s · removed %s", v, c, r)),
	}}
	if l.ID == app.LaneIDs[1] {
		ratioFigure(p, &hd, hl, lw)
	}
	subs := []string{strategySubtitle[s], strategySubtitleShort[s], ""}
	if ns := l.NetnsName(); ns != "" { // the lane shows another namespace than init
		subs = []string{"netns " + ns + " · " + subs[0], "netns " + ns + " · " + subs[1], "netns " + ns, ""}
	}
	hd.Subtitle = fit(lw-textWidth(hd.FigureNote, Small)-16, Small, subs...)
	return hd
}
