package netns

import (
	"net/netip"

	"fib6lab/engine/errno"
	"fib6lab/engine/fib6"
	"fib6lab/engine/lwtunnel"
)

// NH is one nexthop of a route request (struct rtnexthop / fib6_config
// gateway and device): Dev is an ifindex (0 = none), Weight the ECMP
// weight (iproute2 `weight`, 1 if 0), Onlink the RTNH_F_ONLINK flag.
type NH struct {
	Gw     netip.Addr
	Dev    int
	Weight uint32
	Onlink bool
}

// RouteConfig models struct fib6_config as RTM_NEWROUTE/RTM_DELROUTE fill
// it: table id (0 = main), destination, route type, protocol, metric (0 =
// unset: 1024 on add, any on delete), expiry in seconds (HasExpires; the
// value 0xffffffff means infinite), router preference (fib6 Pref*),
// preferred source, RTAX metrics and their locks, the nexthops (more than
// one = multipath) and the netlink request flags.
type RouteConfig struct {
	Table      uint32
	Dst        netip.Prefix
	Type       uint8
	Protocol   uint8
	Metric     uint32
	HasExpires bool
	Expires    uint32
	Pref       uint8
	PrefSrc    netip.Addr
	Metrics    map[int]uint32
	Locks      uint32
	Nexthops   []NH
	NLFlags    uint16
	// Multipath is set when the nexthops came in RTA_MULTIPATH (iproute2
	// `nexthop ...`), even a single one.
	Multipath bool
	// EncapType and Encap are RTA_ENCAP_TYPE and the parsed RTA_ENCAP
	// (e.g. *ila.Attrs); EncapType 0 = no encap.
	EncapType lwtunnel.EncapType
	Encap     any
}

// Errors of ip6_route_info_create / ip6_validate_gw with their extack text.
var (
	errNoEgress      = errno.WithMsg(errno.EINVAL, "Egress device not specified")
	errGwLocal       = errno.WithMsg(errno.EINVAL, "Gateway can not be a local address")
	errDevNotUp      = errno.WithMsg(errno.ENETDOWN, "Nexthop device is not up")
	errDevNoIPv6     = errno.WithMsg(errno.EACCES, "IPv6 is disabled on nexthop device")
	errOnlinkNoDev   = errno.WithMsg(errno.EINVAL, "Nexthop device required for onlink")
	errInvalidGw     = errno.WithMsg(errno.EINVAL, "Invalid gateway address")
	errEgressLo      = errno.WithMsg(errno.EINVAL, "Egress device can not be loopback device for this route")
	errOnlinkGw      = errno.WithMsg(errno.EINVAL, "Nexthop has invalid gateway or device mismatch")
	errBadPrefSrc    = errno.WithMsg(errno.EINVAL, "Invalid source address")
	errNoTable       = errno.WithMsg(errno.ESRCH, "FIB table does not exist")
	errMultipathDev  = errno.WithMsg(errno.EINVAL, "Device only routes can not be added for IPv6 using the multipath API")
	infiniteLifetime = uint32(0xffffffff)
)

// RouteAdd models inet6_rtm_newroute: ip6_route_add for one nexthop, or
// ip6_route_multipath_add (the first hop with the request's flags, the
// others with CREATE only, all undone if one fails). Each hop is
// validated (device up and IPv6-enabled, gateway on-link and not local,
// prefsrc local) before anything is inserted. Errors carry the kernel's
// errno and extack.
func (ns *Netns) RouteAdd(c *RouteConfig) error {
	hops := c.Nexthops
	if len(hops) == 0 {
		hops = []NH{{}}
	}
	if ns.FIB.Stats.FibRtEntries+len(hops) > ns.maxRoutes() {
		return errno.ENOMEM
	}
	if err := ns.validEncap(c); err != nil {
		return err
	}
	var rts []*fib6.Info
	for _, h := range hops {
		rt, err := ns.routeInfoCreate(c, h)
		if err == nil && c.Multipath && !h.Gw.IsValid() && !isReject(c.Type) {
			fib6.ReleaseLwt(rt)
			err = errMultipathDev
		}
		if err != nil {
			ns.releaseUnlinked(rts)
			return err
		}
		rts = append(rts, rt)
	}
	if c.Multipath && duplicateHops(rts) {
		ns.releaseUnlinked(rts)
		return errno.EEXIST
	}
	flags := c.NLFlags
	for i, rt := range rts {
		if err := ns.AddRoute(c.Table, rt, flags); err != nil {
			for _, done := range rts[:i] {
				done.Table.Del(done)
			}
			ns.releaseUnlinked(rts[i:])
			return err
		}
		flags = flags&^(fib6.NLM_F_EXCL|fib6.NLM_F_REPLACE) | fib6.NLM_F_CREATE
	}
	return nil
}

