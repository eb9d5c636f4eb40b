package fib6

// The descent index: a copy of the trie's shape, one 64-bit word per
// arena index holding what fib6_node_lookup reads of a node on its way
// down (fn_bit, both children, RTN_RTINFO and RTN_ROOT), so that an
// untraced lookup reads 8 bytes per node instead of a whole Node: the
// full table's shape then takes 2.6 MB, about a core's L2 cache, where
// the nodes take 9 MB. It is a memory-layout device of the model with no
// kernel counterpart: the nodes a lookup visits, and the one it returns,
// are those of the Node path (TestDescentIndexMatchesNodes).
//
// The index is rebuilt from the arena rather than kept up to date by
// every change: it stands while the arena's shape generation (ShapeGen)
// does, which moves on with every change of a child, an fn_bit or
// RTN_RTINFO. After a change, lookups take the Node path until as many
// of them as a 32nd of the arena's indices have; the next one rebuilds
// the index (a sequential pass over the arena, a few ns a node). When
// the shape changes about that often, lookups run at the Node path's
// speed (on the full table about 40% slower than over the index); when
// it changes every four times that many lookups or less often, the
// rebuilds cost them a few per cent; when it does not change, nothing.
// An index that the shape outran before it served as many lookups as it
// waited for doubles the wait for the next rebuild (up to 256 times),
// so that a shape that changes with every packet (route cache clones in
// the trie, kernel 4.8) does not pay for rebuilds it cannot use.

// The fields of a descent word: fn_bit in the low byte, two flags, then
// the left and the right child's arena index.
const (
	descRTINFO   = 1 << 8
	descRoot     = 1 << 9
	descIdxShift = 10
	descIdxBits  = 27
	descIdxMask  = 1<<descIdxBits - 1
)

// descentIndex holds the words of the arena's nodes and the shape
// generation they were copied at.
type descentIndex struct {
	words   []uint64 // by arena index
	shape   uint64   // the arena's shape generation words holds, plus one (0: none)
	stale   int      // lookups since the shape moved on
	served  int      // lookups the index served since it was built
	backoff uint8    // the wait before a rebuild is a 32nd of the arena's indices << backoff
}

// maxBackoff bounds descentIndex.backoff: while the shape changes between
// rebuilds faster than lookups use them, a rebuild waits for up to 8
// times the arena's indices in lookups.
const maxBackoff = 8

// descWord packs what a descent reads of fn.
func descWord(fn *Node) uint64 {
	w := uint64(fn.FnBit) | uint64(fn.Left)<<descIdxShift | uint64(fn.Right)<<(descIdxShift+descIdxBits)
	if fn.FnFlags&RTN_RTINFO != 0 {
		w |= descRTINFO
	}
	if fn.FnFlags&RTN_ROOT != 0 {
		w |= descRoot
	}
	return w
}

// descChild returns the child index a word holds on side dir (0 or 1),
// without a branch.
func descChild(w uint64, dir uint8) NodeIdx {
	return NodeIdx(w >> (descIdxShift + descIdxBits*uint64(dir&1)) & descIdxMask)
}

// descent returns the arena's descent index words for k lookups, or nil
// while the lookups take the Node path (the index is stale, or the arena
// holds more indices than a word can).
func (a *arena) descent(k int) []uint64 {
	d := &a.desc
	if d.shape == a.shape+1 {
		d.served += k
		return d.words
	}
	d.stale += k
	wait := int(a.next>>5) << d.backoff
	if d.stale < wait || a.next > descIdxMask {
		return nil
	}
	// an index the shape outran before it served a 32nd of the arena in
	// lookups doubles the wait for the next one; one that served more
	// resets it
	if d.shape != 0 && d.served < int(a.next>>5) {
		d.backoff = min(d.backoff+1, maxBackoff)
	} else {
		d.backoff = 0
	}
	if cap(d.words) < int(a.next) {
		d.words = make([]uint64, a.next, a.next+chunkSize)
	}
	d.words = d.words[:a.next]
	for i := range d.words {
		d.words[i] = descWord(&a.nodes[i>>chunkBits][i&chunkMask])
	}
	d.shape, d.stale, d.served = a.shape+1, 0, 0
	return d.words
}

// nodeLookupDesc is NodeLookup's untraced path over the descent index:
// the same descent by fn_bit and the same climb back, returning the
// index of the same node.
func (t *Table) nodeLookupDesc(words []uint64, daddr Key) NodeIdx {
	a := &t.net.arena
	i := t.root
	w := words[i]
	for {
		next := descChild(w, daddr.Bit(uint8(w)))
		if next == 0 {
			break
		}
		i, w = next, words[next]
	}
	for !a.covers(w, i, daddr) {
		if w&descRoot != 0 {
			return t.root
		}
		i = a.get(i).Parent
		w = words[i]
	}
	return i
}

// covers reports whether the climb of fib6_node_lookup stops at node i
// (word w) for daddr: an RTINFO node whose leaf's prefix covers it.
func (a *arena) covers(w uint64, i NodeIdx, daddr Key) bool {
	if w&descRTINFO == 0 {
		return false
	}
	l := *a.leafp(i)
	return l != nil && PrefixEqual(l.Dst, daddr, l.DstLen)
}

// lookupDesc is LookupFlow's untraced path over the descent index.
func (t *Table) lookupDesc(words []uint64, daddr Key, fl Flow) *Info {
	return t.routeAt(words, t.nodeLookupDesc(words, daddr), t.net.Now(), fl)
}

// routeAt is the route LookupFrom gives from node i, which
// fib6_node_lookup found: the node's own, or the backtracking's. The
// node's Node is read only when it has no route to give.
func (t *Table) routeAt(words []uint64, i NodeIdx, now int64, fl Flow) *Info {
	n := t.net
	if rt := selectRoute(uint8(words[i]), *n.arena.leafp(i), now, n.NullEntry, fl); rt != n.NullEntry {
		return rt
	}
	_, rt := t.LookupFrom(t.backtrack(n.arena.get(i)), fl)
	return rt
}
