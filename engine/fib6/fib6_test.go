package fib6

import (
	"errors"
	"math/rand/v2"
	"net/netip"
	"testing"

	"fib6lab/engine/errno"
)

// route builds a route for prefix p via the given gateway (or none) with a
// metric, as ip6_route_info_create would from a user request.
func route(n *Net, p string, gw string, metric uint32) *Info {
	pfx := netip.MustParsePrefix(p)
	rt := n.NewInfo()
	rt.Dst, rt.DstLen = KeyOf(pfx.Addr()), uint8(pfx.Bits())
	rt.Type, rt.Metric, rt.Flags = RTN_UNICAST, metric, RTF_UP
	rt.NH.Dev = 2
	if gw != "" {
		rt.NH.Gw = GatewayOf(netip.MustParseAddr(gw))
		rt.Flags |= RTF_GATEWAY
	}
	return rt
}

func blackhole(n *Net, p string) *Info {
	rt := route(n, p, "", IP6_RT_PRIO_USER)
	rt.Type, rt.Flags = RTN_BLACKHOLE, RTF_REJECT|RTF_UP
	return rt
}

func prefixes(rs []*Info) []string {
	var s []string
	for _, rt := range rs {
		s = append(s, rt.Prefix().String())
	}
	return s
}

func mustCheck(t *testing.T, tb *Table) {
	t.Helper()
	if err := tb.Check(); err != nil {
		t.Fatal(err)
	}
}

// TestNodeCountWalkthrough replays kernel-model.md §1.7, verified on Linux
// 6.18 through /proc/net/rt6_stats (fib_nodes, fib_route_nodes).
func TestNodeCountWalkthrough(t *testing.T) {
	n := NewNet()
	tb := n.Table(RT_TABLE_MAIN)
	steps := []struct {
		add, del    string
		nodes, rtns int
	}{
		{add: "2001:db8::/32", nodes: 1, rtns: 1},
		{add: "2001:db8:1::/48", nodes: 2, rtns: 2},
		{add: "2001:db8:2::/48", nodes: 4, rtns: 3},
		{add: "2001:db8::/46", nodes: 4, rtns: 4},
		{del: "2001:db8:1::/48", nodes: 3, rtns: 3},
		{del: "2001:db8::/46", nodes: 2, rtns: 2},
		{add: "2001:db8:2::/47", nodes: 3, rtns: 3},
		{add: "::/0", nodes: 3, rtns: 3},
		{del: "::/0", nodes: 3, rtns: 3},
	}
	live := map[string]*Info{}
	for i, s := range steps {
		if s.add != "" {
			rt := blackhole(n, s.add)
			if err := tb.Add(rt, NLM_F_CREATE|NLM_F_EXCL); err != nil {
				t.Fatalf("step %d add %s: %v", i+1, s.add, err)
			}
			live[s.add] = rt
		} else if err := tb.Del(live[s.del]); err != nil {
			t.Fatalf("step %d del %s: %v", i+1, s.del, err)
		}
		if n.Stats.FibNodes != s.nodes || n.Stats.FibRouteNodes != s.rtns {
			t.Errorf("step %d: nodes %d route nodes %d, want %d %d", i+1,
				n.Stats.FibNodes, n.Stats.FibRouteNodes, s.nodes, s.rtns)
		}
		mustCheck(t, tb)
	}
	if tb.Leaf(tb.Root()) != n.NullEntry {
		t.Errorf("root leaf after deleting ::/0 is not the null entry")
	}
	if n.Stats.FibRtEntries != 3 || n.Stats.FibDiscardedRoutes != 3 {
		t.Errorf("entries %d discarded %d, want 3 3", n.Stats.FibRtEntries, n.Stats.FibDiscardedRoutes)
	}
}

// TestIntermediateNodeShape checks step 3 of the walk-through in detail:
// the intermediate node sits at bit 46 and borrows the older leaf.
func TestIntermediateNodeShape(t *testing.T) {
	n := NewNet()
	tb := n.Table(RT_TABLE_MAIN)
	a, b := blackhole(n, "2001:db8:1::/48"), blackhole(n, "2001:db8:2::/48")
	tb.Add(a, NLM_F_CREATE)
	tb.Add(b, NLM_F_CREATE)
	in := tb.Node(a.Node().Parent)
	if in != tb.Node(b.Node().Parent) || in.FnBit != 46 || in.FnFlags&RTN_RTINFO != 0 {
		t.Fatalf("intermediate: bit %d flags %#x", in.FnBit, in.FnFlags)
	}
	if tb.Leaf(in) != a || a.Ref != 2 || in.Left != a.Node().Self || in.Right != b.Node().Self {
		t.Fatalf("intermediate leaf %v ref %d", tb.Leaf(in).Prefix(), a.Ref)
	}
	// Deleting the borrowed route makes the intermediate node borrow b.
	tb.Add(blackhole(n, "2001:db8:3::/48"), NLM_F_CREATE)
	tb.Del(a)
	mustCheck(t, tb)
	if a.Ref != 0 {
		t.Errorf("deleted route still referenced %d times", a.Ref)
	}
}

