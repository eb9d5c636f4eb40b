package netns

import (
	"errors"
	"net/netip"
	"testing"

	"fib6lab/engine/errno"
	"fib6lab/engine/fib6"
)

// getRoute is `ip -6 route get` of daddr on cpu: the route that answers.
func getRoute(t *testing.T, ns *Netns, cpu int, daddr string) (*fib6.Info, error) {
	t.Helper()
	ns.Host().CPU = cpu
	defer func() { ns.Host().CPU = 0 }()
	rt, _, _, err := ns.LookupKeys(FlowKeys{Dst: netip.MustParseAddr(daddr)}, fib6.Flow{})
	return rt, err
}

// A per-CPU copy of a shared path answers for the route that made it;
// once that route is deleted it answers for none (ENETUNREACH) on that
// CPU only, through the object and through a group holding it, until a
// route add moves the genid.
func TestNexthopStalePcpuFrom(t *testing.T) {
	ns := nhNamespace(t)
	if err := ns.NexthopAdd(&NexthopConfig{ID: 3, HasGroup: true, Group: []GroupSpec{{1, 1}}, NLFlags: fib6.NLM_F_CREATE}); err != nil {
		t.Fatal(err)
	}
	a := nhRoute(t, ns, "2001:db8:7::/64", 1, 0)
	b := nhRoute(t, ns, "2001:db8:8::/64", 1, 0)
	g := nhRoute(t, ns, "2001:db8:9::/64", 3, 0)
	if rt, err := getRoute(t, ns, 0, "2001:db8:7::1"); rt != a || err != nil {
		t.Fatalf("get a: %v %v", rt, err)
	}
	for _, d := range []string{"2001:db8:8::1", "2001:db8:9::1"} {
		if rt, err := getRoute(t, ns, 0, d); rt != a || err != nil {
			t.Fatalf("get %s on CPU 0 answers %v %v, want route a (its copy)", d, rt.Prefix(), err)
		}
	}
	if rt, err := getRoute(t, ns, 1, "2001:db8:8::1"); rt != b || err != nil {
		t.Fatalf("get on CPU 1 answers %v %v, want route b", rt.Prefix(), err)
	}
	if err := a.Table.Del(a); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"2001:db8:8::1", "2001:db8:9::1"} {
		if _, err := getRoute(t, ns, 0, d); err != errno.ENETUNREACH {
			t.Fatalf("get %s on CPU 0 after the delete: %v, want ENETUNREACH", d, err)
		}
	}
	if rt, err := getRoute(t, ns, 1, "2001:db8:8::1"); rt != b || err != nil {
		t.Fatalf("CPU 1's copy was b's: %v %v", rt, err)
	}
	nhRoute(t, ns, "2001:db8:a::/64", 2, 0)
	if rt, err := getRoute(t, ns, 0, "2001:db8:9::1"); rt != g || err != nil {
		t.Fatalf("after an add the group route answers for itself: %v %v", rt, err)
	}
}

