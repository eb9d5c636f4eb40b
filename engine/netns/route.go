package netns

import (
	"errors"
	"net/netip"

	"fib6lab/engine/errno"
	"fib6lab/engine/fib6"
	"fib6lab/engine/lwtunnel"
	"fib6lab/engine/trace"
)

// NH is one nexthop of a route request (struct rtnexthop / fib6_config
// gateway and device): Dev is an ifindex (0 = none), Weight the ECMP
// weight (iproute2 `weight`, 1 if 0), Onlink the RTNH_F_ONLINK flag.
type NH struct {
	Gw     netip.Addr
	Dev    int
	Weight uint32
	Onlink bool
	// Encap is the hop's own RTA_ENCAP_TYPE (0: none): its type is checked,
	// a delete ignores it, and a new route with one is refused
	// (ErrHopEncap).
	Encap lwtunnel.EncapType
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
	// CongCtl is the RTAX_CC_ALGO metric, a TCP congestion control
	// name (HasCongCtl: given, even empty); its lock is bit
	// fib6.RTAX_CC_ALGO of Locks.
	CongCtl    string
	HasCongCtl bool
	// Tos is rtm_tos, which IPv6 refuses unless 0.
	Tos uint8
	// Via is set when the gateway came as RTA_VIA (an IPv4 address:
	// iproute2 `via inet ADDR`), which IPv6 refuses.
	Via bool
	// Src is RTA_SRC, the source prefix (`from`); one longer than 0
	// would make a route in a subtree of the destination's node, which
	// fib6lab does not model (ErrSourceRoutes).
	Src netip.Prefix
	// NHID is RTA_NH_ID, the nexthop object the route uses (HasNHID:
	// given, even 0, which names none).
	NHID    uint32
	HasNHID bool
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
	errTos           = errno.WithMsg(errno.EINVAL, "Invalid dsfield (tos): option not available for IPv6")
	errVia           = errno.WithMsg(errno.EINVAL, "IPv6 does not support RTA_VIA attribute")
	errNHSource      = errno.WithMsg(errno.EINVAL, "Nexthops can not be used with source routing")
	infiniteLifetime = uint32(0xffffffff)
)