// validEncap models lwtunnel_valid_encap_type as rtm_to_fib6_config runs
// it on RTA_ENCAP_TYPE, before anything else of the request.
func (ns *Netns) validEncap(c *RouteConfig) error {
	if c.EncapType == lwtunnel.EncapNone && c.Encap == nil {
		return nil
	}
	return ns.Dst.Encaps.ValidEncapType(c.EncapType)
}

// releaseUnlinked models fib6_info_release of routes a failed request
// built but did not link: their lwtunnel states are put.
func (ns *Netns) releaseUnlinked(rts []*fib6.Info) {
	for _, rt := range rts {
		fib6.ReleaseLwt(rt)
	}
}

// buildEncap models the lwtunnel part of fib_nh_common_init: the encap
// type's build_state for the request, the nexthop keeping one reference.
func (ns *Netns) buildEncap(rt *fib6.Info, c *RouteConfig) error {
	if c.EncapType == lwtunnel.EncapNone {
		return nil
	}
	s, err := ns.Dst.Encaps.BuildState(c.EncapType, &lwtunnel.Config{Family: lwtunnel.AFInet6, Dst: c.Dst, Encap: c.Encap})
	if err != nil {
		return err
	}
	rt.NH.Lwt = s.Hold()
	return nil
}

// duplicateHops models ip6_route_info_append's check: a multipath
// request naming the same nexthop (gateway and device) twice fails with
// EEXIST before anything is inserted.
func duplicateHops(rts []*fib6.Info) bool {
	seen := map[fib6.Nexthop]bool{}
	for _, rt := range rts {
		k := fib6.Nexthop{Gw: rt.NH.Gw, Dev: rt.NH.Dev}
		if seen[k] {
			return true
		}
		seen[k] = true
	}
	return false
}

// DefaultMaxRoutes is the number of routes (fib6_info entries linked in
// any table, rt6_stats fib_rt_entries) a namespace holds at most unless
// Netns.MaxRoutes says otherwise: 1,000,000, six times the full IPv6
// table. Linux has no such limit; RouteAdd past it fails with ENOMEM, as
// an allocation failure would, which iproute2 prints as "RTNETLINK
// answers: Cannot allocate memory".
const DefaultMaxRoutes = 1_000_000

func (ns *Netns) maxRoutes() int {
	if ns.MaxRoutes > 0 {
		return ns.MaxRoutes
	}
	return DefaultMaxRoutes
}

// routeInfoCreate models ip6_route_info_create for one nexthop.
func (ns *Netns) routeInfoCreate(c *RouteConfig, h NH) (*fib6.Info, error) {
	rt := ns.FIB.NewInfo()
	p := c.Dst.Masked()
	rt.Dst, rt.DstLen = fib6.KeyOf(p.Addr()), uint8(p.Bits())
	rt.Type, rt.Protocol, rt.Metric = c.Type, c.Protocol, c.Metric
	if rt.Metric == 0 {
		rt.Metric = fib6.IP6_RT_PRIO_USER
	}
	rt.Flags = fib6.RTF_UP | uint32(c.Pref)<<27
	if c.Pref != fib6.PrefLow && c.Pref != fib6.PrefHigh {
		rt.Flags = fib6.RTF_UP
	}
	if h.Weight > 0 {
		rt.NH.Weight = h.Weight
	}
	if isReject(c.Type) {
		rt.Flags |= fib6.RTF_REJECT | fib6.RTF_NONEXTHOP
		rt.NH.Dev = 1
		return rt, nil
	}
	if err := ns.setNexthop(rt, c, h); err != nil {
		return nil, err
	}
	if err := ns.buildEncap(rt, c); err != nil {
		return nil, err
	}
	if c.HasExpires && c.Expires != infiniteLifetime {
		rt.SetExpires(ns.clock.now + int64(c.Expires)*ns.HZ)
	}
	if c.PrefSrc.IsValid() {
		if ns.addrOwner(c.PrefSrc) == nil {
			fib6.ReleaseLwt(rt)
			return nil, errBadPrefSrc
		}
		rt.Extra = &fib6.Extra{PrefSrc: c.PrefSrc}
	}
	for i, v := range c.Metrics {
		rt.SetMetric(i, capMetric(i, v))
	}
	if c.Locks != 0 {
		if rt.Extra == nil {
			rt.Extra = &fib6.Extra{}
		}
		rt.Extra.Locks = c.Locks
	}
	return rt, nil
}

