package netns

import (
	"errors"
	"net/netip"

	"fib6lab/engine/errno"
	"fib6lab/engine/fib6"
	"fib6lab/engine/trace"
)

// Router Advertisements (net/ipv6/ndisc.c ndisc_router_discovery,
// net/ipv6/route.c rt6_route_rcv, net/ipv6/addrconf.c
// addrconf_prefix_rcv): a router sends one out of a device; each
// receiving device that accepts it learns a default route through the
// router's link-local address with the router lifetime, Route
// Information routes (RFC 4191) and, from Prefix Information options,
// on-link prefix routes and SLAAC addresses, each with its lifetime.

// RA is a Router Advertisement as sent: the current hop limit (0: none),
// the router preference as carried on the wire (fib6.PrefMedium,
// PrefHigh, PrefLow; PrefInvalid is read as medium), the router lifetime
// in seconds, the sender's MAC (the source link-layer address option)
// and the Prefix and Route Information options in the order sent.
type RA struct {
	CurHopLimit uint8
	Prf         uint8
	Lifetime    uint16
	SourceLL    [6]byte
	PIOs        []PrefixInfo
	RIOs        []RouteInfo
}

// PrefixInfo is a Prefix Information option: the prefix, its L (on-link)
// and A (autonomous address configuration) flags and its valid and
// preferred lifetimes in seconds (InfinityLifeTime: infinite).
type PrefixInfo struct {
	Prefix           netip.Prefix
	OnLink, Autoconf bool
	Valid, Preferred uint32
}

// RouteInfo is a Route Information option: the prefix, the route
// preference (fib6.Pref*) and the lifetime in seconds (InfinityLifeTime:
// infinite).
type RouteInfo struct {
	Prefix   netip.Prefix
	Prf      uint8
	Lifetime uint32
}

// Bytes on the wire of a Router Advertisement and its options, and the
// largest IPv6 payload without a jumbogram.
const (
	maxIPv6Payload = 65535
	raHdrLen       = 16 // struct ra_msg
	sllaoLen       = 8  // source link-layer address option for Ethernet
	pioLen         = 32 // struct prefix_info
	rioHdrLen      = 8  // struct route_info without its prefix
)

// len returns the RA's ICMPv6 length in bytes.
func (ra *RA) len() int {
	n := raHdrLen + sllaoLen + pioLen*len(ra.PIOs)
	for _, r := range ra.RIOs {
		n += rioHdrLen + rioPrefixBytes(r.Prefix.Bits())
	}
	return n
}

// rioPrefixBytes is how many prefix bytes a Route Information option of
// prefix length plen carries (RFC 4191 2.3: 0, 8 or 16).
func rioPrefixBytes(plen int) int {
	switch {
	case plen > 64:
		return 16
	case plen > 0:
		return 8
	}
	return 0
}

// ErrNoLinkLocal is SendRA's error for a device without a usable
// link-local address to send from.
var ErrNoLinkLocal = errors.New("no link-local address")

// SendRA models a router daemon sending ra out of d to dst (ff02::1 for
// all nodes, or a unicast address) from a raw ICMPv6 socket bound to d's
// link-local address: source that address (the first that is not
// tentative), hop limit 255. A multicast RA loops back to ns itself too
// (which ignores a default router and routes announced from its own
// address but not the prefixes); a unicast one follows the route to dst
// through d. An RA longer than d's MTU leaves in fragments, which
// receivers drop while suppress_frag_ndisc is set. Errors:
// ErrNoLinkLocal when d has none (down, IPv6 off, no carrier yet, DAD
// not done); EMSGSIZE for an RA longer than an IPv6 payload can be
// (65535 bytes: about 4,000 Route Information options); the route's
// error, ENETUNREACH without one through d.
func (ns *Netns) SendRA(d *Device, ra *RA, dst netip.Addr) error {
	ll, ok := d.linkLocal()
	if !ok {
		return ErrNoLinkLocal
	}
	if ra.len() > maxIPv6Payload {
		return errno.EMSGSIZE // ip6_append_data: no jumbograms
	}
	p := Packet{Src: ll, Dst: dst, HopLimit: 255, Proto: protoICMPv6, Len: ipv6HdrLen + ra.len(),
		ICMP: &ICMP{Type: icmpRouterAdvert, RA: ra}}
	p.Fragment = p.Len > int(ns.DevMTU(d.Index))
	if dst.IsMulticast() {
		if ns.mcJoined(d, dst) {
			ns.receive(d, p)
		}
		ns.xmit(d, dst, p)
		return nil
	}
	rt, _, err := ns.LookupFlow(dst, fib6.Flow{Oif: d.Index, Strict: true})
	if err != nil {
		return err
	}
	e := ns.Dst.PolRoute(0, rt, dst, false)
	defer e.Release()
	ns.output(rt, e, p, false)
	return nil
}

