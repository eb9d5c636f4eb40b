package fib6

import (
	"math/rand/v2"
	"net/netip"
	"slices"
	"testing"

	"fib6lab/engine/trace"
)

// TestKeyBit: Key.Bit (branchless) reads the bits as addr_bit_set does,
// and bits past 127 as 0.
func TestKeyBit(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		k := Key{Hi: r.Uint64(), Lo: r.Uint64()}
		b := k.Addr().As16()
		for i := range 256 {
			want := uint8(0)
			if i < 128 {
				want = b[i/8] >> (7 - i%8) & 1
			}
			if got := k.Bit(uint8(i)); got != want {
				t.Fatalf("%v bit %d: %d, want %d", k.Addr(), i, got, want)
			}
		}
	}
}

// batchNet builds a random table: nested prefixes from /0 to /128, some
// routes expired at the lookup time, some with a dead nexthop, routes on
// two devices with different metrics on one prefix.
func batchNet(seed uint64) (*Net, []netip.Prefix) {
	r := rand.New(rand.NewPCG(seed, 3))
	n := NewNet()
	n.Now = func() int64 { return 100 }
	tb := n.Table(RT_TABLE_MAIN)
	var ps []netip.Prefix
	for range 300 + r.IntN(3000) {
		var a [16]byte
		a[0], a[1] = 0x20, 0x01
		for i := 2; i < 16; i++ {
			a[i] = byte(r.IntN(8))
		}
		p := netip.PrefixFrom(netip.AddrFrom16(a), []int{0, 16, 24, 32, 40, 48, 56, 64, 96, 127, 128}[r.IntN(11)]).Masked()
		rt := n.NewRoute(p, netip.Addr{}, 1+r.IntN(2), uint32(1024+r.IntN(3)))
		switch r.IntN(8) {
		case 0:
			rt.SetExpires(int64(r.IntN(200)))
		case 1:
			rt.NH.Flags |= RTNH_F_DEAD
		}
		if tb.Add(rt, NLM_F_CREATE) == nil {
			ps = append(ps, p)
		}
	}
	return n, ps
}

// batchKeys returns addresses inside the table's prefixes and outside.
func batchKeys(r *rand.Rand, ps []netip.Prefix, count int) []Key {
	keys := make([]Key, count)
	for i := range keys {
		if r.IntN(3) == 0 {
			keys[i] = KeyOf(randomAddr(r, 0x20))
		} else {
			keys[i] = KeyOf(randomInside(r, ps[r.IntN(len(ps))]))
		}
	}
	return keys
}

// TestLookupBatchMatchesSingle: on random tables, batched lookups (in
// flight together, any number of them, across chunks, in address order
// from sortMin keys on, across sort blocks) find the nodes and routes single
// lookups do, for flows with and without an interface, and traced they
// record the events single lookups record.
func TestLookupBatchMatchesSingle(t *testing.T) {
	for seed := range uint64(30) {
		n, ps := batchNet(seed)
		tb := n.Table(RT_TABLE_MAIN)
		r := rand.New(rand.NewPCG(seed, 4))
		counts := []int{1, BatchWidth - 1, BatchWidth, BatchWidth + 1, 200, batchChunk + 44, sortMin - 1, sortMin, sortMin + 300}
		if seed < 2 {
			counts = append(counts, sortBlock+300) // two blocks
		}
		for _, count := range counts {
			keys := batchKeys(r, ps, count)
			fl := []Flow{{}, {Oif: 1}, {Oif: 2, Strict: true}}[r.IntN(3)]
			nodes, routes := make([]*Node, count), make([]*Info, count)
			tb.NodeLookupBatch(keys, nodes)
			tb.LookupBatch(keys, fl, routes)
			for i, k := range keys {
				if fn := tb.NodeLookup(k); nodes[i] != fn {
					t.Fatalf("seed %d key %v: batch node /%d, single /%d", seed, k.Addr(), nodes[i].FnBit, fn.FnBit)
				}
				if rt := tb.LookupFlow(k, fl); routes[i] != rt {
					t.Fatalf("seed %d key %v flow %+v: batch %v, single %v", seed, k.Addr(), fl, routes[i].Prefix(), rt.Prefix())
				}
			}
			var single, batch trace.Recorder
			n.Trace = &single
			for _, k := range keys {
				tb.LookupFlow(k, fl)
			}
			n.Trace = &batch
			tb.LookupBatch(keys, fl, routes)
			n.Trace = nil
			if len(single.Events) == 0 || !slices.Equal(single.Events, batch.Events) {
				t.Fatalf("seed %d: a traced batch records %d events, single lookups %d", seed, len(batch.Events), len(single.Events))
			}
		}
	}
}

// TestKeyOrder: a block of sortMin keys or more is looked up in address
// order (by the first 32 bits, ties in the block's order), every key
// once; a smaller one in its own order.
func TestKeyOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for _, count := range []int{3, sortMin - 1, sortMin, 5000, sortBlock} {
		block := make([]Key, count)
		for i := range block {
			// few distinct first 32 bits, so that ties are many; the
			// bits after them differ
			block[i] = Key{Hi: uint64(r.IntN(300))<<34 | uint64(r.IntN(1<<16)), Lo: r.Uint64()}
		}
		var o keyOrder
		o.sort(block)
		seen := make([]bool, count)
		for i := range count {
			k := o.at(i)
			if seen[k] {
				t.Fatalf("%d keys: key %d looked up twice", count, k)
			}
			seen[k] = true
			if count < sortMin {
				if k != i {
					t.Fatalf("%d keys: key %d looked up %d-th", count, k, i)
				}
				continue
			}
			if i == 0 {
				continue
			}
			p := o.at(i - 1)
			a, b := block[p].Hi>>32, block[k].Hi>>32
			if a > b || a == b && p > k {
				t.Fatalf("%d keys: key %d (%x) before key %d (%x)", count, p, block[p].Hi, k, block[k].Hi)
			}
		}
	}
}
