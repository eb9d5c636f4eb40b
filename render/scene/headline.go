package scene

import (
	"fmt"
	"math"

	"fib6lab/engine/gc"
	"fib6lab/wasm/app"
)

// RatioStyle is the headline ratio's big figure.
var RatioStyle = TextStyle{Size: 22, Bold: true}

// textWidth returns the width of s in style st (Measure).
func textWidth(s string, st TextStyle) float64 { return Measure(s, st) }

// fit returns the first of texts that is at most w pixels wide in style
// st, or the last one when none is.
func fit(w float64, st TextStyle, texts ...string) string {
	for _, s := range texts {
		if textWidth(s, st) <= w {
			return s
		}
	}
	return texts[len(texts)-1]
}

// ellipsis returns s, or its longest start that fits w pixels in style
// st followed by "…".
func ellipsis(w float64, st TextStyle, s string) string {
	if textWidth(s, st) <= w {
		return s
	}
	r := []rune(s)
	lo, hi := 0, len(r)
	for lo < hi { // the longest prefix that fits with the ellipsis
		mid := (lo + hi + 1) / 2
		if textWidth(string(r[:mid])+"…", st) <= w {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return string(r[:lo]) + "…"
}

// HeadlineLine returns the headline of strategy s as a lane header shows
// it in w pixels of Code: the routes one pass checks and its median time
// with its spread, e.g. "trie walk: 160,163 routes checked, 8.13 ms ±
// 0.41 per pass (median of 9)"; shorter, it keeps "(measuring…)" while
// the figures are not final, as long as that fits.
func HeadlineLine(s gc.Strategy, hl app.HeadlineState, w float64) string {
	c := hl.Cost(s)
	if c.Runs == 0 {
		return fit(w, Code, "time per pass: measuring untraced passes (samples of ≥ 50 ms)…", "time per pass: measuring…")
	}
	routes, t := app.Commas(c.RoutesChecked)+" routes", FormatCost(c.Micros*1e3, c.Spread*1e3)
	if c.RoutesChecked == 1 {
		routes = "1 route"
	}
	runs, short := fmt.Sprintf("median of %d", c.Runs), ""
	if !hl.Done { // the first samples, or the last figures while the tables changed since
		runs, short = "measuring…", " (measuring…)"
	}
	return fit(w, Code,
		fmt.Sprintf("%s: %s checked, %s per pass (%s)", strategyName[s], routes, t, runs),
		fmt.Sprintf("%s checked, %s per pass%s", routes, t, short),
		fmt.Sprintf("%s per pass%s", t, short),
		fmt.Sprintf("%s per pass", t))
}

// FormatCost formats a time of ns nanoseconds with its spread in the
// same unit, the time to the precision FormatMicros gives it and the
// spread to at least one significant digit: "8.13 ms ± 0.41", "10.7 µs ±
// 0.02".
func FormatCost(ns, spread float64) string {
	div, unit, prec := microsUnit(ns)
	sp := prec
	for spread > 0 && spread/div < 0.95*math.Pow(10, -float64(sp)) && sp < prec+3 {
		sp++
	}
	return fmt.Sprintf("%.*f %s ± %.*f", prec, ns/div, unit, sp, spread/div)
}

// FormatRatio formats the headline ratio to two significant digits:
// "~3,000x", "~140x", "~7.3x".
func FormatRatio(r float64) string {
	if r < 10 {
		return fmt.Sprintf("~%.1fx", r)
	}
	p := math.Pow(10, math.Floor(math.Log10(r))-1)
	return "~" + app.Commas(int(math.Round(r/p)*p)) + "x"
}

// ratioFigure sets the headline ratio as the figure of header hd, w
// pixels wide inside: the big "~3,000x" (as large as it fits beside the
// title) and what it compares. Nothing before both strategies have a
// sample.
func ratioFigure(p *Palette, hd *Header, hl app.HeadlineState, w float64) {
	if hl.Ratio <= 0 {
		return
	}
	hd.Figure, hd.FigureStyle, hd.FigureColour = FormatRatio(hl.Ratio), RatioStyle, p.List
	if textWidth(hd.Title, Title)+16+textWidth(hd.Figure, RatioStyle) > w {
		hd.FigureStyle = Title
	}
	hd.FigureNote = fit(w/2, Small, "time per GC pass: trie walk ÷ GC list", "trie walk ÷ GC list")
	if !hl.Done {
		hd.FigureNote = fit(w/2, Small, "trie walk ÷ GC list, measuring…", "measuring…")
	}
}
