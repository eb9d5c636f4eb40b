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
	w.root, w.node, w.state, w.net = t.root, t.root, fwsL, t.net
	t.net.walkers = append(t.net.walkers, w)
	r := w.Continue()
	if r <= 0 {
		w.unlink()
	}
	return r
}

// Continue models fib6_walk_continue: resume a suspended walk. The
// position is kept in locals and stored back before Func runs (Func may
// delete routes, which moves the walker) and on return.
func (w *Walker) Continue() int {
	n := w.net
	nodes, leaves := n.arena.nodes, n.arena.leaves
	node, state := w.node, w.state
	for {
		if node == 0 {
			w.node, w.state = node, state
			return 0
		}
		fn := &nodes[node>>chunkBits][node&chunkMask]
		switch state {
		case fwsL:
			w.Visited++
			n.emit(trace.NodeVisit, fn, nil, fn.FnBit, 0)
			if fn.Left != 0 {
				node = fn.Left
				continue
			}
			state = fwsR
			fallthrough
		case fwsR:
			if fn.Right != 0 {
				node, state = fn.Right, fwsL
				continue
			}
			state, w.leaf = fwsC, leaves[node>>chunkBits][node&chunkMask]
			fallthrough
		case fwsC:
			if w.leaf != nil && fn.FnFlags&RTN_RTINFO != 0 {
				w.node, w.state = node, state
				r := w.Func(w)
				nodes, leaves = n.arena.nodes, n.arena.leaves
				node, state = w.node, w.state
				if r != 0 {
					return r
				}
				w.Count++
				continue
			}
			state = fwsU
			fallthrough
		case fwsU:
			if node == w.root {
				w.node, w.state = node, state
				return 0
			}
			p := fn.Parent
			pn := &nodes[p>>chunkBits][p&chunkMask]
			if pn.Left == node {
				state = fwsR
			} else {
				state, w.leaf = fwsC, leaves[p>>chunkBits][p&chunkMask]
			}
			node = p
		}
	}
}

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
			for i := 0; i < rt.NSiblings && rt.Next != nil; i++ {
				rt = rt.Next
			}
		}
	}
	w.leaf = nil
	return 0
}
