package netns

import (
	"net/netip"

	"fib6lab/engine/errno"
	"fib6lab/engine/fib6"
	"fib6lab/engine/trace"
)

// Metrics of the routes addrconf makes (IP6_RT_PRIO_ADDRCONF for prefix
// and multicast routes; local routes use 0).
const addrconfMetric = 256

// InfinityLifeTime is INFINITY_LIFE_TIME: an address lifetime (seconds)
// that never ends, shown as `forever`.
const InfinityLifeTime = 0xffffffff

// Extack messages of inet6_rtm_newaddr, ipv6_add_addr and inet6_addr_del.
var (
	errAddrExists    = errno.WithMsg(errno.EEXIST, "ipv6: address already assigned")
	errAddrNotFound  = errno.WithMsg(errno.EADDRNOTAVAIL, "ipv6: address not found")
	errIPv6Disabled  = errno.WithMsg(errno.EACCES, "ipv6: IPv6 is disabled on this device")
	errAddrAny       = errno.WithMsg(errno.EADDRNOTAVAIL, "ipv6: Invalid address")
	errAddrMcast     = errno.WithMsg(errno.EADDRNOTAVAIL, `ipv6: Cannot assign multicast address without "IFA_F_MCAUTOJOIN" flag`)
	errAddrLoopback  = errno.WithMsg(errno.EADDRNOTAVAIL, "ipv6: Cannot assign loopback address on this device")
	errLifetime      = errno.WithMsg(errno.EINVAL, "ipv6: address lifetime invalid")
	errMngtmpaddrLen = errno.WithMsg(errno.EINVAL, `ipv6: address with "mngtmpaddr" flag must have a prefix length of 64`)
)

// Addr models struct inet6_ifaddr: the address with its prefix length,
// its IFA_F_* flags, the metric of its prefix route, its lifetimes and
// the DAD timer. ValidLft and PreferredLft are seconds counted from
// Tstamp (jiffies), InfinityLifeTime for ever; an address is Permanent
// (IFA_F_PERMANENT, shown without `dynamic`) when it was configured with
// an infinite valid lifetime or made by the kernel for the link
// (link-local, ::1); SLAAC addresses are not.
type Addr struct {
	Prefix         netip.Prefix // address (not masked) and prefix length
	NoDAD          bool         // IFA_F_NODAD
	Tentative      bool         // IFA_F_TENTATIVE: DAD has not completed
	DADFailed      bool         // IFA_F_DADFAILED: DAD found the address in use (it stays tentative)
	NoPrefixRoute  bool         // IFA_F_NOPREFIXROUTE: no prefix route in main
	Home           bool         // IFA_F_HOMEADDRESS
	ManageTempAddr bool         // IFA_F_MANAGETEMPADDR (`mngtmpaddr`)
	Permanent      bool         // IFA_F_PERMANENT
	Deprecated     bool         // IFA_F_DEPRECATED: preferred lifetime over
	Metric         uint32       // rt_priority of the prefix route (0: 256)
	ValidLft       uint32       // valid_lft, seconds from Tstamp
	PreferredLft   uint32       // prefered_lft, seconds from Tstamp
	Tstamp         int64        // jiffies the lifetimes were last set
	dad            Timer
}

// newAddr returns a permanent address (infinite lifetimes) stamped now.
func (ns *Netns) newAddr(p netip.Prefix) *Addr {
	return &Addr{Prefix: p, Permanent: true, ValidLft: InfinityLifeTime, PreferredLft: InfinityLifeTime, Tstamp: ns.clock.now}
}

// Scope returns the address scope iproute2 prints: "host" for ::1,
// "link" for fe80::/10, else "global".
func (a *Addr) Scope() string {
	switch {
	case a.Prefix.Addr().IsLoopback():
		return "host"
	case a.Prefix.Addr().IsLinkLocalUnicast():
		return "link"
	}
	return "global"
}

