package iproute2

import (
	"net/netip"

	"fib6lab/engine/dst"
	"fib6lab/engine/fib6"
	"fib6lab/engine/netns"
)

// routeMsg models the RTM_NEWROUTE message rt6_fill_node
// (net/ipv6/route.c) builds about one route, one exception or one
// `get` answer: the rtmsg header and the attributes print_route reads.
// It is built once from the kernel model and printed by print.
type routeMsg struct {
	typ     uint8          // rtm_type
	cloned  bool           // RTM_F_CLONED: the dst is an exception (RTF_CACHE)
	dst     netip.Prefix   // RTA_DST and rtm_dst_len
	from    netip.Addr     // RTA_SRC of a get answer (rtm_src_len 128); invalid without
	nhid    uint32         // RTA_NH_ID; 0 without
	hop     fib6.Nexthop   // a single path: RTA_ENCAP, RTA_GATEWAY, RTA_OIF (Dev 0: none), RTNH_F_* in rtm_flags
	hops    []fib6.Nexthop // RTA_MULTIPATH (weights as printed); nil for a single path
	table   uint32         // RTA_TABLE; 0 without
	proto   uint8          // rtm_protocol
	prefsrc netip.Addr
	metric  uint32 // RTA_PRIORITY
	expires int64  // rta_expires of RTA_CACHEINFO: USER_HZ ticks left, 0 = none
	metrics [fib6.RTAX_MAX + 1]uint32
	locks   uint32 // RTAX_LOCK
	iif     int    // RTA_IIF; 0 without
	pref    uint32 // RTA_PREF (ICMPV6_ROUTER_PREF_*)
}

// newRouteMsg fills what every message about rt carries, with mtu as
// its RTAX_MTU (the route's, or the dst's own).
func newRouteMsg(rt *fib6.Info, mtu uint32) *routeMsg {
	m := &routeMsg{typ: rt.Type, proto: rt.Protocol, metric: rt.Metric,
		pref: (rt.Flags & fib6.RTF_PREF_MASK) >> 27}
	if rt.Table != nil {
		m.table = rt.Table.ID
	}
	if x := rt.Extra; x != nil {
		m.prefsrc, m.metrics, m.locks = x.PrefSrc, x.Metrics, x.Locks
	}
	m.metrics[fib6.RTAX_MTU] = mtu
	return m
}

// fibRouteMsg models rt6_fill_node without a dst: a route of a dump or
// a fibmatch answer (iif: RTA_IIF, 0 without). A route using a nexthop
// object carries its id, and its paths as rt6_fill_node_nexthop puts
// them (a blackhole object makes the type blackhole).
func fibRouteMsg(ns *netns.Netns, rt *fib6.Info, iif int) *routeMsg {
	m := newRouteMsg(rt, rt.Metric_(fib6.RTAX_MTU))
	m.typ, m.dst, m.nhid, m.iif = ns.ResultType(rt), rt.Prefix(), rt.NHID(), iif
	if m.hops = multipathHops(ns, rt); m.hops == nil {
		m.hop = rt.NH
	}
	m.expires = expiresTicks(ns, rt.HasExpires(), rt.Expires)
	return m
}

// cachedRouteMsg models rt6_fill_node for exception e of rt, as a dump
// with RTM_F_CLONED lists it: its /128, gateway, device, MTU and expiry
// with the route's other attributes.
func cachedRouteMsg(ns *netns.Netns, rt *fib6.Info, e *dst.Entry) *routeMsg {
	m := newRouteMsg(rt, 0)
	m.dst = netip.PrefixFrom(e.Dst, 128)
	m.hop = fib6.Nexthop{Dev: e.Dev, Lwt: rt.NH.Lwt}
	m.setException(ns, e)
	return m
}

