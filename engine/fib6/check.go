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
// metric order; the GC list holds only linked routes of this table.
func (t *Table) Check() error {
	if err := t.checkNode(&t.Root); err != nil {
		return err
	}
	for rt := t.gcHead; rt != nil; rt = rt.gcNext {
		if rt.Node == nil || rt.Table != t {
			return fmt.Errorf("GC list holds unlinked route %v", rt.Prefix())
		}
	}
	return nil
}

func (t *Table) checkNode(fn *Node) error {
	for dir, c := range [2]*Node{fn.Left, fn.Right} {
		if c == nil {
			continue
		}
		if c.Parent != fn || c.FnBit <= fn.FnBit || c.Leaf == nil {
			return fmt.Errorf("node /%d: bad child /%d", fn.FnBit, c.FnBit)
		}
		if c.Leaf.Dst.Bit(fn.FnBit) != uint8(dir) || !PrefixEqual(c.Leaf.Dst, fn.Leaf.Dst, fn.FnBit) {
			return fmt.Errorf("node /%d: child %v on the wrong side", fn.FnBit, c.Leaf.Prefix())
		}
		if err := t.checkNode(c); err != nil {
			return err
		}
	}
	if fn.FnFlags&RTN_ROOT != 0 {
		return nil
	}
	if fn.FnFlags&RTN_RTINFO != 0 {
		return checkList(fn)
	}
	if fn.Left == nil || fn.Right == nil {
		return fmt.Errorf("intermediate node /%d has fewer than two children", fn.FnBit)
	}
	if fn.Leaf.Node == nil || !fn.inSubtree(fn.Leaf.Node) {
		return fmt.Errorf("intermediate node /%d borrows a route outside its subtree", fn.FnBit)
	}
	return nil
}

func checkList(fn *Node) error {
	if fn.Leaf == nil {
		return fmt.Errorf("RTINFO node /%d without routes", fn.FnBit)
	}
	for rt := fn.Leaf; rt != nil; rt = rt.Next {
		if rt.Node != fn || rt.DstLen != fn.FnBit {
			return fmt.Errorf("route %v on the wrong node", rt.Prefix())
		}
		if rt.Next != nil && rt.Next.Metric < rt.Metric {
			return fmt.Errorf("node /%d: metrics out of order", fn.FnBit)
		}
	}
	return nil
}

func (fn *Node) inSubtree(x *Node) bool {
	for ; x != nil; x = x.Parent {
		if x == fn {
			return true
		}
	}
	return false
}
