package fib6

import (
	"fib6lab/engine/errno"
	"fib6lab/engine/trace"
)

// Del models fib6_del (net/ipv6/ip6_fib.c): unlink rt from its node,
// leave its ECMP group, fix up walkers standing on it, repair the trie if
// the node is left empty, and purge the route (re-point borrowing
// ancestors, clear its expiry, leave the GC list). It returns ENOENT for
// the null entry or a route that is not linked.
func (t *Table) Del(rt *Info) error {
	n := t.net
	if rt == n.NullEntry || rt.node == 0 || rt.Table != t {
		return errno.ENOENT
	}
	fn := n.arena.at(rt.node)
	n.emit(trace.OpBegin, fn, rt, fn.FnBit, int64(trace.OpDel))
	for pp := n.leafp(fn); *pp != nil; pp = &(*pp).Next {
		if *pp == rt {
			t.delRoute(fn, pp)
			n.emit(trace.OpEnd, nil, rt, 0, 0)
			return nil
		}
	}
	n.emit(trace.OpEnd, nil, rt, 0, -int64(errno.ENOENT))
	return errno.ENOENT
}

// delRoute models fib6_del_route for the route in slot *pp of fn's list.
func (t *Table) delRoute(fn *Node, pp **Info) {
	n := t.net
	rt := *pp
	*pp = rt.Next
	rt.node = 0
	rt.Ref--
	n.Stats.FibRtEntries--
	t.Entries--
	t.countOnDev(rt, -1)
	n.Stats.FibDiscardedRoutes++
	n.emit(trace.RouteUnlink, fn, rt, fn.FnBit, 0)
	if rt.NSiblings() > 0 {
		unlinkSiblings(rt)
	}
	for _, w := range n.walkers {
		if w.state == fwsC && w.leaf == rt {
			w.leaf = rt.Next
			if w.leaf == nil {
				w.state = fwsU
			}
		}
	}
	if n.leaf(fn) == nil {
		if fn.FnFlags&RTN_TL_ROOT == 0 {
			fn.FnFlags &^= RTN_RTINFO
			n.Stats.FibRouteNodes--
			n.arena.shape++
		}
		fn = t.repairTree(fn)
	}
	t.purgeRt(rt, fn)
}

// unlinkSiblings takes rt out of its ECMP group: the other members lose
// one from their count.
func unlinkSiblings(rt *Info) {
	x := rt.Extra
	for it := x.sibNext; it != rt; it = it.Extra.sibNext {
		it.Extra.nsiblings--
	}
	prev, next := x.sibPrev.Extra, x.sibNext.Extra
	prev.sibNext, next.sibPrev = x.sibNext, x.sibPrev
	if next.sibNext == x.sibNext {
		next.sibNext, next.sibPrev = nil, nil
	}
	x.sibNext, x.sibPrev, x.nsiblings = nil, nil, 0
}

// purgeRt models fib6_purge_rt: rt's exceptions and per-CPU copies are
// flushed, intermediate ancestors that borrowed rt as their leaf get a new
// one (fib6_find_prefix), and rt's expiry and GC list membership are
// cleared. fn is where the search for borrowers starts.
func (t *Table) purgeRt(rt *Info, fn *Node) {
	purgeDst(rt)
	n := t.net
	if rt.Ref > 0 {
		for ; fn != nil; fn = n.parent(fn) {
			if fn.FnFlags&RTN_RTINFO == 0 && n.leaf(fn) == rt {
				nl := t.findPrefix(fn)
				nl.Ref++
				n.setLeaf(fn, nl)
				rt.Ref--
			}
		}
	}
	rt.ClearExpires()
	t.RemoveGCList(rt)
}

// findPrefix models fib6_find_prefix: the route a node can borrow from its
// children (the null entry for a root).
func (t *Table) findPrefix(fn *Node) *Info {
	if fn.FnFlags&RTN_ROOT != 0 {
		return t.net.NullEntry
	}
	n := t.net
	if fn.Left != 0 {
		return n.leaf(n.left(fn))
	}
	if fn.Right != 0 {
		return n.leaf(n.right(fn))
	}
	return nil
}

