package fib6

// Compact renumbers the nodes of the table's namespace (every table, in
// dump order) so that each table's nodes lie contiguously in the arena in
// depth-first order, and drops the free list, so that walks and lookups
// over a large table touch memory in order. It is a memory-layout
// optimisation of the model with no kernel counterpart: the trie's shape,
// the routes, the node IDs and every counter stay the same. Node pointers
// and indices held outside the package become stale, so callers compact
// right after a bulk load, before handing nodes out. It must not run
// while a walker is active and reports false then.
func (t *Table) Compact() bool {
	n := t.net
	if len(n.walkers) > 0 {
		return false
	}
	old := &n.arena
	na := arena{gen: old.gen + 1, shape: old.shape + 1}
	remap := make([]NodeIdx, old.next+1)
	tables := n.Tables()
	var order []NodeIdx
	for _, tb := range tables {
		order = old.preorder(tb.root, order[:0])
		for _, i := range order {
			nn := na.allocFresh()
			self := nn.Self
			*nn = *old.get(i)
			nn.Self = self
			*na.leafp(self) = *old.leafp(i)
			remap[i] = self
		}
	}
	for i := NodeIdx(1); i < na.next; i++ {
		fn := na.at(i)
		fn.Parent, fn.Left, fn.Right = remap[fn.Parent], remap[fn.Left], remap[fn.Right]
		if fn.FnFlags&RTN_RTINFO != 0 {
			for rt := *na.leafp(i); rt != nil; rt = rt.Next {
				if rt.node != 0 {
					rt.node = i
				}
			}
		}
	}
	for _, tb := range tables {
		tb.root = remap[tb.root]
	}
	n.arena = na
	return true
}
