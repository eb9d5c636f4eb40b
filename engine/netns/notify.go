package netns

import (
	"net/netip"

	"fib6lab/engine/dst"
	"fib6lab/engine/fib6"
	"fib6lab/engine/trace"
)

// This file models what the inet6addr and netdevice notifiers do to the
// routes (net/ipv6/route.c, net/ipv6/addrconf.c): rt6_remove_prefsrc
// when an address is deleted, rt6_sync_down_dev / fib6_ifdown and
// addrconf_ifdown when a device goes down, stops IPv6 or is
// unregistered, rt6_mtu_change when its MTU changes, and fib6_is_reject,
// which turns routes through lo into reject routes.

// chkAddr models ipv6_chk_addr(net, a, dev, 0): a is an address of the
// namespace that is not tentative, on dev itself or, unless it has link
// or host scope, on any device (any device at all when dev is nil).
func (ns *Netns) chkAddr(a netip.Addr, dev *Device) bool {
	for _, d := range ns.devs {
		ifa := d.Addr(a)
		if ifa != nil && !ifa.Tentative && (dev == nil || d == dev || ifa.Scope() == "global") {
			return true
		}
	}
	return false
}

// removePrefsrc models rt6_remove_prefsrc after address a was deleted
// (ipv6_del_addr): every route of every table whose preferred source is
// a loses it, unless ipv6_chk_addr still finds a for the route's device.
// Routes using nexthop objects are left alone, as fib6_remove_prefsrc
// does.
func (ns *Netns) removePrefsrc(a netip.Addr) {
	for _, t := range ns.FIB.Tables() {
		for _, rt := range t.Dump() {
			if rt.Extra != nil && rt.Extra.PrefSrc == a && rt.NHID() == 0 && !ns.chkAddr(a, ns.DevByIndex(rt.NH.Dev)) {
				rt.Extra.PrefSrc = netip.Addr{}
			}
		}
	}
}

// syncDownDev models rt6_sync_down_dev (fib6_clean_all with fib6_ifdown)
// for d going down or, with unregister, being unregistered: on
// unregister every route through d is deleted, a multipath group losing
// just those hops; on down single-path routes are deleted and multipath
// hops marked dead (nexthopDown).
func (ns *Netns) syncDownDev(d *Device, unregister bool) {
	for _, rt := range ns.routesOn(d) {
		switch {
		case rt.Node() == nil: // already gone with its ECMP group
		case unregister:
			rt.Table.Del(rt)
		default:
			ns.nexthopDown(rt, d)
		}
	}
}

// ifdown models addrconf_ifdown(d, unregister): the routes through d go
// (rt6_disable_ip), then its addresses, except, when d only goes down
// with IPv6 enabled and keep_addr_on_down applies, its permanent
// (IFA_F_PERMANENT) addresses that are neither link-local nor loopback: those stay,
// tentative again unless nodad, without their routes until the device
// is up again (fixupPermanentAddr). Preferred sources are not cleared.
func (ns *Netns) ifdown(d *Device, unregister bool) {
	ns.syncDownDev(d, unregister)
	keep := !unregister && d.DisableIPv6() == 0 && ns.KeepAddrOnDown(d)
	var kept []*Addr
	for _, ifa := range d.Addrs {
		ns.clock.del(&ifa.dad)
		a := ifa.Prefix.Addr()
		if keep && ifa.Permanent && !a.IsLinkLocalUnicast() && !a.IsLoopback() {
			ifa.Tentative = !ifa.NoDAD
			kept = append(kept, ifa)
		}
	}
	d.Addrs, d.anycast = kept, nil // kept or not, addresses leave their anycast addresses
}

// fixupPermanentAddr models fixup_permanent_addr on NETDEV_UP for an
// address that was configured while the device was down or kept over a
// down (permanent addresses only): its prefix route comes back unless
// noprefixroute, then its local route (and anycast address on a
// forwarding device), which the DAD work inserts from a worker, unless
// it is tentative (DAD adds it then) or still there.
func (ns *Netns) fixupPermanentAddr(d *Device, ifa *Addr) {
	if !ifa.Permanent { // addrconf_permanent_addr: IFA_F_PERMANENT only
		return
	}
	ifa.DADFailed = false // a failed address is tentative and gets DAD again (addrconf_dad_start)
	ns.addPrefixRoute(d, ifa)
	host := netip.PrefixFrom(ifa.Prefix.Addr(), 128)
	if !ifa.Tentative && ns.kernelRoute(fib6.RT_TABLE_LOCAL, host, d, 0) == nil {
		// the DAD work (addrconf_dad_start) completes it, in a worker
		defer ns.FIB.Trace.Enter(trace.CtxWorker)()
		ns.addrUsable(d, ifa)
	}
}

