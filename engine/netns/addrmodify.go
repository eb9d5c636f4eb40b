package netns

import (
	"fib6lab/engine/fib6"
)

// ChangeAddr models inet6_rtm_newaddr with NLM_F_REPLACE (`ip -6 addr
// change|replace P dev D [nodad] [noprefixroute] [metric N]`): an
// address the device does not have is added as AddAddrWith adds it (the
// kernel does so even without NLM_F_CREATE); one it has (matched by
// address, whatever the prefix length) is modified as inet6_addr_modify
// does: its nodad and noprefixroute flags become the request's, its
// metric changes when the request gives one (not 0), and its prefix
// route follows: moved to the new metric, made when the address had
// none, or removed for noprefixroute unless another address of the
// device has the same prefix. The local route and DAD state stay. Errors: AddAddrWith's.
func (ns *Netns) ChangeAddr(d *Device, req *Addr) error {
	ifa := d.Addr(req.Prefix.Addr())
	if ifa == nil {
		return ns.AddAddrWith(d, req)
	}
	hadPrefixRoute := !ifa.NoPrefixRoute
	ifa.NoDAD, ifa.NoPrefixRoute = req.NoDAD, req.NoPrefixRoute
	if req.Metric != 0 {
		ifa.Metric = req.Metric
	}
	switch {
	case !ifa.NoPrefixRoute && hadPrefixRoute:
		ns.modifyPrefixRoute(d, ifa)
	case !ifa.NoPrefixRoute:
		ns.addPrefixRoute(d, ifa) // an identical route stays as it is
	case hadPrefixRoute && !ns.prefixNeeded(d, ifa):
		if rt := ns.prefixRoute(d, ifa); rt != nil {
			rt.Table.Del(rt)
		}
	}
	return nil
}

// modifyPrefixRoute models modify_prefix_route, with its fallback in
// inet6_addr_modify: the device's prefix route for the address moves to
// the address's metric (deleted and added again, as fib6 cannot change
// a metric in place); when there is none, it is made.
func (ns *Netns) modifyPrefixRoute(d *Device, ifa *Addr) {
	rt := ns.prefixRoute(d, ifa)
	if rt != nil && rt.Metric == ifa.prefixMetric() {
		return
	}
	if rt != nil {
		rt.Table.Del(rt)
	}
	ns.addPrefixRoute(d, ifa)
}

// prefixRoute models addrconf_get_prefix_route for an address as
// modify_prefix_route and cleanup_prefix_route call it: the first route
// of table main for its prefix with a fib6_nh of its own (no nexthop
// object) through d, without a gateway and without RTF_DEFAULT, or nil.
func (ns *Netns) prefixRoute(d *Device, ifa *Addr) *fib6.Info {
	t := ns.FIB.Table(fib6.RT_TABLE_MAIN)
	p := ifa.Prefix.Masked()
	fn := t.Locate(fib6.KeyOf(p.Addr()), uint8(p.Bits()), true)
	if fn == nil {
		return nil
	}
	for _, rt := range t.Routes(fn) {
		if rt.NHID() == 0 && rt.NH.Dev == d.Index && !rt.NH.Gw.IsValid() && rt.Flags&fib6.RTF_DEFAULT == 0 {
			return rt
		}
	}
	return nil
}

// prefixNeeded models check_cleanup_prefix_route: another address of d
// with the same prefix and length, which here is always permanent, keeps
// the route.
func (ns *Netns) prefixNeeded(d *Device, ifa *Addr) bool {
	for _, other := range d.Addrs {
		if other != ifa && other.Prefix.Masked() == ifa.Prefix.Masked() {
			return true
		}
	}
	return false
}
