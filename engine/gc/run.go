package gc

import (
	"math"

	"fib6lab/engine/fib6"
	"fib6lab/engine/trace"
)

// Run is one GC pass in progress. The kernel ages all routes in one go
// under the table locks; the model can also run a pass a slice at a time
// (Step), with virtual time standing still, so that a front end spreads a
// whole-trie walk over many frames. Nothing else may change the tables
// until the pass is done.
type Run struct {
	net  *fib6.Net
	s    Strategy
	now  int64
	args *Args
	st   PassStats
	done bool

	cleaner *fib6.Cleaner // trie walk
	ti      int           // list walk: the table walked (fib6.Net.TableAt)
	next    *fib6.Info    // list walk: next entry (hlist_for_each_entry_safe)
	started bool
}

// Start begins a pass with strategy s at time now (jiffies); args collects
// gc_args.more. Nothing is aged until Step.
func Start(net *fib6.Net, s Strategy, now int64, args *Args) *Run {
	r := &Run{net: net, s: s}
	r.Again(now, args)
	return r
}

// Again begins another pass of r's strategy over the tables of r's net
// at time now, as Start would, reusing r's storage: passes timed back to
// back then allocate nothing. r must be done.
func (r *Run) Again(now int64, args *Args) {
	c := r.cleaner
	*r = Run{net: r.net, s: r.s, now: now, args: args}
	op := trace.OpGCTrie
	switch {
	case r.s == GCList:
		op = trace.OpGCList
	case c != nil:
		c.Reset()
		r.cleaner = c
	default:
		r.cleaner = r.net.NewCleaner(func(rt *fib6.Info) int { return r.age(rt) })
	}
	r.net.Trace.Emit(trace.Event{Kind: trace.OpBegin, Val: int64(op)})
}

// Step ages routes until about budget more steps (nodes stepped on by the
// trie walk, list entries by the list walk) are done or the pass is
// complete, and reports completion.
func (r *Run) Step(budget int) bool {
	if r.done {
		return true
	}
	if r.s == GCList {
		r.done = r.listStep(budget)
		r.st.Visited = 0
	} else {
		if r.net.Trace == nil {
			r.done = r.sweep(budget)
		} else {
			r.done = r.cleaner.Step(budget)
		}
		r.st.Visited = r.cleaner.Visiting()
	}
	if r.done {
		r.net.Trace.Emit(trace.Event{Kind: trace.OpEnd, Val: int64(r.st.Removed)})
	}
	return r.done
}

// Done reports whether the pass is complete.
func (r *Run) Done() bool { return r.done }

// Stats returns what the pass has done so far.
func (r *Run) Stats() PassStats { return r.st }

// listStep models fib6_gc_all: each table's tb6_gc_hlist, newest first,
// fib6_age on every entry and fib6_del on the expired ones.
// The tables are taken in place, in dump order, without building a
// slice (the kernel walks its table hash in place too).
func (r *Run) listStep(budget int) bool {
	for n := r.net; r.ti < n.NumTables(); r.ti, r.started = r.ti+1, false {
		t := n.TableAt(r.ti)
		if !r.started {
			r.next, r.started = t.GCFirst(), true
		}
		for ; r.next != nil; budget-- {
			if budget <= 0 {
				return false
			}
			rt := r.next
			r.next = rt.GCNext()
			if n.Trace != nil {
				n.Trace.Emit(trace.Event{Kind: trace.ListVisit, Route: rt.ID, Bit: rt.DstLen, Node: nodeID(rt)})
			}
			if r.age(rt) == fib6.CleanDelete {
				t.Del(rt)
			}
		}
	}
	return true
}

// sweep is the trie walk's step when nothing records the trace: the
// cleaner's walk driven here, each node's routes aged inline as
// fib6_clean_node and fib6_age do, without a call through the CleanFunc
// or the walker's func; the nodes whose routes fib6_age leaves alone (no
// RTF_EXPIRES, no dst state, not on a GC list) the walker itself counts
// and passes over (Cleaner.SkipPlain). It visits, ages and deletes
// exactly what the traced step does.
func (r *Run) sweep(budget int) bool {
	c := r.cleaner
	c.SkipPlain = true // fib6_age leaves plain routes alone: the walker counts them
	plain := c.Plain()
	defer func() {
		k := c.Plain() - plain
		c.Checked += k
		r.st.Checked += k
	}()
	for t := c.Start(budget); t != nil; t = c.Next() {
		for w := c.Walker(); ; {
			r.sweepNode(t, w)
			if c.Suspend() {
				return false
			}
			if !w.NextDue() {
				break // the table is done: Next goes on with the next one
			}
		}
	}
	return true
}

// sweepNode is fib6_clean_node with fib6_age for the routes of the node
// the walker w of table t stands on, from its Leaf on.
func (r *Run) sweepNode(t *fib6.Table, w *fib6.Walker) {
	c, null := r.cleaner, r.net.NullEntry
	rt := w.Leaf()
	for ; rt != nil; rt = rt.Next {
		if rt == null {
			continue // it never ages; not a route of the table
		}
		c.Checked++
		r.st.Checked++
		if rt.Flags&fib6.RTF_EXPIRES == 0 && !rt.OnGCList() && rt.DstState() == nil {
			continue // fib6_age: nothing to age, nothing to unlink
		}
		if Age(rt, r.now, r.args) {
			r.st.Removed++
			w.SetLeaf(rt)
			if t.Del(rt) == nil {
				return // the walker moved past rt; the rest of the node comes next
			}
		}
	}
	w.SetLeaf(nil)
}

// age runs Age on rt, traces it and counts it.
func (r *Run) age(rt *fib6.Info) int {
	r.st.Checked++
	if r.net.Trace != nil {
		r.trace(rt)
	}
	if Age(rt, r.now, r.args) {
		r.st.Removed++
		return fib6.CleanDelete
	}
	return fib6.CleanKeep
}

// trace emits the RouteAge event of rt: Val is the jiffies it has left
// (0 for a route without expiry).
func (r *Run) trace(rt *fib6.Info) {
	left := int64(0)
	if rt.HasExpires() {
		left = rt.Expires - r.now
	}
	r.net.Trace.Emit(trace.Event{Kind: trace.RouteAge, Route: rt.ID, Bit: rt.DstLen, Node: nodeID(rt), Val: left})
}

// Pass runs one whole aging pass over every table of net with strategy s
// at time now (jiffies), deleting the expired routes through fib6_del.
// Each node and route visited is emitted to net.Trace.
func Pass(net *fib6.Net, s Strategy, now int64, args *Args) PassStats {
	r := Start(net, s, now, args)
	r.Step(math.MaxInt)
	return r.Stats()
}
