package fib6

import (
	"cmp"
	"slices"

	"fib6lab/engine/errno"
	"fib6lab/engine/lwtunnel"
	"fib6lab/engine/trace"
)

// Netlink request flags (include/uapi/linux/netlink.h) as iproute2 sets
// them per verb: add = CREATE|EXCL, append = CREATE|APPEND, prepend =
// CREATE, replace = CREATE|REPLACE, change = REPLACE. Zero means an
// in-kernel caller with no netlink header (allowed to create).
const (
	NLM_F_REPLACE = 0x100
	NLM_F_EXCL    = 0x200
	NLM_F_CREATE  = 0x400
	NLM_F_APPEND  = 0x800
)

// Add models fib6_add (net/ipv6/ip6_fib.c) on table t: it finds or creates
// the node for rt's prefix (fib6_add_1), links rt by metric
// (fib6_add_rt2node), stamps the node and its ancestors with a new serial
// number and, when rt has RTF_EXPIRES, links it on the GC list. It returns
// nil, errno.EEXIST (same metric with NLM_F_EXCL, or a duplicate nexthop,
// whose expiry may have been updated), or ENOENT with the extack "Can not
// replace route - no match found" (replace without create and no target).
// A failed add leaves the trie as it was.
func (t *Table) Add(rt *Info, nlflags uint16) error {
	n := t.net
	n.emit(trace.OpBegin, t.Root(), rt, 0, int64(trace.OpAdd))
	err := t.add(rt, nlflags, nil)
	n.emit(trace.OpEnd, nil, rt, 0, errVal(err))
	return err
}

// AddBatch adds the routes of rts, each as Add does, calling after with
// each route and its add's error (nil when it went in) and going on while
// after returns true. They go in in the order given (the same trie, IDs,
// counters and trace as the adds one by one) unless addressOrder finds
// the batch worth sorting: then rts is sorted in place into address
// order first (the routes move, so nothing may point at them before the
// call; their fields, IDs included, move with them) and the routes go in
// in that order, as after sees them, so a batch it stops holds the routes
// before the stop in address order. The serial numbers
// each add stamps on its node and the node's ancestors
// (fib6_update_sernum_upto_root) are stamped once for the whole batch
// at its end: every node gets the number of the last add that passed it,
// as the adds one by one leave it, but a node is stamped once instead of
// once per add below it. So after must not change the table's routes
// nor read its nodes' serial numbers (a dst check): an add made from it
// would have its newer numbers stamped over with the batch's older ones.
func (t *Table) AddBatch(rts []Info, nlflags uint16, after func(rt *Info, err error) bool) {
	n := t.net
	if order := t.addressOrder(rts); order != nil {
		permute(rts, order)
	}
	stamps := make([]sernumStamp, 0, len(rts))
	for k := range rts {
		rt := &rts[k]
		n.emit(trace.OpBegin, t.Root(), rt, 0, int64(trace.OpAdd))
		err := t.add(rt, nlflags, &stamps)
		n.emit(trace.OpEnd, nil, rt, 0, errVal(err))
		if !after(rt, err) {
			break
		}
	}
	t.stampSernums(stamps)
}

