package fib6

import (
	"sync"

	"fib6lab/engine/trace"
)

// NodeLookup models fib6_node_lookup (net/ipv6/ip6_fib.c) without source
// routing: descend by the address bit at each node's fn_bit ignoring
// prefixes, then climb back until an RTINFO node whose leaf prefix covers
// the address. It returns that node, or the table root when none does.
func (t *Table) NodeLookup(daddr Key) *Node {
	n := t.net
	a := &n.arena
	if n.Trace == nil {
		return t.nodeLookupFast(t.jumps(1), daddr)
	}
	fn := a.at(t.root)
	for {
		n.emit(trace.NodeVisit, fn, nil, fn.FnBit, 0)
		dir := daddr.Bit(fn.FnBit)
		next := fn.child(dir)
		if next == 0 {
			break
		}
		n.emit(trace.BitTest, fn, nil, fn.FnBit, int64(dir))
		fn = a.get(next)
	}
	for {
		if a.covers(fn, daddr) {
			n.emit(trace.NodeMatch, fn, nil, fn.FnBit, 0)
			return fn
		}
		if fn.FnFlags&RTN_ROOT != 0 {
			return a.at(t.root)
		}
		n.emit(trace.Backtrack, fn, nil, fn.FnBit, 0)
		fn = a.get(fn.Parent)
	}
}

// Locate models fib6_locate without source routing: descend like
// fib6_add_1 without creating. With exact, only the RTINFO node of exactly
// (key, plen) is returned; otherwise the deepest RTINFO node passed whose
// prefix covers key. Nil when there is none.
func (t *Table) Locate(key Key, plen uint8, exact bool) *Node {
	n := t.net
	var prev *Node
	for fn := t.Root(); fn != nil; {
		if plen < fn.FnBit || !PrefixEqual(n.leaf(fn).Dst, key, fn.FnBit) {
			break
		}
		if plen == fn.FnBit {
			if fn.FnFlags&RTN_RTINFO != 0 {
				return fn
			}
			break
		}
		if fn.FnFlags&RTN_RTINFO != 0 {
			prev = fn
		}
		fn = n.child(fn, key.Bit(fn.FnBit))
	}
	if exact {
		return nil
	}
	return prev
}

// backtrack models fib6_backtrack without source routing: the nearest
// RTINFO ancestor of fn, or nil past the table root.
func (t *Table) backtrack(fn *Node) *Node {
	for fn.FnFlags&RTN_TL_ROOT == 0 {
		t.net.emit(trace.Backtrack, fn, nil, fn.FnBit, 0)
		fn = t.net.parent(fn)
		if fn.FnFlags&RTN_RTINFO != 0 {
			return fn
		}
	}
	return nil
}

// Flow is the part of a flowi6 that steers rt6_select: the outgoing
// (or, for input, incoming) interface and whether it is strict
// (RT6_LOOKUP_F_IFACE).
type Flow struct {
	Oif    int
	Strict bool
}

// Lookup models fib6_table_lookup with a simplified rt6_select: from the
// node fib6_node_lookup found, take the first usable route (lowest metric,
// not expired, nexthop not dead), backtracking to covering ancestors while
// a node has none. It returns the route, or the null entry.
func (t *Table) Lookup(daddr Key) *Info { return t.LookupFlow(daddr, Flow{}) }

// LookupFlow is Lookup for a flow with an interface: a strict interface
// rules out routes through other devices (so the lookup backtracks past
// them), a loose one is preferred after the router preference.
func (t *Table) LookupFlow(daddr Key, fl Flow) *Info {
	n := t.net
	if n.Trace == nil {
		return t.routeAt(t.nodeLookupFast(t.jumps(1), daddr), n.Now(), fl)
	}
	n.emit(trace.OpBegin, t.Root(), nil, 0, int64(trace.OpLookup))
	fn, rt := t.LookupFrom(t.NodeLookup(daddr), fl)
	if rt != n.NullEntry {
		n.emit(trace.OpEnd, fn, rt, fn.FnBit, 0)
	} else {
		n.emit(trace.OpEnd, nil, nil, 0, 0)
	}
	return rt
}

// LookupFrom is the part of fib6_table_lookup after fib6_node_lookup
// found fn: the route rt6_select takes on fn, or on the covering
// ancestors fib6_backtrack climbs to while a node has none. It returns
// the node that answered and its route, or nil and the null entry.
func (t *Table) LookupFrom(fn *Node, fl Flow) (*Node, *Info) {
	n := t.net
	now := n.Now()
	for ; fn != nil; fn = t.backtrack(fn) {
		if rt := selectRoute(fn.FnBit, n.leaf(fn), now, n.NullEntry, fl); rt != n.NullEntry {
			return fn, rt
		}
	}
	return nil, n.NullEntry
}

// BatchWidth is how many lookups NodeLookupBatch keeps in flight at once.
const BatchWidth = 16

// batchChunk is how many lookups LookupBatch finds the nodes of before it
// selects their routes, while the nodes' leaves are still in cache.
const batchChunk = 256