// linkLocal returns the device's first link-local address that is not
// tentative (ipv6_get_lladdr).
func (d *Device) linkLocal() (netip.Addr, bool) {
	if d.Conf == nil || !d.v6Up {
		return netip.Addr{}, false
	}
	for _, ifa := range d.Addrs {
		if ifa.Prefix.Addr().IsLinkLocalUnicast() && !ifa.Tentative {
			return ifa.Prefix.Addr(), true
		}
	}
	return netip.Addr{}, false
}

// ndiscRcv models ndisc_rcv for a Router Advertisement p that arrived on
// d: one whose hop limit is not 255 (it crossed a router) is dropped, so
// is a fragmented one while suppress_frag_ndisc is set (with the kernel's
// warning in the log).
func (ns *Netns) ndiscRcv(d *Device, p Packet) {
	if p.HopLimit != 255 || d.Conf == nil {
		return
	}
	if p.Fragment && d.Conf[confSuppressFragNdisc] != 0 {
		ns.klog("Received fragmented ndisc packet. Carefully consider disabling suppress_frag_ndisc.")
		return
	}
	ns.routerDiscovery(d, p.Src, p.ICMP.RA)
}

// klog appends a line to the namespace's kernel log (shown by the page,
// not printed by the command that caused it, as on Linux).
func (ns *Netns) klog(line string) { ns.Dst.Log = append(ns.Dst.Log, line) }

// acceptRA models ipv6_accept_ra: accept_ra, or on a forwarding device
// only accept_ra 2.
func (d *Device) acceptRA() bool {
	if d.Conf[confForwarding] != 0 {
		return d.Conf[confAcceptRA] == 2
	}
	return d.Conf[confAcceptRA] != 0
}

// localAddr models ipv6_chk_addr(net, a, d, 0): a is an address of d,
// or of another device when it is not link-local, and not tentative.
func (ns *Netns) localAddr(a netip.Addr, d *Device) bool {
	for _, x := range ns.devs {
		if ifa := x.Addr(a); ifa != nil && !ifa.Tentative && (x == d || !a.IsLinkLocalUnicast()) {
			return true
		}
	}
	return false
}

// routerDiscovery models ndisc_router_discovery for ra from saddr on d.
// Nothing happens unless saddr is link-local and d accepts RAs
// (acceptRA). With accept_ra_defrtr, a router lifetime that is 0 or at
// least accept_ra_min_lft, and an RA not from one of d's own addresses
// (accept_ra_from_local): the default route through saddr (proto ra,
// metric ra_defrtr_metric, the RA's preference unless accept_ra_rtr_pref
// is off) is added, refreshed to the new lifetime, re-added when the
// metric changed or deleted by lifetime 0; a current hop limit of at
// least accept_ra_min_hop_limit becomes d's hop_limit and the route's
// hoplimit metric. Then, unless from a local address, the Route
// Information options pass accept_ra_rtr_pref, accept_ra_defrtr (for
// ::/0), accept_ra_min_lft and the accept_ra_rt_info_min/max_plen bounds
// to rt6RouteRcv; with accept_ra_pinfo every Prefix Information option
// goes to prefixRcv.
func (ns *Netns) routerDiscovery(d *Device, saddr netip.Addr, ra *RA) {
	if !saddr.IsLinkLocalUnicast() || !d.acceptRA() {
		return
	}
	ns.FIB.Trace.Emit(trace.Event{Kind: trace.RAReceive, Node: uint32(d.Index),
		Route: uint32(len(ra.PIOs) + len(ra.RIOs)), Val: int64(ra.Lifetime)})
	c := d.Conf
	fromLocal := c[confAcceptRAFromLocal] == 0 && ns.localAddr(saddr, d)
	lifetime := int64(ra.Lifetime)
	if c[confAcceptRADefrtr] != 0 && (lifetime == 0 || lifetime >= c[confAcceptRAMinLft]) && !fromLocal {
		if !ns.defaultRouter(d, saddr, ra) {
			return
		}
	}
	if !fromLocal && c[confAcceptRARtrPref] != 0 {
		for _, ri := range ra.RIOs {
			plen := int64(ri.Prefix.Bits())
			switch {
			case plen == 0 && c[confAcceptRADefrtr] == 0,
				ri.Lifetime != 0 && int64(ri.Lifetime) < c[confAcceptRAMinLft],
				plen < c[confAcceptRARtInfoMinLen], plen > c[confAcceptRARtInfoMaxLen]:
				continue
			}
			ns.routeRcv(d, ri, saddr)
		}
	}
	if c[confAcceptRAPinfo] != 0 {
		for _, pi := range ra.PIOs {
			ns.prefixRcv(d, pi)
		}
	}
}