// addressOrder returns the order in which AddBatch adds rts: nil for the
// order given, or their indices sorted by prefix (address, then length;
// routes for the same prefix keep their order). A batch of at least
// minSortedBatch routes, out of address order, none of them expiring,
// added while nothing records the trace, is sorted: an add in random
// order misses in memory at nearly every node of its descent, where one
// in address order finds the nodes just made, so a shuffled full table
// would take over four times as long. The kernel has no batch add (ip
// -batch sends one request per route); the trie and the routes are those
// the adds one by one in the given order make, and only what no kernel
// interface shows differs: node IDs (the order nodes are made in), serial
// numbers, and which route an intermediate node borrows as its leaf.
// Batches with expiring routes keep their order, which the GC list
// (tb6_gc_hlist) shows, and so do batches with a destination that has
// bits set past its length (the kernel masks them; Add takes them).
func (t *Table) addressOrder(rts []Info) []int32 {
	if t.net.Trace != nil || len(rts) < minSortedBatch {
		return nil
	}
	sorted := true
	for i := range rts {
		if rts[i].HasExpires() || rts[i].Dst != rts[i].Dst.Masked(rts[i].DstLen) {
			return nil
		}
		if i > 0 && prefixCmp(&rts[i-1], &rts[i]) > 0 {
			sorted = false
		}
	}
	if sorted {
		return nil
	}
	es := make([]sortEntry, len(rts))
	for i := range rts {
		es[i] = sortEntry{rts[i].Dst.Hi, int32(i)}
	}
	es = radixSort(es, make([]sortEntry, len(es)))
	order := make([]int32, len(es))
	for k, e := range es {
		order[k] = e.i
	}
	// routes whose first 64 bits are alike (a prefix and the first one
	// inside it; host routes of one /64): by the rest of the address, then
	// the length, then the order given
	for a := 0; a < len(es); {
		b := a + 1
		for b < len(es) && es[b].hi == es[a].hi {
			b++
		}
		if b-a > 1 {
			slices.SortFunc(order[a:b], func(x, y int32) int {
				return cmp.Or(prefixCmp(&rts[x], &rts[y]), cmp.Compare(x, y))
			})
		}
		a = b
	}
	return order
}

// permute moves the routes of rts so that the one at order[k] comes to
// k, following each cycle of the permutation once (order is used up: it
// marks the places done). In address order, the adds of a shuffled batch
// read and write their fib6_info one after the other in memory, as the
// walks and lookups of the table do later.
func permute(rts []Info, order []int32) {
	for s := range order {
		if order[s] == int32(s) {
			continue
		}
		held, k := rts[s], s
		for {
			from := int(order[k])
			order[k] = int32(k)
			if from == s {
				rts[k] = held
				break
			}
			rts[k] = rts[from]
			k = from
		}
	}
}

// sortEntry is a route of a batch as addressOrder sorts it: the first 64
// bits of its prefix and its index in the batch.
type sortEntry struct {
	hi uint64
	i  int32
}

// radixSort sorts es by hi, keeping the order of equal ones (a least
// significant digit radix sort, a byte at a time, skipping the bytes
// every entry has alike), with tmp (at least as long) for scratch, and
// returns the sorted slice (es or tmp).
func radixSort(es, tmp []sortEntry) []sortEntry {
	tmp = tmp[:len(es)]
	for shift := uint(0); shift < 64; shift += 8 {
		var count [256]int
		for _, e := range es {
			count[byte(e.hi>>shift)]++
		}
		if len(es) == 0 || count[byte(es[0].hi>>shift)] == len(es) {
			continue
		}
		at := 0
		for d, c := range count {
			count[d] = at
			at += c
		}
		for _, e := range es {
			d := byte(e.hi >> shift)
			tmp[count[d]] = e
			count[d]++
		}
		es, tmp = tmp, es
	}
	return es
}

// minSortedBatch is the smallest batch AddBatch sorts (addressOrder).
const minSortedBatch = 1024

// prefixCmp compares the prefixes of a and b in address order.
func prefixCmp(a, b *Info) int {
	return cmp.Or(cmp.Compare(a.Dst.Hi, b.Dst.Hi), cmp.Compare(a.Dst.Lo, b.Dst.Lo), cmp.Compare(a.DstLen, b.DstLen))
}

// sernumStamp is a serial number an add of a batch stamps on its node
// and the node's ancestors (AddBatch).
type sernumStamp struct {
	node   NodeIdx
	sernum uint32
}

