package fib6

import (
	"math/rand/v2"
	"net/netip"
	"slices"
	"testing"

	"fib6lab/data"
)

// loadFull adds the shipped full table to table main via fe80::1 dev 2.
func loadFull(t testing.TB, n *Net) []netip.Prefix {
	ps, err := data.FullTable()
	if err != nil {
		t.Fatal(err)
	}
	tb := n.Table(RT_TABLE_MAIN)
	gw := GatewayOf(netip.MustParseAddr("fe80::1"))
	for _, p := range ps {
		rt := n.NewInfo()
		rt.Dst, rt.DstLen = KeyOf(p.Addr()), uint8(p.Bits())
		rt.Type, rt.Metric, rt.Flags = RTN_UNICAST, IP6_RT_PRIO_USER, RTF_UP|RTF_GATEWAY
		rt.NH.Dev, rt.NH.Gw = 2, gw
		if err := tb.Add(rt, NLM_F_CREATE|NLM_F_EXCL); err != nil {
			t.Fatalf("add %v: %v", p, err)
		}
	}
	return ps
}

// refLPM is the simple reference: one set per prefix length, longest first.
type refLPM [129]map[netip.Prefix]bool

func (r *refLPM) lookup(a netip.Addr) (netip.Prefix, bool) {
	for l := 128; l >= 0; l-- {
		if r[l] == nil {
			continue
		}
		p, _ := a.Prefix(l)
		if r[l][p] {
			return p, true
		}
	}
	return netip.Prefix{}, false
}

// TestFullTableLPM compares the trie's lookup with the reference for
// 100,000 addresses: half inside random table prefixes (random host bits),
// half uniformly random in 2000::/3.
func TestFullTableLPM(t *testing.T) {
	n := NewNet()
	ps := loadFull(t, n)
	var ref refLPM
	for _, p := range ps {
		if ref[p.Bits()] == nil {
			ref[p.Bits()] = map[netip.Prefix]bool{}
		}
		ref[p.Bits()][p] = true
	}
	if err := n.Table(RT_TABLE_MAIN).Check(); err != nil {
		t.Fatal(err)
	}
	if n.Stats.FibRtEntries != data.FullTableSize {
		t.Fatalf("entries %d", n.Stats.FibRtEntries)
	}
	r := rand.New(rand.NewPCG(7, 7))
	tb := n.Table(RT_TABLE_MAIN)
	hits := 0
	for i := 0; i < 100000; i++ {
		var a netip.Addr
		if i%2 == 0 {
			a = randomInside(r, ps[r.IntN(len(ps))])
		} else {
			a = randomAddr(r, 0x20)
		}
		want, ok := ref.lookup(a)
		got := tb.Lookup(KeyOf(a))
		if !ok {
			if got != n.NullEntry {
				t.Fatalf("%v: got %v, want no route", a, got.Prefix())
			}
			continue
		}
		hits++
		if got == n.NullEntry || got.Prefix() != want {
			t.Fatalf("%v: got %v, want %v", a, got.Prefix(), want)
		}
	}
	if hits < 50000 {
		t.Fatalf("only %d hits", hits)
	}
}

func randomAddr(r *rand.Rand, top byte) netip.Addr {
	var b [16]byte
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	b[0] = top | b[0]&0x1f
	return netip.AddrFrom16(b)
}

func randomInside(r *rand.Rand, p netip.Prefix) netip.Addr {
	x := KeyOf(randomAddr(r, 0))
	k := KeyOf(p.Addr())
	m := Key{Hi: ^uint64(0), Lo: ^uint64(0)}.Masked(uint8(p.Bits()))
	return Key{Hi: k.Hi | x.Hi&^m.Hi, Lo: k.Lo | x.Lo&^m.Lo}.Addr()
}

// TestCompact checks that compaction keeps the trie, lookups and the
// invariants intact.
func TestCompact(t *testing.T) {
	n := NewNet()
	local := n.Table(RT_TABLE_LOCAL)
	for _, p := range []string{"::1/128", "fe80::1/128", "2001:db8::1/128"} {
		local.Add(n.NewRoute(netip.MustParsePrefix(p), netip.Addr{}, 1, 0), NLM_F_CREATE)
	}
	ps := loadFull(t, n)
	tb := n.Table(RT_TABLE_MAIN)
	before := prefixes(tb.Dump())
	nodes := n.Stats.FibNodes
	slots := slices.Sorted(slices.Values(n.arena.preorder(tb.root, nil)))
	localNodes := map[NodeIdx]Node{}
	for _, i := range n.arena.preorder(local.root, nil) {
		localNodes[i] = *n.arena.get(i)
	}
	if !tb.Compact() {
		t.Fatal("compact refused")
	}
	if err := tb.Check(); err != nil {
		t.Fatal(err)
	}
	if order := n.arena.preorder(tb.root, nil); !slices.Equal(order, slots) {
		t.Fatal("the table's nodes are not in depth-first order on the indices they held")
	}
	for i, fn := range localNodes {
		if *n.arena.get(i) != fn {
			t.Fatalf("another table's node at %d moved", i)
		}
	}
	after := prefixes(tb.Dump())
	if len(after) != len(before) || n.Stats.FibNodes != nodes {
		t.Fatalf("dump %d -> %d routes", len(before), len(after))
	}
	for i := range before {
		if before[i] != after[i] {
			t.Fatalf("dump differs at %d: %s vs %s", i, before[i], after[i])
		}
	}
	for _, p := range ps[:2000] {
		rt := tb.Lookup(KeyOf(p.Addr()))
		if rt.Node() == nil || tb.Leaf(rt.Node()) == nil || rt.Prefix().Bits() < 16 {
			t.Fatalf("lookup %v after compaction: %v", p, rt.Prefix())
		}
	}
	// the trie stays fully usable: delete everything.
	for _, rt := range tb.Dump() {
		if err := tb.Del(rt); err != nil {
			t.Fatal(err)
		}
	}
	if n.Stats.FibNodes != len(localNodes)-1 || tb.Check() != nil || local.Check() != nil {
		t.Fatalf("%d nodes left, want table local's %d", n.Stats.FibNodes, len(localNodes)-1)
	}
}
