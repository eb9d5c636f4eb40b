package app

import "time"

// ILAView is the ILA pipeline view (issue 5 §7). Not built yet: it shows
// a placeholder.
type ILAView struct{}

// NewILAView returns the ILA view.
func NewILAView() *ILAView { return &ILAView{} }

// Frame runs a frame of the ILA view.
func (v *ILAView) Frame(time.Duration) {}