// stampSernums stamps the serial numbers of a batch's adds, the last add
// first: going up from its node, each node not stamped yet takes its
// number, and the first stamped one ends the climb (a later add stamped
// it and, before, its ancestors). Which nodes are stamped is marked by
// index in the arena's scratch bitset (arena.marks), cleared again on the
// way out, so that no node's number, old or new, is taken for a mark:
// serial numbers wrap (fib6_new_sernum goes back to 1 after INT_MAX). A
// node freed since its add (an after callback's delete) is passed over.
func (t *Table) stampSernums(stamps []sernumStamp) {
	if len(stamps) == 0 {
		return
	}
	a := &t.net.arena
	marks := a.scratchMarks()
	c := cursor{nodes: a.nodes}
	for k := len(stamps) - 1; k >= 0; k-- {
		for i := stamps[k].node; i != 0 && marks[i>>6]&(1<<(i&63)) == 0; {
			fn := c.at(i)
			if fn.Self != i {
				break
			}
			marks[i>>6] |= 1 << (i & 63)
			fn.Sernum = stamps[k].sernum
			i = fn.Parent
		}
	}
	for _, st := range stamps {
		for i := st.node; i != 0 && marks[i>>6]&(1<<(i&63)) != 0; i = c.at(i).Parent {
			marks[i>>6] &^= 1 << (i & 63)
		}
	}
}

// add is Add's work; with stamps set, the serial numbers are noted there
// for AddBatch instead of stamped.
func (t *Table) add(rt *Info, nlflags uint16, stamps *[]sernumStamp) error {
	allowCreate := nlflags == 0 || nlflags&NLM_F_CREATE != 0
	replaceRequired := nlflags&NLM_F_REPLACE != 0
	fn, err := t.add1(rt.Dst, rt.DstLen, allowCreate, replaceRequired)
	if err != nil {
		return err
	}
	t.last = lastAdd{node: fn.Self, key: rt.Dst, gen: t.net.arena.gen}
	var purge []*Info
	if err = t.addRt2Node(fn, rt, nlflags, &purge); err != nil {
		if fn.FnFlags&(RTN_RTINFO|RTN_ROOT) == 0 || (fn.FnFlags&RTN_TL_ROOT != 0 && t.net.leaf(fn) == nil) {
			t.repairTree(fn)
		}
		return err
	}
	for _, old := range purge {
		t.purgeRt(old, fn)
	}
	if stamps != nil {
		*stamps = append(*stamps, sernumStamp{node: fn.Self, sernum: t.net.newSernum()})
	} else {
		t.updateSernumUptoRoot(fn)
	}
	if rt.HasExpires() {
		t.AddGCList(rt)
	}
	return nil
}

// add1 models fib6_add_1: it descends from the root comparing the new
// prefix with each node's own fn_bit bits (through its leaf, real or
// borrowed) and returns the node for (key, plen), splitting as needed.
func (t *Table) add1(key Key, plen uint8, allowCreate, replaceRequired bool) (*Node, error) {
	n := t.net
	c := cursor{nodes: n.arena.nodes}
	fn := t.descentStart(&c, key, plen)
	var pn *Node
	var dir uint8
	for fn != nil {
		n.emit(trace.NodeVisit, fn, nil, fn.FnBit, 0)
		leafKey := n.leaf(fn).Dst
		if plen < fn.FnBit || !PrefixEqual(leafKey, key, fn.FnBit) {
			if !allowCreate && replaceRequired {
				return nil, errNoMatch
			}
			return t.insertAbove(fn, pn, dir, key, plen), nil
		}
		if plen == fn.FnBit {
			if fn.FnFlags&RTN_RTINFO == 0 {
				t.dropLeaf(fn)
			} else if fn.FnFlags&RTN_TL_ROOT != 0 && n.leaf(fn) == n.NullEntry {
				n.setLeaf(fn, nil)
			}
			return fn, nil
		}
		dir = key.Bit(fn.FnBit)
		n.emit(trace.BitTest, fn, nil, fn.FnBit, int64(dir))
		pn, fn = fn, nil
		if ci := pn.child(dir); ci != 0 {
			fn = c.at(ci)
		}
	}
	if !allowCreate && replaceRequired {
		return nil, errNoMatch
	}
	ln := n.newNode(plen, pn)
	pn.setChild(dir, ln)
	return ln, nil
}

