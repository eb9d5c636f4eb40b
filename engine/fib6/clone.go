package fib6

import (
	"errors"
	"fmt"
	"slices"
)

// CloneTable makes table id of n a copy of table id of src, for two
// namespaces that were built alike up to the routes being copied: the
// page builds one namespace's full table and clones it into the other,
// which is much cheaper than adding every route again. It has no kernel
// counterpart; the result is what adding src's routes to n in src's
// order would have made: the same nodes (IDs, serial numbers, flags,
// borrowed leaves) at the same arena indices, routes (IDs,
// configuration, reference counts), counters and route lists.
//
// The two arenas must agree outside table id: every node of n's other
// tables is at the same index in src, the same in every field, and src
// has no other tables' nodes n lacks; src's table may sit on other
// indices (Compact, after the routes were added, renumbers within them).
// The routes n's table already holds must be in src's table with the
// same IDs (n keeps its own fib6_info for them, with their dst state and
// GC list membership); src's other routes of the table must have IDs n
// has not handed out, and be plain: no ECMP group, not on a GC list, no
// extra configuration or dst state, no lwtunnel state. The next node
// and route IDs and the serial number counter become src's when larger.
// The copy traces nothing. Otherwise, or while a walker is active in
// either namespace, it reports an error and changes nothing.
func (n *Net) CloneTable(src *Net, id uint32) error {
	st, dt := src.Table(id), n.Table(id)
	if st == nil || dt == nil || src == n {
		return fmt.Errorf("clone table %d: no such table in two namespaces", id)
	}
	if len(n.walkers) > 0 || len(src.walkers) > 0 {
		return errors.New("clone table: a walker is active")
	}
	c := &cloner{src: src, dst: n, st: st, dt: dt, base: n.nextRtID}
	c.own, c.ownNodes = dt.inventory()
	if err := c.check(); err != nil {
		return err
	}
	oldNodes, oldRouteNodes := dt.countNodes(n.arena.preorder(dt.root, nil))
	c.slab = make([]Info, c.fresh)
	c.routes = make([]*Info, src.nextRtID-c.base+1)
	sa, da := &src.arena, &n.arena
	for len(da.nodes) < len(sa.nodes) {
		da.nodes = append(da.nodes, new([chunkSize]Node))
		da.leaves = append(da.leaves, new([chunkSize]*Info))
	}
	for k := range sa.nodes {
		*da.nodes[k] = *sa.nodes[k]
		c.leaves(k)
	}
	da.next, da.free, da.gen, da.shape = sa.next, append(da.free[:0], sa.free...), da.gen+1, da.shape+1
	dt.last = lastAdd{}
	n.Stats.FibNodes += c.nodes - oldNodes
	n.Stats.FibRouteNodes += c.routeNodes - oldRouteNodes
	n.Stats.FibRtEntries += st.Entries - dt.Entries
	dt.Entries = st.Entries
	dt.onDev = slices.Clone(st.onDev)
	n.nextNodeID = max(n.nextNodeID, src.nextNodeID)
	n.nextRtID = max(n.nextRtID, src.nextRtID)
	n.sernum = max(n.sernum, src.sernum)
	return nil
}

// cloner is one CloneTable: check goes over the two arenas first, then
// the source's nodes are copied chunk by chunk, leaves and routes by
// leaves. The work is cut per chunk: a WebAssembly engine optimises a
// function for its later calls, not in the middle of a long loop.
type cloner struct {
	src, dst   *Net
	st, dt     *Table           // the table in the source and in the copy
	own        map[uint32]*Info // the copy's routes of the table by ID, kept
	ownNodes   map[uint32]bool  // the IDs of the copy's nodes of the table
	base       uint32           // routes with IDs above it are copied
	fresh      int              // routes to copy
	slab       []Info           // storage of the routes copied, in order
	routes     []*Info          // the copies by ID - base
	nodes      int              // the source table's nodes, its root apart
	routeNodes int              // and RTINFO nodes
}

// check checks that the arenas agree and the source's routes of the
// table may be copied (see CloneTable), and counts the routes to copy.
func (c *cloner) check() error {
	sa, da := &c.src.arena, &c.dst.arena
	if c.st.root != c.dt.root || da.next > sa.next || c.src.NumTables() != c.dst.NumTables() {
		return errors.New("clone table: the arenas or the tables differ")
	}
	for i := range c.src.NumTables() {
		if s, d := c.src.TableAt(i), c.dst.TableAt(i); s.ID != d.ID || s.root != d.root {
			return errors.New("clone table: the tables differ")
		}
	}
	for i := NodeIdx(1); i < da.next; i++ {
		dn, sn := da.get(i), sa.get(i)
		switch {
		case dn.Self == 0: // free in the copy: the source may have used it
		case c.ownNodes[dn.ID]: // the table's: replaced by the source's slot
			if sn.Self != 0 && !c.inTable(i) {
				return fmt.Errorf("clone table: the slot of node %d of the table holds another table's in the source", dn.ID)
			}
		case *dn != *sn || *da.leafp(i) != nil && (*sa.leafp(i) == nil || (*da.leafp(i)).ID != (*sa.leafp(i)).ID):
			return fmt.Errorf("clone table: node %d of another table differs", dn.ID)
		}
	}
	matched := 0
	for k := range sa.nodes {
		m, err := c.checkChunk(k)
		if err != nil {
			return err
		}
		matched += m
	}
	if matched != len(c.own) {
		return fmt.Errorf("clone table: %d of the copy's %d routes are not in the source", len(c.own)-matched, len(c.own))
	}
	return nil
}

