package fib6

import "math"

// Cleaner is a resumable fib6_clean_all: one fib6_walker per table, in
// dump order, calling a CleanFunc for every route. The kernel runs the
// whole walk under the table lock; the model can also run it a slice at a
// time (Step) so a front end spreads a full-table walk over many frames.
// Nothing else may change the tables while a walk is suspended.
//
// Besides Step, which calls the CleanFunc, a caller can drive the walk
// itself and handle each node's routes inline (Start, Next, Walker,
// Suspend, and Walker.NextDue within a table), as an untraced GC pass
// does to avoid calls per route.
type Cleaner struct {
	Visited int // nodes stepped on so far
	Checked int // routes handed to the CleanFunc so far
	// SkipPlain has Start and Next pass over the nodes whose routes are
	// all plain (no RTF_EXPIRES, not on a GC list, no dst state: fib6_age
	// has nothing to do with them) without handing them out, counting
	// their routes (Plain) and the node as handled, and stopping on one
	// (with no Leaf) where the step's budget is spent, as the caller
	// would have; Step never skips.
	SkipPlain bool
	plain     int // routes passed over by the walkers done

	net    *Net
	f      CleanFunc
	ti     int     // the table walked (Net.TableAt)
	w      *Walker // its walker, nil before it starts
	walker Walker  // storage for w
	budget int     // nodes the step may still visit, tables started in it included
	limit  int     // the walker suspends once its Visited reaches this
}

// NewCleaner prepares a fib6_clean_all over every table of n with f.
func (n *Net) NewCleaner(f CleanFunc) *Cleaner {
	return &Cleaner{net: n, f: f}
}

// Reset makes c a new clean over the tables of its Net with the same
// CleanFunc, reusing its storage; a walk in progress is abandoned.
func (c *Cleaner) Reset() {
	if c.w != nil {
		c.w.Stop()
	}
	*c = Cleaner{net: c.net, f: c.f, SkipPlain: c.SkipPlain}
}

// Step walks until about budget more nodes have been stepped on (it
// suspends only after a node's routes are done) or the walk is complete,
// and reports completion.
func (c *Cleaner) Step(budget int) bool {
	c.SkipPlain = false
	for t := c.Start(budget); t != nil; t = c.Next() {
		t.cleanNode(c.w, c.f, &c.Checked)
		if c.Suspend() {
			return false
		}
	}
	return true
}

// Start begins a step of about budget more nodes and moves the walk to
// the first node whose routes are due, as Next does.
func (c *Cleaner) Start(budget int) *Table {
	c.budget = min(budget, math.MaxInt/4)
	if c.w != nil {
		c.limit = c.w.Visited + c.budget
		c.w.skipPlain, c.w.limit = c.SkipPlain, c.limit
	}
	return c.Next()
}

// Next moves the walk on to the next node whose routes are due (where
// fib6_clean_all calls fib6_clean_node) and returns its table, with
// Walker standing on the node and its Leaf on the first route; nil when
// the walk is complete. The caller handles the routes from Leaf on as
// fib6_clean_node does (deleting through Table.Del with Leaf set to the
// route, which moves the walker past it, and stopping there; or setting
// Leaf to nil once the node is done), then calls Suspend.
func (c *Cleaner) Next() *Table {
	for c.ti < c.net.NumTables() {
		t := c.net.TableAt(c.ti)
		if c.w == nil {
			c.limit = c.budget
			c.walker = Walker{skipPlain: c.SkipPlain, limit: c.limit}
			c.w = &c.walker
			t.startWalk(c.w)
		}
		if c.w.next() {
			return t
		}
		c.w.unlink() // as fib6_dump_table after fib6_walk_continue
		c.budget -= c.w.Visited
		c.Visited += c.w.Visited
		c.plain += c.w.plain
		c.w, c.ti = nil, c.ti+1
	}
	return nil
}

// Walker returns the walker of the table being walked (nil between
// tables).
func (c *Cleaner) Walker() *Walker { return c.w }

// Suspend ends the handling of the node Next returned and reports whether
// the step's budget is spent: the walk then stops there until the next
// Start resumes it.
func (c *Cleaner) Suspend() bool {
	if c.w.Visited >= c.limit {
		return true
	}
	c.w.Count++
	return false
}

// Plain returns the routes passed over so far (SkipPlain), including the
// walk in progress.
func (c *Cleaner) Plain() int {
	if c.w == nil {
		return c.plain
	}
	return c.plain + c.w.plain
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
