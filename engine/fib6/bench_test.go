package fib6

import (
	"math/rand/v2"
	"net/netip"
	"slices"
	"testing"

	"fib6lab/data"
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

// BenchmarkAddFullTable adds the real table's routes to an empty table
// main in address order and shuffled, one by one (Table.Add) and as one
// batch (Table.AddBatch, which sorts a shuffled one): `go test
// ./engine/fib6 -run X -bench AddFullTable`.
func BenchmarkAddFullTable(b *testing.B) {
	full, err := data.FullTable()
	if err != nil {
		b.Fatal(err)
	}
	shuffled := slices.Clone(full)
	rand.New(rand.NewPCG(7, 7)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	for _, order := range []struct {
		name string
		ps   []netip.Prefix
	}{{"address-order", full}, {"shuffled", shuffled}} {
		for _, batch := range []bool{false, true} {
			name := order.name + "/one-by-one"
			if batch {
				name = order.name + "/batch"
			}
			b.Run(name, func(b *testing.B) {
				for b.Loop() {
					n := NewNet()
					tb := n.Table(RT_TABLE_MAIN)
					slab := make([]Info, len(order.ps))
					for i, p := range order.ps {
						rt := n.InitInfo(&slab[i])
						rt.Dst, rt.DstLen = KeyOf(p.Addr()), uint8(p.Bits())
						rt.Type, rt.Metric, rt.Flags = RTN_UNICAST, IP6_RT_PRIO_USER, RTF_UP|RTF_GATEWAY
						if !batch {
							tb.Add(rt, NLM_F_CREATE|NLM_F_EXCL)
						}
					}
					if batch {
						tb.AddBatch(slab, NLM_F_CREATE|NLM_F_EXCL, func(*Info, error) bool { return true })
					}
				}
			})
		}
	}
}
