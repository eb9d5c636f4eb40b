package fib6

import "math/bits"

// The jump index: a table's shortcut into its own trie, so that an
// untraced lookup reads a few table entries instead of the first dozen or
// more nodes of its descent. It is a memory-layout device of the model
// with no kernel counterpart: fib6_node_lookup's descent by fn_bit is
// determined, node after node, by the address bits the nodes test, so
// the node the descent reaches once it has tested every bit before some
// position b depends on the address's first b bits alone, and can be
// looked up in a table indexed by them. The descent then goes on from that
// node over the nodes, and the climb back is the Node path's: the node a
// lookup returns is the one the traced path returns
// (TestJumpIndexMatchesNodes).
//
// The root table is indexed by the address's first rootBits bits (16 for
// a full table). Its entry is the node the descent reaches, or, for a
// node whose next 8 bits are worth a table of their own (at least
// minStride nodes test them), that node's stride table: 256 entries
// indexed by the 8 address bits from the node's fn_bit on, holding the
// node reached once those are tested, or the next stride table. On the
// real table the index takes about 1.8 MB (11 bytes per route) and a hit
// reads two or three entries and then about five nodes, where the whole
// descent is 26.
//
// The index is rebuilt from the trie rather than kept up to date by every
// change: it stands while the arena's shape generation (ShapeGen) does,
// which moves on with every node made, freed or renumbered. After a
// change, lookups descend from the root until as many of them as a 32nd
// of the arena's indices have; the next one rebuilds the index (a pass
// over the nodes the tables cover: about 26 ms on the full table,
// natively, where the descent index's sequential copy took a few). An index
// that the shape outran before it served as many lookups as it waited for
// doubles the wait for the next rebuild (up to 256 times), so that a shape
// that changes with every packet (route cache clones in the trie, kernel
// 4.8) does not pay for rebuilds it cannot use. Tables of fewer than
// minJumpRoutes routes, which a descent from the root crosses in cache,
// have none.

// An entry of the jump index: a node's arena index, or, with jumpTable
// set, a stride table's number (bits 8..30) and the fn_bit its 8 address
// bits start at (bits 0..7).
const jumpTable = 1 << 31

// Sizes of the jump index.
const (
	strideBits    = 8    // address bits a stride table is indexed by
	minStride     = 16   // nodes testing a stride's bits that earn it a table
	minJumpRoutes = 1024 // routes a table needs to have an index
	maxRootBits   = 16   // address bits the root table is indexed by, at most
	maxBackoff    = 8    // a rebuild waits for up to 8 times the arena's indices in lookups
)

// jumpIndex holds a table's jump index and the shape generation it was
// built at.
type jumpIndex struct {
	root     []uint32 // by the address's first rootBits bits
	tables   []uint32 // the stride tables, 1<<strideBits entries each
	rootBits uint8
	shape    uint64 // the arena's shape generation the index holds, plus one (0: none)
	stale    int    // lookups since the shape moved on
	served   int    // lookups the index served since it was built
	backoff  uint8  // the wait before a rebuild is a 32nd of the arena's indices << backoff
}

// jumps returns the table's jump index for k untraced lookups, or nil
// while they descend from the root (the table is small, or the index
// stale).
func (t *Table) jumps(k int) *jumpIndex {
	a := &t.net.arena
	j := t.jump
	if j != nil && j.shape == a.shape+1 {
		j.served += k
		return j
	}
	if t.Entries < minJumpRoutes || a.next >= jumpTable {
		return nil
	}
	if j == nil {
		j = &jumpIndex{}
		t.jump = j
	}
	j.stale += k
	if j.stale < int(a.next>>5)<<j.backoff {
		return nil
	}
	// an index the shape outran before it served a 32nd of the arena in
	// lookups doubles the wait for the next one; one that served more
	// resets it
	if j.shape != 0 && j.served < int(a.next>>5) {
		j.backoff = min(j.backoff+1, maxBackoff)
	} else {
		j.backoff = 0
	}
	j.build(a, t.root, t.Entries)
	j.shape, j.stale, j.served = a.shape+1, 0, 0
	return j
}

