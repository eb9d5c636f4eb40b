package fib6

// Compact re-lays the table's nodes out contiguously in depth-first order
// (one slab instead of one heap object per node), so that walks and
// lookups over a large table touch memory in order. It is a memory-layout
// optimisation of the model with no kernel counterpart: the trie's shape,
// the routes and every counter stay the same. Node pointers held outside
// the table (apart from routes' Node fields, which are updated) become
// stale, so callers compact right after a bulk load, before handing nodes
// out. It must not run while a walker is active and reports false then.
func (t *Table) Compact() bool {
	if len(t.net.walkers) > 0 {
		return false
	}
	var order []*Node
	for stack := []*Node{t.Root.Right, t.Root.Left}; len(stack) > 0; {
		fn := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if fn == nil {
			continue
		}
		order = append(order, fn)
		stack = append(stack, fn.Right, fn.Left)
	}
	slab := make([]Node, len(order))
	moved := make(map[*Node]*Node, len(order)+1)
	moved[&t.Root] = &t.Root
	for i, fn := range order {
		slab[i] = *fn
		moved[fn] = &slab[i]
	}
	relink := func(fn *Node) {
		fn.Left, fn.Right = moved[fn.Left], moved[fn.Right]
		if fn.FnFlags&RTN_RTINFO != 0 {
			for rt := fn.Leaf; rt != nil; rt = rt.Next {
				if rt.Node != nil {
					rt.Node = fn
				}
			}
		}
	}
	relink(&t.Root)
	for i := range slab {
		slab[i].Parent = moved[slab[i].Parent]
		relink(&slab[i])
	}
	return true
}
