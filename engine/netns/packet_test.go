package netns

import (
	"errors"
	"net/netip"
	"testing"

	"fib6lab/engine/errno"
	"fib6lab/engine/fib6"
)

// pair joins a and b with a veth pair (a's end named an with MAC ..:ma,
// b's bn with ..:mb, b's end MTU mtu when not 0), both up, with DAD off
// in both namespaces, and lets the links come up.
func pair(t *testing.T, a *Netns, an string, ma byte, b *Netns, bn string, mb byte, mtu int) (*Device, *Device) {
	t.Helper()
	for _, ns := range []*Netns{a, b} {
		for _, dir := range []string{"all", "default"} {
			if err := ns.ConfSetValue(dir, "accept_dad", "0"); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := a.AddVethPair(VethEnd{Name: an, MAC: [6]byte{2, 0, 0, 0, 0, ma}, MTU: mtu},
		VethEnd{Name: bn, MAC: [6]byte{2, 0, 0, 0, 0, mb}, MTU: mtu, NS: b}); err != nil {
		t.Fatal(err)
	}
	da, db := a.Dev(an), b.Dev(bn)
	a.SetLinkUp(da, true)
	b.SetLinkUp(db, true)
	return da, db
}

func addr(t *testing.T, ns *Netns, d *Device, p string) {
	t.Helper()
	if err := ns.AddAddr(d, netip.MustParsePrefix(p), true); err != nil {
		t.Fatal(err)
	}
}

func route(t *testing.T, ns *Netns, p, gw string) {
	t.Helper()
	c := &RouteConfig{Dst: netip.MustParsePrefix(p), Type: fib6.RTN_UNICAST, NLFlags: fib6.NLM_F_CREATE | fib6.NLM_F_EXCL,
		Nexthops: []NH{{Gw: netip.MustParseAddr(gw)}}}
	if err := ns.RouteAdd(c); err != nil {
		t.Fatal(err)
	}
}

// threeHosts builds h -- r -- b with the r--b link at MTU 1280, as the
// shared case c15: h 2001:db8:1::1, r 2001:db8:1::2 and 2001:db8:2::1,
// b 2001:db8:2::2 with a default route through r.
func threeHosts(t *testing.T) (h, r, b *Netns) {
	host := NewHost(0)
	h, r, b = host.NewNetns(), host.NewNetns(), host.NewNetns()
	va, vb := pair(t, h, "va", 1, r, "vb", 2, 0)
	vc, vd := pair(t, r, "vc", 3, b, "vd", 4, 1280)
	addr(t, h, va, "2001:db8:1::1/64")
	addr(t, r, vb, "2001:db8:1::2/64")
	addr(t, r, vc, "2001:db8:2::1/64")
	addr(t, b, vd, "2001:db8:2::2/64")
	route(t, b, "::/0", "2001:db8:2::1")
	route(t, h, "2001:db8:2::/64", "2001:db8:1::2")
	h.Advance(h.HZ)
	return h, r, b
}

// TestForwardPacketTooBig follows c15: without forwarding the router
// drops the datagram; with it a 1400-byte datagram meets the 1280-byte
// link and the Packet Too Big the router sends back gives the sender a
// PMTU exception; a hop limit of 1 dies at the router instead.
func TestForwardPacketTooBig(t *testing.T) {
	h, r, _ := threeHosts(t)
	dst := netip.MustParseAddr("2001:db8:2::2")
	if err := h.SendUDP(dst, 1400); err != nil || len(h.Cache()) != 0 {
		t.Fatalf("no forwarding: err %v, %d exceptions", err, len(h.Cache()))
	}
	if err := r.ConfSetValue("all", "forwarding", "1"); err != nil {
		t.Fatal(err)
	}
	if err := h.ConfSetValue("va", "hop_limit", "1"); err != nil {
		t.Fatal(err)
	}
	if h.SendUDP(dst, 1400); len(h.Cache()) != 0 {
		t.Fatalf("hop limit 1: %d exceptions, want none", len(h.Cache()))
	}
	h.ConfSetValue("va", "hop_limit", "64")
	if h.SendUDP(dst, 1000); len(h.Cache()) != 0 {
		t.Fatalf("1000 bytes fit: %d exceptions", len(h.Cache()))
	}
	if err := h.SendUDP(dst, 1400); err != nil {
		t.Fatal(err)
	}
	c := h.Cache()
	if len(c) != 1 || c[0].Dst.Dst != dst || c[0].Dst.MTU != 1280 || h.FIB.Stats.FibRtCache != 1 {
		t.Fatalf("cache after the PTB: %+v, fib_rt_cache %d", c, h.FIB.Stats.FibRtCache)
	}
	if len(r.Cache()) != 0 {
		t.Fatalf("the router made %d exceptions", len(r.Cache()))
	}
}

// TestSendUDPErrors checks the errnos of sendto: no source address at all
// first, then the route's error, then the size.
func TestSendUDPErrors(t *testing.T) {
	h, _, _ := threeHosts(t)
	empty := h.Host().NewNetns()
	for _, c := range []struct {
		ns   *Netns
		dst  string
		size int
		want error
	}{
		{empty, "2001:db8:2::2", 10, errno.EADDRNOTAVAIL},
		{h, "2001:db8:9::1", 10, errno.ENETUNREACH},
		{h, "2001:db8:2::2", MaxUDPPayload + 1, errno.EMSGSIZE},
		{h, "2001:db8:2::2", MaxUDPPayload, nil},
		{h, "::", 10, errno.ENETUNREACH}, // ::1, and h's loopback is down
		{h, "2001:db8:1::1", 10, nil},
	} {
		if err := c.ns.SendUDP(netip.MustParseAddr(c.dst), c.size); !errors.Is(err, c.want) && err != c.want {
			t.Errorf("udp %s size %d: %v, want %v", c.dst, c.size, err, c.want)
		}
	}
}

// TestRouterAdvertisement checks what one RA teaches a host: the default
// route through the router's link-local address with the router
// lifetime and hop limit, the on-link prefix route, the SLAAC address
// from the MAC's EUI-64 (dynamic, mngtmpaddr) and a RIO route once
// accept_ra_rt_info_max_plen allows it; lifetime 0 removes the default
// route.
func TestRouterAdvertisement(t *testing.T) {
	host := NewHost(0)
	h, r := host.NewNetns(), host.NewNetns()
	va, vb := pair(t, h, "va", 1, r, "vb", 2, 0)
	h.Advance(h.HZ)
	h.ConfSetValue("va", "accept_ra_rt_info_max_plen", "64")
	ra := &RA{CurHopLimit: 64, Lifetime: 100, SourceLL: vb.MAC,
		PIOs: []PrefixInfo{{Prefix: netip.MustParsePrefix("2001:db8:77::/64"), OnLink: true, Autoconf: true, Valid: 300, Preferred: 120}},
		RIOs: []RouteInfo{{Prefix: netip.MustParsePrefix("2001:db8:88::/64"), Lifetime: 90}}}
	if err := r.SendRA(vb, ra, allNodes); err != nil {
		t.Fatal(err)
	}
	gw := netip.MustParseAddr("fe80::ff:fe00:2")
	dflt := h.dfltRouter(va, gw)
	if dflt == nil || dflt.Protocol != fib6.RTPROT_RA || dflt.Expires != h.Now()+100*h.HZ || dflt.Metric_(fib6.RTAX_HOPLIMIT) != 64 {
		t.Fatalf("default route %+v", dflt)
	}
	if rt := h.prefixRoute(va, netip.MustParsePrefix("2001:db8:77::/64"), fib6.RTF_ADDRCONF|fib6.RTF_PREFIX_RT); rt == nil || rt.Expires != h.Now()+300*h.HZ {
		t.Fatalf("prefix route %+v", rt)
	}
	if rt := h.raRoute(netip.MustParsePrefix("2001:db8:88::/64"), va, gw, fib6.RTF_ROUTEINFO); rt == nil || rt.Expires != h.Now()+90*h.HZ {
		t.Fatalf("RIO route %+v", rt)
	}
	a := va.Addr(netip.MustParseAddr("2001:db8:77::ff:fe00:1"))
	if a == nil || a.Permanent || !a.ManageTempAddr || a.ValidLft != 300 || a.PreferredLft != 120 {
		t.Fatalf("SLAAC address %+v", a)
	}
	if r.dfltRouter(vb, gw) != nil || vb.Addr(netip.MustParseAddr("2001:db8:77::ff:fe00:2")) == nil {
		t.Fatalf("the router must ignore its own default route but take its own prefix")
	}
	if err := r.SendRA(vb, &RA{Lifetime: 0}, allNodes); err != nil || h.dfltRouter(va, gw) != nil {
		t.Fatalf("router lifetime 0 left the default route (err %v)", err)
	}
	r.SetLinkUp(vb, false)
	if err := r.SendRA(vb, ra, allNodes); err != ErrNoLinkLocal {
		t.Fatalf("down link: %v, want ErrNoLinkLocal", err)
	}
}

// TestAddressLifetimes checks the lifetime worker: an address is
// deprecated when its preferred lifetime ends and deleted when its valid
// lifetime ends (a few jiffies early: ADDRCONF_TIMER_FUZZ_MINUS, at most
// a wheel granularity late), leaving its prefix route to expire.
func TestAddressLifetimes(t *testing.T) {
	ns := New(0)
	if err := ns.AddVeth("va", [6]byte{2, 0, 0, 0, 0, 1}, "vb", [6]byte{2, 0, 0, 0, 0, 2}); err != nil {
		t.Fatal(err)
	}
	va := ns.Dev("va")
	ns.SetLinkUp(va, true)
	ns.SetLinkUp(ns.Dev("vb"), true)
	p := netip.MustParsePrefix("2001:db8:1::1/64")
	c := &AddrConfig{Prefix: p, NoDAD: true, Lifetimes: true, ValidLft: 6, PreferredLft: 3}
	if err := ns.NewAddr(va, c, fib6.NLM_F_CREATE|fib6.NLM_F_EXCL); err != nil {
		t.Fatal(err)
	}
	if err := ns.NewAddr(va, c, fib6.NLM_F_CREATE|fib6.NLM_F_EXCL); err != errAddrExists {
		t.Fatalf("second add: %v", err)
	}
	a := va.Addr(p.Addr())
	if rt := ns.prefixRoute(va, p, 0); rt == nil || rt.Expires != ns.Now()+6*ns.HZ {
		t.Fatalf("prefix route %+v", rt)
	}
	ns.Advance(3*ns.HZ - 10)
	if a.Deprecated {
		t.Fatalf("deprecated too early")
	}
	ns.Advance(ns.HZ / 2)
	if !a.Deprecated {
		t.Fatalf("not deprecated after its preferred lifetime")
	}
	if v, pr := a.Lifetimes(ns.Now(), ns.HZ); v != 3 || pr != 0 {
		t.Fatalf("lifetimes %d/%d, want 3/0", v, pr)
	}
	ns.Advance(3 * ns.HZ)
	if va.Addr(p.Addr()) != nil {
		t.Fatalf("address still there after its valid lifetime")
	}
	if rt := ns.prefixRoute(va, p, 0); rt == nil || !rt.Expired(ns.Now()) {
		t.Fatalf("the prefix route should stay, expired, until the GC: %+v", rt)
	}
	if c := (&AddrConfig{Prefix: p, Lifetimes: true, ValidLft: 0}); ns.NewAddr(va, c, fib6.NLM_F_CREATE) != errLifetime {
		t.Fatalf("valid lifetime 0 accepted")
	}
}

// TestSourceAddrRules checks a few RFC 6724 rules in the kernel's order:
// a preferred address beats a deprecated one, the outgoing device beats
// a longer matching prefix elsewhere, the longest common prefix (capped
// at the prefix length) decides among equals, and the first seen among
// full equals.
func TestSourceAddrRules(t *testing.T) {
	ns := New(0)
	if err := ns.AddVeth("va", [6]byte{2, 0, 0, 0, 0, 1}, "vb", [6]byte{2, 0, 0, 0, 0, 2}); err != nil {
		t.Fatal(err)
	}
	va, vb := ns.Dev("va"), ns.Dev("vb")
	ns.SetLinkUp(va, true)
	ns.SetLinkUp(vb, true)
	ns.Advance(3 * ns.HZ)
	addr(t, ns, vb, "2001:db8:1::1/64")
	addr(t, ns, va, "2001:db8:2::1/64")
	addr(t, ns, va, "2001:db8:3::1/48")
	for _, c := range []struct {
		dst  string
		out  *Device
		want string
	}{
		{"2001:db8:1::9", va, "2001:db8:3::1"},  // the outgoing device beats a longer prefix elsewhere; newest first among equals
		{"2001:db8:2::9", va, "2001:db8:2::1"},  // the longest prefix on the outgoing device
		{"fe80::9", va, "fe80::ff:fe00:1"},      // link-local: only va's
		{"2001:db8:1::9", nil, "2001:db8:1::1"}, // no device: the longest prefix anywhere
	} {
		if got, ok := ns.SourceAddr(netip.MustParseAddr(c.dst), c.out); !ok || got.String() != c.want {
			t.Errorf("source for %s: %v, want %s", c.dst, got, c.want)
		}
	}
	va.Addr(netip.MustParseAddr("2001:db8:2::1")).Deprecated = true
	if got, _ := ns.SourceAddr(netip.MustParseAddr("2001:db8:2::9"), va); got.String() != "2001:db8:3::1" {
		t.Errorf("deprecated address chosen: %v", got)
	}
}
