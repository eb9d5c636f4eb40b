package fib6

// Compact renumbers the table's nodes in depth-first order (a node, its
// left subtree, its right subtree) onto the arena indices they already
// hold, lowest first, so that walks and lookups over a large table touch
// memory in order; a table built after the namespace's others holds one
// run of indices, which it then fills in that order. It is a memory-layout
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
	order := a.preorder(t.root, make([]NodeIdx, 0, a.next))
	// the indices the table holds, lowest first: marked, then read in order
	remap := make([]NodeIdx, a.next)
	for _, i := range order {
		remap[i] = 1
	}
	slots := make([]NodeIdx, 0, len(order))
	for i, held := range remap {
		if held != 0 {
			slots = append(slots, NodeIdx(i))
		}
	}
	for k, i := range order {
		remap[i] = slots[k]
	}
	nodes := make([]Node, len(order))
	leaves := make([]*Info, len(order))
	for k, i := range order {
		nodes[k], leaves[k] = *a.get(i), *a.leafp(i)
	}
	for k := range order {
		fn := &nodes[k]
		self := slots[k]
		fn.Self, fn.Parent, fn.Left, fn.Right = self, remap[fn.Parent], remap[fn.Left], remap[fn.Right]
		*a.get(self), *a.leafp(self) = *fn, leaves[k]
		if fn.FnFlags&RTN_RTINFO != 0 {
			for rt := leaves[k]; rt != nil; rt = rt.Next {
				if rt.node != 0 {
					rt.node = self
				}
			}
		}
	}
	t.root, t.last = remap[t.root], lastAdd{}
	a.gen++
	a.shape++
	return true
}
