package fib6

import (
	"net/netip"
	"testing"
	"unsafe"
)

// TestInfoSize holds fib6_info to its budget: 112 bytes per route, with
// the 40-byte inline nexthop and its 17-byte gateway (issue 14 item 2).
func TestInfoSize(t *testing.T) {
	if s := unsafe.Sizeof(Info{}); s > 112 {
		t.Errorf("unsafe.Sizeof(Info{}) = %d, want at most 112", s)
	}
	if s := unsafe.Sizeof(Nexthop{}); s != 40 {
		t.Errorf("unsafe.Sizeof(Nexthop{}) = %d, want 40", s)
	}
	if s := unsafe.Sizeof(Gateway{}); s != 17 {
		t.Errorf("unsafe.Sizeof(Gateway{}) = %d, want 17", s)
	}
}

// TestGatewayRoundTrip: a Gateway gives back the address it was made of
// (IPv6, IPv4, ::), compares equal exactly when the addresses do, and the
// zero Addr is no gateway.
func TestGatewayRoundTrip(t *testing.T) {
	for _, s := range []string{"fe80::1", "2001:db8::2", "::", "192.0.2.1", "::ffff:192.0.2.1"} {
		a := netip.MustParseAddr(s)
		g := GatewayOf(a)
		if !g.IsValid() || g.Addr() != a || g.String() != s {
			t.Errorf("GatewayOf(%s): valid %v, Addr %v, String %q", s, g.IsValid(), g.Addr(), g.String())
		}
	}
	if GatewayOf(netip.MustParseAddr("192.0.2.1")) == GatewayOf(netip.MustParseAddr("::ffff:192.0.2.1")) {
		t.Error("an IPv4 gateway and its IPv4-mapped IPv6 form compare equal")
	}
	if GatewayOf(netip.MustParseAddr("::")) == (Gateway{}) {
		t.Error("the gateway :: compares equal to no gateway")
	}
	var none Gateway
	if g := GatewayOf(netip.Addr{}); g != none || g.IsValid() || g.Addr().IsValid() {
		t.Errorf("GatewayOf(zero Addr) = %+v, want no gateway", g)
	}
}

// TestLinksLiveInExtra: plain routes have no Extra; joining an ECMP group
// or the GC list gives a route one, and leaving them resets its links.
func TestLinksLiveInExtra(t *testing.T) {
	n := NewNet()
	tb := n.Table(RT_TABLE_MAIN)
	p := netip.MustParsePrefix("2001:db8:1::/64")
	a := n.NewRoute(p, netip.MustParseAddr("fe80::1"), 2, 0)
	b := n.NewRoute(p, netip.MustParseAddr("fe80::2"), 2, 0)
	plain := n.NewRoute(netip.MustParsePrefix("2001:db8:2::/64"), netip.Addr{}, 2, 0)
	for _, rt := range []*Info{a, b, plain} {
		if err := tb.Add(rt, NLM_F_CREATE); err != nil {
			t.Fatal(err)
		}
	}
	if plain.Extra != nil || a.NSiblings() != 1 || b.NSiblings() != 1 || len(a.Siblings()) != 1 || a.Siblings()[0] != b {
		t.Fatalf("plain Extra %v, siblings %d %d %v", plain.Extra, a.NSiblings(), b.NSiblings(), a.Siblings())
	}
	plain.SetExpires(100)
	tb.AddGCList(plain)
	tb.AddGCList(a)
	if l := tb.GCList(); len(l) != 2 || l[0] != a || l[1] != plain || !plain.OnGCList() {
		t.Fatalf("GC list %v", l)
	}
	tb.RemoveGCList(plain)
	if err := tb.Del(b); err != nil {
		t.Fatal(err)
	}
	if plain.OnGCList() || plain.GCNext() != nil || a.NSiblings() != 0 || a.Siblings() != nil || a.GCNext() != nil {
		t.Fatalf("after unlinking: plain on list %v, a siblings %d %v", plain.OnGCList(), a.NSiblings(), a.Siblings())
	}
	if err := tb.Check(); err != nil {
		t.Fatal(err)
	}
}
