package fib6

import (
	"fmt"
	"math/rand/v2"
	"net/netip"
	"slices"
	"strings"
	"testing"

	"fib6lab/engine/trace"
)

// cloneSetup is what both namespaces do before the bulk load: routes in
// main (an ECMP group, an expiring route on the GC list, one with a
// metric in Extra), local and another table, one deleted again.
func cloneSetup(t *testing.T) *Net {
	n := NewNet()
	main := n.Table(RT_TABLE_MAIN)
	gw1, gw2 := netip.MustParseAddr("fe80::1"), netip.MustParseAddr("fe80::2")
	add := func(tb *Table, p string, gw netip.Addr, flags uint16) *Info {
		rt := n.NewRoute(netip.MustParsePrefix(p), gw, 2, 0)
		if err := tb.Add(rt, flags); err != nil {
			t.Fatal(err)
		}
		return rt
	}
	add(main, "2001:db8::/64", netip.Addr{}, NLM_F_CREATE|NLM_F_EXCL)
	add(main, "2001:db8:a::/48", gw1, NLM_F_CREATE|NLM_F_EXCL)
	add(main, "2001:db8:a::/48", gw2, NLM_F_CREATE|NLM_F_APPEND)
	exp := n.NewRoute(netip.MustParsePrefix("2001:db8:e::/48"), gw1, 2, 0)
	exp.SetExpires(500)
	if err := main.Add(exp, NLM_F_CREATE); err != nil {
		t.Fatal(err)
	}
	add(main, "2001:db8:f::/48", gw1, NLM_F_CREATE).SetMetric(RTAX_MTU, 1400)
	main.Del(add(main, "2001:db8:d::/48", gw1, NLM_F_CREATE))
	add(n.Table(RT_TABLE_LOCAL), "2001:db8::1/128", netip.Addr{}, NLM_F_CREATE)
	add(n.NewTable(100), "::/0", gw1, NLM_F_CREATE)
	return n
}

// cloneLoad adds ps to table main as the page loads its table.
func cloneLoad(t *testing.T, n *Net, ps []netip.Prefix) {
	tb := n.Table(RT_TABLE_MAIN)
	gw := netip.MustParseAddr("fe80::9")
	for _, p := range ps {
		rt := n.NewRoute(p, gw, 2, 0)
		if err := tb.Add(rt, NLM_F_CREATE|NLM_F_EXCL); err != nil {
			t.Fatalf("%v: %v", p, err)
		}
	}
}

