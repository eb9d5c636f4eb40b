package app

import (
	"math/rand/v2"
	"net/netip"
	"slices"
	"testing"

	"fib6lab/engine/fib6"
	"fib6lab/engine/trace"
)

// TestLoadClonesLikeBuilding: the page builds one lane's table and clones
// it into the other (the default lanes are alike enough to clone), and
// each lane is then what building both would have made: the same route
// dumps and counters, the same layouts, and the same traced GC pass and
// lookups, node and route IDs included.
func TestLoadClonesLikeBuilding(t *testing.T) {
	ps := full(t)[:30000]
	o := DefaultOptions()
	o.Prefixes, o.Nanotime, o.ChunkSize = ps, fakeClock(), 7000
	cloned := NewSim(o)
	untilReady(t, cloned)
	o.BuildBoth, o.Nanotime = true, fakeClock()
	built := NewSim(o)
	untilReady(t, built)
	if !cloned.cloned || built.cloned {
		t.Fatalf("cloned %v with the default options, %v with BuildBoth", cloned.cloned, built.cloned)
	}
	for _, cmd := range []string{"ip -6 route show", "cat /proc/net/rt6_stats", "ip -6 route show table local", "ip -6 route get 2001:db8::5"} {
		if a, b := cloned.Exec(cmd), built.Exec(cmd); a.Output != b.Output || a.Status != 0 || b.Status != 0 || a.Mismatch || b.Mismatch {
			t.Fatalf("%s: cloned %+v, built %+v", cmd, a, b)
		}
	}
	// the clone's layout, copied from the built lane's, is the one laid
	// out afresh (but for the arena indices, which it must name right)
	for i := range cloned.Lanes {
		a, b := cloned.Lanes[i].Layout, built.Lanes[i].Layout
		if a == nil || b == nil || len(a.Nodes) != len(b.Nodes) || len(a.Nodes) < 40000 || a.Slots != b.Slots ||
			!slices.Equal(a.Expiring, b.Expiring) || !slices.Equal(a.idx, b.idx) {
			t.Fatalf("lane %d: layouts differ", i)
		}
		for j := range a.Nodes {
			va, vb := a.Nodes[j], b.Nodes[j]
			fn := a.Node(int32(j))
			va.Node, vb.Node = 0, 0
			if va != vb || fn == nil || fn.ID != va.ID {
				t.Fatalf("lane %d view node %d: %+v (%v), built %+v", i, j, va, fn, vb)
			}
		}
	}
	if &cloned.Lanes[0].Layout.Nodes[0] != &cloned.Lanes[1].Layout.Nodes[0] {
		t.Error("the clone's layout does not share the built lane's view nodes (its nodes sit at the same arena indices)")
	}
	tb := cloned.Lanes[0].NS.FIB.Table(fib6.RT_TABLE_MAIN)
	if CopyLayout(cloned.Lanes[1].Layout, tb) == nil {
		t.Fatal("the built lane's layout does not copy to the clone")
	}
	r := rand.New(rand.NewPCG(1, 2))
	var addrs []netip.Addr
	for range 200 {
		p := ps[r.IntN(len(ps))]
		a := p.Addr().As16()
		a[15] ^= byte(r.IntN(256))
		addrs = append(addrs, netip.AddrFrom16(a))
	}
	for i := range cloned.Lanes {
		var recs [2]trace.Recorder
		for j, s := range []*Sim{cloned, built} {
			ns := s.Lanes[i].NS
			ns.SetTrace(&recs[j])
			ns.RunGC(0, true)
			for _, a := range addrs {
				ns.Lookup(a)
			}
			ns.SetTrace(nil)
		}
		least := 5000 // lookups; the left lane's GC also walks the trie
		if i == 0 {
			least = 100000
		}
		if len(recs[0].Events) < least || !slices.Equal(recs[0].Events, recs[1].Events) {
			t.Fatalf("lane %d: %d events traced on the cloned table, %d on the built one, or they differ",
				i, len(recs[0].Events), len(recs[1].Events))
		}
	}
	if cloned.Exec("left: ip -6 route add 2001:db8:ffff::/48 dev eth0").Status != 0 || CopyLayout(cloned.Lanes[1].Layout, tb) != nil {
		t.Fatal("a layout copied to a trie with one more node")
	}
}
