package scene

import (
	"fmt"

	"fib6lab/wasm/app"
)

// Teaching overlay geometry.
const (
	pseudoLineH = 16  // a pseudo-code line
	pseudoW     = 430 // pseudo-code panel width
	timelineH   = 30  // the player's time line
)

// Teach draws the teaching overlays of the GC view over a page built by
// Page.Build: per lane the pseudo-code panel and the player's time line
// (when the view has them on), and the scenario's narration.
func Teach(b *Builder, s *app.Sim) {
	v := s.TheView()
	for i, l := range s.Lanes {
		vx, vy, vw, vh := LaneView(i, b.S.W, b.S.H)
		if v.Timeline {
			Timeline(b, vx, vy+vh-timelineH, vw, l.Timeline())
			vh -= timelineH
		}
		if v.Pseudo {
			pv := fitPseudo(l.Pseudo(), int((vh-12)/pseudoLineH))
			h := float64(len(pv.Lines)+len(pv.Values)+2) * pseudoLineH
			Pseudo(b, vx+max(vw-pseudoW-6, 0), vy+vh-h-6, min(pseudoW, vw), pv)
		}
	}
}

// fitPseudo returns pv with no more than rows rows (the function's name,
// the listing, the values and a margin): when the listing does not fit,
// the window of it around the lit line that does, numbered as in the
// whole listing (First), so that the panel stays inside a short lane
// view instead of climbing over its header.
func fitPseudo(pv app.PseudoView, rows int) app.PseudoView {
	room := rows - len(pv.Values) - 2
	if len(pv.Lines) <= room {
		return pv
	}
	room = max(room, 1)
	first := min(max(pv.Line-room/2, 0), len(pv.Lines)-room)
	pv.Lines = pv.Lines[first : first+room]
	pv.First += first
	if pv.Line >= 0 {
		pv.Line -= first
	}
	return pv
}

// Pseudo draws the pseudo-code panel pv at (x, y), w wide: the function,
// its listing with the current line lit, and the live values.
func Pseudo(b *Builder, x, y, w float64, pv app.PseudoView) {
	if pv.Func == "" {
		return
	}
	n := len(b.S.Items)
	h := float64(len(pv.Lines)+len(pv.Values)+2) * pseudoLineH
	b.Box(x, y, w, h, Alpha(b.P.Panel, 0.94), b.P.Border, 1)
	b.Text(x+8, y+4, pv.Func, Code.bold(), b.P.Cursor)
	for i, line := range pv.Lines {
		ly := y + float64(i+1)*pseudoLineH + 4
		c := b.P.Dim
		if i == pv.Line {
			b.Rect(x+2, ly-2, w-4, pseudoLineH, Alpha(b.P.Cursor, 0.25))
			c = b.P.Text
		}
		b.Text(x+8, ly, fmt.Sprintf("%2d  %s", pv.First+i+1, line), Code, c)
	}
	for i, val := range pv.Values {
		b.Text(x+8, y+float64(len(pv.Lines)+1+i)*pseudoLineH+8, "= "+val, Code, b.P.Expiring)
	}
	b.Tag(n, "pseudo")
}

// bold returns st in bold.
func (st TextStyle) bold() TextStyle { st.Bold = true; return st }

// Timeline draws a lane's time line at (x, y), w wide: the kept history
// as a bar, a tick per operation, the position, and the virtual time.
func Timeline(b *Builder, x, y, w float64, t app.Timeline) {
	n := len(b.S.Items)
	b.Box(x, y, w, timelineH, Alpha(b.P.Panel, 0.94), b.P.Border, 1)
	span := float64(max(t.Head-t.Base, 1))
	px := func(at int64) float64 { return x + 4 + (w-8)*float64(at-t.Base)/span }
	by := y + 18
	b.Rect(x+4, by, w-8, 3, b.P.Border)
	b.Rect(x+4, by, px(t.Pos)-x-4, 3, b.P.Summary)
	for _, m := range t.Marks {
		b.Rect(px(m.At), by-4, 1, 11, b.P.Walk)
	}
	b.Rect(px(t.Pos)-1, by-7, 3, 17, b.P.Cursor)
	label := fmt.Sprintf("event %s of %s   ·   %d operations   ·   t = %.2f s (jiffies %d)",
		app.Commas(int(t.Pos-t.Base)), app.Commas(int(t.Head-t.Base)), len(t.Marks), t.Seconds(), t.Jiffies)
	if t.Dropped > 0 {
		label += fmt.Sprintf("   ·   %s older events dropped", app.Commas(int(t.Dropped)))
	}
	b.Text(x+6, y+2, label, Small, b.P.Text)
	b.Tag(n, "timeline")
}

// Narration draws the scenario's narration line in a band from x to the
// right end of the status line, cut with an ellipsis where it is longer.
func Narration(b *Builder, x float64, text string) {
	n := len(b.S.Items)
	w := b.S.W - Gutter - x
	b.Rect(x, 1, w, StatusH-2, Alpha(Hex(0x1f6feb), 0.85))
	b.Text(x+6, 5, ellipsis(w-12, Small.bold(), text), Small.bold(), b.P.Text)
	b.Tag(n, "narration")
}
