package fib6

import "fib6lab/engine/trace"

// walkState models enum fib6_walk_state (without source subtrees): the
// walker is about to go Left, Right, handle the node's routes (C), or Up.
type walkState uint8

const (
	fwsL walkState = iota
	fwsR
	fwsC
	fwsU
)

// Walker models struct fib6_walker (net/ipv6/ip6_fib.c): a resumable
// post-order traversal (left subtree, right subtree, the node, up) of one
// table. While it runs it is registered with the Net, so that deletions
// made by Func (or between resumptions) move it to a safe place, as
// fib6_del_route and fib6_repair_tree do in the kernel.
//
// Func is called once per RTINFO node with Leaf set to the node's first
// route. It returns 0 to go on (it must advance Leaf or set it to nil),
// a positive value to suspend the walk (Continue resumes it) or a
// negative value to abort it.
type Walker struct {
	Func    func(w *Walker) int
	Count   int // RTINFO nodes handed to Func
	Visited int // nodes stepped on, all kinds

	root  NodeIdx
	node  NodeIdx
	leaf  *Info
	state walkState
	net   *Net

	// skipPlain: nodes whose routes are all plain (see plainRoutes) are
	// not handed out: their routes are counted in plain, the node in
	// Count, and the walk goes on, or stops there (handed out with no
	// Leaf) once Visited reaches limit, as a caller that finds nothing to
	// do on such a node would (Cleaner.SkipPlain).
	skipPlain bool
	limit     int
	plain     int
}

// Node returns the node the walker stands on.
func (w *Walker) Node() *Node { return w.net.arena.at(w.node) }

// Leaf returns the route the walker is positioned on inside its node.
func (w *Walker) Leaf() *Info { return w.leaf }

// SetLeaf moves the walker to route rt inside the current node (nil when
// the node is done), as fib6_clean_node does.
func (w *Walker) SetLeaf(rt *Info) { w.leaf = rt }

// Walk models fib6_walk: start a walker at the table root and run it until
// it completes, suspends (>0) or aborts (<0). It returns Func's last
// non-zero result, or 0 when the walk is complete.
func (t *Table) Walk(w *Walker) int {
	t.startWalk(w)
	r := w.Continue()
	if r <= 0 {
		w.unlink()
	}
	return r
}

// startWalk positions w at the table root and registers it with the Net.
func (t *Table) startWalk(w *Walker) {
	w.root, w.node, w.state, w.net = t.root, t.root, fwsL, t.net
	t.net.walkers = append(t.net.walkers, w)
}

// Continue models fib6_walk_continue: resume a suspended walk, calling
// Func at every node whose routes are due.
func (w *Walker) Continue() int {
	for w.next() {
		if r := w.Func(w); r != 0 {
			return r
		}
		w.Count++
	}
	return 0
}

// NextDue moves the walker on to the next node whose routes are due
// (where fib6_walk_continue calls the walker's func) and reports whether
// there is one in its table; Leaf is then the node's first route. The
// caller handles them as Func would (Continue), without the call.
func (w *Walker) NextDue() bool { return w.next() }

// next is the loop of fib6_walk_continue up to the point where it calls
// the walker's func: it moves the walker on until it stands on an RTINFO
// node with its leaf set (state C) and reports true, or reports false
// when the walk is complete. The position is kept in locals and stored
// back on return (what the caller then does may delete routes, which
// moves the walker). NodeVisit events are built only when a recorder is
// attached.
func (w *Walker) next() bool {
	n := w.net
	traced := n.Trace != nil
	leaves := n.arena.leaves
	node, state, leaf, visited := w.node, w.state, w.leaf, w.Visited
	if node == 0 {
		return false
	}
	c := cursor{nodes: n.arena.nodes}
	fn := c.at(node)
	for {
		switch state {
		case fwsL:
			for {
				visited++
				if traced {
					n.emitVisit(fn)
				}
				if fn.Left == 0 {
					break
				}
				node = fn.Left
				fn = c.at(node)
			}
			fallthrough
		case fwsR:
			if fn.Right != 0 {
				node, state = fn.Right, fwsL
				fn = c.at(node)
				continue
			}
			if fn.FnFlags&RTN_RTINFO != 0 { // the only leaf state C reads
				leaf = leaves[node>>chunkBits][node&chunkMask]
			}
			fallthrough
		case fwsC:
			if leaf != nil && fn.FnFlags&RTN_RTINFO != 0 {
				k := 0
				if w.skipPlain {
					k = plainRoutes(leaf, n.NullEntry)
				}
				if k < 0 || !w.skipPlain {
					w.node, w.state, w.leaf, w.Visited = node, fwsC, leaf, visited
					return true
				}
				w.plain += k
				if visited >= w.limit {
					w.node, w.state, w.leaf, w.Visited = node, fwsC, nil, visited
					return true
				}
				w.Count++
			}
			fallthrough
		case fwsU:
			if node == w.root {
				w.node, w.state, w.leaf, w.Visited = node, fwsU, leaf, visited
				return false
			}
			p := fn.Parent
			pn := c.at(p)
			if pn.Left == node {
				state = fwsR
			} else if state = fwsC; pn.FnFlags&RTN_RTINFO != 0 {
				leaf = leaves[p>>chunkBits][p&chunkMask]
			}
			node, fn = p, pn
		}
	}
}

// plainRoutes returns the number of routes on the list at rt, the null
// entry apart, when they are all plain: no RTF_EXPIRES, not on a GC
// list, no dst state; -1 when one is not. fib6_age has nothing to do
// with a plain route.
func plainRoutes(rt, null *Info) int {
	k := 0
	for ; rt != nil; rt = rt.Next {
		if rt == null {
			continue
		}
		if rt.Flags&RTF_EXPIRES != 0 || rt.Extra != nil && (rt.Extra.gcPprev != nil || rt.Extra.Dst != nil) {
			return -1
		}
		k++
	}
	return k
}

// emitVisit emits the walker's NodeVisit event for fn. It is kept out of
// line so that the walk's loop keeps its registers when nothing records.
//
//go:noinline
func (n *Net) emitVisit(fn *Node) { n.emit(trace.NodeVisit, fn, nil, fn.FnBit, 0) }

// Stop unregisters a suspended walker that will not be resumed.
func (w *Walker) Stop() { w.unlink() }

func (w *Walker) unlink() {
	ws := w.net.walkers
	for i, x := range ws {
		if x == w {
			w.net.walkers = append(ws[:i], ws[i+1:]...)
			return
		}
	}
}

// CleanFunc is the per-route callback of CleanAll: return CleanDelete to
// delete the route now, CleanSkipSiblings to skip the rest of its ECMP
// group, or CleanKeep.
type CleanFunc func(rt *Info) int

// CleanFunc results (the -1/-2/0 convention of fib6_clean_node).
const (
	CleanKeep         = 0
	CleanDelete       = -1
	CleanSkipSiblings = -2
)

// cleanNode models fib6_clean_node for one node's route list.
func (t *Table) cleanNode(w *Walker, f CleanFunc, checked *int) int {
	for rt := w.leaf; rt != nil; rt = rt.Next {
		if rt == t.net.NullEntry {
			continue // it never ages; not a route of the table
		}
		*checked++
		switch f(rt) {
		case CleanDelete:
			w.leaf = rt
			if t.Del(rt) == nil {
				return 0
			}
		case CleanSkipSiblings:
			for i := 0; i < rt.NSiblings() && rt.Next != nil; i++ {
				rt = rt.Next
			}
		}
	}
	w.leaf = nil
	return 0
}
