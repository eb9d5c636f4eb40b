package app

import "time"

// View is what the page's canvas shows, chosen with the view menu. Every
// view draws the same two lanes at the same player position: they share
// the engine run, the trace, the player and the virtual clock, so play,
// pause, step, the time line, links, exports and scenarios behave the
// same in each. A view never runs anything of its own while paused.
type View string

// The page's views.
const (
	ViewGC   View = "gc"   // GC: trie walk vs GC list (default)
	ViewDst  View = "dst"  // route cache: dst_ops, exceptions, GC list over time
	ViewILA  View = "ila"  // ILA: the last packet through ila_output per lane
	ViewPlot View = "plot" // GC cost against permanent routes, measured while playing
)

// ViewInfo describes a view for the menu and the hook.
type ViewInfo struct {
	ID    View
	Title string // the menu's text
}

// ViewList is the view registry, in menu order. A new view adds a row
// here and a builder in the scene package's registry (scene.Builders).
var ViewList = []ViewInfo{
	{ViewGC, "GC: trie walk vs GC list"},
	{ViewDst, "Route cache: dst_ops, exceptions"},
	{ViewILA, "ILA pipeline"},
	{ViewPlot, "GC cost plot"},
}

// ViewIDs returns the views' ids in menu order.
func ViewIDs() []string {
	out := make([]string, len(ViewList))
	for i, v := range ViewList {
		out[i] = string(v.ID)
	}
	return out
}

// Views holds which view is shown and the cost plot's measurement (the
// one view that measures wall time, on namespaces of its own; it runs only
// while the plot is shown and the player plays).
type Views struct {
	Current View
	Cost    *CostRun
}

// NewViews returns the views with the GC view shown.
func NewViews() *Views {
	return &Views{Current: ViewGC, Cost: NewCostRun(nil)}
}

// Set shows view name, reporting false for an unknown view.
func (v *Views) Set(name string) bool {
	for _, vi := range ViewList {
		if string(vi.ID) == name {
			v.Current = vi.ID
			return true
		}
	}
	return false
}

// Frame runs the sim's frame, then the cost plot's measurement when it
// is shown and the sim plays.
func (v *Views) Frame(s *Sim, dt time.Duration) {
	s.Frame(dt)
	if v.Current == ViewPlot && s.Playing {
		v.Cost.Frame()
	}
}
