package fib6

import "math"

// Cleaner is a resumable fib6_clean_all: one fib6_walker per table, in
// dump order, calling a CleanFunc for every route. The kernel runs the
// whole walk under the table lock; the model can also run it a slice at a
// time (Step) so a front end spreads a full-table walk over many frames.
// Nothing else may change the tables while a walk is suspended.
type Cleaner struct {
	Visited int // nodes stepped on so far
	Checked int // routes handed to the CleanFunc so far

	net    *Net
	f      CleanFunc
	tables []*Table
	ti     int
	w      *Walker
	limit  int
}

// NewCleaner prepares a fib6_clean_all over every table of n with f.
func (n *Net) NewCleaner(f CleanFunc) *Cleaner {
	return &Cleaner{net: n, f: f, tables: n.Tables()}
}

// Step walks until about budget more nodes have been stepped on (it
// suspends only after a node's routes are done) or the walk is complete,
// and reports completion.
func (c *Cleaner) Step(budget int) bool {
	budget = min(budget, math.MaxInt/4)
	for c.ti < len(c.tables) {
		var r int
		if c.w == nil {
			t := c.tables[c.ti]
			c.w = &Walker{Func: func(w *Walker) int {
				t.cleanNode(w, c.f, &c.Checked)
				if w.Visited >= c.limit {
					return 1
				}
				return 0
			}}
			c.limit = budget
			r = t.Walk(c.w)
		} else {
			c.limit = c.w.Visited + budget
			if r = c.w.Continue(); r <= 0 {
				c.w.unlink() // as fib6_dump_table after fib6_walk_continue
			}
		}
		if r > 0 {
			return false
		}
		budget -= c.w.Visited
		c.Visited += c.w.Visited
		c.w, c.ti = nil, c.ti+1
	}
	return true
}

// Visiting returns the nodes stepped on so far, including the walk in
// progress.
func (c *Cleaner) Visiting() int {
	if c.w == nil {
		return c.Visited
	}
	return c.Visited + c.w.Visited
}

// CleanAll models fib6_clean_all: walk every table in dump order and call
// f for each route; CleanDelete removes the route through Del while the
// walk goes on. It returns the nodes visited and the routes checked.
func (n *Net) CleanAll(f CleanFunc) (visited, checked int) {
	c := n.NewCleaner(f)
	c.Step(math.MaxInt)
	return c.Visited, c.Checked
}
