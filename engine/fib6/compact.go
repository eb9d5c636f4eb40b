package fib6

import "math/bits"

// Compact renumbers the table's nodes in depth-first order (a node, its
// left subtree, its right subtree) onto the arena indices they already
// hold, lowest first, so that walks and lookups over a large table touch
// memory in order; a table built after the namespace's others holds one
// run of indices, which it then fills in that order. The table's root
// keeps its index (another namespace's copy of the table has its root
// there too: CloneTable); the others take the rest. It is a memory-layout
// optimisation of the model with no kernel counterpart: the trie's shape,
// the routes, the node IDs, every counter and the other tables' nodes
// stay the same. Node pointers and indices of the table held outside the
// package become stale, so callers compact right after a bulk load, before
// handing nodes out. It must not run while a walker is active and reports
// false then.
func (t *Table) Compact() bool {
	n := t.net
	if len(n.walkers) > 0 {
		return false
	}
	a := &n.arena
	remap := a.compactOrder(a.preorder(t.root, make([]NodeIdx, 0, a.next)))
	for i, to := range remap {
		if to != 0 {
			a.renumber(NodeIdx(i), remap)
		}
	}
	for i, to := range remap {
		for to != 0 && a.get(NodeIdx(i)).Self != NodeIdx(i) {
			a.swap(NodeIdx(i), a.get(NodeIdx(i)).Self)
		}
	}
	t.last = lastAdd{}
	a.gen++
	a.shape++
	return true
}

// compactOrder returns, by arena index, where Compact moves each node of
// order (a table's nodes in depth-first order, its root first): the root
// stays, the k-th node after it goes to the k-th lowest index the others
// hold; 0 for the indices order does not hold.
func (a *arena) compactOrder(order []NodeIdx) []NodeIdx {
	marks := a.scratchMarks()
	for _, i := range order[1:] {
		marks[i>>6] |= 1 << (i & 63)
	}
	remap := make([]NodeIdx, a.next)
	remap[order[0]] = order[0]
	k := 1
	for w := range int(a.next>>6) + 1 {
		for m := marks[w]; m != 0; m &= m - 1 {
			remap[order[k]] = NodeIdx(w<<6 | bits.TrailingZeros64(m))
			k++
		}
		marks[w] = 0
	}
	return remap
}

// renumber rewrites the node at index i, and the routes linked on it, to
// the indices of remap, leaving the node where it is: its Self becomes
// the index it moves to (swap).
func (a *arena) renumber(i NodeIdx, remap []NodeIdx) {
	fn := a.get(i)
	fn.Self, fn.Parent, fn.Left, fn.Right = remap[i], remap[fn.Parent], remap[fn.Left], remap[fn.Right]
	if fn.FnFlags&RTN_RTINFO == 0 {
		return
	}
	for rt := *a.leafp(i); rt != nil; rt = rt.Next {
		if rt.node != 0 {
			rt.node = fn.Self
		}
	}
}

// swap exchanges the nodes, and leaves, at indices i and j.
func (a *arena) swap(i, j NodeIdx) {
	x, y := a.get(i), a.get(j)
	*x, *y = *y, *x
	l, m := a.leafp(i), a.leafp(j)
	*l, *m = *m, *l
}
