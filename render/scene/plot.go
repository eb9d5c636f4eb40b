package scene

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
)

// CostPoint is one measurement of the GC cost plot: the time of one GC
// pass, in nanoseconds, per strategy (gc.Strategies order: trie-walk,
// gc-list) with Routes permanent routes in the table; 0 means not
// measured.
type CostPoint struct {
	Routes int
	Nanos  [2]float64
}

// KernelPoint is a figure the kernel published: one GC pass took Nanos
// with Routes permanent routes.
type KernelPoint struct {
	Routes int
	Nanos  float64
}

// KernelBefore are the GC pass times the 2023 patch's cover letter
// ("net/ipv6: Remove expired routes with a separated list of routes")
// reported before the change: 1000, 3000, 6000 and 9000 permanent routes
// plus one expiring route.
var KernelBefore = []KernelPoint{{1000, 120020}, {3000, 308920}, {6000, 581470}, {9000, 855310}}

// KernelAfter is the cover letter's figure after the change: about 14 µs
// whatever the number of permanent routes (measured from 1000 to 9000).
var KernelAfter = []KernelPoint{{1000, 14000}, {9000, 14000}}

// PlotOptions sizes a plot and picks its y scale.
type PlotOptions struct {
	W, H float64  // scene size; 0 means 960 x 600
	LogY bool     // logarithmic time axis (the x axis is always logarithmic)
	Note string   // the subtitle's first part; "" means "fib6lab measured natively"
	P    *Palette // the colours; nil means Dark
}

// Plot margins in pixels: the legend sits right of the plot area.
const (
	plotLeft   = 80
	plotRight  = 250
	plotTop    = 84
	plotBottom = 56
)

// GCCostPlot returns the plot of time per GC pass against the number of
// permanent routes: the measured points of both strategies as lines with
// filled dots, the kernel's published figures (KernelBefore, KernelAfter)
// as thin lines with rings, each kernel point labelled with its value,
// axes with ticks, a legend and a title.
func GCCostPlot(points []CostPoint, o PlotOptions) *Scene {
	if o.W == 0 || o.H == 0 {
		o.W, o.H = 960, 600
	}
	b := NewBuilder(o.W, o.H)
	if o.P != nil {
		b.P = *o.P
	}
	b.Rect(0, 0, o.W, o.H, b.P.BG)
	b.Text(plotLeft, 16, "Time per GC pass against permanent routes (one expiring route)", Title, b.P.Text)
	if o.Note == "" {
		o.Note = "fib6lab measured natively"
	}
	b.Text(plotLeft, 40, o.Note+" (median of repetitions) · rings: the kernel's 2023 cover letter", Small, b.P.Dim)
	p := newPlotArea(points, o)
	p.axes(b)
	for i, accent := range b.P.Accents() {
		n := len(b.S.Items)
		p.series(b, measured(points, i), accent, 2, false)
		b.Tag(n, [2]string{"trie-walk", "gc-list"}[i])
	}
	for i, ks := range [2][]KernelPoint{KernelBefore, KernelAfter} {
		n := len(b.S.Items)
		p.series(b, ks, b.P.Accents()[i], 1, true)
		b.Tag(n, [2]string{"kernel-before", "kernel-after"}[i])
	}
	p.legend(b)
	return b.S
}

// measured returns strategy i's measured points.
func measured(points []CostPoint, i int) []KernelPoint {
	var out []KernelPoint
	for _, pt := range points {
		if pt.Nanos[i] > 0 {
			out = append(out, KernelPoint{pt.Routes, pt.Nanos[i]})
		}
	}
	return out
}

// scale maps values lo..hi, linearly or logarithmically, to 0..1.
type scale struct {
	lo, hi float64
	log    bool
}

func (s scale) frac(v float64) float64 {
	if s.log {
		return (math.Log10(v) - math.Log10(s.lo)) / (math.Log10(s.hi) - math.Log10(s.lo))
	}
	return (v - s.lo) / (s.hi - s.lo)
}

// ticks returns the tick values: 1, 2, 5 times each power of ten for a
// log scale, about five round steps for a linear one.
func (s scale) ticks() []float64 {
	var ts []float64
	if s.log {
		for d := s.lo; d <= s.hi; d *= 10 {
			for _, m := range []float64{1, 2, 5} {
				if v := d * m; v <= s.hi*1.0001 {
					ts = append(ts, v)
				}
			}
		}
		return ts
	}
	step := niceCeil(s.hi / 5)
	for v := s.lo; v <= s.hi*1.0001; v += step {
		ts = append(ts, v)
	}
	return ts
}