// TestDumpOrder compares with the order Linux 6.18 printed for the routes
// of ../shared/cases/kdiff/p01_add_show (plus a default and ::/1 from
// kernel-model.md §2.1).
func TestDumpOrder(t *testing.T) {
	n := NewNet()
	tb := n.Table(RT_TABLE_MAIN)
	for _, p := range []string{"fe80::/64", "2001:db8:1::/64", "2001:db8:10::/48",
		"2001:db8:10:1::/64", "2001:db8:11::/48", "2001:db8:10::7/128", "::/0", "::/1"} {
		if err := tb.Add(route(n, p, "", 1024), NLM_F_CREATE|NLM_F_EXCL); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"2001:db8:1::/64", "2001:db8:10::7/128", "2001:db8:10:1::/64",
		"2001:db8:10::/48", "2001:db8:11::/48", "::/1", "fe80::/64", "::/0"}
	got := prefixes(tb.Dump())
	if len(got) != len(want) {
		t.Fatalf("dump %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("dump order\n got %v\nwant %v", got, want)
		}
	}
}

func TestMetricOrderAndEEXIST(t *testing.T) {
	n := NewNet()
	tb := n.Table(RT_TABLE_MAIN)
	tb.Add(route(n, "2001:db8::/48", "fe80::1", 1024), NLM_F_CREATE|NLM_F_EXCL)
	tb.Add(route(n, "2001:db8::/48", "fe80::2", 10), NLM_F_CREATE|NLM_F_EXCL)
	err := tb.Add(route(n, "2001:db8::/48", "fe80::3", 10), NLM_F_CREATE|NLM_F_EXCL)
	if !errors.Is(err, errno.EEXIST) {
		t.Fatalf("same metric add: %v, want EEXIST", err)
	}
	// append of a gateway route with another gateway becomes a sibling.
	if err := tb.Add(route(n, "2001:db8::/48", "fe80::3", 10), NLM_F_CREATE|NLM_F_APPEND); err != nil {
		t.Fatal(err)
	}
	rs := tb.Dump()
	if len(rs) != 3 || rs[0].Metric != 10 || rs[1].Metric != 10 || rs[2].Metric != 1024 {
		t.Fatalf("order %v", prefixes(rs))
	}
	if rs[0].NSiblings() != 1 || rs[1].NSiblings() != 1 {
		t.Fatalf("siblings %d %d", rs[0].NSiblings(), rs[1].NSiblings())
	}
	// replace of the group by one route leaves one route at metric 10.
	if err := tb.Add(route(n, "2001:db8::/48", "fe80::9", 10), NLM_F_CREATE|NLM_F_REPLACE); err != nil {
		t.Fatal(err)
	}
	rs = tb.Dump()
	if len(rs) != 2 || rs[0].NH.Gw.String() != "fe80::9" || n.Stats.FibRtEntries != 2 {
		t.Fatalf("after replace: %d routes, first via %v, entries %d", len(rs), rs[0].NH.Gw, n.Stats.FibRtEntries)
	}
	// change (replace without create) of a missing prefix: ENOENT, no trace left.
	nodes := n.Stats.FibNodes
	err = tb.Add(route(n, "2001:db9::/48", "fe80::9", 10), NLM_F_REPLACE)
	if !errors.Is(err, errno.ENOENT) || err.Error() != "Can not replace route - no match found" {
		t.Fatalf("change: %v", err)
	}
	if n.Stats.FibNodes != nodes {
		t.Fatalf("failed change left nodes: %d -> %d", nodes, n.Stats.FibNodes)
	}
	mustCheck(t, tb)
}