// checkChunk checks the source's routes of the table on the nodes of
// chunk k and returns how many of the copy's own routes it found.
func (c *cloner) checkChunk(k int) (matched int, err error) {
	src, sa := c.src, &c.src.arena
	for j := range chunkSize {
		i := NodeIdx(k<<chunkBits | j)
		if i == 0 || i >= sa.next {
			continue
		}
		sn := sa.get(i)
		if sn.Self == 0 {
			continue
		}
		if !c.inTable(i) {
			if i >= c.dst.arena.next || c.dst.arena.get(i).Self == 0 || c.ownNodes[c.dst.arena.get(i).ID] {
				return 0, fmt.Errorf("clone table: node %d of another table is new in the source", sn.ID)
			}
			continue
		}
		if sn.ID <= c.dst.nextNodeID && !c.ownNodes[sn.ID] {
			return 0, fmt.Errorf("clone table: node %d of the source's table is not the copy's", sn.ID)
		}
		if sn.FnFlags&RTN_ROOT == 0 {
			c.nodes++
			if sn.FnFlags&RTN_RTINFO != 0 {
				c.routeNodes++
			}
		}
		l := *sa.leafp(i)
		if sn.FnFlags&RTN_RTINFO == 0 || l == src.NullEntry {
			continue // a borrowed leaf, checked on its own node; or the empty root
		}
		for rt := l; rt != nil; rt = rt.Next {
			switch {
			case rt.ID <= c.base:
				o := c.own[rt.ID]
				if o == nil || o.Dst != rt.Dst || o.DstLen != rt.DstLen || o.Metric != rt.Metric {
					return 0, fmt.Errorf("clone table: route %d (%v) differs between the namespaces", rt.ID, rt.Prefix())
				}
				matched++
			case rt.NSiblings() > 0 || rt.OnGCList() || rt.Extra != nil || rt.NH.Lwt != nil:
				return 0, fmt.Errorf("clone table: route %d (%v) is not a plain route", rt.ID, rt.Prefix())
			default:
				c.fresh++
			}
		}
	}
	return matched, nil
}

// inTable reports whether the source's node at index i (in use) is a
// node of the table: its root, or a node whose leaf (its routes' head or
// the route it borrows) is one of the table's routes.
func (c *cloner) inTable(i NodeIdx) bool {
	if i == c.st.root {
		return true
	}
	l := *c.src.arena.leafp(i)
	return l != nil && l != c.src.NullEntry && l.Table == c.st
}

// leaves sets the leaves of the nodes of chunk k of the copy, whose nodes
// are the source's by now: the table's route lists and borrowed leaves
// with the copy's routes; other tables' leaves stay the copy's.
func (c *cloner) leaves(k int) {
	src, sa, da := c.src, &c.src.arena, &c.dst.arena
	for j := range chunkSize {
		i := NodeIdx(k<<chunkBits | j)
		if i == 0 || i >= sa.next {
			continue
		}
		l := *sa.leafp(i)
		switch {
		case l == nil:
			*da.leafp(i) = nil
		case l == src.NullEntry:
			*da.leafp(i) = c.dst.NullEntry
		case l.Table != c.st:
			continue // another table's node: its leaf is the copy's already
		case sa.get(i).FnFlags&RTN_RTINFO == 0:
			*da.leafp(i) = c.route(l) // borrowed
		default:
			pp := da.leafp(i)
			for rt := l; rt != nil; rt = rt.Next {
				d := c.route(rt)
				d.node = i
				*pp = d
				pp = &d.Next
			}
			*pp = nil
		}
	}
}

// route returns the copy's route for the source's route rt of the table:
// the copy's own route with that ID, or a copy of rt made on first use.
func (c *cloner) route(rt *Info) *Info {
	if rt.ID <= c.base {
		d := c.own[rt.ID]
		d.Ref = rt.Ref
		return d
	}
	if d := c.routes[rt.ID-c.base]; d != nil {
		return d
	}
	d := &c.slab[0]
	c.slab = c.slab[1:]
	*d = *rt
	d.Table = c.dt
	c.routes[rt.ID-c.base] = d
	return d
}

// inventory returns the routes of t by ID and the IDs of its nodes.
func (t *Table) inventory() (map[uint32]*Info, map[uint32]bool) {
	n := t.net
	routes, nodes := map[uint32]*Info{}, map[uint32]bool{}
	for _, i := range n.arena.preorder(t.root, nil) {
		fn := n.arena.get(i)
		nodes[fn.ID] = true
		if fn.FnFlags&RTN_RTINFO == 0 {
			continue
		}
		for rt := n.leaf(fn); rt != nil; rt = rt.Next {
			if rt != n.NullEntry {
				routes[rt.ID] = rt
			}
		}
	}
	return routes, nodes
}

// countNodes returns how many of the table's nodes in order (all of
// them) are nodes and RTINFO nodes, its root apart (rt6_stats' fib_nodes
// and fib_route_nodes).
func (t *Table) countNodes(order []NodeIdx) (nodes, routeNodes int) {
	for _, i := range order {
		fn := t.net.arena.get(i)
		if fn.FnFlags&RTN_ROOT != 0 {
			continue
		}
		nodes++
		if fn.FnFlags&RTN_RTINFO != 0 {
			routeNodes++
		}
	}
	return nodes, routeNodes
}

// preorder appends the indices of the subtree at root to out in
// depth-first order, left before right, and returns the result.
func (a *arena) preorder(root NodeIdx, out []NodeIdx) []NodeIdx {
	stack := []NodeIdx{root}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		out = append(out, i)
		fn := a.get(i)
		if fn.Right != 0 {
			stack = append(stack, fn.Right)
		}
		if fn.Left != 0 {
			stack = append(stack, fn.Left)
		}
	}
	return out
}
