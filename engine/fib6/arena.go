package fib6

// The node arena: every fib6_node of a Net lives in fixed-size chunks of a
// pointer-free Node type, so that the Go garbage collector never scans the
// trie. Chunks are allocated once and never move, so a *Node stays valid
// while its node is linked. The route list head of each node (its leaf) is
// the only pointer per node, kept in parallel chunks of *Info. Index 0 is
// reserved for "none"; freed indices are cleared and reused.

const (
	chunkBits = 10
	chunkSize = 1 << chunkBits
	chunkMask = chunkSize - 1
)

type arena struct {
	nodes  []*[chunkSize]Node
	leaves []*[chunkSize]*Info
	free   []NodeIdx
	next   NodeIdx  // the next never-used index
	gen    uint32   // moves on whenever a node is freed or the arena renumbered
	shape  uint64   // moves on whenever a node is made or freed (Net.ShapeGen)
	marks  []uint64 // a bit per index, all clear between uses (scratchMarks)
}

// scratchMarks returns a bitset with a bit per arena index, all clear; the
// caller clears the bits it sets before the next call.
func (a *arena) scratchMarks() []uint64 {
	if need := int(a.next>>6) + 1; len(a.marks) < need {
		a.marks = make([]uint64, need+need/4)
	}
	return a.marks
}

// at returns the node at index i, or nil for 0.
func (a *arena) at(i NodeIdx) *Node {
	if i == 0 {
		return nil
	}
	return &a.nodes[i>>chunkBits][i&chunkMask]
}

// get returns the node at index i, which must not be 0.
func (a *arena) get(i NodeIdx) *Node {
	return &a.nodes[i>>chunkBits][i&chunkMask]
}

// leafp returns the stable slot holding node i's leaf.
func (a *arena) leafp(i NodeIdx) **Info {
	return &a.leaves[i>>chunkBits][i&chunkMask]
}

// alloc returns a cleared node with its Self index set, reusing a freed
// index when there is one.
func (a *arena) alloc() *Node {
	k := len(a.free)
	if k == 0 {
		return a.allocFresh()
	}
	i := a.free[k-1]
	a.free = a.free[:k-1]
	a.shape++
	fn := &a.nodes[i>>chunkBits][i&chunkMask]
	fn.Self = i
	return fn
}

// allocFresh is alloc at the end of the arena, past every index used so
// far: nodes allocated in a row lie in a row.
func (a *arena) allocFresh() *Node {
	if a.next == 0 {
		a.next = 1
	}
	i := a.next
	a.next++
	a.shape++
	if int(i>>chunkBits) == len(a.nodes) {
		a.nodes = append(a.nodes, new([chunkSize]Node))
		a.leaves = append(a.leaves, new([chunkSize]*Info))
	}
	fn := &a.nodes[i>>chunkBits][i&chunkMask]
	fn.Self = i
	return fn
}

// release clears a node and its leaf slot and puts its index on the free
// list.
func (a *arena) release(fn *Node) {
	i := fn.Self
	*fn = Node{}
	*a.leafp(i) = nil
	a.free = append(a.free, i)
	a.gen++
	a.shape++
}

// ShapeGen is a number that moves on whenever the shape of the
// namespace's tries changes: a node made or freed, a node gaining or
// losing RTN_RTINFO, the arena renumbered (Compact, CloneTable). What
// fib6_node_lookup finds for an address, and the nodes it returns, stay
// the same while it stands still; which route a lookup then selects on
// the node may not (routes come and go, expire, lose their nexthop).
func (n *Net) ShapeGen() uint64 { return n.arena.shape }

// cursor reads nodes of an arena, keeping the chunk it read last: a walk
// over a compacted arena stays in one chunk for a thousand nodes, and
// skipping the load of the chunk pointer shortens each step's chain of
// dependent loads.
type cursor struct {
	nodes []*[chunkSize]Node
	chunk *[chunkSize]Node
	ci    NodeIdx // the index of chunk, plus one (0: none read yet)
}

// at returns node i (not 0).
func (c *cursor) at(i NodeIdx) *Node {
	if i>>chunkBits+1 != c.ci {
		c.ci = i>>chunkBits + 1
		c.chunk = c.nodes[i>>chunkBits]
	}
	return &c.chunk[i&chunkMask]
}

// Node returns the node at index i of the Net's arena, or nil for 0.
func (n *Net) Node(i NodeIdx) *Node { return n.arena.at(i) }

// Node returns the node at index i (Net.Node of the table's namespace).
func (t *Table) Node(i NodeIdx) *Node { return t.net.arena.at(i) }

// Root returns the table's root node (tb6_root).
func (t *Table) Root() *Node { return t.net.arena.at(t.root) }

// Leaf returns fn's leaf (fib6_node.leaf): the route list head of an
// RTINFO node, or the route an intermediate node borrows; nil when none.
func (n *Net) Leaf(fn *Node) *Info { return *n.arena.leafp(fn.Self) }

// Leaf returns fn's leaf (Net.Leaf of the table's namespace).
func (t *Table) Leaf(fn *Node) *Info { return *t.net.arena.leafp(fn.Self) }

func (n *Net) leaf(fn *Node) *Info           { return *n.arena.leafp(fn.Self) }
func (n *Net) leafp(fn *Node) **Info         { return n.arena.leafp(fn.Self) }
func (n *Net) setLeaf(fn *Node, rt *Info)    { *n.arena.leafp(fn.Self) = rt }
func (n *Net) parent(fn *Node) *Node         { return n.arena.at(fn.Parent) }
func (n *Net) left(fn *Node) *Node           { return n.arena.at(fn.Left) }
func (n *Net) right(fn *Node) *Node          { return n.arena.at(fn.Right) }
func (n *Net) child(fn *Node, d uint8) *Node { return n.arena.at(fn.child(d)) }

// child returns fn's child on side dir (0 left, 1 right), chosen without
// a branch: a lookup's direction is a coin toss the CPU cannot predict.
func (fn *Node) child(dir uint8) NodeIdx {
	l, r := fn.Left, fn.Right
	return l ^ (l^r)&-NodeIdx(dir&1)
}

// idx returns fn's index, 0 for nil.
func idx(fn *Node) NodeIdx {
	if fn == nil {
		return 0
	}
	return fn.Self
}

func (fn *Node) setChild(dir uint8, c *Node) {
	if dir == 1 {
		fn.Right = idx(c)
	} else {
		fn.Left = idx(c)
	}
}