// niceCeil rounds v > 0 up to 1, 2 or 5 times a power of ten.
func niceCeil(v float64) float64 {
	d := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if d*m >= v*0.9999 {
			return d * m
		}
	}
	return 10 * d
}

// decadeFloor and decadeCeil round v > 0 to a power of ten.
func decadeFloor(v float64) float64 { return math.Pow(10, math.Floor(math.Log10(v)+1e-9)) }
func decadeCeil(v float64) float64  { return math.Pow(10, math.Ceil(math.Log10(v)-1e-9)) }

// plotArea is the rectangle the data is drawn in and its two scales:
// routes across, microseconds up.
type plotArea struct {
	x0, y0, x1, y1 float64
	xs, ys         scale
	grid           occupancy // where point labels are
}

// newPlotArea fits the scales to the measured and published points.
func newPlotArea(points []CostPoint, o PlotOptions) *plotArea {
	xlo, xhi, ylo, yhi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	add := func(routes int, ns float64) {
		if ns <= 0 || routes <= 0 {
			return
		}
		xlo, xhi = min(xlo, float64(routes)), max(xhi, float64(routes))
		ylo, yhi = min(ylo, ns/1000), max(yhi, ns/1000)
	}
	for _, pt := range points {
		add(pt.Routes, pt.Nanos[0])
		add(pt.Routes, pt.Nanos[1])
	}
	for _, k := range append(KernelBefore[:len(KernelBefore):len(KernelBefore)], KernelAfter...) {
		add(k.Routes, k.Nanos)
	}
	ys := scale{lo: 0, hi: niceCeil(yhi * 1.05)}
	if o.LogY {
		ys = scale{lo: decadeFloor(ylo / 1.25), hi: decadeCeil(yhi * 1.25), log: true} // room for the labels
	}
	p := &plotArea{x0: plotLeft, y0: plotTop, x1: o.W - plotRight, y1: o.H - plotBottom,
		xs: scale{lo: decadeFloor(xlo), hi: niceCeil(xhi), log: true}, ys: ys}
	p.grid.reset(int(o.W), int(o.H))
	return p
}

// at returns the scene position of routes, nanoseconds.
func (p *plotArea) at(routes int, ns float64) (float64, float64) {
	return p.x0 + p.xs.frac(float64(routes))*(p.x1-p.x0), p.y1 - p.ys.frac(ns/1000)*(p.y1-p.y0)
}

// axes draws the grid, tick labels, frame and axis titles.
func (p *plotArea) axes(b *Builder) {
	n := len(b.S.Items)
	for _, v := range p.xs.ticks() {
		x := p.x0 + p.xs.frac(v)*(p.x1-p.x0)
		b.Rect(x, p.y0, 1, p.y1-p.y0, b.P.Grid)
		b.Text(x, p.y1+6, routesLabel(v), Small.At(AnchorMiddle), b.P.Dim)
	}
	for _, v := range p.ys.ticks() {
		y := p.y1 - p.ys.frac(v)*(p.y1-p.y0)
		b.Rect(p.x0, y, p.x1-p.x0, 1, b.P.Grid)
		t := tickMicros(v)
		w := Measure(t, Small)
		p.grid.claim(p.x0-6-w, y-7, w, labelH) // point labels keep off the tick labels
		b.Text(p.x0-6, y-7, t, Small.At(AnchorEnd), b.P.Dim)
	}
	b.Frame(p.x0, p.y0, p.x1-p.x0, p.y1-p.y0, 1, b.P.Border)
	b.Text((p.x0+p.x1)/2, p.y1+26, "permanent routes in table main (log scale)", Small.At(AnchorMiddle), b.P.Text)
	yt := "time per GC pass"
	if p.ys.log {
		yt += " (log scale)"
	}
	b.Text(p.x0, p.y0-20, yt, Small, b.P.Text)
	b.Tag(n, "axes")
}

