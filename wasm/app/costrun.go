package app

import (
	"net/netip"
	"slices"
	"time"

	"fib6lab/data"
	"fib6lab/engine/fib6"
	"fib6lab/engine/gc"
)

// CostSizes are the GC cost plot's table sizes: the seed's 1000-9000
// permanent routes, and 0 for the real full table (data.FullTable).
var CostSizes = []int{1000, 3000, 6000, 9000, 0}

// The cost run's pacing: repetitions per strategy and size (their median
// is plotted), routes added per frame while a table is built, and the
// least time a repetition runs passes for.
const (
	CostReps       = 5
	CostBuildChunk = 20000
	CostMinElapsed = 2 * time.Millisecond
)

// CostPoint is a measured point: the median time of one GC pass per
// strategy (gc.Strategies order) and the routes the pass checked, with
// Routes permanent routes plus one expiring route.
type CostPoint struct {
	Routes  int
	Nanos   [2]float64
	Checked [2]int
}

// CostRun measures a GC pass per strategy at growing numbers of
// permanent routes, live: a table is built CostBuildChunk routes per
// frame, then one pass is timed per frame until each strategy has
// CostReps timings.
type CostRun struct {
	Points []CostPoint // finished sizes
	Done   bool
	sizes  []int
	perm   []netip.Prefix // the table being built
	net    *fib6.Net
	added  int
	times  [2][]float64
	now    func() time.Time
}

// NewCostRun returns a measurement over the given table sizes (nil:
// CostSizes); it starts on its first Frame.
func NewCostRun(sizes []int) *CostRun {
	if sizes == nil {
		sizes = CostSizes
	}
	return &CostRun{sizes: slices.Clone(sizes), now: time.Now}
}

// Frame runs the next step: a chunk of the table, or one timed pass.
func (c *CostRun) Frame() {
	switch {
	case c.Done:
	case c.net == nil:
		c.start()
	case c.added < len(c.perm):
		c.build()
	default:
		c.measure()
	}
}

// Restart forgets the points and measures again.
func (c *CostRun) Restart() { *c = CostRun{sizes: c.sizes, now: c.now} }

// start makes an empty FIB for the next size, with its expiring route.
func (c *CostRun) start() {
	n := c.sizes[len(c.Points)]
	c.perm = gc.PermanentHosts(min(n, 65535))
	if n == 0 {
		c.perm, _ = data.FullTable()
	}
	c.net, c.added, c.times = fib6.NewNet(), 0, [2][]float64{}
	rt := c.newRoute(gc.ExpiringHosts(1)[0])
	rt.SetExpires(1 << 40) // far away: every pass ages it, none removes it
	c.add(rt)
}

// newRoute returns a route to p via a gateway, as the GC benchmark adds.
func (c *CostRun) newRoute(p netip.Prefix) *fib6.Info {
	return c.net.NewRoute(p, netip.MustParseAddr("2001:10::2"), 2, fib6.IP6_RT_PRIO_USER)
}

// add links rt into table main.
func (c *CostRun) add(rt *fib6.Info) {
	_ = c.net.Table(fib6.RT_TABLE_MAIN).Add(rt, fib6.NLM_F_CREATE|fib6.NLM_F_EXCL)
}

// build adds the next chunk of permanent routes, compacting the trie
// after the last.
func (c *CostRun) build() {
	end := min(c.added+CostBuildChunk, len(c.perm))
	for _, p := range c.perm[c.added:end] {
		c.add(c.newRoute(p))
	}
	c.added = end
	if end == len(c.perm) {
		c.net.Table(fib6.RT_TABLE_MAIN).Compact()
	}
}

// measure times one pass of the strategy with fewer timings; when both
// have CostReps it records the point and moves to the next size.
func (c *CostRun) measure() {
	i := 0
	if len(c.times[1]) < len(c.times[0]) {
		i = 1
	}
	ns, st := c.timePass(gc.Strategies[i])
	c.times[i] = append(c.times[i], ns)
	if len(c.times[i]) == 1 {
		c.checked(i, st.Checked)
	}
	if len(c.times[1]) == CostReps {
		pt := &c.Points[len(c.Points)-1]
		pt.Nanos = [2]float64{median(c.times[0]), median(c.times[1])}
		c.net, c.perm = nil, nil
		c.Done = len(c.Points) == len(c.sizes)
	}
}

// timePass runs passes of strategy s until CostMinElapsed has gone by
// (the browser's clock ticks coarsely, 100 µs in some) and returns the
// mean time of one, in nanoseconds, and the last pass's stats.
func (c *CostRun) timePass(s gc.Strategy) (float64, gc.PassStats) {
	var st gc.PassStats
	t0 := c.now()
	for n := 1; ; n++ {
		args := gc.Args{Timeout: 30 * 250}
		st = gc.Pass(c.net, s, 0, &args)
		if el := c.now().Sub(t0); el >= CostMinElapsed {
			return float64(el.Nanoseconds()) / float64(n), st
		}
	}
}

// checked records the routes strategy i checked, opening the size's
// point on its first pass.
func (c *CostRun) checked(i, n int) {
	if i == 0 {
		c.Points = append(c.Points, CostPoint{Routes: len(c.perm)})
	}
	c.Points[len(c.Points)-1].Checked[i] = n
}

// Measuring returns the size being measured (0 when done) and how many
// of its routes are in the table.
func (c *CostRun) Measuring() (routes, added int) {
	if c.Done || c.net == nil {
		return 0, 0
	}
	return len(c.perm), c.added
}

// median returns the median of vs (not empty), sorting vs.
func median(vs []float64) float64 {
	slices.Sort(vs)
	return vs[len(vs)/2]
}
