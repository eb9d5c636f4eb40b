package fib6

import (
	"math/rand/v2"
	"net/netip"
	"testing"
)

// BenchmarkLookupFullTable measures fib6_table_lookup on the real table
// for addresses inside random table prefixes.
func BenchmarkLookupFullTable(b *testing.B) {
	n := NewNet()
	ps := loadFull(b, n)
	tb := n.Table(RT_TABLE_MAIN)
	tb.Compact()
	r := rand.New(rand.NewPCG(1, 1))
	keys := make([]Key, 1<<16)
	for i := range keys {
		keys[i] = KeyOf(randomInside(r, ps[r.IntN(len(ps))]))
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		tb.Lookup(keys[i&(len(keys)-1)])
		i++
	}
}

// BenchmarkNodeLookupFullTable is the trie part alone (fib6_node_lookup).
func BenchmarkNodeLookupFullTable(b *testing.B) {
	n := NewNet()
	ps := loadFull(b, n)
	tb := n.Table(RT_TABLE_MAIN)
	r := rand.New(rand.NewPCG(1, 1))
	keys := make([]Key, 1<<16)
	for i := range keys {
		keys[i] = KeyOf(randomInside(r, ps[r.IntN(len(ps))]))
	}
	i := 0
	for b.Loop() {
		tb.NodeLookup(keys[i&(len(keys)-1)])
		i++
	}
}

var _ = netip.Addr{}