// Batches from sortMin keys on are looked up in address order, sortBlock
// keys at a time (batch).
const (
	sortMin   = 4 * batchChunk
	sortBlock = 1 << 16
)

// LookupBatch is LookupFlow for each of keys, the answers in out (at
// least as long): the fib6_node_lookup parts run interleaved
// (NodeLookupBatch), then each lookup selects its route in turn. The
// answers are LookupFlow's, and with a trace recorder attached it runs
// LookupFlow for each key in turn, so the trace is theirs too.
func (t *Table) LookupBatch(keys []Key, fl Flow, out []*Info) {
	if t.net.Trace != nil {
		for i, k := range keys {
			out[i] = t.LookupFlow(k, fl)
		}
		return
	}
	now := t.net.Now()
	t.batch(keys, func(k int, fn *Node) { out[k] = t.routeAt(fn, now, fl) })
}

// NodeLookupBatch is NodeLookup for each of keys, the nodes in out (at
// least as long), BatchWidth of them in flight at once: each step moves
// every lookup in flight one node on, so that the memory loads of
// different lookups overlap instead of waiting for each other (one
// lookup's loads depend on each other, node after node). A batch of
// sortMin keys or more is looked up in address order, so that lookups
// that follow each other cross nearby nodes and routes, which are then
// still in cache. The nodes are NodeLookup's; with a trace recorder
// attached it runs NodeLookup for each key in turn, so the trace is
// theirs too.
func (t *Table) NodeLookupBatch(keys []Key, out []*Node) {
	if t.net.Trace != nil {
		for i, k := range keys {
			out[i] = t.NodeLookup(k)
		}
		return
	}
	t.batch(keys, func(k int, fn *Node) { out[k] = fn })
}

// batch runs the untraced fib6_node_lookup of each of keys, batchChunk
// at a time (in address order from sortMin keys on), and hands each found
// node to found with its key's index while the chunk's nodes are still
// in cache.
func (t *Table) batch(keys []Key, found func(k int, fn *Node)) {
	j := t.jumps(len(keys))
	a := &t.net.arena
	var chunk [batchChunk]Key
	var at [batchChunk]NodeIdx
	var index [batchChunk]int
	o := orders.Get().(*keyOrder)
	defer orders.Put(o)
	for base := 0; base < len(keys); base += sortBlock {
		block := keys[base:min(len(keys), base+sortBlock)]
		o.sort(block)
		for c := 0; c < len(block); c += batchChunk {
			n := min(batchChunk, len(block)-c)
			for i := range n {
				index[i] = base + o.at(c+i)
				chunk[i] = keys[index[i]]
			}
			t.interleave(j, chunk[:n], at[:n])
			for i, fn := range at[:n] {
				found(index[i], a.get(fn))
			}
		}
	}
}

// keyOrder is the order batch looks up a block of keys in.
type keyOrder struct {
	es     []sortEntry    // by address (the first 32 bits of each key), when sorted
	buf    [2][]sortEntry // the entries before the sort, and its scratch
	sorted bool
}

// orders keeps keyOrders for batches, so that each does not allocate its
// own.
var orders = sync.Pool{New: func() any { return new(keyOrder) }}

// sort orders block (at most sortBlock keys) by address when it has
// sortMin keys or more, by the first 32 bits of each key (a /32 holds few
// enough routes that the keys inside one are near each other anyway).
func (o *keyOrder) sort(block []Key) {
	o.sorted = len(block) >= sortMin
	if !o.sorted {
		return
	}
	if len(o.buf[0]) < len(block) {
		o.buf = [2][]sortEntry{make([]sortEntry, sortBlock), make([]sortEntry, sortBlock)}
	}
	es := o.buf[0][:len(block)]
	for i, k := range block {
		es[i] = sortEntry{k.Hi >> 32, int32(i)}
	}
	o.es = radixSort(es, o.buf[1])
}

// at returns the index in the block of the i-th key to look up.
func (o *keyOrder) at(i int) int {
	if !o.sorted {
		return i
	}
	return int(o.es[i].i)
}

// nodeLookupFast is NodeLookup's untraced path: the same descent by
// fn_bit, from the node the jump index gives (the root without one), and
// the same climb back, returning the same node.
func (t *Table) nodeLookupFast(j *jumpIndex, daddr Key) *Node {
	a := &t.net.arena
	i := t.root
	if j != nil {
		i = j.start(daddr)
	}
	fn, leaf := a.get(i), *a.leafp(i)
	for {
		next := fn.child(daddr.Bit(fn.FnBit))
		if next == 0 {
			break
		}
		// the node's leaf is read beside the node, not after it: the
		// leaf of the node the descent ends at is the first the climb
		// needs
		fn, leaf = a.get(next), *a.leafp(next)
	}
	return t.climbFrom(fn, leaf, daddr)
}