// series draws points joined by a line of width lw in colour c: filled
// dots for measurements, rings for kernel figures, each point labelled
// with its value.
func (p *plotArea) series(b *Builder, pts []KernelPoint, c color.RGBA, lw float64, kernel bool) {
	line := make([]Point, len(pts))
	for i, pt := range pts {
		line[i].X, line[i].Y = p.at(pt.Routes, pt.Nanos)
	}
	b.Polyline(line, lw, c)
	for i, pt := range pts {
		x, y := line[i].X, line[i].Y
		tc := c
		if kernel {
			b.Circle(x, y, 5, color.RGBA{}, c, 1.5)
			tc = b.P.Dim
		} else {
			b.Dot(x, y, 3.5, c)
		}
		p.label(b, x, y, FormatMicros(pt.Nanos), tc)
	}
}

// label writes the value s of the point at (x, y) beside it: above
// right, below right, above left, below left, then right, left (where the
// series' own line may cross it) and a line further above or below
// right, whichever is first inside the frame and free of earlier labels
// (the first if none is).
func (p *plotArea) label(b *Builder, x, y float64, s string, c color.RGBA) {
	w := labelWidth(s)
	spots := [][2]float64{{x + 6, y - 20}, {x + 6, y + 6}, {x - 6 - w, y - 20}, {x - 6 - w, y + 6},
		{x + 8, y - 7}, {x - 8 - w, y - 7}, {x + 6, y - 20 - labelH}, {x + 6, y + 6 + labelH}}
	at := spots[0]
	for _, sp := range spots {
		if sp[0] >= p.x0+2 && sp[0]+w <= p.x1-2 && sp[1] >= p.y0 && sp[1]+labelH <= p.y1 && p.grid.claim(sp[0], sp[1], w, labelH) {
			at = sp
			break
		}
	}
	b.Text(at[0], at[1], s, Small, c)
}

// legend explains the four series right of the plot area.
func (p *plotArea) legend(b *Builder) {
	n := len(b.S.Items)
	x, y := p.x1+20, p.y0+4
	entries := []struct {
		name   string
		c      color.RGBA
		kernel bool
	}{
		{"trie-walk (before 2023), measured", b.P.Walk, false},
		{"gc-list (after 2023), measured", b.P.List, false},
		{"kernel, before: cover letter", b.P.Walk, true},
		{"kernel, after: ~14 µs flat", b.P.List, true},
	}
	for i, e := range entries {
		ly := y + 22*float64(i)
		if e.kernel {
			b.Line(x, ly+6, x+24, ly+6, 1, e.c)
			b.Circle(x+12, ly+6, 5, color.RGBA{}, e.c, 1.5)
		} else {
			b.Line(x, ly+6, x+24, ly+6, 2, e.c)
			b.Dot(x+12, ly+6, 3.5, e.c)
		}
		b.Text(x+32, ly, e.name, Small, b.P.Text)
	}
	b.Tag(n, "legend")
}

// routesLabel formats a route count for an axis: 500, 2k, 100k, 1M.
func routesLabel(v float64) string {
	switch {
	case v >= 1e6:
		return strconv.FormatFloat(v/1e6, 'g', 4, 64) + "M"
	case v >= 1e3:
		return strconv.FormatFloat(v/1e3, 'g', 4, 64) + "k"
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// tickMicros formats a time axis tick in microseconds: 0.5 µs, 20 µs, 1 ms.
func tickMicros(us float64) string {
	if us >= 1000 {
		return strconv.FormatFloat(us/1000, 'g', 4, 64) + " ms"
	}
	return strconv.FormatFloat(us, 'g', 4, 64) + " µs"
}

// FormatMicros formats a duration in nanoseconds as microseconds (or
// milliseconds from 1 ms): 0.25 µs, 14.0 µs, 855.3 µs, 4.21 ms.
func FormatMicros(ns float64) string {
	if ns < 1000 {
		return fmt.Sprintf("%.3g µs", ns/1000)
	}
	div, unit, prec := microsUnit(ns)
	return fmt.Sprintf("%.*f %s", prec, ns/div, unit)
}

// microsUnit returns how FormatMicros writes ns (from 1 µs): the divisor
// to its unit, the unit and the decimals.
func microsUnit(ns float64) (div float64, unit string, prec int) {
	switch us := ns / 1000; {
	case us >= 10000:
		return 1e6, "ms", 1
	case us >= 1000:
		return 1e6, "ms", 2
	case us >= 10:
		return 1e3, "µs", 1
	}
	return 1e3, "µs", 2
}