// Lifetimes returns the remaining valid and preferred lifetimes in
// seconds as the kernel reports them (inet6_fill_ifaddr's cacheinfo): a
// permanent address with an infinite preferred lifetime reports both
// infinite; otherwise the whole seconds elapsed since Tstamp are taken
// off each finite lifetime, down to 0 (the valid one only while the
// preferred one is finite too).
func (a *Addr) Lifetimes(now, hz int64) (valid, preferred uint32) {
	if a.Permanent && a.PreferredLft == InfinityLifeTime {
		return InfinityLifeTime, InfinityLifeTime
	}
	valid, preferred = a.ValidLft, a.PreferredLft
	if preferred != InfinityLifeTime {
		age := (now - a.Tstamp) / hz
		preferred = uint32(max(int64(preferred)-age, 0))
		if valid != InfinityLifeTime {
			valid = uint32(max(int64(valid)-age, 0))
		}
	}
	return valid, preferred
}

// AddrConfig models struct ifa6_config as inet6_rtm_newaddr fills it
// from `ip -6 addr add|change|replace`: the address with its prefix
// length, the IFA_F_* flags a user may set, the prefix route's metric (0:
// 256) and, when Lifetimes is set (IFA_CACHEINFO), the valid and
// preferred lifetimes in seconds (InfinityLifeTime: forever; without
// Lifetimes both are forever).
type AddrConfig struct {
	Prefix         netip.Prefix
	NoDAD          bool
	NoPrefixRoute  bool
	Home           bool
	ManageTempAddr bool
	Metric         uint32
	Lifetimes      bool
	ValidLft       uint32
	PreferredLft   uint32
}

// AddAddr models `ip -6 addr add P dev D [nodad]`: NewAddr with
// CREATE|EXCL and no lifetimes.
func (ns *Netns) AddAddr(d *Device, p netip.Prefix, nodad bool) error {
	return ns.NewAddr(d, &AddrConfig{Prefix: p, NoDAD: nodad}, fib6.NLM_F_CREATE|fib6.NLM_F_EXCL)
}

// NewAddr models inet6_rtm_newaddr (`ip -6 addr add|change|replace`,
// whose netlink flags are CREATE|EXCL, REPLACE and CREATE|REPLACE): the
// lifetimes are checked (EINVAL "ipv6: address lifetime invalid" for a
// valid lifetime of 0 or a preferred one above it); a finite valid
// lifetime makes the address not permanent and gives its prefix route
// the same expiry, a preferred lifetime of 0 makes it deprecated at once.
// An address not on the device is added (inet6_addr_add, whatever the
// flags, as the kernel does for iproute2's restore); one already there
// fails with EEXIST "ipv6: address already assigned" unless the request
// replaces without EXCL, which modifies it (inet6_addr_modify). Then
// the lifetime worker runs (addrconf_verify_rtnl). Errors of the add:
// EINVAL for `mngtmpaddr` without a /64, EACCES when IPv6 is disabled on
// the device, ipv6_add_addr's EADDRNOTAVAIL for the unspecified,
// multicast or loopback (off lo) address. Before all of them, EINVAL for
// a device without an inet6_dev (an MTU below IPV6_MIN_MTU: ipv6_find_idev
// cannot make one).
func (ns *Netns) NewAddr(d *Device, c *AddrConfig, nlflags uint16) error {
	if !d.HasIPv6() {
		return errno.EINVAL // ipv6_find_idev: ipv6_add_dev refuses an MTU below 1280
	}
	ifa := &Addr{Prefix: c.Prefix, NoDAD: c.NoDAD, NoPrefixRoute: c.NoPrefixRoute, Home: c.Home,
		ManageTempAddr: c.ManageTempAddr, Metric: c.Metric, Permanent: true,
		ValidLft: InfinityLifeTime, PreferredLft: InfinityLifeTime}
	rtExpires := int64(-1) // seconds of the prefix route's expiry; -1: none
	if c.Lifetimes {
		if c.ValidLft == 0 || c.PreferredLft > c.ValidLft {
			return errLifetime
		}
		ifa.ValidLft, ifa.PreferredLft = c.ValidLft, c.PreferredLft
		if c.ValidLft != InfinityLifeTime {
			ifa.Permanent = false
			rtExpires = int64(c.ValidLft)
		}
		ifa.Deprecated = c.PreferredLft == 0
	}
	old := d.Addr(c.Prefix.Addr())
	switch {
	case old == nil:
		return ns.inet6AddrAdd(d, ifa, rtExpires)
	case nlflags&fib6.NLM_F_EXCL != 0 || nlflags&fib6.NLM_F_REPLACE == 0:
		return errAddrExists
	}
	return ns.inet6AddrModify(d, old, ifa, rtExpires)
}

