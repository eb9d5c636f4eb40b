// Package app is the fib6lab browser front end without the browser: the
// trie layout, camera, level of detail and the before/after GC simulation
// are plain Go (tested natively), and game.go draws them with ebiten.
package app

import (
	"net/netip"

	"fib6lab/engine/fib6"
)

// ViewNode is one fib6_node (struct fib6_node) placed for drawing: its
// subtree occupies the leaf slots [Lo, Hi) horizontally and it sits at the
// depth of its prefix length (fn_bit) vertically.
type ViewNode struct {
	Node     *fib6.Node
	Lo, Hi   int32 // leaf-slot span of the subtree; a childless node has one slot
	End      int32 // pre-order index just past the subtree
	Routes   int32 // routes linked in the subtree (RTN_RTINFO nodes' lists)
	Depth    uint8 // fn_bit: the prefix length the node stands for
	MaxDepth uint8 // deepest fn_bit in the subtree
	RTInfo   bool  // the node owns routes (RTN_RTINFO)
}

// X returns the node's horizontal world position: the centre of its span.
func (v *ViewNode) X() float64 { return float64(v.Lo+v.Hi) / 2 }

// Layout is one table's trie flattened in pre-order (the order a
// fib6_walker descends) for drawing: parents before children, left subtree
// before right.
type Layout struct {
	Nodes    []ViewNode
	Slots    int32   // leaf slots in all: the world width
	Expiring []int32 // view indexes of nodes holding routes with RTF_EXPIRES
	idx      []int32 // fib6.Node.ID -> view index, -1 when absent
}

// BuildLayout flattens table tb's trie. It uses an explicit stack, so any
// trie depth is fine, and runs in time linear in the number of nodes.
func BuildLayout(tb *fib6.Table) *Layout {
	hint := 2*tb.Entries + 1 // a trie has fewer than two nodes per route
	l := &Layout{Nodes: make([]ViewNode, 0, hint)}
	stack := make([]*fib6.Node, 1, 130)
	stack[0] = &tb.Root
	var maxID uint32
	for len(stack) > 0 {
		fn := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		v := ViewNode{Node: fn, Depth: fn.FnBit, MaxDepth: fn.FnBit, RTInfo: fn.FnFlags&fib6.RTN_RTINFO != 0}
		if fn.Left == nil && fn.Right == nil {
			v.Lo, v.Hi = l.Slots, l.Slots+1
			l.Slots++
		}
		if v.RTInfo {
			v.Routes = int32(countRoutes(fn))
			if hasExpiring(fn) {
				l.Expiring = append(l.Expiring, int32(len(l.Nodes)))
			}
		}
		maxID = max(maxID, fn.ID)
		l.Nodes = append(l.Nodes, v)
		if fn.Right != nil {
			stack = append(stack, fn.Right)
		}
		if fn.Left != nil {
			stack = append(stack, fn.Left)
		}
	}
	l.aggregate()
	l.idx = make([]int32, maxID+1)
	for i := range l.idx {
		l.idx[i] = -1
	}
	for i := range l.Nodes {
		l.idx[l.Nodes[i].Node.ID] = int32(i)
	}
	return l
}

// aggregate fills End, the spans of inner nodes, Routes and MaxDepth from
// the children, walking the pre-order slice backwards so that children
// are done before their parent.
func (l *Layout) aggregate() {
	for i := len(l.Nodes) - 1; i >= 0; i-- {
		v := &l.Nodes[i]
		v.End = int32(i + 1)
		next, first := int32(i+1), true
		for _, c := range [2]*fib6.Node{v.Node.Left, v.Node.Right} {
			if c == nil {
				continue
			}
			cv := &l.Nodes[next]
			if first {
				v.Lo, first = cv.Lo, false
			}
			v.Hi, v.End = cv.Hi, cv.End
			v.Routes += cv.Routes
			v.MaxDepth = max(v.MaxDepth, cv.MaxDepth)
			next = cv.End
		}
	}
}

// countRoutes counts the routes on fn's list, leaving out the table
// root's fib6_null_entry (the only route without a trace ID).
func countRoutes(fn *fib6.Node) int {
	n := 0
	for rt := fn.Leaf; rt != nil; rt = rt.Next {
		if rt.ID != 0 {
			n++
		}
	}
	return n
}

func hasExpiring(fn *fib6.Node) bool {
	for rt := fn.Leaf; rt != nil; rt = rt.Next {
		if rt.HasExpires() {
			return true
		}
	}
	return false
}

// Index returns the view index of the node with this fib6.Node.ID, or -1
// when the node is not in the layout (created after it was built, or in
// another table).
func (l *Layout) Index(id uint32) int32 {
	if int(id) >= len(l.idx) {
		return -1
	}
	return l.idx[id]
}

// NodePrefix returns the prefix a fib6_node stands for: its fn_bit leading
// bits of its leaf's destination (an intermediate node borrows a leaf from
// its subtree, which shares those bits).
func NodePrefix(fn *fib6.Node) netip.Prefix {
	if fn.Leaf == nil {
		return netip.PrefixFrom(netip.IPv6Unspecified(), int(fn.FnBit))
	}
	return netip.PrefixFrom(fn.Leaf.Dst.Masked(fn.FnBit).Addr(), int(fn.FnBit))
}