// defaultRouter is the default-router part of ndisc_router_discovery. It
// reports false when the RA's processing stops there: the kernel could
// not add the default route (its log says so; e.g. a static route
// through the same router with the same metric is in the way).
func (ns *Netns) defaultRouter(d *Device, saddr netip.Addr, ra *RA) bool {
	c := d.Conf
	lifetime := int64(ra.Lifetime)
	pref := uint8(ra.Prf)
	if pref == fib6.PrefInvalid || c[confAcceptRARtrPref] == 0 {
		pref = fib6.PrefMedium
	}
	metric := uint32(c[confRADefrtrMetric])
	rt := ns.dfltRouter(d, saddr)
	if rt != nil && (lifetime == 0 || rt.Metric != metric) {
		rt.Table.Del(rt)
		rt = nil
	}
	switch {
	case rt == nil && lifetime != 0:
		if rt = ns.addDfltRouter(d, saddr, pref, metric, lifetime); rt == nil {
			ns.klog("RA: ndisc_router_discovery failed to add default route")
			return false
		}
	case rt != nil && uint8(rt.Flags&fib6.RTF_PREF_MASK>>27) != pref:
		rt.Flags = rt.Flags&^fib6.RTF_PREF_MASK | uint32(pref)<<27
	}
	if rt != nil {
		rt.SetExpires(ns.clock.now + ns.HZ*lifetime)
		rt.Table.AddGCList(rt)
	}
	if min := c[confAcceptRAMinHopLimit]; min < 256 && ra.CurHopLimit != 0 && min <= int64(ra.CurHopLimit) {
		c[confHopLimit] = int64(ra.CurHopLimit)
		if rt != nil {
			rt.SetMetric(fib6.RTAX_HOPLIMIT, uint32(ra.CurHopLimit))
		}
	}
	return true
}

// dfltRouter models rt6_get_dflt_router: the route for ::/0 in table
// main through gw on d that an RA made (RTF_ADDRCONF|RTF_DEFAULT).
func (ns *Netns) dfltRouter(d *Device, gw netip.Addr) *fib6.Info {
	return ns.raRoute(netip.PrefixFrom(netip.IPv6Unspecified(), 0), d, gw, fib6.RTF_ADDRCONF|fib6.RTF_DEFAULT)
}

// raRoute returns the first route of table main for exactly p through
// gw on d carrying all of flags (mainRoute).
func (ns *Netns) raRoute(p netip.Prefix, d *Device, gw netip.Addr, flags uint32) *fib6.Info {
	return ns.mainRoute(p, d, gw, flags, 0)
}

// addDfltRouter models rt6_add_dflt_router: ip6_route_add of `default
// via GW dev D proto ra metric M expires LIFETIME` with RTF_ADDRCONF,
// RTF_DEFAULT and the preference, as the kernel adds its own routes (no
// netlink flags), then marks table main as holding a default router and
// returns the RA route found (nil when the add failed or left another
// route in its place).
func (ns *Netns) addDfltRouter(d *Device, gw netip.Addr, pref uint8, metric uint32, lifetime int64) *fib6.Info {
	c := &RouteConfig{Type: fib6.RTN_UNICAST, Protocol: fib6.RTPROT_RA, Metric: metric, Pref: pref,
		Dst: netip.PrefixFrom(netip.IPv6Unspecified(), 0), HasExpires: true, Expires: uint32(lifetime)}
	if ns.addRAroute(c, NH{Gw: gw, Dev: d.Index}, fib6.RTF_ADDRCONF|fib6.RTF_DEFAULT) {
		ns.hasDfltRouter = true
	}
	return ns.dfltRouter(d, gw)
}

