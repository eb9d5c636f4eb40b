package netns

import (
	"fmt"
	"net/netip"
	"strings"
	"testing"

	"fib6lab/engine/dst"
	"fib6lab/engine/fib6"
)

// nhNamespace returns a namespace with va up (2001:db8:1::1/64, carrier
// from its peer vb) and nexthop objects 1 (via ::2) and 2 (via ::3).
func nhNamespace(t *testing.T) *Netns {
	t.Helper()
	ns := New(0)
	if err := ns.AddVeth("va", [6]byte{2, 0, 0, 0, 0, 1}, "vb", [6]byte{2, 0, 0, 0, 0, 2}); err != nil {
		t.Fatal(err)
	}
	ns.SetLinkUp(ns.Dev("lo"), true) // blackhole nexthops go through it
	ns.SetLinkUp(ns.Dev("va"), true)
	ns.SetLinkUp(ns.Dev("vb"), true)
	if err := ns.AddAddr(ns.Dev("va"), netip.MustParsePrefix("2001:db8:1::1/64"), true); err != nil {
		t.Fatal(err)
	}
	for id, gw := range map[uint32]string{1: "2001:db8:1::2", 2: "2001:db8:1::3"} {
		c := &NexthopConfig{ID: id, Family: AFInet6, HasDev: true, Dev: ns.Dev("va").Index, Gw: netip.MustParseAddr(gw), NLFlags: fib6.NLM_F_CREATE | fib6.NLM_F_EXCL}
		if err := ns.NexthopAdd(c); err != nil {
			t.Fatal(err)
		}
	}
	return ns
}

// nhRoute adds prefix p using nexthop object id with metric m.
func nhRoute(t *testing.T, ns *Netns, p string, id, m uint32) *fib6.Info {
	t.Helper()
	c := &RouteConfig{Dst: netip.MustParsePrefix(p), Type: fib6.RTN_UNICAST, Protocol: 3, Metric: m, NHID: id, HasNHID: true, NLFlags: fib6.NLM_F_CREATE | fib6.NLM_F_EXCL}
	if err := ns.RouteAdd(c); err != nil {
		t.Fatal(err)
	}
	rt, _, err := ns.Lookup(c.Dst.Addr())
	if err != nil {
		t.Fatal(err)
	}
	return rt
}

func TestNexthopSharedException(t *testing.T) {
	ns := nhNamespace(t)
	a := nhRoute(t, ns, "2001:db8:2::/64", 1, 0)
	b := nhRoute(t, ns, "2001:db8:3::/64", 1, 7)
	if ok, err := ns.PTB(netip.MustParseAddr("2001:db8:2::2"), 1280); !ok || err != nil {
		t.Fatalf("PTB: %v %v", ok, err)
	}
	if n := ns.FIB.Stats.FibRtCache; n != 1 {
		t.Fatalf("fib_rt_cache = %d, want 1", n)
	}
	cache := ns.Cache()
	if len(cache) != 2 || cache[0].Route != a || cache[1].Route != b || cache[0].Dst != cache[1].Dst {
		t.Fatalf("cache lists %d entries, want the one exception under both routes", len(cache))
	}
	if cache[0].Dst.From != a {
		t.Fatalf("exception made for %v, want %v", cache[0].Dst.From.Prefix(), a.Prefix())
	}
	b.Table.Del(b)
	if n := ns.FIB.Stats.FibRtCache; n != 1 || len(ns.Cache()) != 1 {
		t.Fatalf("after deleting the other route: fib_rt_cache %d, %d listed; want 1, 1", n, len(ns.Cache()))
	}
	a.Table.Del(a)
	if n := ns.FIB.Stats.FibRtCache; n != 0 {
		t.Fatalf("after deleting its route: fib_rt_cache %d, want 0", n)
	}
}

// TestNexthopPcpuGenid pins the per-CPU copy of a shared path: it keeps
// naming the route it was made for, loses it when that route goes, and
// stays (without a route) until the genid moves.
func TestNexthopPcpuGenid(t *testing.T) {
	ns := nhNamespace(t)
	a := nhRoute(t, ns, "2001:db8:2::/64", 1, 0)
	b := nhRoute(t, ns, "2001:db8:3::/64", 1, 0)
	da, db := netip.MustParseAddr("2001:db8:2::2"), netip.MustParseAddr("2001:db8:3::3")
	e1 := ns.polRoute(0, a, FlowKeys{Dst: da}, false)
	defer e1.Release()
	e2 := ns.polRoute(0, b, FlowKeys{Dst: db}, false)
	defer e2.Release()
	if e2 != e1 || e2.From != a {
		t.Fatalf("route b got its own copy or another route: same=%v from=%v", e2 == e1, e2.From)
	}
	a.Table.Del(a)
	e3 := ns.polRoute(0, b, FlowKeys{Dst: db}, false)
	defer e3.Release()
	if e3 != e1 || e3.From != nil {
		t.Fatalf("after deleting a: same=%v from=%v, want the same copy without a route", e3 == e1, e3.From)
	}
	nhRoute(t, ns, "2001:db8:4::/64", 2, 0) // a new serial number
	e4 := ns.polRoute(0, b, FlowKeys{Dst: db}, false)
	defer e4.Release()
	if e4 == e1 || e4.From != b || e1.Obsolete != dst.ObsoleteDead {
		t.Fatalf("after the genid moved: new=%v from=%v", e4 != e1, e4.From)
	}
}