// getRouteMsg models rt6_fill_node for the dst a get of r returns (iif:
// RTA_IIF of an input lookup, 0 for an output one): rt's copy through
// hop, the path the flow hashed to (no expiry, no nexthop flags: a dst
// carries neither; the copy of a local route, or of an anycast route the
// kernel made (RTF_ANYCAST; one added as `anycast` has no such flag), is
// through lo), or its exception for the destination. RTA_PREFSRC is the
// route's, or for an output lookup the source selection picks. RTA_PREF
// is from flags, those of the route the lookup matched before the path
// was chosen (fib6_result.fib6_flags).
func getRouteMsg(ns *netns.Netns, rt *fib6.Info, hop fib6.Nexthop, flags uint32, r *getRequest, iif int) *routeMsg {
	m := newRouteMsg(rt, rt.Metric_(fib6.RTAX_MTU))
	m.pref = (flags & fib6.RTF_PREF_MASK) >> 27
	m.dst, m.from, m.iif = netip.PrefixFrom(r.dst, 128), netip.IPv6Unspecified(), iif
	if r.from.IsValid() {
		m.from = r.from.Addr()
	}
	m.hop = fib6.Nexthop{Dev: hop.Dev, Gw: hop.Gw, Lwt: rt.NH.Lwt}
	if rt.Type == fib6.RTN_LOCAL || rt.Flags&fib6.RTF_ANYCAST != 0 {
		m.hop.Dev = ns.Dev("lo").Index // ip6_rt_get_dev_rcu
	}
	m.prefsrc = getSource(ns, rt, r.dst, iif == 0)
	if e := exceptionFor(rt, r.dst); e != nil {
		m.setException(ns, e)
	}
	return m
}

// setException makes m about exception e: RTM_F_CLONED, with the
// exception's gateway (only with RTF_GATEWAY), MTU and expiry.
func (m *routeMsg) setException(ns *netns.Netns, e *dst.Entry) {
	m.cloned = true
	m.hop.Gw = fib6.Gateway{}
	if e.RtFlags&fib6.RTF_GATEWAY != 0 {
		m.hop.Gw = fib6.GatewayOf(e.Gateway)
	}
	m.metrics[fib6.RTAX_MTU] = e.MTU
	m.expires = expiresTicks(ns, e.RtFlags&fib6.RTF_EXPIRES != 0, e.Expires)
}

// expiresTicks models rtnl_put_cacheinfo: the time left until expires
// (jiffies) in USER_HZ ticks, truncated, sign kept, clamped to INT_MAX.
func expiresTicks(ns *netns.Netns, hasExpires bool, expires int64) int64 {
	if !hasExpires {
		return 0
	}
	left := expires - ns.Now()
	ticks := min(max(left, -left)*userHZ/ns.HZ, 1<<31-1)
	if left < 0 {
		return -ticks
	}
	return ticks
}

// exceptionFor returns rt's live exception for daddr, or nil: from its
// own fib6_nh, or from the first path of its nexthop object that has one
// (a group's paths are taken in order, not by the flow's hash).
func exceptionFor(rt *fib6.Info, daddr netip.Addr) *dst.Entry {
	for _, nh := range dst.PathsOf(rt) {
		if e := nh.Lookup(daddr); e != nil {
			return e
		}
	}
	return nil
}

// getSource is the src of a get answer: the route's preferred source, or
// for an output lookup the address source selection picks.
func getSource(ns *netns.Netns, rt *fib6.Info, daddr netip.Addr, output bool) netip.Addr {
	if rt.Extra != nil && rt.Extra.PrefSrc.IsValid() {
		return rt.Extra.PrefSrc
	}
	if !output {
		return netip.Addr{}
	}
	a, _ := ns.SourceAddr(daddr, ns.DevByIndex(rt.NH.Dev))
	return a
}

// multipathHops returns the hops of a route's RTA_MULTIPATH, in order:
// an ECMP route's members, or the members of the group a route uses
// (nexthop_mpath_fill_node, with their group weights); nil for a
// single-path route.
func multipathHops(ns *netns.Netns, rt *fib6.Info) []fib6.Nexthop {
	if nh := ns.NexthopByID(rt.NHID()); nh != nil {
		var hops []fib6.Nexthop
		for _, m := range nh.Group {
			h := m.NH.Hop
			h.Weight = m.Weight
			hops = append(hops, h)
		}
		return hops
	}
	sibs := rt.Siblings()
	if len(sibs) == 0 {
		return nil
	}
	hops := []fib6.Nexthop{rt.NH}
	for _, s := range sibs {
		hops = append(hops, s.NH)
	}
	return hops
}