// inet6AddrAdd models inet6_addr_add: ipv6_add_addr, the prefix route
// (with the address's expiry, when the device is up: the route needs an
// up device), DAD, the lifetime worker.
func (ns *Netns) inet6AddrAdd(d *Device, ifa *Addr, rtExpires int64) error {
	a := ifa.Prefix.Addr()
	switch {
	case ifa.ManageTempAddr && ifa.Prefix.Bits() != 64:
		return errMngtmpaddrLen
	case d.DisableIPv6() != 0:
		return errIPv6Disabled
	}
	ns.addMroute(d)
	switch {
	case a.IsUnspecified():
		return errAddrAny
	case a.IsMulticast():
		return errAddrMcast
	case a.IsLoopback() && d.Kind != KindLoopback:
		return errAddrLoopback
	}
	ns.ipv6AddAddr(d, ifa)
	if d.Up && !ifa.NoPrefixRoute {
		ns.addrconfPrefixRoute(d, ifa.Prefix, ifa.prefixMetric(), rtExpires, 0)
	}
	ns.dadStart(d, ifa)
	ns.addrVerify()
	return nil
}

// addMroute models addrconf_add_mroute as addrconf_add_dev makes it for
// every address added, even one then refused: the ff00::/8 multicast
// route in table local, on an up device other than loopback (on a down
// one ip6_route_add fails, silently), once (a duplicate is refused).
func (ns *Netns) addMroute(d *Device) {
	if d.Up && d.Kind != KindLoopback {
		ns.addKernelRoute(fib6.RT_TABLE_LOCAL, fib6.RTN_MULTICAST, netip.MustParsePrefix("ff00::/8"), d, addrconfMetric)
	}
}

// ipv6AddAddr models ipv6_add_addr: the address is stamped now,
// tentative unless `nodad`, and linked on the device.
func (ns *Netns) ipv6AddAddr(d *Device, ifa *Addr) {
	ifa.Tstamp = ns.clock.now
	ifa.Tentative = !ifa.NoDAD
	ns.insertAddr(d, ifa)
}

// dadStart models addrconf_dad_start: without DAD (`nodad`, loopback,
// accept_dad off in both all and the device) the address is usable at
// once (addrconf_dad_completed: its local route); else it stays
// tentative, and probes once the device is ready (IF_READY: it has had
// carrier since it came up, whether it has it now or not).
func (ns *Netns) dadStart(d *Device, ifa *Addr) {
	if !ifa.Tentative || d.Kind == KindLoopback || !ns.dadEnabled(d) {
		// the DAD work completes such an address at once, in a worker
		defer ns.FIB.Trace.Enter(trace.CtxWorker)()
		ifa.Tentative = false
		ns.addrUsable(d, ifa)
		return
	}
	if d.ready {
		ns.startDAD(d)
	}
}

// addrUsable models __ipv6_ifa_notify(RTM_NEWADDR) for an address that
// finished (or skipped) DAD: its local route, and on a forwarding device
// its subnet-router anycast address.
func (ns *Netns) addrUsable(d *Device, ifa *Addr) {
	ns.addLocalRoute(d, ifa)
	if d.Conf != nil && d.Conf[confForwarding] != 0 {
		ns.joinAnycast(d, ifa)
	}
}