func TestNexthopGroupSelect(t *testing.T) {
	ns := nhNamespace(t)
	g := &NexthopConfig{ID: 10, HasGroup: true, Group: []GroupSpec{{1, 1}, {2, 3}}, NLFlags: fib6.NLM_F_CREATE | fib6.NLM_F_EXCL}
	if err := ns.NexthopAdd(g); err != nil {
		t.Fatal(err)
	}
	grp := ns.NexthopByID(10)
	for _, c := range []struct {
		h    uint32
		want uint32
	}{{0, 1}, {1<<29 - 1, 1}, {1 << 29, 2}, {1<<31 - 1, 2}} {
		if got := selectPath(grp, c.h).ID; got != c.want {
			t.Errorf("hash %#x: member %d, want %d", c.h, got, c.want)
		}
	}
}

// TestSelectBucket: a resilient group's member for each bucket is the
// one the kernel's table holds right after the group is made (`ip
// nexthop bucket show` on Linux 6.18), and hashes wrap round the buckets.
func TestSelectBucket(t *testing.T) {
	nh := func(id uint32) *Nexthop { return &Nexthop{ID: id} }
	for _, c := range []struct {
		group   []GroupEntry
		buckets uint16
		want    string
	}{
		{[]GroupEntry{{nh(1), 1}, {nh(2), 1}}, 8, "2 2 2 2 1 1 1 1"},
		{[]GroupEntry{{nh(1), 3}, {nh(2), 1}, {nh(3), 1}}, 10, "3 3 2 2 1 1 1 1 1 1"},
		{[]GroupEntry{{nh(1), 1}, {nh(2), 1}, {nh(3), 1}, {nh(4), 1}}, 6, "4 3 3 2 1 1"},
		{[]GroupEntry{{nh(3), 2}, {nh(1), 1}}, 9, "1 1 1 3 3 3 3 3 3"},
	} {
		g := &Nexthop{Group: c.group, Type: GroupResilient, Res: ResParams{Buckets: c.buckets}}
		var got []string
		for h := range uint32(c.buckets) {
			got = append(got, fmt.Sprint(selectBucket(g, h).ID))
			if w := selectBucket(g, h+uint32(c.buckets)*1000).ID; fmt.Sprint(w) != got[h] {
				t.Errorf("hash %d: member %d, bucket %d's is %s", h+uint32(c.buckets)*1000, w, h, got[h])
			}
		}
		if s := strings.Join(got, " "); s != c.want {
			t.Errorf("%d buckets: %s, want %s", c.buckets, s, c.want)
		}
	}
}

func TestNexthopRemoveCascade(t *testing.T) {
	ns := nhNamespace(t)
	for _, c := range []*NexthopConfig{
		{ID: 10, HasGroup: true, Group: []GroupSpec{{1, 1}}, NLFlags: fib6.NLM_F_CREATE},
		{ID: 11, HasGroup: true, Group: []GroupSpec{{1, 1}, {2, 1}}, NLFlags: fib6.NLM_F_CREATE},
	} {
		if err := ns.NexthopAdd(c); err != nil {
			t.Fatal(err)
		}
	}
	nhRoute(t, ns, "2001:db8:5::/64", 1, 0)
	nhRoute(t, ns, "2001:db8:6::/64", 10, 0)
	g := nhRoute(t, ns, "2001:db8:7::/64", 11, 0)
	before := ns.FIB.Stats.FibRtEntries
	if err := ns.NexthopDel(true, 1); err != nil {
		t.Fatal(err)
	}
	if got := before - ns.FIB.Stats.FibRtEntries; got != 2 {
		t.Fatalf("%d routes went, want 2 (nhid 1 and the group left empty)", got)
	}
	if ns.NexthopByID(10) != nil || len(ns.NexthopByID(11).Group) != 1 {
		t.Fatalf("group 10 should be gone and group 11 down to one member")
	}
	if g.Node() == nil || g.NH.Gw.Addr() != netip.MustParseAddr("2001:db8:1::3") {
		t.Fatalf("the route through group 11 should stay, now via its remaining member: %v", g.NH.Gw)
	}
}

func TestNexthopCarrierLoss(t *testing.T) {
	ns := nhNamespace(t)
	bh := &NexthopConfig{ID: 3, Family: AFInet6, Blackhole: true, NLFlags: fib6.NLM_F_CREATE}
	if err := ns.NexthopAdd(bh); err != nil {
		t.Fatal(err)
	}
	nhRoute(t, ns, "2001:db8:5::/64", 1, 0)
	ns.SetLinkUp(ns.Dev("vb"), false)
	if got := len(ns.Nexthops()); got != 1 || ns.NexthopByID(3) == nil {
		t.Fatalf("%d nexthops left, want only the blackhole", got)
	}
	if _, _, err := ns.Lookup(netip.MustParseAddr("2001:db8:5::1")); err == nil {
		t.Fatalf("the route through the removed nexthop still answers")
	}
}
