package app

// CostRun measures a GC pass per strategy at growing numbers of
// permanent routes, live, a measurement per frame. Not built yet.
type CostRun struct{}

// NewCostRun returns a measurement over the given table sizes.
func NewCostRun(sizes []int) *CostRun { return &CostRun{} }

// Frame runs the next measurement.
func (c *CostRun) Frame() {}