// inet6AddrModify models inet6_addr_modify for an address already on the
// device (`ip -6 addr change|replace`): its flags and lifetimes become
// the request's and it is stamped now; its metric changes when one is
// given. The prefix route follows: when the address was permanent with a
// prefix route, that route (the first one for the prefix on the device
// without a gateway) is kept with the new expiry, or replaced when the
// metric changed (modify_prefix_route); otherwise, or when none is found,
// a prefix route is added, which an expiring duplicate turns into an
// update of that route's expiry. Linux 6.18's modify_prefix_route stores
// the new expiry in clock ticks where the route wants absolute jiffies:
// a permanent address given a finite lifetime leaves its prefix route
// expiring far in the past (ignored by lookups, removed by the next GC
// pass), and the model does the same. `noprefixroute` on a permanent
// address cleans its prefix route up as a delete would.
func (ns *Netns) inet6AddrModify(d *Device, ifp, cfg *Addr, rtExpires int64) error {
	if cfg.ManageTempAddr && ifp.Prefix.Bits() != 64 {
		return errno.EINVAL
	}
	hadPrefixRoute := ifp.Permanent && !ifp.NoPrefixRoute
	ifp.NoDAD, ifp.Home, ifp.ManageTempAddr, ifp.NoPrefixRoute = cfg.NoDAD, cfg.Home, cfg.ManageTempAddr, cfg.NoPrefixRoute
	ifp.Permanent, ifp.Deprecated = cfg.Permanent, cfg.Deprecated
	ifp.Tstamp, ifp.ValidLft, ifp.PreferredLft = ns.clock.now, cfg.ValidLft, cfg.PreferredLft
	if cfg.Metric != 0 {
		ifp.Metric = cfg.Metric
	}
	switch {
	case !ifp.NoPrefixRoute:
		if !hadPrefixRoute || !ns.modifyPrefixRoute(d, ifp, rtExpires) {
			ns.addrconfPrefixRoute(d, ifp.Prefix, ifp.prefixMetric(), rtExpires, 0)
		}
	case hadPrefixRoute:
		ns.cleanupPrefixRoute(d, ifp)
	}
	ns.addrVerify()
	return nil
}

// modifyPrefixRoute models modify_prefix_route: false when the address
// has no prefix route to modify.
func (ns *Netns) modifyPrefixRoute(d *Device, ifp *Addr, rtExpires int64) bool {
	rt := ns.prefixRoute(d, ifp.Prefix, 0)
	if rt == nil {
		return false
	}
	if rt.Metric != ifp.prefixMetric() {
		rt.Table.Del(rt)
		ns.addrconfPrefixRoute(d, ifp.Prefix, ifp.prefixMetric(), rtExpires, 0)
		return true
	}
	if rtExpires < 0 {
		rt.ClearExpires()
		rt.Table.RemoveGCList(rt)
		return true
	}
	rt.SetExpires(rtExpires * userHZ) // clock ticks taken for jiffies, as 6.18 does
	rt.Table.AddGCList(rt)
	return true
}

// userHZ is USER_HZ, the unit of the clock_t values rtnetlink carries.
const userHZ = 100

// prefixRoute models addrconf_get_prefix_route(prefix, dev, flags,
// RTF_DEFAULT, no gateway): the first route of table main for exactly
// the prefix on d with a fib6_nh of its own (no nexthop object), without
// a gateway, carrying all of flags and not RTF_DEFAULT, whatever its
// metric or protocol; nil if none.
func (ns *Netns) prefixRoute(d *Device, p netip.Prefix, flags uint32) *fib6.Info {
	return ns.mainRoute(p, d, netip.Addr{}, flags, fib6.RTF_DEFAULT)
}