// netState is everything of a Net that CloneTable must reproduce: each
// table's nodes in walk order (ID, bit, flags, serial number, leaf) and
// routes (ID, prefix, configuration, references, node), its GC list, the
// counters and the trie checks.
func netState(n *Net) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%+v next node %d route %d sernum %d\n", n.Stats, n.nextNodeID, n.nextRtID, n.sernum)
	for _, tb := range n.Tables() {
		fmt.Fprintf(&b, "table %d entries %d check %v\n", tb.ID, tb.Entries, tb.Check())
		for _, i := range n.arena.preorder(tb.root, nil) {
			fn := n.arena.get(i)
			l, leaf := n.leaf(fn), uint32(0)
			if l != nil {
				leaf = l.ID
			}
			fmt.Fprintf(&b, " n%d/%d f%d s%d leaf %d:", fn.ID, fn.FnBit, fn.FnFlags, fn.Sernum, leaf)
			if fn.FnFlags&RTN_RTINFO != 0 {
				for rt := l; rt != nil; rt = rt.Next {
					fmt.Fprintf(&b, " r%d %v m%d f%x e%d ref%d sib%d on%d mtu%d;", rt.ID, rt.Prefix(), rt.Metric, rt.Flags,
						rt.Expires, rt.Ref, rt.NSiblings(), nodeIDOf(rt), rt.Metric_(RTAX_MTU))
				}
			}
			b.WriteString("\n")
		}
		for _, rt := range tb.GCList() {
			fmt.Fprintf(&b, " gc r%d", rt.ID)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestCloneTable: a namespace that clones another's loaded table main is
// the namespace that loads it itself, node for node and route for route,
// and stays so under the same later operations (same traces); the
// source is left as it was, and the copy's nodes lie at the source's
// arena indices.
func TestCloneTable(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var ps []netip.Prefix
	seen := map[netip.Prefix]bool{}
	for len(ps) < 3000 {
		p := netip.PrefixFrom(randomAddr(r, 0x20), []int{32, 40, 44, 48, 56, 64, 128}[r.IntN(7)]).Masked()
		if !seen[p] {
			seen[p], ps = true, append(ps, p)
		}
	}
	for _, compact := range []bool{false, true} {
		testCloneTable(t, ps, compact)
	}
}

// testCloneTable is TestCloneTable for a source compacted (Compact) after
// the routes were added, or not.
func testCloneTable(t *testing.T, ps []netip.Prefix, compact bool) {
	src, copyNet, built := cloneSetup(t), cloneSetup(t), cloneSetup(t)
	cloneLoad(t, src, ps)
	cloneLoad(t, built, ps)
	if compact && !src.Table(RT_TABLE_MAIN).Compact() {
		t.Fatal("compact refused")
	}
	before := netState(src)
	if err := copyNet.CloneTable(src, RT_TABLE_MAIN); err != nil {
		t.Fatalf("compacted %v: %v", compact, err)
	}
	if got, want := netState(copyNet), netState(built); got != want {
		t.Fatalf("the clone differs from the namespace built alike:\n%s", firstDiff2(got, want))
	}
	if netState(src) != before {
		t.Fatal("cloning changed the source")
	}
	if copyNet.arena.next != src.arena.next {
		t.Fatalf("arena next %d, source %d", copyNet.arena.next, src.arena.next)
	}
	for i := NodeIdx(1); i < src.arena.next; i++ {
		if *copyNet.arena.get(i) != *src.arena.get(i) {
			t.Fatalf("node at index %d: %+v, source %+v", i, *copyNet.arena.get(i), *src.arena.get(i))
		}
	}
	// the same later operations trace the same events
	var recs [2]trace.Recorder
	for i, n := range []*Net{copyNet, built} {
		n.Trace = &recs[i]
		r := rand.New(rand.NewPCG(5, 6))
		tb := n.Table(RT_TABLE_MAIN)
		for range 500 {
			p := ps[r.IntN(len(ps))]
			switch r.IntN(3) {
			case 0:
				if fn := tb.Locate(KeyOf(p.Addr()), uint8(p.Bits()), true); fn != nil {
					tb.Del(tb.Leaf(fn))
				}
			case 1:
				tb.Add(n.NewRoute(netip.PrefixFrom(randomInside(r, p), 128), netip.Addr{}, 2, 0), NLM_F_CREATE)
			default:
				tb.Lookup(KeyOf(randomInside(r, p)))
			}
		}
		n.Trace = nil
	}
	if len(recs[0].Events) < 5000 || !slices.Equal(recs[0].Events, recs[1].Events) {
		t.Fatalf("the clone traces later operations differently (%d and %d events)", len(recs[0].Events), len(recs[1].Events))
	}
	if got, want := netState(copyNet), netState(built); got != want {
		t.Fatalf("after the same operations:\n%s", firstDiff2(got, want))
	}
}

// TestCompactKeepsTheRoot: a table made after nodes were freed has its
// root above indices it fills later; Compact leaves the root there, so
// that the compacted table still clones into a namespace made alike, and
// puts the other nodes in depth-first order on the indices they held.
func TestCompactKeepsTheRoot(t *testing.T) {
	const id = 100
	setup := func() *Net {
		n := NewNet()
		main := n.Table(RT_TABLE_MAIN)
		var rts []*Info
		for k := range 20 {
			rt := n.NewRoute(netip.PrefixFrom(netip.AddrFrom16([16]byte{0x20, 0x01, 0x0d, 0xb8, 0, byte(k)}), 48), netip.Addr{}, 2, 0)
			if err := main.Add(rt, NLM_F_CREATE|NLM_F_EXCL); err != nil {
				t.Fatal(err)
			}
			rts = append(rts, rt)
		}
		for _, rt := range rts {
			main.Del(rt)
		}
		n.NewTable(id)
		return n
	}
	src, dst := setup(), setup()
	tb := src.Table(id)
	for k := range 10 {
		rt := src.NewRoute(netip.PrefixFrom(netip.AddrFrom16([16]byte{0x20, 0x01, 0x0d, 0xb9, 0, byte(k)}), 48), netip.Addr{}, 2, 0)
		if err := tb.Add(rt, NLM_F_CREATE|NLM_F_EXCL); err != nil {
			t.Fatal(err)
		}
	}
	root := tb.root
	held := slices.Sorted(slices.Values(src.arena.preorder(root, nil)))
	if held[0] == root {
		t.Fatalf("the root holds the lowest index %d: nothing to test", root)
	}
	if !tb.Compact() || tb.Check() != nil || tb.root != root {
		t.Fatalf("compact: root %d -> %d, check %v", root, tb.root, tb.Check())
	}
	rest := slices.DeleteFunc(slices.Clone(held), func(i NodeIdx) bool { return i == root })
	if order := src.arena.preorder(root, nil); !slices.Equal(order[1:], rest) {
		t.Fatalf("the nodes below the root lie at %v, want %v", order[1:], rest)
	}
	if err := dst.CloneTable(src, id); err != nil {
		t.Fatalf("clone of the compacted table: %v", err)
	}
}

// TestCloneTableRefuses: namespaces that were not built alike, or a
// source route that is not plain, are refused and nothing changes.
func TestCloneTableRefuses(t *testing.T) {
	ps := []netip.Prefix{netip.MustParsePrefix("2001:db8:100::/40"), netip.MustParsePrefix("2001:db8:200::/40")}
	cases := map[string]func(src, dst *Net){
		"an extra route in the copy": func(src, dst *Net) {
			dst.Table(RT_TABLE_MAIN).Add(dst.NewRoute(netip.MustParsePrefix("2001:db8:300::/40"), netip.Addr{}, 2, 0), NLM_F_CREATE)
		},
		"a route missing in the source": func(src, dst *Net) {
			tb := src.Table(RT_TABLE_MAIN)
			tb.Del(tb.Leaf(tb.Locate(KeyOf(netip.MustParseAddr("2001:db8::")), 64, true)))
		},
		"an expiring source route": func(src, dst *Net) {
			rt := src.NewRoute(netip.MustParsePrefix("2001:db8:400::/40"), netip.Addr{}, 2, 0)
			rt.SetExpires(9)
			src.Table(RT_TABLE_MAIN).Add(rt, NLM_F_CREATE)
		},
		"an ECMP source route": func(src, dst *Net) {
			tb := src.Table(RT_TABLE_MAIN)
			tb.Add(src.NewRoute(ps[0], netip.MustParseAddr("fe80::7"), 2, 0), NLM_F_CREATE|NLM_F_APPEND)
		},
		"a table only the copy has": func(src, dst *Net) {
			dst.NewTable(7)
		},
		"a route added to another table of the source": func(src, dst *Net) {
			src.Table(RT_TABLE_LOCAL).Add(src.NewRoute(netip.MustParsePrefix("2001:db8::7/128"), netip.Addr{}, 2, 0), NLM_F_CREATE)
		},
		"a node freed in the copy": func(src, dst *Net) {
			tb := dst.Table(RT_TABLE_LOCAL)
			tb.Del(tb.Leaf(tb.Locate(KeyOf(netip.MustParseAddr("2001:db8::1")), 128, true)))
		},
	}
	for name, f := range cases {
		src, dst := cloneSetup(t), cloneSetup(t)
		cloneLoad(t, src, ps)
		f(src, dst)
		before := netState(dst)
		if err := dst.CloneTable(src, RT_TABLE_MAIN); err == nil {
			t.Errorf("%s: cloned", name)
		} else if netState(dst) != before {
			t.Errorf("%s: refused (%v) but changed the copy", name, err)
		}
	}
}

// nodeIDOf returns the ID of the node rt is linked on, 0 for none.
func nodeIDOf(rt *Info) uint32 {
	if fn := rt.Node(); fn != nil {
		return fn.ID
	}
	return 0
}

// firstDiff2 shows the first line where two states differ.
func firstDiff2(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d:\n got %s\nwant %s", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("%d lines, want %d", len(g), len(w))
}