// capMetric models the clamps of ip_metrics_convert: an MTU above
// IP6_MAX_MTU less a 15-byte margin and an advmss above 65535 less the
// IPv6 and TCP headers are cut down.
func capMetric(i int, v uint32) uint32 {
	const maxMTU, maxAdvmss = 65535 - 15, 65535 - 40
	switch {
	case i == fib6.RTAX_MTU && v > maxMTU:
		return maxMTU
	case i == fib6.RTAX_ADVMSS && v > maxAdvmss:
		return maxAdvmss
	}
	return v
}

func isReject(typ uint8) bool {
	switch typ {
	case fib6.RTN_BLACKHOLE, fib6.RTN_UNREACHABLE, fib6.RTN_PROHIBIT, fib6.RTN_THROW:
		return true
	}
	return false
}

// setNexthop models fib6_nh_init with ip6_validate_gw: it resolves the
// output device (from the gateway's on-link route when not given) and
// checks it.
func (ns *Netns) setNexthop(rt *fib6.Info, c *RouteConfig, h NH) error {
	dev := ns.DevByIndex(h.Dev)
	if h.Onlink && dev == nil {
		return errOnlinkNoDev
	}
	if h.Gw.IsValid() {
		rt.Flags |= fib6.RTF_GATEWAY
		rt.NH.Gw = h.Gw
		var err error
		if dev, err = ns.validateGw(c, h, dev); err != nil {
			return err
		}
	}
	if dev == nil {
		return errno.ENODEV
	}
	if dev.DisableIPv6() != 0 {
		return errDevNoIPv6
	}
	if !dev.Up {
		return errDevNotUp
	}
	rt.NH.Dev = dev.Index
	if h.Onlink {
		rt.NH.Flags |= fib6.RTNH_F_ONLINK
	}
	setLinkdown(rt, !dev.Carrier())
	return nil
}

// validateGw models ip6_validate_gw: with a device given, the gateway
// must not be a local address (for a link-local gateway: one of that
// device); a gateway that is not link-local must be unicast (not :: nor
// multicast) and reached as ip6_route_check_nh_onlink or
// ip6_route_check_nh require, which may pick the device; the device
// must then exist and not be the loopback, and without a device given
// the gateway must not be local to the one found.
func (ns *Netns) validateGw(c *RouteConfig, h NH, dev *Device) (*Device, error) {
	gw := h.Gw
	ll := gw.IsLinkLocalUnicast()
	given := dev != nil
	if given && ns.gwLocal(gw, dev, ll) {
		return nil, errGwLocal
	}
	if !ll {
		if gw.IsUnspecified() || gw.IsMulticast() {
			return nil, errInvalidGw
		}
		var err error
		if h.Onlink {
			err = ns.checkNhOnlink(gw, dev)
		} else {
			dev, err = ns.checkNh(c, gw, dev)
		}
		if err != nil {
			return nil, err
		}
	}
	switch {
	case dev == nil:
		return nil, errNoEgress
	case dev.Kind == KindLoopback:
		return nil, errEgressLo
	case !given && ns.gwLocal(gw, dev, ll):
		return nil, errGwLocal
	}
	return dev, nil
}

// gwLocal models ipv6_chk_addr_and_flags for a gateway: a link-local one
// is local when dev has it, another when any device has it.
func (ns *Netns) gwLocal(gw netip.Addr, dev *Device, ll bool) bool {
	if ll {
		return dev.Addr(gw) != nil
	}
	return ns.addrOwner(gw) != nil
}

// checkNh models ip6_route_check_nh: the gateway must be reached by a
// route without a gateway that is not a reject route, through dev when
// one is given; it returns the device found. Error: EHOSTUNREACH.
func (ns *Netns) checkNh(c *RouteConfig, gw netip.Addr, dev *Device) (*Device, error) {
	res, _, err := ns.lookup(gw, c.Table, fib6.Flow{})
	if err != nil || res.NH.Gw.IsValid() || res.Flags&fib6.RTF_REJECT != 0 {
		return nil, errno.EHOSTUNREACH
	}
	if dev != nil && res.NH.Dev != dev.Index {
		return nil, errno.EHOSTUNREACH
	}
	return ns.DevByIndex(res.NH.Dev), nil
}

// checkNhOnlink models ip6_route_check_nh_onlink: a route of table main
// that matches the gateway (other than a reject route or one for the
// unspecified prefix, such as the default route) must be a unicast route
// through dev. Error: EINVAL "Nexthop has invalid gateway or device
// mismatch".
func (ns *Netns) checkNhOnlink(gw netip.Addr, dev *Device) error {
	rt := ns.FIB.Table(fib6.RT_TABLE_MAIN).LookupFlow(fib6.KeyOf(gw), fib6.Flow{})
	if rt == ns.FIB.NullEntry || rt.Flags&fib6.RTF_REJECT != 0 || rt.Dst == (fib6.Key{}) {
		return nil
	}
	if rt.Type != fib6.RTN_UNICAST || rt.NH.Dev != dev.Index {
		return errOnlinkGw
	}
	return nil
}