// addRAroute builds the route of c through h (ip6_route_info_create),
// adds the extra RTF_* flags and inserts it in table main as an in-kernel
// caller does; it reports whether the route went in.
func (ns *Netns) addRAroute(c *RouteConfig, h NH, flags uint32) bool {
	rt, err := ns.routeInfoCreate(c, h)
	if err != nil {
		return false
	}
	rt.Flags |= flags
	if err := ns.AddRoute(fib6.RT_TABLE_MAIN, rt, 0); err != nil {
		fib6.ReleaseLwt(rt)
		return false
	}
	return true
}

// routeRcv models rt6_route_rcv for a Route Information option from gw
// on d: the route (::/0: the default router's) through gw is found; a
// lifetime of 0 deletes it; otherwise it is added when missing
// (rt6_add_route_info: proto ra, metric 1024, RTF_ROUTEINFO|RTF_ADDRCONF,
// RTF_DEFAULT for ::/0) or given the option's preference and
// RTF_ROUTEINFO, then its expiry follows the lifetime: finite, or none
// for an infinite one, which takes it off the GC list unless its
// exceptions still need aging (fib6_may_remove_gc_list). A preference of
// 10b (invalid) drops the option.
func (ns *Netns) routeRcv(d *Device, ri RouteInfo, gw netip.Addr) {
	if ri.Prf == fib6.PrefInvalid {
		return
	}
	p := ri.Prefix.Masked()
	var rt *fib6.Info
	if p.Bits() == 0 {
		rt = ns.dfltRouter(d, gw)
	} else {
		rt = ns.raRoute(p, d, gw, fib6.RTF_ROUTEINFO|fib6.RTF_GATEWAY)
	}
	if rt != nil && ri.Lifetime == 0 {
		rt.Table.Del(rt)
		rt = nil
	}
	switch {
	case rt == nil && ri.Lifetime != 0:
		rt = ns.addRouteInfo(d, p, gw, ri.Prf)
	case rt != nil:
		rt.Flags = fib6.RTF_ROUTEINFO | rt.Flags&^fib6.RTF_PREF_MASK | uint32(ri.Prf)<<27
	}
	if rt == nil {
		return
	}
	if ri.Lifetime == InfinityLifeTime {
		rt.ClearExpires()
		rt.Table.MayRemoveGCList(rt)
		return
	}
	rt.SetExpires(ns.clock.now + ns.HZ*int64(ri.Lifetime))
	rt.Table.AddGCList(rt)
}

// addRouteInfo models rt6_add_route_info and returns the route found
// afterwards (rt6_get_route_info), nil if the add failed.
func (ns *Netns) addRouteInfo(d *Device, p netip.Prefix, gw netip.Addr, pref uint8) *fib6.Info {
	c := &RouteConfig{Type: fib6.RTN_UNICAST, Protocol: fib6.RTPROT_RA, Metric: fib6.IP6_RT_PRIO_USER, Pref: pref, Dst: p}
	flags := uint32(fib6.RTF_ADDRCONF | fib6.RTF_ROUTEINFO)
	if p.Bits() == 0 {
		flags |= fib6.RTF_DEFAULT
	}
	ns.addRAroute(c, NH{Gw: gw, Dev: d.Index}, flags)
	return ns.raRoute(p, d, gw, fib6.RTF_ROUTEINFO|fib6.RTF_GATEWAY)
}

// minValidLifetime is MIN_VALID_LIFETIME (RFC 4862 5.5.3 e): two hours,
// in seconds, below which an RA cannot shorten an address's valid
// lifetime.
const minValidLifetime = 2 * 3600