// start returns the node fib6_node_lookup's descent for daddr reaches
// once it has tested every bit the index's tables are indexed by.
func (j *jumpIndex) start(daddr Key) NodeIdx {
	e := j.root[daddr.Hi>>(64-j.rootBits)]
	for e&jumpTable != 0 {
		e = j.tables[(e&^jumpTable)>>8<<strideBits|uint32(daddr.Hi>>(64-strideBits-uint8(e)))&(1<<strideBits-1)]
	}
	return NodeIdx(e)
}

// jumpBuilder fills a jump index's tables: the stride tables it has
// numbered and not filled yet wait in queue, by their node.
type jumpBuilder struct {
	a      *arena
	j      *jumpIndex
	queue  []NodeIdx
	tabled map[NodeIdx]uint32 // the entry of each node given a stride table
}

// build rebuilds the index of the trie under root, which holds routes
// routes.
func (j *jumpIndex) build(a *arena, root NodeIdx, routes int) {
	j.rootBits = uint8(min(maxRootBits, max(strideBits, bits.Len(uint(routes))-1)))
	if len(j.root) != 1<<j.rootBits {
		j.root = make([]uint32, 1<<j.rootBits)
	}
	j.tables = j.tables[:0]
	b := &jumpBuilder{a: a, j: j, tabled: map[NodeIdx]uint32{}}
	b.fill(-1, 0, j.rootBits, root, 0, 0)
	for k := 0; k < len(b.queue); k++ {
		fn := a.get(b.queue[k])
		b.fill(k, fn.FnBit, strideBits, fn.Self, 0, 0)
	}
}

// fill sets the entries of table tab (-1: the root table, else a stride
// table's number), indexed by the w address bits from bit f on, whose
// index starts with the k bits of v, to where the descent from node i
// goes (i reached by testing those k bits).
func (b *jumpBuilder) fill(tab int, f, w uint8, i NodeIdx, v uint32, k uint8) {
	fn := b.a.get(i)
	if fn.FnBit >= f+w {
		e := b.entry(fn) // may add a table: b.table(tab) after it
		setRange(b.table(tab), v, w-k, e)
		return
	}
	// the bits between those tested so far and the one fn tests are
	// not looked at (the trie is path-compressed)
	p := fn.FnBit - f
	for x := range uint32(1) << (p - k) {
		for d := range uint8(2) {
			u := (v<<(p-k)|x)<<1 | uint32(d)
			if c := fn.child(d); c != 0 {
				b.fill(tab, f, w, c, u, p+1)
			} else {
				setRange(b.table(tab), u, w-p-1, uint32(i))
			}
		}
	}
}

// table returns the entries of table tab (fill's).
func (b *jumpBuilder) table(tab int) []uint32 {
	if tab < 0 {
		return b.j.root
	}
	return b.j.tables[tab<<strideBits : (tab+1)<<strideBits]
}

// setRange sets the entries of tab whose index starts with v (followed
// by free more bits) to e.
func setRange(tab []uint32, v uint32, free uint8, e uint32) {
	lo := v << free
	for k := range uint32(1) << free {
		tab[lo+k] = e
	}
}

// entry returns the entry of node fn, which a descent reaches once it
// tested every bit of a table: fn itself, or a stride table of its own
// when enough nodes test the strideBits bits from its fn_bit on.
func (b *jumpBuilder) entry(fn *Node) uint32 {
	if e, ok := b.tabled[fn.Self]; ok {
		return e
	}
	if fn.FnBit > 64-strideBits || b.region(fn, fn.FnBit+strideBits, minStride) < minStride {
		return uint32(fn.Self)
	}
	k := len(b.queue)
	b.queue = append(b.queue, fn.Self)
	b.j.tables = append(b.j.tables, make([]uint32, 1<<strideBits)...)
	e := jumpTable | uint32(k)<<8 | uint32(fn.FnBit)
	b.tabled[fn.Self] = e
	return e
}

// region counts the nodes under fn (fn included) that test a bit before
// end, stopping at limit.
func (b *jumpBuilder) region(fn *Node, end uint8, limit int) int {
	if fn.FnBit >= end {
		return 0
	}
	n := 1
	for d := range uint8(2) {
		if c := fn.child(d); c != 0 && n < limit {
			n += b.region(b.a.get(c), end, limit-n)
		}
	}
	return n
}