// addrOwner returns the device holding address a, or nil.
func (ns *Netns) addrOwner(a netip.Addr) *Device {
	for _, d := range ns.devs {
		if d.Addr(a) != nil {
			return d
		}
	}
	return nil
}

// RouteDel models inet6_rtm_delroute / ip6_route_del: in the exact node
// for the prefix, the first route (lowest metric) matching every given
// selector (metric, protocol, type, device, gateway) is deleted; without a
// gateway its whole ECMP group goes. A multipath request deletes each
// listed hop. Errors: ESRCH when nothing matches, ESRCH with extack "FIB
// table does not exist", ENOENT for ::/0 when the root holds no route;
// first, as for an add, EOPNOTSUPP for an encap type without ops.
func (ns *Netns) RouteDel(c *RouteConfig) error {
	if err := ns.validEncap(c); err != nil {
		return err
	}
	hops := c.Nexthops
	if len(hops) == 0 {
		hops = []NH{{}}
	}
	var err error
	for _, h := range hops {
		if e := ns.routeDelOne(c, h, len(c.Nexthops) > 1); e != nil {
			err = e
		}
	}
	return err
}

func (ns *Netns) routeDelOne(c *RouteConfig, h NH, multipath bool) error {
	t := ns.FIB.Table(c.Table)
	if t == nil {
		return errNoTable
	}
	p := c.Dst.Masked()
	fn := t.Locate(fib6.KeyOf(p.Addr()), uint8(p.Bits()), true)
	if fn == nil {
		return errno.ESRCH
	}
	for _, rt := range t.Routes(fn) {
		if !delMatches(rt, c, h) {
			continue
		}
		if !h.Gw.IsValid() && !multipath {
			for _, sib := range rt.Siblings() {
				t.Del(sib)
			}
		}
		return t.Del(rt) // ENOENT for the null entry of an empty root
	}
	return errno.ESRCH
}

func delMatches(rt *fib6.Info, c *RouteConfig, h NH) bool {
	switch {
	case c.Metric != 0 && c.Metric != rt.Metric,
		c.Protocol != 0 && c.Protocol != rt.Protocol,
		h.Dev != 0 && h.Dev != rt.NH.Dev,
		h.Gw.IsValid() && h.Gw != rt.NH.Gw:
		return false
	}
	return true
}

// Policy rule tables of a fresh namespace, in priority order
// (0: lookup local, 32766: lookup main).
var ruleTables = []uint32{fib6.RT_TABLE_LOCAL, fib6.RT_TABLE_MAIN}

// Lookup models fib6_rule_lookup + ip6_pol_route for destination daddr:
// the rule tables in order, a throw route moving on to the next rule. It
// returns the route and its table, or the errno the kernel's dst carries:
// EHOSTUNREACH (unreachable), EACCES (prohibit), EINVAL (blackhole),
// ENETUNREACH (no route).
func (ns *Netns) Lookup(daddr netip.Addr) (*fib6.Info, *fib6.Table, error) {
	return ns.lookup(daddr, 0, fib6.Flow{})
}

// LookupFlow is Lookup for a flow with an interface (`ip -6 route get
// ... oif|iif DEV`).
func (ns *Netns) LookupFlow(daddr netip.Addr, fl fib6.Flow) (*fib6.Info, *fib6.Table, error) {
	return ns.lookup(daddr, 0, fl)
}

// lookup is Lookup, first trying table first (when not 0 or main), as
// ip6_nh_lookup_table does for gateways of routes in other tables.
func (ns *Netns) lookup(daddr netip.Addr, first uint32, fl fib6.Flow) (*fib6.Info, *fib6.Table, error) {
	ids := ruleTables
	if first != 0 && first != fib6.RT_TABLE_MAIN {
		ids = append([]uint32{first}, ids...)
	}
	for _, id := range ids {
		t := ns.FIB.Table(id)
		if t == nil {
			continue
		}
		rt := t.LookupFlow(fib6.KeyOf(daddr), fl)
		if rt == ns.FIB.NullEntry || rt.Type == fib6.RTN_THROW {
			continue
		}
		if err := rejectErr(rt.Type); err != nil {
			return rt, t, err
		}
		return rt, t, nil
	}
	return nil, nil, errno.ENETUNREACH
}

func rejectErr(typ uint8) error {
	switch typ {
	case fib6.RTN_UNREACHABLE:
		return errno.EHOSTUNREACH
	case fib6.RTN_PROHIBIT:
		return errno.EACCES
	case fib6.RTN_BLACKHOLE:
		return errno.EINVAL
	}
	return nil
}