// prefixRcv models addrconf_prefix_rcv for a Prefix Information option on
// d: link-local and multicast prefixes are ignored; a preferred lifetime
// above the valid one drops the option (with the kernel's warning); so
// does a valid lifetime below accept_ra_min_lft (but not 0). With the L
// flag the RA's prefix route (proto kernel, metric 256,
// RTF_ADDRCONF|RTF_PREFIX_RT) is added with the valid lifetime, given the
// new one, made permanent by an infinite one or deleted by 0. With the A
// flag and autoconf, a /64 gives the SLAAC address prefix + EUI-64 of
// d's MAC (prefixRcvAddAddr); other lengths none.
func (ns *Netns) prefixRcv(d *Device, pi PrefixInfo) {
	a := pi.Prefix.Addr()
	switch {
	case a.IsMulticast() || a.IsLinkLocalUnicast():
		return
	case pi.Preferred > pi.Valid:
		ns.klog("addrconf: prefix option has invalid lifetime")
		return
	case pi.Valid != 0 && int64(pi.Valid) < d.Conf[confAcceptRAMinLft]:
		return
	}
	if pi.OnLink {
		ns.prefixRcvRoute(d, pi)
	}
	if !pi.Autoconf || d.Conf[confAutoconf] == 0 || pi.Prefix.Bits() != 64 || d.Kind == KindLoopback {
		return
	}
	b := pi.Prefix.Masked().Addr().As16()
	id := eui64(d.MAC)
	copy(b[8:], id[:])
	ns.prefixRcvAddAddr(d, netip.PrefixFrom(netip.AddrFrom16(b), 64), pi.Valid, pi.Preferred)
}

// prefixRcvRoute is the on-link part of addrconf_prefix_rcv.
func (ns *Netns) prefixRcvRoute(d *Device, pi PrefixInfo) {
	rt := ns.prefixRoute(d, pi.Prefix, fib6.RTF_ADDRCONF|fib6.RTF_PREFIX_RT)
	switch {
	case rt != nil && pi.Valid == 0:
		rt.Table.Del(rt)
	case rt != nil && pi.Valid == InfinityLifeTime:
		rt.ClearExpires()
		rt.Table.MayRemoveGCList(rt)
	case rt != nil:
		rt.SetExpires(ns.clock.now + int64(pi.Valid)*ns.HZ)
		rt.Table.AddGCList(rt)
	case pi.Valid == InfinityLifeTime:
		ns.addrconfPrefixRoute(d, pi.Prefix, addrconfMetric, -1, fib6.RTF_ADDRCONF|fib6.RTF_PREFIX_RT)
	case pi.Valid != 0:
		ns.addrconfPrefixRoute(d, pi.Prefix, addrconfMetric, int64(pi.Valid), fib6.RTF_ADDRCONF|fib6.RTF_PREFIX_RT)
	}
}

// prefixRcvAddAddr models addrconf_prefix_rcv_add_addr for the SLAAC
// address p: a new one (valid lifetime not 0, fewer than max_addresses
// on d) is added with the option's lifetimes, `mngtmpaddr`, not
// permanent, and starts DAD; an existing one (the same address, however
// it was made) gets the option's preferred lifetime and, unless
// ra_honor_pio_life, a valid lifetime of at least two hours or what it
// had left if less (RFC 4862 5.5.3 e), and stops being deprecated; one
// whose valid lifetime is over is left to the lifetime worker.
func (ns *Netns) prefixRcvAddAddr(d *Device, p netip.Prefix, valid, preferred uint32) {
	ifp := d.Addr(p.Addr())
	create := false
	if ifp == nil && valid != 0 {
		if max := d.Conf[confMaxAddresses]; max != 0 && int64(len(d.Addrs)) >= max {
			return
		}
		ifp = &Addr{Prefix: p, ValidLft: valid, PreferredLft: preferred, ManageTempAddr: true}
		ns.ipv6AddAddr(d, ifp)
		create = true
		ns.dadStart(d, ifp)
	}
	if ifp == nil {
		return
	}
	now := ns.clock.now
	stored := uint32(0)
	if age := (now - ifp.Tstamp) / ns.HZ; int64(ifp.ValidLft) > age {
		stored = uint32(int64(ifp.ValidLft) - age)
	}
	if !create && stored != 0 {
		if d.Conf[confRAHonorPioLife] == 0 {
			valid = max(valid, min(stored, minValidLifetime))
		}
		ifp.ValidLft, ifp.PreferredLft, ifp.Tstamp = valid, preferred, now
		ifp.Deprecated = false
	}
	ns.addrVerify()
}

// eui64 models addrconf_ifid_eui48: the interface identifier of a MAC,
// ff:fe in the middle and the universal/local bit flipped.
func eui64(mac [6]byte) [8]byte {
	return [8]byte{mac[0] ^ 2, mac[1], mac[2], 0xff, 0xfe, mac[3], mac[4], mac[5]}
}