// descentStart returns the node add1's descent for (key, plen) starts
// from: the table root, or, when nothing records the trace (the
// descent's events start at the root), the deepest node above the last
// add's node whose bits the new prefix shares: the descent from the root
// would pass it (its prefix is the new one's first bits and its fn_bit
// at most plen), and before it has nothing to do, so starting there
// finds the same node and splits the same way. A bulk load in address
// order then goes down a few nodes instead of the whole path. The
// shortcut is taken only when the prefixes share at least
// descentShared bits and climbing takes at most descentClimb steps; a
// node freed since the last add (the arena's generation) cancels it.
func (t *Table) descentStart(c *cursor, key Key, plen uint8) *Node {
	n := t.net
	root := c.at(t.root)
	l := t.last
	if n.Trace != nil || l.node == 0 || l.gen != n.arena.gen {
		return root
	}
	limit := min(firstDiff(key, l.key), plen)
	if limit < descentShared {
		return root
	}
	fn := c.at(l.node)
	for steps := 0; fn.FnBit > limit; steps++ {
		if fn.Parent == 0 || steps == descentClimb {
			return root
		}
		fn = c.at(fn.Parent)
	}
	return fn
}

// The bounds of add1's shortcut (descentStart): prefixes added in
// address order share far more bits, random ones hardly any.
const (
	descentShared = 8
	descentClimb  = 8
)

var errNoMatch = errno.WithMsg(errno.ENOENT, "Can not replace route - no match found")

// insertAbove is the split part of fib6_add_1: the new prefix diverges from
// fn's key inside fn's bits. Either an intermediate node at the first
// differing bit takes fn and the new leaf as children, or the new node is
// an ancestor of fn.
func (t *Table) insertAbove(fn, pn *Node, dir uint8, key Key, plen uint8) *Node {
	n := t.net
	leaf := n.leaf(fn)
	leafKey := leaf.Dst
	bit := firstDiff(leafKey, key)
	if plen > bit {
		in := n.newNode(bit, pn)
		n.setLeaf(in, leaf)
		leaf.Ref++
		pn.setChild(dir, in)
		ln := n.newNode(plen, in)
		fn.Parent = in.Self
		if key.Bit(bit) == 1 {
			in.Right, in.Left = ln.Self, fn.Self
		} else {
			in.Left, in.Right = ln.Self, fn.Self
		}
		return ln
	}
	ln := n.newNode(plen, pn)
	if leafKey.Bit(plen) == 1 {
		ln.Right = fn.Self
	} else {
		ln.Left = fn.Self
	}
	fn.Parent = ln.Self
	pn.setChild(dir, ln)
	return ln
}

func (n *Net) newNode(bit uint8, parent *Node) *Node {
	fn := n.arena.alloc()
	fn.FnBit, fn.Parent, fn.ID = bit, idx(parent), n.newNodeID()
	n.Stats.FibNodes++
	n.emit(trace.NodeCreate, fn, nil, bit, 0)
	return fn
}

// dropLeaf releases an intermediate node's borrowed leaf.
func (t *Table) dropLeaf(fn *Node) {
	n := t.net
	if l := n.leaf(fn); l != nil {
		l.Ref--
		n.setLeaf(fn, nil)
	}
}