// mainRoute returns the first route of table main for exactly p with a
// fib6_nh of its own (routes using a nexthop object are passed over) on
// d through gw (the zero Addr: without a gateway) that carries all of
// flags and none of noflags, or nil: the searches of
// addrconf_get_prefix_route, rt6_get_dflt_router and rt6_get_route_info.
func (ns *Netns) mainRoute(p netip.Prefix, d *Device, gw netip.Addr, flags, noflags uint32) *fib6.Info {
	t := ns.FIB.Table(fib6.RT_TABLE_MAIN)
	p = p.Masked()
	fn := t.Locate(fib6.KeyOf(p.Addr()), uint8(p.Bits()), true)
	if fn == nil {
		return nil
	}
	for _, rt := range t.Routes(fn) {
		if rt != ns.FIB.NullEntry && rt.NHID() == 0 && rt.NH.Dev == d.Index && rt.NH.Gw.Addr() == gw &&
			rt.Flags&flags == flags && rt.Flags&noflags == 0 {
			return rt
		}
	}
	return nil
}

// addrconfPrefixRoute models addrconf_prefix_route: a route for the
// masked prefix on d, proto kernel, metric metric, with the extra RTF_*
// flags, expiring expires seconds from now (-1: never), added as the
// kernel adds its own routes (no netlink flags: an identical route makes
// it fail with EEXIST, which the callers ignore, after the
// expiring-duplicate rule has updated that route's expiry).
func (ns *Netns) addrconfPrefixRoute(d *Device, p netip.Prefix, metric uint32, expires int64, flags uint32) {
	p = p.Masked()
	rt := ns.FIB.NewInfo()
	rt.Dst, rt.DstLen = fib6.KeyOf(p.Addr()), uint8(p.Bits())
	rt.Type, rt.Protocol, rt.Metric = fib6.RTN_UNICAST, fib6.RTPROT_KERNEL, metric
	rt.Flags = fib6.RTF_UP | flags
	rt.NH.Dev = d.Index
	if expires >= 0 {
		rt.SetExpires(ns.clock.now + expires*ns.HZ)
	}
	if !d.Up || d.DisableIPv6() != 0 {
		return // fib6_nh_init: "Nexthop device is not up"
	}
	setLinkdown(rt, !d.Carrier())
	ns.AddRoute(fib6.RT_TABLE_MAIN, rt, 0)
}

// DelAddr models inet6_addr_del (`ip -6 addr del`): the address must
// match with its prefix length. It goes with its local route
// (ipv6_del_addr); only a permanent address with a prefix route takes
// that route along (cleanupPrefixRoute): the prefix route of an address
// with a finite lifetime stays until it expires. Error: EADDRNOTAVAIL
// with extack "ipv6: address not found".
func (ns *Netns) DelAddr(d *Device, p netip.Prefix) error {
	for _, ifa := range d.Addrs {
		if ifa.Prefix == p {
			ns.ipv6DelAddr(d, ifa)
			ns.addrVerify()
			return nil
		}
	}
	return errAddrNotFound
}

// ipv6DelAddr models ipv6_del_addr: the address leaves the device with
// its local route and anycast address; a permanent one with a prefix
// route cleans that route up; routes lose it as preferred source
// (removePrefsrc).
func (ns *Netns) ipv6DelAddr(d *Device, ifa *Addr) {
	ns.clock.del(&ifa.dad)
	for i, x := range d.Addrs {
		if x == ifa {
			d.Addrs = append(d.Addrs[:i], d.Addrs[i+1:]...)
			break
		}
	}
	if rt := ns.kernelRoute(fib6.RT_TABLE_LOCAL, netip.PrefixFrom(ifa.Prefix.Addr(), 128), d, 0); rt != nil {
		rt.Table.Del(rt)
	}
	if !ifa.Tentative && d.Conf != nil && d.Conf[confForwarding] != 0 {
		ns.leaveAnycast(d, ifa)
	}
	if ifa.Permanent && !ifa.NoPrefixRoute {
		ns.cleanupPrefixRoute(d, ifa)
	}
	ns.removePrefsrc(ifa.Prefix.Addr()) // __ipv6_ifa_notify(RTM_DELADDR): rt6_remove_prefsrc
}