// RouteAdd models inet6_rtm_newroute: ip6_route_add for one nexthop, or
// ip6_route_multipath_add (the first hop with the request's flags, the
// others with CREATE only, all undone if one fails). Each hop is
// validated (device up and IPv6-enabled, gateway on-link and not local,
// prefsrc local) before anything is inserted. Errors carry the kernel's
// errno and extack; first those of the request itself (checkRequest, a
// multipath hop without a gateway: EINVAL); last ErrSourceRoutes for a
// valid route with a source prefix, which is not linked.
func (ns *Netns) RouteAdd(c *RouteConfig) error {
	if err := checkRequest(c); err != nil {
		return err
	}
	if err := ns.validHopEncaps(c); err != nil {
		return err
	}
	if c.Multipath && !hopsHaveGateways(c.Nexthops) {
		return errMultipathDev
	}
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
	if c.NHID != 0 && c.Src.Bits() > 0 {
		return errNHSource
	}
	for _, h := range c.Nexthops {
		if h.Encap != lwtunnel.EncapNone {
			return ErrHopEncap
		}
	}
	var rts []*fib6.Info
	for _, h := range hops {
		rt, err := ns.routeInfoCreate(c, h)
		if err != nil {
			ns.releaseUnlinked(rts)
			return err
		}
		rts = append(rts, rt)
	}
	if c.Src.Bits() > 0 {
		ns.releaseUnlinked(rts)
		return ErrSourceRoutes
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

// ErrSourceRoutes refuses a route with a source prefix (RTA_SRC longer
// than 0) that passed every check the kernel makes before linking it:
// Linux built with IPV6_SUBTREES would link it in a subtree of the
// destination's node, which fib6lab does not model.
var ErrSourceRoutes = errors.New("source-specific routes (from PREFIX: IPv6 subtrees) are not modelled")

// ErrHopEncap refuses a new multipath route with an encap of a hop's
// own that passed the kernel's checks of the request: fib6lab models an
// encap given before the nexthop list, which every hop takes, not one per
// hop.
var ErrHopEncap = errors.New("a nexthop's own encap is not modelled (an encap before the nexthop list applies to every hop)")

// validHopEncaps models lwtunnel_valid_encap_type_attr over RTA_MULTIPATH:
// each hop's own encap type must be one the kernel has (the reference
// kernel has SEG6, whose requests fib6lab parses only).
func (ns *Netns) validHopEncaps(c *RouteConfig) error {
	for _, h := range c.Nexthops {
		if h.Encap == lwtunnel.EncapNone || h.Encap == lwtunnel.EncapSEG6 {
			continue
		}
		if err := ns.Dst.Encaps.ValidEncapType(h.Encap); err != nil {
			return err
		}
	}
	return nil
}

// checkRequest makes the checks of rtm_to_fib6_config that come before
// the route is built: rtm_tos (EINVAL), a nexthop id beside a nexthop
// specification (EINVAL) and RTA_VIA (EINVAL).
func checkRequest(c *RouteConfig) error {
	if c.Tos != 0 {
		return errTos
	}
	if err := checkNHID(c); err != nil {
		return err
	}
	if c.Via {
		return errVia
	}
	return nil
}

// hopsHaveGateways is the check rtm_to_fib6_multipath_config makes of a
// new multipath route: every hop has a gateway, its own or the
// request's (errMultipathDev otherwise).
func hopsHaveGateways(hops []NH) bool {
	for _, h := range hops {
		if !h.Gw.IsValid() {
			return false
		}
	}
	return true
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

// routeInfoCreate models ip6_route_info_create for one nexthop. As in
// the kernel, the route's table exists from here on (fib6_new_table),
// even when the request then fails.
func (ns *Netns) routeInfoCreate(c *RouteConfig, h NH) (*fib6.Info, error) {
	ns.FIB.NewTable(c.Table)
	ca, err := congCtlKey(c)
	if err != nil {
		return nil, err
	}
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
	switch {
	case c.NHID != 0:
		if err := ns.routeWithNexthop(rt, c); err != nil {
			return nil, err
		}
	case isReject(c.Type):
		rt.NH.Dev = 1 // the loopback device
	default:
		if err := ns.setNexthop(rt, c, h); err != nil {
			return nil, err
		}
		if err := ns.buildEncap(rt, c); err != nil {
			return nil, err
		}
	}
	if c.HasExpires && c.Expires != infiniteLifetime {
		rt.SetExpires(ns.clock.now + int64(c.Expires)*ns.HZ)
	}
	if c.NHID == 0 && fib6IsReject(c, ns.DevByIndex(rt.NH.Dev)) {
		rt.Flags = fib6.RTF_REJECT | fib6.RTF_NONEXTHOP
	}
	if c.PrefSrc.IsValid() && !c.PrefSrc.IsUnspecified() { // RTA_PREFSRC :: is no source
		if !ns.chkAddr(c.PrefSrc, ns.DevByIndex(rt.NH.Dev)) {
			fib6.ReleaseLwt(rt)
			return nil, errBadPrefSrc
		}
		if rt.Extra == nil {
			rt.Extra = &fib6.Extra{}
		}
		rt.Extra.PrefSrc = c.PrefSrc
	}
	for i, v := range c.Metrics {
		rt.SetMetric(i, capMetric(i, v))
	}
	if ca != 0 {
		rt.SetMetric(fib6.RTAX_CC_ALGO, ca)
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
// checks it. A device given must have IPv6 (ENODEV without an
// inet6_dev); onlink needs a device that is up, checked before the
// gateway.
func (ns *Netns) setNexthop(rt *fib6.Info, c *RouteConfig, h NH) error {
	dev := ns.DevByIndex(h.Dev)
	switch {
	case dev != nil && !dev.HasIPv6():
		return errno.ENODEV
	case h.Onlink && dev == nil:
		return errOnlinkNoDev
	case h.Onlink && !dev.Up:
		return errDevNotUp
	}
	if h.Gw.IsValid() {
		rt.Flags |= fib6.RTF_GATEWAY
		rt.NH.Gw = fib6.GatewayOf(h.Gw)
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
			err = ns.checkNhOnlink(c, gw, dev)
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
// route without a gateway that is not a reject route (onLink), looked up
// through dev when one is given (RT6_LOOKUP_F_IFACE: the lookup passes
// over routes through other devices); first in the route's table, where
// the route must also go through dev, else through the policy rules,
// after which it must. It returns the device found. Error: EHOSTUNREACH.
func (ns *Netns) checkNh(c *RouteConfig, gw netip.Addr, dev *Device) (*Device, error) {
	fl := fib6.Flow{Strict: true}
	if dev != nil {
		fl.Oif = dev.Index
	}
	res := ns.nhLookupTable(c, gw, fl)
	if !onLink(res) || dev != nil && res.NH.Dev != dev.Index {
		fk := FlowKeys{Dst: gw}
		rt := ns.fibLookup(fk, fl)
		if rt == ns.FIB.NullEntry || !onLink(rt) {
			return nil, errno.EHOSTUNREACH
		}
		res = ns.SelectPath(rt, fl, fk)
	}
	if dev != nil && res.NH.Dev != dev.Index {
		return nil, errno.EHOSTUNREACH
	}
	return ns.DevByIndex(res.NH.Dev), nil
}

// nhLookupTable models the lookup ip6_nh_lookup_table makes for a
// gateway of request c in its table, from c's preferred source: the
// route found, or nil for none, a table that does not exist or a request
// without a table (fc_table 0: a nexthop object's, which
// ip6_route_check_nh sends straight to the policy rules).
func (ns *Netns) nhLookupTable(c *RouteConfig, gw netip.Addr, fl fib6.Flow) *fib6.Info {
	t := ns.FIB.Table(c.Table)
	if c.Table == 0 || t == nil {
		return nil
	}
	if rt := ns.tableLookup(t, FlowKeys{Dst: gw, Src: c.PrefSrc}, fl); rt != ns.FIB.NullEntry {
		return rt
	}
	return nil
}

// onLink reports whether a gateway lookup found the gateway on-link: a
// route without a gateway that is not a reject route.
func onLink(rt *fib6.Info) bool {
	return rt != nil && !rt.NH.Gw.IsValid() && rt.Flags&fib6.RTF_REJECT == 0
}

// checkNhOnlink models ip6_route_check_nh_onlink: a route of table main
// that matches the gateway (other than a reject route or one for the
// unspecified prefix, such as the default route) must be a unicast route
// through dev. Error: EINVAL "Nexthop has invalid gateway or device
// mismatch".
func (ns *Netns) checkNhOnlink(c *RouteConfig, gw netip.Addr, dev *Device) error {
	main := RouteConfig{Table: fib6.RT_TABLE_MAIN, PrefSrc: c.PrefSrc}
	rt := ns.nhLookupTable(&main, gw, fib6.Flow{Oif: dev.Index})
	if rt == nil || rt.Flags&fib6.RTF_REJECT != 0 || rt.Dst == (fib6.Key{}) {
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
	if err := checkRequest(c); err != nil {
		return err
	}
	if c.NHID != 0 && ns.NexthopByID(c.NHID) == nil {
		return errNHMissing
	}
	if err := ns.validHopEncaps(c); err != nil {
		return err
	}
	if err := ns.validEncap(c); err != nil {
		return err
	}
	hops := c.Nexthops
	if len(hops) == 0 {
		hops = []NH{{}}
	}
	var err error
	for _, h := range hops {
		if e := ns.routeDelOne(c, h); e != nil {
			err = e
		}
	}
	return err
}

// routeDelOne models ip6_route_del for one hop of the request: a
// multipath request (ip6_route_multipath_del) deletes one route per hop,
// another one without a gateway the route's whole ECMP group
// (fc_delete_all_nh). A source prefix changes nothing: fib6_locate looks
// it up in the destination node's subtree, and no node has one.
func (ns *Netns) routeDelOne(c *RouteConfig, h NH) error {
	t := ns.FIB.Table(c.Table)
	if t == nil {
		return errNoTable
	}
	p := c.Dst.Masked()
	fn := t.Locate(fib6.KeyOf(p.Addr()), uint8(p.Bits()), true)
	if fn == nil { // a source prefix is not looked for: no node has a subtree
		return errno.ESRCH
	}
	for _, rt := range t.Routes(fn) {
		if !delMatches(rt, c, h) {
			continue
		}
		if !h.Gw.IsValid() && !c.Multipath {
			for _, sib := range rt.Siblings() {
				t.Del(sib)
			}
		}
		return t.Del(rt) // ENOENT for the null entry of an empty root
	}
	return errno.ESRCH
}

// delMatches is the route test of ip6_route_del: a route using a nexthop
// object is matched on the nexthop id (when given), metric and protocol
// only; with an id given, a route with its own nexthop never matches.
func delMatches(rt *fib6.Info, c *RouteConfig, h NH) bool {
	if rt.NHID() != 0 || c.NHID != 0 {
		return rt.NHID() != 0 && (c.NHID == 0 || c.NHID == rt.NHID()) &&
			(c.Metric == 0 || c.Metric == rt.Metric) && (c.Protocol == 0 || c.Protocol == rt.Protocol)
	}
	switch {
	case c.Metric != 0 && c.Metric != rt.Metric,
		c.Protocol != 0 && c.Protocol != rt.Protocol,
		h.Dev != 0 && h.Dev != rt.NH.Dev,
		h.Gw.IsValid() && h.Gw != rt.NH.Gw.Addr():
		return false
	}
	return true
}

// Policy rule tables of a fresh namespace, in priority order
// (0: lookup local, 32766: lookup main).
var ruleTables = []uint32{fib6.RT_TABLE_LOCAL, fib6.RT_TABLE_MAIN}

// Lookup models an output route lookup (ip6_route_output:
// fib6_rule_lookup + ip6_pol_route) for destination daddr: the rule
// tables in order, a throw route moving on to the next rule. It returns
// the route and its table, or the errno the kernel's dst carries:
// EHOSTUNREACH (unreachable), EACCES (prohibit), EINVAL (blackhole),
// ENETUNREACH (no route).
func (ns *Netns) Lookup(daddr netip.Addr) (*fib6.Info, *fib6.Table, error) {
	return ns.LookupFlow(daddr, fib6.Flow{})
}

// LookupFlow is Lookup for an output flow with an interface
// (ip6_route_output with flowi6_oif).
func (ns *Netns) LookupFlow(daddr netip.Addr, fl fib6.Flow) (*fib6.Info, *fib6.Table, error) {
	return ns.lookup(FlowKeys{Dst: daddr, Iif: LoopbackIfindex}, fl)
}

// lookupInput models the lookup ip6_route_input makes for packet p that
// came in through device in (RT6_LOOKUP_F_IFACE when strict): flowi6_iif
// is in, the route selection prefers it.
func (ns *Netns) lookupInput(p Packet, in *Device, strict bool) (*fib6.Info, *fib6.Table, error) {
	fk := FlowKeys{Src: p.Src, Dst: p.Dst, Iif: in.Index, Input: true}
	return ns.lookup(fk, fib6.Flow{Oif: in.Index, Strict: strict})
}

// LookupKeys models the lookup inet6_rtm_getroute makes for `ip -6 route
// get`: LookupFlow for a flow with more keys (source address, protocol,
// ports), which the multipath hash may read to choose among the members
// of an ECMP route (SelectPath), answered by the dst ip6_pol_route hands
// out (on the host's CPU, Host.CPU, made on first use): its error, else
// the route it was made from (rt->from). A route with its own fib6_nh
// answers for itself (its per-CPU copies go with it). A route using a nexthop object may get a
// per-CPU copy that another route sharing the object's path made: that
// route answers, and its type gives the error (a prohibit route after a
// unicast one answers as the unicast one); a copy whose route was
// deleted since (fib6_drop_pcpu_from left it without one, until the
// genid moves and the copy is made again) answers ENETUNREACH. With an
// error the route returned is the one the lookup selected. Other errors
// are Lookup's.
//
// hop is the path the copy goes through: the one fib6_select_path chose
// for the route the lookup selected (a nexthop group's member by the
// flow's hash), whichever route made the copy. flags are those of the
// route the lookup matched before fib6_select_path chose among its ECMP
// group (fib6_result.fib6_flags, which the dst takes and rt6_fill_node
// prints, the router preference among them), 0 with no route.
func (ns *Netns) LookupKeys(fk FlowKeys, fl fib6.Flow) (rt *fib6.Info, hop fib6.Nexthop, flags uint32, err error) {
	match, rt, _, err := ns.lookupMatch(fk, fl, nil)
	if rt == nil {
		return rt, hop, 0, err
	}
	flags, hop = match.Flags, ns.Path(rt, fk)
	e := ns.polRoute(ns.host.CPU, rt, fk, false)
	defer e.Release()
	switch {
	case rt.NHID() == 0:
		return rt, hop, flags, err
	case rejectErr(e.Type) != nil:
		return rt, hop, flags, rejectErr(e.Type)
	case e.From == nil:
		return nil, fib6.Nexthop{}, 0, errno.ENETUNREACH
	}
	return e.From, hop, flags, nil
}

// lookup is Lookup for the flow fk through the policy rules
// (fib6_lookup); the route found goes through fib6_select_path
// (SelectPath).
func (ns *Netns) lookup(fk FlowKeys, fl fib6.Flow) (*fib6.Info, *fib6.Table, error) {
	return ns.lookupFound(fk, fl, nil)
}

// lookupFound is lookup with the answers of fib6_node_lookup in the rule
// tables given, by position in ruleTables (a packetRouter's; nil or a nil
// node: looked up now).
func (ns *Netns) lookupFound(fk FlowKeys, fl fib6.Flow, found []*fib6.Node) (*fib6.Info, *fib6.Table, error) {
	_, rt, t, err := ns.lookupMatch(fk, fl, found)
	return rt, t, err
}

// lookupMatch is lookupFound that also returns the route the table
// lookup matched before fib6_select_path (match; nil with rt).
func (ns *Netns) lookupMatch(fk FlowKeys, fl fib6.Flow, found []*fib6.Node) (match, rt *fib6.Info, t *fib6.Table, err error) {
	for k, id := range ruleTables {
		t := ns.FIB.Table(id)
		if t == nil {
			continue
		}
		if found != nil && found[k] != nil {
			_, rt = t.LookupFrom(found[k], fl)
		} else {
			rt = ns.tableLookup(t, fk, fl)
		}
		if rt == ns.FIB.NullEntry {
			continue
		}
		if rt.Type == fib6.RTN_THROW {
			// ip6_pol_route hands out the throw route's dst (its
			// per-CPU copy, made on first use), which
			// fib6_rule_lookup drops before the next rule
			ns.polRoute(ns.host.CPU, rt, fk, false).Release()
			continue
		}
		match = rt
		rt = ns.SelectPath(rt, fl, fk)
		return match, rt, t, rejectErr(ns.ResultType(rt))
	}
	return nil, nil, nil, errno.ENETUNREACH
}

// fibLookup models fib6_lookup with the default rules (the gateway
// check of a route request): table local, then main when local gives the
// null entry, without handing out a dst. It returns the route found, the
// null entry for none.
func (ns *Netns) fibLookup(fk FlowKeys, fl fib6.Flow) *fib6.Info {
	rt := ns.FIB.NullEntry
	for _, id := range ruleTables {
		if t := ns.FIB.Table(id); t != nil {
			if rt = ns.tableLookup(t, fk, fl); rt != ns.FIB.NullEntry {
				break
			}
		}
	}
	return rt
}

// tableLookup models fib6_table_lookup on t for flow fk (route
// selection fl) and its tracepoint fib6:fib6_table_lookup when the
// recorder asks for tracepoints: the flow (flowi6_oif is 0 for an input
// lookup) and the answer's device, gateway and errno.
func (ns *Netns) tableLookup(t *fib6.Table, fk FlowKeys, fl fib6.Flow) *fib6.Info {
	rt := t.LookupFlow(fib6.KeyOf(fk.Dst), fl)
	if r := ns.FIB.Trace; r != nil && r.Tracepoints {
		r.EmitLookup(ns.lookupEvent(t, fk, fl, rt))
	}
	return rt
}

// lookupEvent is what the fib6_table_lookup tracepoint shows of a lookup
// in t that found rt.
func (ns *Netns) lookupEvent(t *fib6.Table, fk FlowKeys, fl fib6.Flow, rt *fib6.Info) trace.Lookup {
	l := trace.Lookup{Table: t.ID, Oif: fl.Oif, Iif: fk.Iif, Proto: fk.Proto, Src: orAny(fk.Src), Dst: fk.Dst,
		Dev: "lo", Gw: netip.IPv6Unspecified(), Err: -int32(errno.EHOSTUNREACH)}
	if fk.Input {
		l.Oif = 0
	}
	l.Flowlabel = uint32(fk.Tclass) << 20
	if fk.Proto == ipprotoTCP || fk.Proto == ipprotoUDP {
		l.Sport, l.Dport = fk.Sport, fk.Dport
	}
	if rt != ns.FIB.NullEntry {
		l.Dev, l.Gw, l.Err = "-", orAny(rt.NH.Gw.Addr()), -int32(rtTypeErrno(ns.ResultType(rt)))
		if d := ns.DevByIndex(rt.NH.Dev); d != nil {
			l.Dev = d.Name
		}
	}
	return l
}

// IP protocol numbers whose ports flowi6 carries (and the tracepoint prints).
const (
	ipprotoTCP = 6
	ipprotoUDP = 17
)

// orAny returns a, or :: when a is not set.
func orAny(a netip.Addr) netip.Addr {
	if a.IsValid() {
		return a
	}
	return netip.IPv6Unspecified()
}

// rtTypeErrno models ip6_rt_type_to_error: the errno a route type
// stands for (0 for the types that forward or deliver).
func rtTypeErrno(typ uint8) errno.Errno {
	switch typ {
	case fib6.RTN_UNREACHABLE:
		return errno.EHOSTUNREACH
	case fib6.RTN_PROHIBIT:
		return errno.EACCES
	case fib6.RTN_BLACKHOLE:
		return errno.EINVAL
	case fib6.RTN_THROW:
		return errno.EAGAIN
	}
	return 0
}

// rejectErr is the error a lookup that found a route of type typ
// returns: rtTypeErrno, none for a throw route (the next rule is tried).
func rejectErr(typ uint8) error {
	if e := rtTypeErrno(typ); e != 0 && typ != fib6.RTN_THROW {
		return e
	}
	return nil
}