// nh_rt_cache_flush: replacing a nexthop moves the genid only when
// routes use that object itself; replacing a group drops its old
// members' per-CPU copies.
func TestNexthopReplaceCacheFlush(t *testing.T) {
	ns := nhNamespace(t)
	a := nhRoute(t, ns, "2001:db8:7::/64", 1, 0)
	b := nhRoute(t, ns, "2001:db8:8::/64", 1, 0)
	g := nhRoute(t, ns, "2001:db8:9::/64", 2, 0)
	for _, c := range []*NexthopConfig{
		{ID: 3, HasGroup: true, Group: []GroupSpec{{1, 1}}, NLFlags: fib6.NLM_F_CREATE},
		{ID: 4, HasGroup: true, Group: []GroupSpec{{2, 1}}, NLFlags: fib6.NLM_F_CREATE},
	} {
		if err := ns.NexthopAdd(c); err != nil {
			t.Fatal(err)
		}
	}
	getRoute(t, ns, 0, "2001:db8:7::1")
	a.Table.Del(a)
	genid := ns.FIB.Genid()
	replace := func(c *NexthopConfig) {
		t.Helper()
		c.NLFlags = fib6.NLM_F_CREATE | fib6.NLM_F_REPLACE
		if err := ns.NexthopAdd(c); err != nil {
			t.Fatal(err)
		}
	}
	replace(&NexthopConfig{ID: 4, HasGroup: true, Group: []GroupSpec{{1, 1}}})
	if _, err := getRoute(t, ns, 0, "2001:db8:8::1"); err != errno.ENETUNREACH || ns.FIB.Genid() != genid {
		t.Fatalf("group 4 (no routes) took member 1: %v, genid %d -> %d; want the stale copy kept", err, genid, ns.FIB.Genid())
	}
	replace(&NexthopConfig{ID: 3, HasGroup: true, Group: []GroupSpec{{2, 1}}})
	if rt, err := getRoute(t, ns, 0, "2001:db8:8::1"); rt != b || err != nil || ns.FIB.Genid() != genid {
		t.Fatalf("group 3 let member 1 go: %v %v, genid %d -> %d; want b's fresh copy", rt, err, genid, ns.FIB.Genid())
	}
	replace(&NexthopConfig{ID: 2, Family: AFInet6, HasDev: true, Dev: ns.Dev("va").Index, Gw: netip.MustParseAddr("2001:db8:1::4")})
	if ns.FIB.Genid() == genid || g.NH.Gw.Addr() != netip.MustParseAddr("2001:db8:1::4") {
		t.Fatalf("replacing nexthop 2, which route g uses: genid %d, g via %v", ns.FIB.Genid(), g.NH.Gw)
	}
}

// nexthop_create: an all-zero gateway is none; IPv6 paths are made as a
// route's fib6_nh (ENODEV without IPv6 on the device), IPv4 ones refuse
// onlink without a gateway (blackholes included) and a down device.
func TestNexthopCreateChecks(t *testing.T) {
	ns := nhNamespace(t)
	va := ns.Dev("va").Index
	for _, tc := range []struct {
		c   NexthopConfig
		err error
	}{
		{NexthopConfig{ID: 25, Family: AFInet6, HasDev: true, Dev: va, Gw: netip.IPv6Unspecified()}, nil},
		{NexthopConfig{ID: 26, Family: AFInet6, Gw: netip.IPv6Unspecified()}, errNHNoDev},
		{NexthopConfig{ID: 27, Family: AFInet6, HasDev: true, Dev: va, Gw: netip.IPv6Unspecified(), Onlink: true}, nil},
		{NexthopConfig{ID: 28, Family: AFInet, Blackhole: true, Onlink: true}, errNHPervasive},
		{NexthopConfig{ID: 1, Family: AFInet, Blackhole: true, Onlink: true}, errNHPervasive},
		{NexthopConfig{ID: 29, Family: AFInet6, Blackhole: true, Onlink: true}, nil},
		{NexthopConfig{ID: 30, Family: AFInet, HasDev: true, Dev: va, Gw: netip.IPv4Unspecified(), Onlink: true}, errNHPervasive},
	} {
		c := tc.c
		c.NLFlags = fib6.NLM_F_CREATE | fib6.NLM_F_EXCL
		if err := ns.NexthopAdd(&c); !errors.Is(err, tc.err) && err != tc.err {
			t.Errorf("nexthop %d: %v, want %v", c.ID, err, tc.err)
		}
	}
	if h := ns.NexthopByID(27).Hop; h.Gw.IsValid() || h.Flags != fib6.RTNH_F_ONLINK {
		t.Errorf("via :: onlink made %+v, want no gateway, onlink", h)
	}
	if err := ns.SetMTU(ns.Dev("va"), 1200); err != nil {
		t.Fatal(err)
	}
	c := &NexthopConfig{ID: 31, Family: AFInet6, HasDev: true, Dev: va, Gw: netip.MustParseAddr("2001:db8:1::9"), NLFlags: fib6.NLM_F_CREATE}
	if err := ns.NexthopAdd(c); err != errno.ENODEV {
		t.Errorf("IPv6 stopped on the device: %v, want ENODEV", err)
	}
	ns.SetLinkUp(ns.Dev("lo"), false)
	if err := ns.NexthopAdd(&NexthopConfig{ID: 32, Family: AFInet, Blackhole: true, NLFlags: fib6.NLM_F_CREATE}); err != errNHv4DevDown {
		t.Errorf("IPv4 blackhole with lo down: %v", err)
	}
	if err := ns.NexthopAdd(&NexthopConfig{ID: 33, Family: AFInet6, Blackhole: true, NLFlags: fib6.NLM_F_CREATE}); err != errDevNotUp {
		t.Errorf("IPv6 blackhole with lo down: %v", err)
	}
}

