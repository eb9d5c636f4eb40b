package app

import "time"

// View is what the page's canvas shows, chosen with the toolbar's view
// selector.
type View string

// The page's views.
const (
	ViewGC   View = "gc"   // GC: trie walk vs GC list (default)
	ViewDst  View = "dst"  // route cache: before/after 6.3
	ViewILA  View = "ila"  // ILA pipeline
	ViewPlot View = "plot" // GC cost against permanent routes, measured live
)

// Views holds the page's views besides the GC lanes of Sim, and which one
// is shown. The views' simulations run only while shown.
type Views struct {
	Current View
	Dst     *DstView
	ILA     *ILAView
	Cost    *CostRun
}

// NewViews returns the views with the GC view shown.
func NewViews() *Views {
	return &Views{Current: ViewGC, Dst: NewDstView(), ILA: NewILAView(), Cost: NewCostRun(nil)}
}

// Set shows view v, reporting false for an unknown view.
func (v *Views) Set(name string) bool {
	switch View(name) {
	case ViewGC, ViewDst, ViewILA, ViewPlot:
		v.Current = View(name)
		return true
	}
	return false
}

// Frame runs the shown view's simulation for a frame dt after the last.
func (v *Views) Frame(dt time.Duration) {
	switch v.Current {
	case ViewDst:
		v.Dst.Frame(dt)
	case ViewILA:
		v.ILA.Frame(dt)
	case ViewPlot:
		v.Cost.Frame()
	}
}