// repairTree models fib6_repair_tree for fn, a node left without routes:
// a node with two children keeps them and borrows a leaf; a node with one
// or no child is spliced out, and the splicing continues upwards through
// intermediate parents. Walkers standing on a freed node are moved. It
// returns the node where purging should look for borrowers.
func (t *Table) repairTree(fn *Node) *Node {
	n := t.net
	if fn.FnFlags&RTN_TL_ROOT != 0 {
		n.setLeaf(fn, n.NullEntry)
		return fn
	}
	for {
		pn := n.parent(fn)
		var child *Node
		children := 0
		if fn.Right != 0 {
			child, children = n.right(fn), children|1
		}
		if fn.Left != 0 {
			child, children = n.left(fn), children|2
		}
		if children == 3 || (children != 0 && fn.FnFlags&RTN_ROOT != 0) {
			nl := t.findPrefix(fn)
			nl.Ref++
			n.setLeaf(fn, nl)
			return pn
		}
		if pn.Right == fn.Self {
			pn.Right = idx(child)
		} else {
			pn.Left = idx(child)
		}
		if child != nil {
			child.Parent = pn.Self
		}
		n.moveWalkers(fn, pn, child, children)
		n.freeNode(fn)
		if pn.FnFlags&RTN_RTINFO != 0 {
			return pn
		}
		t.dropLeaf(pn)
		fn = pn
	}
}

// moveWalkers adjusts walkers standing on fn, which is being spliced out:
// to the parent (state R) when fn had no child, else to the child with a
// state reset, or U if the walker had already passed that side.
func (n *Net) moveWalkers(fn, pn, child *Node, children int) {
	for _, w := range n.walkers {
		if w.node != fn.Self {
			continue
		}
		switch {
		case child == nil:
			w.node, w.state = pn.Self, fwsR
		case children&2 != 0:
			w.node = child.Self
			w.state = pickState(w.state >= fwsR)
		default:
			w.node = child.Self
			w.state = pickState(w.state >= fwsC)
		}
	}
}

func pickState(passed bool) walkState {
	if passed {
		return fwsU
	}
	return fwsL
}

func (n *Net) freeNode(fn *Node) {
	n.Stats.FibNodes--
	n.emit(trace.NodeFree, fn, nil, fn.FnBit, 0)
	n.arena.release(fn)
}

// AddGCList models fib6_add_gc_list: link a route that is in a table and
// not yet listed at the head of its table's tb6_gc_hlist.
func (t *Table) AddGCList(rt *Info) {
	if rt.node == 0 || rt.OnGCList() {
		return
	}
	x := rt.extra()
	x.gcNext = t.gcHead
	if t.gcHead != nil {
		t.gcHead.Extra.gcPprev = &x.gcNext
	}
	t.gcHead = rt
	x.gcPprev = &t.gcHead
	t.gcLen++
}

// RemoveGCList models fib6_remove_gc_list: unlink the route if listed.
func (t *Table) RemoveGCList(rt *Info) {
	if !rt.OnGCList() {
		return
	}
	x := rt.Extra
	*x.gcPprev = x.gcNext
	if x.gcNext != nil {
		x.gcNext.Extra.gcPprev = x.gcPprev
	}
	x.gcNext, x.gcPprev = nil, nil
	t.gcLen--
}

// GCList returns the table's GC list in walk order (newest first).
func (t *Table) GCList() []*Info {
	var l []*Info
	for rt := t.gcHead; rt != nil; rt = rt.GCNext() {
		l = append(l, rt)
	}
	return l
}

// countOnDev adds d to the count of linked routes on rt's nexthop device
// (none for a route through a nexthop object: its hop mirrors the
// object's, which `ip nexthop replace` may move to another device).
func (t *Table) countOnDev(rt *Info, d int32) {
	i := rt.NH.Dev
	if i < 0 || rt.NHID() != 0 {
		return
	}
	if i >= len(t.onDev) {
		t.onDev = append(t.onDev, make([]int32, i+1-len(t.onDev))...)
	}
	t.onDev[i] += d
}

// RoutesOnDev returns how many routes linked in the table have ifindex
// dev as their own nexthop's device (fib6_nh.fib_nh_dev; routes through
// nexthop objects are not counted), without walking the trie: device
// events (rt6_sync_up, fib6_ifdown), which leave routes through nexthop
// objects to the objects, walk only tables where it is not 0.
func (t *Table) RoutesOnDev(dev int) int {
	if dev < 0 || dev >= len(t.onDev) {
		return 0
	}
	return int(t.onDev[dev])
}

// GCListLen returns how many routes the table's GC list holds, without
// walking it.
func (t *Table) GCListLen() int { return t.gcLen }

// GCFirst returns the first route on the table's GC list (the newest),
// or nil; with Info.GCNext it walks tb6_gc_hlist in the kernel's order.
func (t *Table) GCFirst() *Info { return t.gcHead }

// GCNext returns the route after rt on its table's GC list, or nil.
func (rt *Info) GCNext() *Info {
	if rt.Extra == nil {
		return nil
	}
	return rt.Extra.gcNext
}