// climbFrom is the climb back of fib6_node_lookup for daddr from fn, the
// node its descent stopped at, whose leaf is leaf: the first node on the
// way up whose route covers daddr, or the table root.
func (t *Table) climbFrom(fn *Node, leaf *Info, daddr Key) *Node {
	a := &t.net.arena
	for !leafCovers(fn, leaf, daddr) {
		if fn.FnFlags&RTN_ROOT != 0 {
			return a.get(t.root)
		}
		fn = a.get(fn.Parent)
		leaf = *a.leafp(fn.Self)
	}
	return fn
}

// covers reports whether the climb of fib6_node_lookup stops at fn for
// daddr: an RTINFO node whose leaf's prefix covers it.
func (a *arena) covers(fn *Node, daddr Key) bool { return leafCovers(fn, *a.leafp(fn.Self), daddr) }

// leafCovers is covers for fn with its leaf already read.
func leafCovers(fn *Node, leaf *Info, daddr Key) bool {
	return fn.FnFlags&RTN_RTINFO != 0 && leaf != nil && PrefixEqual(leaf.Dst, daddr, leaf.DstLen)
}

// routeAt is the route LookupFrom gives from fn, which fib6_node_lookup
// found: the node's own, or the backtracking's.
func (t *Table) routeAt(fn *Node, now int64, fl Flow) *Info {
	n := t.net
	if rt := selectRoute(fn.FnBit, n.leaf(fn), now, n.NullEntry, fl); rt != n.NullEntry {
		return rt
	}
	_, rt := t.LookupFrom(t.backtrack(fn), fl)
	return rt
}

// interleave runs fib6_node_lookup for each of keys (at most
// batchChunk), untraced, the found nodes' indices in out: first where
// the jump index sends each (j may be nil: the root), then the descents
// on from there, BatchWidth in flight: each round moves every one of
// them a node down, and one that finds no child to go to hands its place
// to the next key, so that every round keeps BatchWidth loads in flight
// whatever the depths. Then the climbs back (climbBack).
func (t *Table) interleave(j *jumpIndex, keys []Key, out []NodeIdx) {
	for k, key := range keys {
		out[k] = t.root
		if j != nil {
			out[k] = j.start(key)
		}
	}
	a := &t.net.arena
	var at [BatchWidth]NodeIdx
	var key [BatchWidth]int32
	n := min(len(keys), BatchWidth)
	for j := range n {
		at[j], key[j] = out[j], int32(j)
	}
	next := n
	for n > 0 {
		for j := 0; j < n; j++ {
			fn := a.get(at[j])
			if c := fn.child(keys[key[j]].Bit(fn.FnBit)); c != 0 {
				at[j] = c
				continue
			}
			out[key[j]] = at[j]
			if next < len(keys) {
				at[j], key[j] = out[next], int32(next)
				next++
				continue
			}
			n--
			at[j], key[j] = at[n], key[n]
			j--
		}
	}
	t.climbBack(keys, out)
}

// climbBack is the climb back of fib6_node_lookup for each of keys (at
// most batchChunk) from the node its descent stopped at (at), the node
// found left in at. It reads every such node's leaf first, then whether
// each covers its key (the loads of different lookups overlap, none
// waiting for another's), then climbs, one lookup after another, from the
// few nodes that do not.
func (t *Table) climbBack(keys []Key, at []NodeIdx) {
	a := &t.net.arena
	var leaf [batchChunk]*Info
	var covered [batchChunk]bool
	for k, i := range at {
		leaf[k] = *a.leafp(i)
	}
	for k, i := range at {
		covered[k] = leafCovers(a.get(i), leaf[k], keys[k])
	}
	for k, i := range at {
		if !covered[k] {
			at[k] = t.climbFrom(a.get(i), leaf[k], keys[k]).Self
		}
	}
}

// selectRoute is the part of rt6_select the walking skeleton needs: the
// first route in metric order that is not expired and whose nexthop is not
// dead; ties in metric go to the higher router preference, then to the
// flow's interface (rt6_score_route).
func selectRoute(fnBit uint8, leaf *Info, now int64, null *Info, fl Flow) *Info {
	if leaf == nil || leaf == null || fnBit != leaf.DstLen {
		return null
	}
	var best *Info
	bestScore := -1
	for rt := leaf; rt != nil; rt = rt.Next {
		if best != nil && rt.Metric != best.Metric {
			break
		}
		onOif := fl.Oif == 0 || rt.NH.Dev == fl.Oif
		if rt.Expired(now) || rt.NH.Flags&RTNH_F_DEAD != 0 || fl.Strict && !onOif {
			continue
		}
		s := prefScore(rt) << 2
		if onOif {
			s |= 2
		}
		if s > bestScore {
			best, bestScore = rt, s
		}
	}
	if best == nil {
		return null
	}
	return best
}

// prefScore decodes the router preference bits (low 1, medium 2, high 3).
func prefScore(rt *Info) int {
	p := (rt.Flags & RTF_PREF_MASK) >> 27
	return int(p^2) & 3
}
