package fib6

import "fmt"

// Dump returns the table's routes in the kernel's dump order: a post-order
// walk (children before their covering prefix, the root's routes last),
// each node's routes in list order. The null entry is not listed.
func (t *Table) Dump() []*Info {
	var rs []*Info
	w := &Walker{Func: func(w *Walker) int {
		for rt := w.leaf; rt != nil; rt = rt.Next {
			if rt != t.net.NullEntry {
				rs = append(rs, rt)
			}
		}
		w.leaf = nil
		return 0
	}}
	t.Walk(w)
	return rs
}

// DumpNetlink lists the table's routes as an RTM_GETROUTE dump sends them
// (fib6_dump_node): an ECMP route stands for its group, and the dump then
// jumps to the group's last sibling, so routes stored between siblings
// are not sent.
func (t *Table) DumpNetlink() []*Info {
	var rs []*Info
	w := &Walker{Func: func(w *Walker) int {
		for rt := w.leaf; rt != nil; rt = rt.Next {
			if rt == t.net.NullEntry {
				continue
			}
			rs = append(rs, rt)
			if sibs := rt.Siblings(); len(sibs) > 0 && follows(rt, sibs[len(sibs)-1]) {
				rt = sibs[len(sibs)-1]
			}
		}
		w.leaf = nil
		return 0
	}}
	t.Walk(w)
	return rs
}

// follows reports whether later comes after rt in its node's list.
func follows(rt, later *Info) bool {
	for it := rt.Next; it != nil; it = it.Next {
		if it == later {
			return true
		}
	}
	return false
}

// Check verifies the trie's structural invariants and returns the first
// violation: every non-root node holds routes (RTINFO) or has two
// children; a non-RTINFO node's leaf is a route linked in its own subtree;
// parent links, child sides and prefix nesting agree; RTINFO lists are in
// metric order; the GC list holds only linked routes of this table, as
// many as GCListLen counts; RoutesOnDev counts the routes on each device.
func (t *Table) Check() error {
	if err := t.checkNode(t.Root()); err != nil {
		return err
	}
	listed := 0
	for rt := t.gcHead; rt != nil; rt = rt.GCNext() {
		if rt.node == 0 || rt.Table != t {
			return fmt.Errorf("GC list holds unlinked route %v", rt.Prefix())
		}
		listed++
	}
	if listed != t.gcLen {
		return fmt.Errorf("GC list holds %d routes, its count says %d", listed, t.gcLen)
	}
	return t.checkOnDev()
}

// checkOnDev compares RoutesOnDev's counts with the routes linked.
func (t *Table) checkOnDev() error {
	onDev := map[int]int{}
	for _, rt := range t.Dump() {
		if rt.NHID() == 0 {
			onDev[rt.NH.Dev]++
		}
	}
	for dev := range len(t.onDev) {
		if t.RoutesOnDev(dev) != onDev[dev] {
			return fmt.Errorf("%d routes on ifindex %d, its count says %d", onDev[dev], dev, t.RoutesOnDev(dev))
		}
		delete(onDev, dev)
	}
	for dev, n := range onDev {
		return fmt.Errorf("%d routes on ifindex %d, its count says 0", n, dev)
	}
	return nil
}

func (t *Table) checkNode(fn *Node) error {
	n := t.net
	for dir, ci := range [2]NodeIdx{fn.Left, fn.Right} {
		if ci == 0 {
			continue
		}
		c := n.arena.at(ci)
		if c.Parent != fn.Self || c.Self != ci || c.FnBit <= fn.FnBit || n.leaf(c) == nil {
			return fmt.Errorf("node /%d: bad child /%d", fn.FnBit, c.FnBit)
		}
		if n.leaf(c).Dst.Bit(fn.FnBit) != uint8(dir) || !PrefixEqual(n.leaf(c).Dst, n.leaf(fn).Dst, fn.FnBit) {
			return fmt.Errorf("node /%d: child %v on the wrong side", fn.FnBit, n.leaf(c).Prefix())
		}
		if err := t.checkNode(c); err != nil {
			return err
		}
	}
	if fn.FnFlags&RTN_ROOT != 0 {
		return nil
	}
	if fn.FnFlags&RTN_RTINFO != 0 {
		return t.checkList(fn)
	}
	if fn.Left == 0 || fn.Right == 0 {
		return fmt.Errorf("intermediate node /%d has fewer than two children", fn.FnBit)
	}
	if l := n.leaf(fn); l.node == 0 || l.Table != t || !t.inSubtree(fn, l.node) {
		return fmt.Errorf("intermediate node /%d borrows a route outside its subtree", fn.FnBit)
	}
	return nil
}

func (t *Table) checkList(fn *Node) error {
	if t.net.leaf(fn) == nil {
		return fmt.Errorf("RTINFO node /%d without routes", fn.FnBit)
	}
	for rt := t.net.leaf(fn); rt != nil; rt = rt.Next {
		if rt.node != fn.Self || rt.Table != t || rt.DstLen != fn.FnBit {
			return fmt.Errorf("route %v on the wrong node", rt.Prefix())
		}
		if rt.Next != nil && rt.Next.Metric < rt.Metric {
			return fmt.Errorf("node /%d: metrics out of order", fn.FnBit)
		}
	}
	return nil
}

func (t *Table) inSubtree(fn *Node, x NodeIdx) bool {
	for ; x != 0; x = t.net.arena.at(x).Parent {
		if x == fn.Self {
			return true
		}
	}
	return false
}
