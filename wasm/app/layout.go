// Package app is the fib6lab browser front end without the browser: the
// trie layout, camera, level of detail and the before/after GC simulation
// are plain Go (tested natively), and game.go draws them with ebiten.
package app

import (
	"fmt"
	"math"
	"net/netip"
	"slices"

	"fib6lab/engine/fib6"
)

// ViewNode is one fib6_node (struct fib6_node) placed for drawing: its
// subtree occupies the leaf slots [Lo, Hi) horizontally and it sits at the
// depth of its prefix length (fn_bit) vertically. It holds no Go pointer:
// the node is named by its arena index and trace ID (the index is only
// used while the slot still holds that ID; see Layout.Node).
type ViewNode struct {
	Node     fib6.NodeIdx // the node's arena index when laid out
	ID       uint32       // fib6.Node.ID
	Parent   uint32       // the parent's fib6.Node.ID when laid out, 0 for the root
	Lo, Hi   int32        // leaf-slot span of the subtree; a childless node has one slot
	End      int32        // pre-order index just past the subtree
	Routes   int32        // routes linked in the subtree (RTN_RTINFO nodes' lists)
	Depth    uint8        // fn_bit: the prefix length the node stands for
	MaxDepth uint8        // deepest fn_bit in the subtree
	RTInfo   bool         // the node owns routes (RTN_RTINFO)
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
	tb       *fib6.Table
}

// Node returns view node i's fib6_node, or nil once it has been freed
// (the layout shows the trie as it was; its arena slot may be reused).
func (l *Layout) Node(i int32) *fib6.Node {
	v := &l.Nodes[i]
	if fn := l.tb.Node(v.Node); fn != nil && fn.ID == v.ID {
		return fn
	}
	return nil
}

// ParentID returns the fib6.Node.ID of view node i's parent: the live
// parent while the node is linked, else the parent it was laid out under;
// 0 for the root.
func (l *Layout) ParentID(i int32) uint32 {
	if fn := l.Node(i); fn != nil {
		if pn := l.tb.Node(fn.Parent); pn != nil {
			return pn.ID
		}
		return 0
	}
	return l.Nodes[i].Parent
}

// leaf returns view node i's leaf, nil when it has none or was freed.
func (l *Layout) leaf(i int32) *fib6.Info {
	if fn := l.Node(i); fn != nil {
		return l.tb.Leaf(fn)
	}
	return nil
}

// Prefix returns the prefix view node i stands for: its fn_bit leading
// bits of its leaf's destination (an intermediate node borrows a leaf from
// its subtree, which shares those bits), or ::/fn_bit without a leaf.
func (l *Layout) Prefix(i int32) netip.Prefix {
	bits := l.Nodes[i].Depth
	if rt := l.leaf(i); rt != nil {
		return netip.PrefixFrom(rt.Dst.Masked(bits).Addr(), int(bits))
	}
	return netip.PrefixFrom(netip.IPv6Unspecified(), int(bits))
}

// prefixOr returns view node i's prefix, or "/bits" when the node no
// longer has a leaf to read it from (freed by the operation being shown).
func (l *Layout) prefixOr(i int32) string {
	if l.leaf(i) == nil {
		return fmt.Sprintf("/%d", l.Nodes[i].Depth)
	}
	return l.Prefix(i).String()
}

// BuildLayout flattens table tb's trie. It uses an explicit stack, so any
// trie depth is fine, and runs in time linear in the number of nodes.
func BuildLayout(tb *fib6.Table) *Layout {
	b := newLayoutBuild(tb)
	b.step(math.MaxInt)
	return b.l
}