// addRt2Node models fib6_add_rt2node: the metric-ordered insertion with
// the EEXIST, expiring-duplicate, ECMP-sibling and replace rules. Routes a
// replace displaces are appended to purge.
func (t *Table) addRt2Node(fn *Node, rt *Info, nlflags uint16, purge *[]*Info) error {
	replace := nlflags&NLM_F_REPLACE != 0
	add := nlflags == 0 || nlflags&NLM_F_CREATE != 0
	canECMP := rt.QualifiesForECMP()
	head := t.net.leafp(fn)
	ins := head
	var fallback **Info
	found := false
	nsib := 0 // fib6_nsiblings as the kernel counts it on rt
	var iter *Info
	for iter = *head; iter != nil; iter = iter.Next {
		if iter.Metric == rt.Metric {
			if nlflags&NLM_F_EXCL != 0 {
				return errno.EEXIST
			}
			if replace {
				if canECMP == iter.QualifiesForECMP() {
					found = true
					break
				}
				if fallback == nil {
					fallback = ins
				}
				ins = &iter.Next
				continue
			}
			if duplicateNexthop(iter, rt) {
				t.updateDuplicate(iter, rt)
				return errno.EEXIST
			}
			if canECMP && iter.QualifiesForECMP() {
				nsib++
			}
		}
		if iter.Metric > rt.Metric {
			break
		}
		ins = &iter.Next
	}
	if fallback != nil && !found {
		ins, iter, found = fallback, *fallback, true
	}
	if nsib > 0 {
		linkSiblings(*head, rt)
	}
	if !replace || !found {
		if replace && !add {
			return errno.ENOENT // no extack at this point
		}
		t.linkRoute(fn, ins, rt, iter)
		return nil
	}
	t.replaceRoute(fn, ins, rt, iter, purge)
	return nil
}

// updateDuplicate is the expiring-duplicate rule of fib6_add_rt2node: a
// re-added identical route carries its expiry (or its permanence) and MTU
// over to the existing expiring route, which the caller then reports as
// EEXIST anyway. A permanent existing route is left alone.
func (t *Table) updateDuplicate(iter, rt *Info) {
	if !iter.HasExpires() {
		return
	}
	if rt.HasExpires() {
		iter.SetExpires(rt.Expires)
		t.AddGCList(iter)
	} else {
		iter.ClearExpires()
		t.mayRemoveGCList(iter)
	}
	if rt.Flags&(RTF_ADDRCONF|RTF_PREFIX_RT) == 0 && (!iter.NH.Gw.IsValid() || iter.NHID() != 0) {
		iter.Flags &^= RTF_ADDRCONF | RTF_PREFIX_RT
	}
	if mtu := rt.Metric_(RTAX_MTU); mtu != 0 {
		iter.SetMetric(RTAX_MTU, mtu)
	}
}

// mayRemoveGCList takes a route whose expiry was just cleared off the GC
// list: through Net.MayRemoveGCList when the owner set it (the 2026
// fib6_may_remove_gc_list, which keeps the route listed while exceptions
// still need aging), else unconditionally as before.
func (t *Table) mayRemoveGCList(rt *Info) {
	if f := t.net.MayRemoveGCList; f != nil {
		f(rt)
		return
	}
	t.RemoveGCList(rt)
}

// MayRemoveGCList models fib6_may_remove_gc_list for a route whose expiry
// its caller just cleared (a Router Advertisement making a route
// permanent): off the GC list, unless the owner's Net.MayRemoveGCList
// hook keeps it there while its exceptions still need aging.
func (t *Table) MayRemoveGCList(rt *Info) { t.mayRemoveGCList(rt) }

// duplicateNexthop models rt6_duplicate_nexthop: routes using nexthop
// objects are duplicates when they use the same one (a route with an
// object never duplicates one without); inline nexthops when they have
// the same device, the same gateway (unspecified if none) and encaps that
// lwtunnel_cmp_encap finds equal.
func duplicateNexthop(a, b *Info) bool {
	if a.NHID() != 0 || b.NHID() != 0 {
		return a.NHID() == b.NHID()
	}
	return a.NH.Dev == b.NH.Dev && a.NH.Gw == b.NH.Gw && !lwtunnel.CmpEncap(a.NH.Lwt, b.NH.Lwt)
}

func (t *Table) linkRoute(fn *Node, ins **Info, rt, next *Info) {
	n := t.net
	rt.Next = next
	*ins = rt
	rt.node = fn.Self
	rt.Table = t
	rt.Ref++
	n.Stats.FibRtEntries++
	t.Entries++
	t.countOnDev(rt, 1)
	if fn.FnFlags&RTN_RTINFO == 0 {
		n.Stats.FibRouteNodes++
		fn.FnFlags |= RTN_RTINFO
		n.arena.shape++
	}
	n.emit(trace.RouteLink, fn, rt, fn.FnBit, 0)
}