// TestExpiringDuplicate: a duplicate of an expiring route updates its
// expiry and still returns EEXIST (verified on Linux 6.18); a duplicate
// without expiry makes it permanent and takes it off the GC list.
func TestExpiringDuplicate(t *testing.T) {
	n := NewNet()
	tb := n.Table(RT_TABLE_MAIN)
	rt := route(n, "2001:db8::/48", "fe80::1", 1024)
	rt.SetExpires(1000)
	tb.Add(rt, NLM_F_CREATE|NLM_F_EXCL)
	if !rt.OnGCList() {
		t.Fatal("expiring route not on the GC list")
	}
	dup := route(n, "2001:db8::/48", "fe80::1", 1024)
	dup.SetExpires(5000)
	if err := tb.Add(dup, NLM_F_CREATE|NLM_F_APPEND); !errors.Is(err, errno.EEXIST) {
		t.Fatalf("append duplicate: %v", err)
	}
	if rt.Expires != 5000 || !rt.OnGCList() {
		t.Fatalf("expiry %d listed %v", rt.Expires, rt.OnGCList())
	}
	perm := route(n, "2001:db8::/48", "fe80::1", 1024)
	if err := tb.Add(perm, NLM_F_CREATE); !errors.Is(err, errno.EEXIST) {
		t.Fatalf("prepend duplicate: %v", err)
	}
	if rt.HasExpires() || rt.OnGCList() {
		t.Fatal("duplicate without expiry did not make the route permanent")
	}
	if err := tb.Add(route(n, "2001:db8::/48", "fe80::1", 1024), NLM_F_CREATE); !errors.Is(err, errno.EEXIST) {
		t.Fatalf("duplicate of a permanent route: %v", err)
	}
	if len(tb.Dump()) != 1 || n.Stats.FibNodes != 1 {
		t.Fatal("duplicates changed the trie")
	}
}

func TestLookupBacktracking(t *testing.T) {
	n := NewNet()
	tb := n.Table(RT_TABLE_MAIN)
	for _, p := range []string{"2001:db8::/32", "2001:db8:1::/48", "2001:db8:2::/48"} {
		tb.Add(route(n, p, "", 1024), NLM_F_CREATE)
	}
	cases := map[string]string{
		"2001:db8:1::5": "2001:db8:1::/48",
		"2001:db8:3::5": "2001:db8::/32", // descends to 2::/48's side, backtracks
		"2001:db9::1":   "",
	}
	for a, want := range cases {
		rt := tb.Lookup(KeyOf(netip.MustParseAddr(a)))
		got := ""
		if rt != n.NullEntry {
			got = rt.Prefix().String()
		}
		if got != want {
			t.Errorf("lookup %s = %q, want %q", a, got, want)
		}
	}
	// An expired route is skipped at once: the covering prefix answers.
	x := route(n, "2001:db8:3::/48", "", 1024)
	x.SetExpires(10)
	tb.Add(x, NLM_F_CREATE)
	n.Now = func() int64 { return 11 }
	if rt := tb.Lookup(KeyOf(netip.MustParseAddr("2001:db8:3::1"))); rt.Prefix().String() != "2001:db8::/32" {
		t.Errorf("expired route answered: %v", rt.Prefix())
	}
}

// TestRandomInvariant adds and deletes random nested prefixes and checks
// the trie invariants and counters after every operation.
func TestRandomInvariant(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := NewNet()
	tb := n.Table(RT_TABLE_MAIN)
	live := map[netip.Prefix]*Info{}
	for i := 0; i < 8000; i++ {
		p := randPrefix(r)
		if rt, ok := live[p]; ok {
			if err := tb.Del(rt); err != nil {
				t.Fatal(err)
			}
			delete(live, p)
		} else {
			rt := route(n, p.String(), "", 1024)
			if err := tb.Add(rt, NLM_F_CREATE|NLM_F_EXCL); err != nil {
				t.Fatal(err)
			}
			live[p] = rt
		}
		if err := tb.Check(); err != nil {
			t.Fatalf("op %d (%v): %v", i, p, err)
		}
	}
	if len(tb.Dump()) != len(live) || n.Stats.FibRtEntries != len(live) {
		t.Fatalf("dump %d entries %d live %d", len(tb.Dump()), n.Stats.FibRtEntries, len(live))
	}
	for _, rt := range live {
		tb.Del(rt)
	}
	if n.Stats.FibNodes != 0 || n.Stats.FibRouteNodes != 0 || tb.Root().Left != 0 || tb.Root().Right != 0 {
		t.Fatalf("empty table keeps %d nodes", n.Stats.FibNodes)
	}
}

// randPrefix draws from a small address space so that prefixes nest and
// collide often.
func randPrefix(r *rand.Rand) netip.Prefix {
	var b [16]byte
	b[0], b[1] = 0x20, 0x01
	b[2], b[3], b[4] = byte(r.IntN(4)), byte(r.IntN(256)), byte(r.IntN(8)<<5)
	b[15] = byte(r.IntN(4))
	lens := []int{0, 16, 20, 24, 28, 32, 33, 35, 40, 48, 64, 127, 128}
	return netip.PrefixFrom(netip.AddrFrom16(b), lens[r.IntN(len(lens))]).Masked()
}