// changeMTU models addrconf_notify(NETDEV_CHANGEMTU) for d's new MTU:
// with IPv6 on the device and the MTU at least IPV6_MIN_MTU, the routes
// through it follow (rt6MTUChange) and the MTU becomes its IPv6 MTU;
// without IPv6 and an MTU large enough, IPv6 starts afresh
// (ipv6_add_dev: default settings, then as NETDEV_UP); below
// IPV6_MIN_MTU, IPv6 stops (stopIPv6).
func (ns *Netns) changeMTU(d *Device) {
	switch {
	case d.MTU < ipv6MinMTU:
		ns.stopIPv6(d)
	case d.HasIPv6():
		ns.rt6MTUChange(d)
		d.Conf[confMTU6] = int64(d.MTU)
	default:
		ns.newDevConf(d)
		ns.syncIPv6(d, false)
	}
}

// stopIPv6 models addrconf_ifdown for an MTU below IPV6_MIN_MTU: a
// device is unregistered from IPv6 (its routes, multipath hops included,
// its addresses and its inet6_dev go, so its net.ipv6.conf directory
// too); the loopback device only goes down as far as IPv6 goes, keeping
// its inet6_dev and staying up for addrconf, so that IPv6 comes back on
// the next down and up, not with a larger MTU.
func (ns *Netns) stopIPv6(d *Device) {
	if d.Kind == KindLoopback {
		ns.ifdown(d, false)
		return
	}
	if !d.HasIPv6() {
		return
	}
	ns.addrconfDown(d, true)
	d.Conf = nil
}

// rt6MTUChange models rt6_mtu_change(d, mtu) with fib6_nh_mtu_change:
// every route through d (by its own nexthop or by a path of its nexthop
// object) whose MTU metric is not locked takes the new MTU when its
// metric is at least that large, or, on a raise, equal to the device's
// former IPv6 MTU (an unset metric stays unset); so do the PMTU
// exceptions of those paths (rt6_exceptions_update_pmtu). Traced as an
// operation (trace.OpMTUChange) with a RouteMTU event per route changed;
// the walk over every route (fib6_clean_all) is not traced.
func (ns *Netns) rt6MTUChange(d *Device) {
	mtu, old := uint32(d.MTU), uint32(d.IPv6MTU())
	follows := func(v uint32) bool { return v != 0 && (v >= mtu || v == old) }
	tr, root := ns.FIB.Trace, uint32(0)
	if t := ns.FIB.Table(fib6.RT_TABLE_MAIN); t != nil {
		root = t.Root().ID
	}
	tr.Emit(trace.Event{Kind: trace.OpBegin, Node: root, Val: int64(trace.OpMTUChange)})
	defer tr.Emit(trace.Event{Kind: trace.OpEnd})
	for _, t := range ns.FIB.Tables() {
		ns.FIB.Trace = nil
		routes := t.Dump()
		ns.FIB.Trace = tr
		for _, rt := range routes {
			through, paths := ns.pathsThrough(rt, d)
			if !through || rt.Extra != nil && rt.Extra.Locks&(1<<fib6.RTAX_MTU) != 0 {
				continue
			}
			if follows(rt.Metric_(fib6.RTAX_MTU)) {
				rt.SetMetric(fib6.RTAX_MTU, mtu)
				tr.Emit(trace.Event{Kind: trace.RouteMTU, Node: rt.Node().ID, Route: rt.ID, Val: int64(mtu)})
			}
			for _, nh := range paths {
				for _, e := range nh.Dump() {
					if follows(e.MTU) {
						e.MTU = mtu
					}
				}
			}
		}
	}
}

// pathsThrough reports whether rt goes through d, by its own fib6_nh or
// by a path of its nexthop object, and returns the dst states of those
// paths that have one.
func (ns *Netns) pathsThrough(rt *fib6.Info, d *Device) (bool, []*dst.Nexthop) {
	if rt.NHID() == 0 {
		if rt.NH.Dev != d.Index {
			return false, nil
		}
		if nh := dst.NexthopOf(rt); nh != nil {
			return true, []*dst.Nexthop{nh}
		}
		return true, nil
	}
	through, paths := false, []*dst.Nexthop(nil)
	for _, p := range ns.NexthopByID(rt.NHID()).Paths() {
		if p.Hop.Dev != d.Index {
			continue
		}
		through = true
		if p.path != nil {
			paths = append(paths, p.path)
		}
	}
	return through, paths
}

// fib6IsReject models fib6_is_reject: a reject route type, or a route
// through the loopback device to a destination other than ::1 that is
// not a local route. ip6_route_info_create then overwrites the route's
// flags with RTF_REJECT | RTF_NONEXTHOP, which drops its expiry and its
// router preference (the route type stays what it was).
func fib6IsReject(c *RouteConfig, dev *Device) bool {
	if isReject(c.Type) {
		return true
	}
	return dev != nil && dev.Kind == KindLoopback && c.Dst.Addr() != netip.IPv6Loopback() && c.Type != fib6.RTN_LOCAL
}