// cleanupPrefixRoute models check_cleanup_prefix_route and
// cleanup_prefix_route for ifa leaving d (or losing its prefix route):
// another address of the same prefix and length that is permanent or has
// `noprefixroute` keeps the route as it is; other such addresses make a
// route without expiry expire with the last of them; with none the route
// is deleted. The route is the first one prefixRoute finds for the
// prefix through d, whatever its metric or protocol.
func (ns *Netns) cleanupPrefixRoute(d *Device, ifa *Addr) {
	del, expires := true, ns.clock.now
	for _, o := range d.Addrs {
		if o == ifa || o.Prefix.Masked() != ifa.Prefix.Masked() {
			continue
		}
		if o.Permanent || o.NoPrefixRoute {
			return
		}
		del = false
		expires = max(expires, o.Tstamp+int64(o.ValidLft)*ns.HZ)
	}
	rt := ns.prefixRoute(d, ifa.Prefix, 0)
	switch {
	case rt == nil:
	case del:
		rt.Table.Del(rt)
	case !rt.HasExpires():
		rt.SetExpires(expires)
		rt.Table.AddGCList(rt)
	}
}

// insertAddr links ifa as ipv6_link_dev_addr does: after the addresses of
// wider scope, before the older ones of the same scope.
func (ns *Netns) insertAddr(d *Device, ifa *Addr) {
	rank := scopeRank(ifa)
	i := 0
	for i < len(d.Addrs) && scopeRank(d.Addrs[i]) < rank {
		i++
	}
	d.Addrs = append(d.Addrs[:i], append([]*Addr{ifa}, d.Addrs[i:]...)...)
}

func scopeRank(a *Addr) int {
	switch a.Scope() {
	case "global":
		return 0
	case "link":
		return 1
	}
	return 2
}

// startDAD arms the DAD timer of every tentative address of d that is not
// already being probed nor failed; when it fires the address is probed
// (dadProbe) and, unless found in use, stops being tentative and becomes
// usable (addrconf_dad_completed).
func (ns *Netns) startDAD(d *Device) {
	for _, ifa := range d.Addrs {
		if !ifa.Tentative || ifa.DADFailed || ifa.dad.Pending() {
			continue
		}
		ifa := ifa
		ifa.dad.Ctx = trace.CtxWorker // addrconf_dad_work
		ifa.dad.Fn = func() {
			if ns.dadProbe(d, ifa) {
				ns.dadFailure(d, ifa)
				return
			}
			ifa.Tentative = false
			ns.addrUsable(d, ifa)
		}
		ns.modTimer(&ifa.dad, ns.clock.now+ns.dadDelay())
	}
}

// dadProbe models what the neighbour solicitation DAD sends for ifa
// meets: with carrier and dad_transmits above 0 (with 0 DAD sends
// nothing and completes), it reaches the other end of d's link (the
// veth peer, in whatever namespace). There the same address, if
// tentative too, is the one that fails (ndisc_recv_ns: another node is
// probing it) and does not answer; if in use, or an anycast address
// there, it answers (ndisc_recv_na), and dadProbe reports that ifa is a
// duplicate. The kernel probes after a random delay of up to
// rtr_solicit_delay and completes a retransmission interval later; the
// model does both when its DAD timer fires (dadDelay), so of two
// addresses probed at once the one whose timer fires first is kept,
// where the kernel's choice is random.
func (ns *Netns) dadProbe(d *Device, ifa *Addr) bool {
	p := d.Peer
	if !d.Carrier() || p == nil || d.Conf[confDadTransmits] == 0 {
		return false
	}
	other := p.Addr(ifa.Prefix.Addr())
	switch {
	case other == nil: // an anycast address of the other end answers too
		return p.anycast[ifa.Prefix.Addr()] > 0
	case other.Tentative:
		if !other.DADFailed {
			defer p.ns.FIB.Trace.Enter(trace.CtxWorker)()
			p.ns.dadFailure(p, other)
		}
		return false
	}
	return true
}