// The request's checks (ids used twice, NHA_RES_GROUP beside a
// hash-threshold group, 0 buckets) come before the members' (RTNL).
func TestNexthopGroupCheckOrder(t *testing.T) {
	ns := nhNamespace(t)
	for _, tc := range []struct {
		c   NexthopConfig
		err error
	}{
		{NexthopConfig{Group: []GroupSpec{{99, 1}}, Type: GroupResilient, Res: ResConfig{Given: true, HasBuckets: true}}, errNHZeroBuckets},
		{NexthopConfig{Group: []GroupSpec{{99, 1}}, Res: ResConfig{Given: true}}, errNHGroupAttrs},
		{NexthopConfig{Group: []GroupSpec{{99, 1}, {99, 1}}, Res: ResConfig{Given: true}}, errNHTwice},
		{NexthopConfig{Group: []GroupSpec{{99, 1}}, Type: GroupResilient, Res: ResConfig{Given: true}}, errNHInvalidID},
	} {
		c := tc.c
		c.ID, c.HasGroup, c.NLFlags = 9, true, fib6.NLM_F_CREATE
		if err := ns.NexthopAdd(&c); err != tc.err {
			t.Errorf("%+v: %v, want %v", tc.c, err, tc.err)
		}
	}
}

// Members with the same device and gateway are distinct fib6_nh paths:
// a group's member keeps its own per-CPU copies.
func TestNexthopSameHopMembers(t *testing.T) {
	ns := nhNamespace(t)
	twin := &NexthopConfig{ID: 5, Family: AFInet6, HasDev: true, Dev: ns.Dev("va").Index,
		Gw: netip.MustParseAddr("2001:db8:1::3"), NLFlags: fib6.NLM_F_CREATE}
	group := &NexthopConfig{ID: 6, HasGroup: true, Group: []GroupSpec{{2, 1}, {5, 1}}, NLFlags: fib6.NLM_F_CREATE}
	for _, c := range []*NexthopConfig{twin, group} {
		if err := ns.NexthopAdd(c); err != nil {
			t.Fatal(err)
		}
	}
	a := nhRoute(t, ns, "2001:db8:7::/64", 2, 0)
	g := nhRoute(t, ns, "2001:db8:9::/64", 6, 0)
	getRoute(t, ns, 0, "2001:db8:7::1")
	own := 0
	for i := 1; i < 64; i++ {
		d := netip.AddrFrom16([16]byte{0x20, 0x01, 0x0d, 0xb8, 0, 9, 15: byte(i)})
		want := a // member 2 holds a's copy
		if ns.pathObject(g, FlowKeys{Dst: d}) == ns.NexthopByID(5) {
			want = g // member 5 makes its own
			own++
		}
		if rt, err := getRoute(t, ns, 0, d.String()); rt != want || err != nil {
			t.Fatalf("get %v answers %v %v, want %v", d, rt, err, want.Prefix())
		}
	}
	if own == 0 || own == 63 {
		t.Fatalf("%d of 63 destinations took member 5: both members should be taken", own)
	}
}