// replaceRoute puts rt in old's place; when old led an ECMP group, the
// following same-metric ECMP-qualified routes (its former siblings) go too.
func (t *Table) replaceRoute(fn *Node, ins **Info, rt, old *Info, purge *[]*Info) {
	n := t.net
	rt.Next = old.Next
	*ins = rt
	rt.node = fn.Self
	rt.Table = t
	rt.Ref++
	t.countOnDev(rt, 1)
	if fn.FnFlags&RTN_RTINFO == 0 {
		n.Stats.FibRouteNodes++
		fn.FnFlags |= RTN_RTINFO
		n.arena.shape++
	}
	n.emit(trace.RouteLink, fn, rt, fn.FnBit, 0)
	nsib := old.NSiblings()
	t.unlinkReplaced(fn, old, purge)
	ins = &rt.Next
	for it := *ins; it != nil && nsib > 0 && it.Metric <= rt.Metric; it = *ins {
		if it.QualifiesForECMP() {
			*ins = it.Next
			t.unlinkReplaced(fn, it, purge)
			nsib--
			n.Stats.FibRtEntries--
			t.Entries--
		} else {
			ins = &it.Next
		}
	}
}

func (t *Table) unlinkReplaced(fn *Node, old *Info, purge *[]*Info) {
	old.node = 0
	old.Ref--
	t.countOnDev(old, -1)
	t.net.emit(trace.RouteUnlink, fn, old, fn.FnBit, 0)
	*purge = append(*purge, old)
}

// linkSiblings joins rt to the ECMP group of the first same-metric
// ECMP-qualified route of the list starting at leaf (at the tail of its
// fib6_siblings ring) and gives every member the new count.
func linkSiblings(leaf *Info, rt *Info) {
	var head *Info
	for it := leaf; it != nil; it = it.Next {
		if it.Metric == rt.Metric && it.QualifiesForECMP() {
			head = it
			break
		}
	}
	if head == nil {
		return
	}
	h, x := head.extra(), rt.extra()
	if h.sibNext == nil {
		h.sibNext, h.sibPrev = head, head
	}
	last := h.sibPrev
	last.Extra.sibNext, x.sibPrev = rt, last
	x.sibNext, h.sibPrev = head, rt
	count := int32(0)
	for it := x.sibNext; it != rt; it = it.Extra.sibNext {
		it.Extra.nsiblings++
		count++
	}
	x.nsiblings = count
}

// updateSernumUptoRoot models __fib6_update_sernum_upto_root: fn and all
// its ancestors get one fresh serial number.
func (t *Table) updateSernumUptoRoot(fn *Node) {
	n := t.net
	s := n.newSernum()
	c := cursor{nodes: n.arena.nodes}
	for {
		fn.Sernum = s
		if fn.Parent == 0 {
			return
		}
		fn = c.at(fn.Parent)
	}
}

// SetExpires models fib6_set_expires: set the deadline (jiffies) and
// RTF_EXPIRES without touching GC list membership.
func (rt *Info) SetExpires(expires int64) {
	rt.Expires = expires
	rt.Flags |= RTF_EXPIRES
}

// ClearExpires models fib6_clean_expires: clear RTF_EXPIRES and the
// deadline without touching GC list membership.
func (rt *Info) ClearExpires() {
	rt.Flags &^= RTF_EXPIRES
	rt.Expires = 0
}

// Metric_ returns RTAX metric i of the route (0 when unset).
func (rt *Info) Metric_(i int) uint32 {
	if rt.Extra == nil {
		return 0
	}
	return rt.Extra.Metrics[i]
}

// SetMetric sets RTAX metric i of the route (fib6_metric_set).
func (rt *Info) SetMetric(i int, v uint32) {
	rt.extra().Metrics[i] = v
}

func errVal(err error) int64 {
	var e errno.Errno
	switch x := err.(type) {
	case nil:
		return 0
	case errno.Errno:
		e = x
	case *errno.Ack:
		e = x.Errno
	}
	return -int64(e)
}