// dadFailure models addrconf_dad_failure and addrconf_dad_stop: a
// permanent address stays, tentative and dadfailed, without a local
// route (DAD runs for it again only once it is kept over a down and the
// device comes up: fixupPermanentAddr); any other is deleted
// (ipv6_del_addr). accept_dad above 1 disabling IPv6 on a duplicate
// MAC-based link-local address is not modelled.
func (ns *Netns) dadFailure(d *Device, ifa *Addr) {
	ns.clock.del(&ifa.dad)
	if ifa.Permanent {
		ifa.DADFailed = true
		return
	}
	ns.ipv6DelAddr(d, ifa)
	ns.addrVerify()
}

// addLocalRoute models addrconf_f6i_alloc for a local address: `local
// ADDR dev D table local proto kernel metric 0`.
func (ns *Netns) addLocalRoute(d *Device, ifa *Addr) {
	ns.addKernelRoute(fib6.RT_TABLE_LOCAL, fib6.RTN_LOCAL, netip.PrefixFrom(ifa.Prefix.Addr(), 128), d, 0)
}

// addPrefixRoute models fixup_permanent_addr's addrconf_prefix_route for
// a permanent address when the device comes up: the masked prefix on the
// device, with the address's metric, no expiry.
func (ns *Netns) addPrefixRoute(d *Device, ifa *Addr) {
	if ifa.Permanent && !ifa.NoPrefixRoute {
		ns.addKernelRoute(fib6.RT_TABLE_MAIN, fib6.RTN_UNICAST, ifa.Prefix.Masked(), d, ifa.prefixMetric())
	}
}

// prefixMetric is the metric of the address's prefix route.
func (ifa *Addr) prefixMetric() uint32 {
	if ifa.Metric != 0 {
		return ifa.Metric
	}
	return addrconfMetric
}

// addKernelRoute inserts a proto-kernel route of type typ for p on d
// into table id (flags RTF_UP, and RTF_NONEXTHOP|RTF_LOCAL for a local
// route, as addrconf_f6i_alloc makes it); an existing identical route is
// left alone (EEXIST is what the kernel ignores here too).
func (ns *Netns) addKernelRoute(id uint32, typ uint8, p netip.Prefix, d *Device, metric uint32) {
	rt := ns.FIB.NewInfo()
	rt.Dst, rt.DstLen = fib6.KeyOf(p.Addr()), uint8(p.Bits())
	rt.Type, rt.Protocol, rt.Metric = typ, fib6.RTPROT_KERNEL, metric
	rt.Flags = fib6.RTF_UP
	if typ == fib6.RTN_LOCAL {
		rt.Flags |= fib6.RTF_NONEXTHOP | fib6.RTF_LOCAL
	}
	rt.NH.Dev = d.Index
	setLinkdown(rt, !d.Carrier())
	ns.AddRoute(id, rt, 0) // in-kernel caller: no netlink flags
}

// kernelRoute finds the route for p on d, without a gateway, with the
// given metric in table id, or nil.
func (ns *Netns) kernelRoute(id uint32, p netip.Prefix, d *Device, metric uint32) *fib6.Info {
	t := ns.FIB.Table(id)
	fn := t.Locate(fib6.KeyOf(p.Addr()), uint8(p.Bits()), true)
	if fn == nil {
		return nil
	}
	for _, rt := range t.Routes(fn) {
		if rt.NH.Dev == d.Index && rt.Metric == metric && !rt.NH.Gw.IsValid() {
			return rt
		}
	}
	return nil
}