// CopyLayout returns the layout of table tb when its trie is the one src
// was laid out from, node for node (the same nodes, with the same IDs,
// bits, parents and numbers of routes, some expiring where src's had:
// a table cloned from src's (Sim.load), or the other lane's after the
// same commands), without laying it out again: src's view nodes with
// tb's arena indices. It returns nil when they differ. Layouts are
// read-only once built: the copy shares src's slices where they are the
// same (all of them when tb's nodes sit at src's arena indices, as a
// clone's do).
func CopyLayout(src *Layout, tb *fib6.Table) *Layout {
	l := &Layout{Nodes: src.Nodes, Slots: src.Slots, Expiring: src.Expiring, idx: src.idx, tb: tb}
	shared := true
	stack := append(make([]fib6.NodeIdx, 0, 130), tb.Root().Self)
	i, exp := 0, src.Expiring
	for ; len(stack) > 0; i++ {
		fn := tb.Node(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		if i == len(src.Nodes) {
			return nil
		}
		v := &src.Nodes[i]
		parent := uint32(0)
		if pn := tb.Node(fn.Parent); pn != nil {
			parent = pn.ID
		}
		if v.ID != fn.ID || v.Parent != parent || v.Depth != fn.FnBit || v.RTInfo != (fn.FnFlags&fib6.RTN_RTINFO != 0) {
			return nil
		}
		listed := len(exp) > 0 && exp[0] == int32(i)
		if listed {
			exp = exp[1:]
		}
		if v.RTInfo && !sameRoutes(src, i, tb.Leaf(fn), listed) || !v.RTInfo && listed {
			return nil
		}
		if v.Node != fn.Self {
			if shared {
				l.Nodes, shared = slices.Clone(src.Nodes), false
			}
			l.Nodes[i].Node = fn.Self
		}
		if fn.Right != 0 {
			stack = append(stack, fn.Right)
		}
		if fn.Left != 0 {
			stack = append(stack, fn.Left)
		}
	}
	if i != len(src.Nodes) {
		return nil
	}
	return l
}

// sameRoutes reports whether leaf, the route list of the node laid out as
// src's view node i, holds as many routes as that node did (its subtree's
// count less its children's) and some expiring exactly when the node was
// listed in src.Expiring.
func sameRoutes(src *Layout, i int, leaf *fib6.Info, listed bool) bool {
	v := &src.Nodes[i]
	own := v.Routes
	for c := int32(i + 1); c < v.End; c = src.Nodes[c].End {
		own -= src.Nodes[c].Routes
	}
	return int32(countRoutes(leaf)) == own && hasExpiring(leaf) == listed
}

// layoutBuild is BuildLayout cut into steps, for a trie too big to lay
// out within one frame: the walk in pre-order, then the aggregation
// backwards, then the index by node ID, each resumable.
type layoutBuild struct {
	l     *Layout
	stack []fib6.NodeIdx // walk: nodes still to visit
	maxID uint32
	next  int     // aggregation: the next view index (backwards); index: the next (forwards)
	phase int     // 0 walk, 1 aggregate, 2 index, 3 done
	key   trieKey // the trie it lays out
	at    int64   // the lane's player position when it started
}

// trieKey changes whenever a table's trie does: a route added or replaced
// renews the root's fn_sernum, a route or node deleted changes the
// namespace's rt6_stats.
type trieKey struct {
	stats  fib6.Stats
	sernum uint32
}

func keyOfTrie(tb *fib6.Table, st fib6.Stats) trieKey {
	return trieKey{stats: st, sernum: tb.Root().Sernum}
}

// newLayoutBuild starts laying out tb.
func newLayoutBuild(tb *fib6.Table) *layoutBuild {
	hint := 2*tb.Entries + 1 // a trie has fewer than two nodes per route
	b := &layoutBuild{l: &Layout{Nodes: make([]ViewNode, 0, hint), tb: tb}, stack: make([]fib6.NodeIdx, 1, 130)}
	b.stack[0] = tb.Root().Self
	return b
}

// step does up to n more units of work (nodes walked, aggregated or
// indexed) and reports whether the layout is complete.
func (b *layoutBuild) step(n int) bool {
	l := b.l
	for ; n > 0 && b.phase == 0; n-- {
		if len(b.stack) == 0 {
			b.phase, b.next = 1, len(l.Nodes)-1
			break
		}
		fn := l.tb.Node(b.stack[len(b.stack)-1])
		b.stack = b.stack[:len(b.stack)-1]
		b.visit(fn)
	}
	for ; n > 0 && b.phase == 1; n-- {
		if b.next < 0 {
			b.phase, b.next = 2, 0
			l.idx = make([]int32, b.maxID+1)
			for i := range l.idx {
				l.idx[i] = -1
			}
			break
		}
		l.aggregate(b.next)
		b.next--
	}
	for ; n > 0 && b.phase == 2; n-- {
		if b.next == len(l.Nodes) {
			b.phase = 3
			break
		}
		l.idx[l.Nodes[b.next].ID] = int32(b.next)
		b.next++
	}
	return b.phase == 3
}

// visit appends fn's view node and queues its children, left first.
func (b *layoutBuild) visit(fn *fib6.Node) {
	l := b.l
	v := ViewNode{Node: fn.Self, ID: fn.ID, Depth: fn.FnBit, MaxDepth: fn.FnBit, RTInfo: fn.FnFlags&fib6.RTN_RTINFO != 0}
	if pn := l.tb.Node(fn.Parent); pn != nil {
		v.Parent = pn.ID
	}
	if fn.Left == 0 && fn.Right == 0 {
		v.Lo, v.Hi = l.Slots, l.Slots+1
		l.Slots++
	}
	if v.RTInfo {
		leaf := l.tb.Leaf(fn)
		v.Routes = int32(countRoutes(leaf))
		if hasExpiring(leaf) {
			l.Expiring = append(l.Expiring, int32(len(l.Nodes)))
		}
	}
	b.maxID = max(b.maxID, fn.ID)
	l.Nodes = append(l.Nodes, v)
	if fn.Right != 0 {
		b.stack = append(b.stack, fn.Right)
	}
	if fn.Left != 0 {
		b.stack = append(b.stack, fn.Left)
	}
}

// aggregate fills End, the span, Routes and MaxDepth of view node i from
// its children, which come after it in pre-order and are done first
// (the nodes are aggregated backwards). Children are the view nodes that
// follow it with it as their parent.
func (l *Layout) aggregate(i int) {
	v := &l.Nodes[i]
	v.End = int32(i + 1)
	next, first := int32(i+1), true
	for range 2 {
		if int(next) >= len(l.Nodes) || l.Nodes[next].Parent != v.ID {
			break
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

// countRoutes counts the routes on fn's list, leaving out the table
// root's fib6_null_entry (the only route without a trace ID).
func countRoutes(leaf *fib6.Info) int {
	n := 0
	for rt := leaf; rt != nil; rt = rt.Next {
		if rt.ID != 0 {
			n++
		}
	}
	return n
}

func hasExpiring(leaf *fib6.Info) bool {
	for rt := leaf; rt != nil; rt = rt.Next {
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
