package netns

import (
	"net/netip"

	"fib6lab/engine/errno"
	"fib6lab/engine/fib6"
)

// Metrics of the routes addrconf makes (IP6_RT_PRIO_ADDRCONF for prefix
// and multicast routes; local routes use 0).
const addrconfMetric = 256

// Extack messages of inet6_rtm_newaddr, ipv6_add_addr and inet6_addr_del.
var (
	errAddrExists   = errno.WithMsg(errno.EEXIST, "ipv6: address already assigned")
	errAddrNotFound = errno.WithMsg(errno.EADDRNOTAVAIL, "ipv6: address not found")
	errIPv6Disabled = errno.WithMsg(errno.EACCES, "ipv6: IPv6 is disabled on this device")
	errAddrAny      = errno.WithMsg(errno.EADDRNOTAVAIL, "ipv6: Invalid address")
	errAddrMcast    = errno.WithMsg(errno.EADDRNOTAVAIL, `ipv6: Cannot assign multicast address without "IFA_F_MCAUTOJOIN" flag`)
	errAddrLoopback = errno.WithMsg(errno.EADDRNOTAVAIL, "ipv6: Cannot assign loopback address on this device")
)

// AddAddr models inet6_rtm_newaddr and inet6_addr_add (`ip -6 addr add P
// dev D [nodad]`): the address is linked on the device, its local route
// goes to table local at once when DAD is skipped (nodad, or the
// loopback device, whose addresses are never tentative) and else when
// DAD completes, and its prefix route
// (metric 256, proto kernel) goes to main when the device is up. Errors
// (with extack), in the kernel's order: EEXIST "ipv6: address already
// assigned" (the address is on the device), EACCES "ipv6: IPv6 is
// disabled on this device", then ipv6_add_addr's EADDRNOTAVAIL for the
// unspecified address ("ipv6: Invalid address"), a multicast address
// (without the autojoin flag, which the model does not take) and ::1 on
// a device other than loopback.
func (ns *Netns) AddAddr(d *Device, p netip.Prefix, nodad bool) error {
	return ns.AddAddrWith(d, &Addr{Prefix: p, NoDAD: nodad})
}

// AddAddrWith is AddAddr for an address with flags set
// (`noprefixroute`, `metric N`): ifa's Prefix, NoDAD, NoPrefixRoute and
// Metric are used.
func (ns *Netns) AddAddrWith(d *Device, ifa *Addr) error {
	a := ifa.Prefix.Addr()
	switch {
	case d.Addr(a) != nil:
		return errAddrExists
	case d.DisableIPv6() != 0:
		return errIPv6Disabled
	case a.IsUnspecified():
		return errAddrAny
	case a.IsMulticast():
		return errAddrMcast
	case a.IsLoopback() && d.Kind != KindLoopback:
		return errAddrLoopback
	}
	nodad := ifa.NoDAD || d.Kind == KindLoopback || !ns.dadEnabled(d) // no DAD on loopback, up or down
	ifa.Tentative = !nodad
	ns.insertAddr(d, ifa)
	if nodad {
		ns.addLocalRoute(d, ifa)
	}
	if d.v6Up {
		ns.addPrefixRoute(d, ifa)
		if d.carrierOn && ifa.Tentative {
			ns.startDAD(d)
		}
	}
	return nil
}

// DelAddr models inet6_addr_del: the address must match with its prefix
// length. Its local route goes, and its prefix route too unless another
// address on the device shares the prefix. Error: EADDRNOTAVAIL with
// extack "ipv6: address not found".
func (ns *Netns) DelAddr(d *Device, p netip.Prefix) error {
	for i, ifa := range d.Addrs {
		if ifa.Prefix != p {
			continue
		}
		ns.clock.del(&ifa.dad)
		d.Addrs = append(d.Addrs[:i], d.Addrs[i+1:]...)
		ns.delKernelRoute(fib6.RT_TABLE_LOCAL, netip.PrefixFrom(p.Addr(), 128), d, 0)
		if !ns.prefixShared(d, p) && !ifa.NoPrefixRoute {
			ns.delKernelRoute(fib6.RT_TABLE_MAIN, p.Masked(), d, ifa.prefixMetric())
		}
		return nil
	}
	return errAddrNotFound
}

func (ns *Netns) prefixShared(d *Device, p netip.Prefix) bool {
	for _, ifa := range d.Addrs {
		if ifa.Prefix.Masked() == p.Masked() {
			return true
		}
	}
	return false
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
// already being probed; when it fires the address stops being tentative
// and gets its local route (addrconf_dad_completed).
func (ns *Netns) startDAD(d *Device) {
	for _, ifa := range d.Addrs {
		if !ifa.Tentative || ifa.dad.Pending() {
			continue
		}
		ifa := ifa
		ifa.dad.Fn = func() {
			ifa.Tentative = false
			ns.addLocalRoute(d, ifa)
		}
		ns.modTimer(&ifa.dad, ns.clock.now+ns.dadDelay())
	}
}

// addLocalRoute models addrconf_f6i_alloc for a local address: `local
// ADDR dev D table local proto kernel metric 0`.
func (ns *Netns) addLocalRoute(d *Device, ifa *Addr) {
	ns.addKernelRoute(fib6.RT_TABLE_LOCAL, fib6.RTN_LOCAL, netip.PrefixFrom(ifa.Prefix.Addr(), 128), d, 0)
}

// addPrefixRoute models addrconf_prefix_route for an address: the masked
// prefix on the device, metric 256, unless it exists already.
func (ns *Netns) addPrefixRoute(d *Device, ifa *Addr) {
	if !ifa.NoPrefixRoute {
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
// into table id; an existing identical route is left alone (EEXIST is
// what the kernel ignores here too).
func (ns *Netns) addKernelRoute(id uint32, typ uint8, p netip.Prefix, d *Device, metric uint32) {
	rt := ns.FIB.NewInfo()
	rt.Dst, rt.DstLen = fib6.KeyOf(p.Addr()), uint8(p.Bits())
	rt.Type, rt.Protocol, rt.Metric = typ, fib6.RTPROT_KERNEL, metric
	rt.Flags = fib6.RTF_UP | fib6.RTF_NONEXTHOP
	if typ == fib6.RTN_LOCAL {
		rt.Flags |= fib6.RTF_LOCAL
	}
	rt.NH.Dev = d.Index
	setLinkdown(rt, !d.Carrier())
	ns.AddRoute(id, rt, 0) // in-kernel caller: no netlink flags
}

// delKernelRoute removes the route for p on d with the given metric from
// table id, if present.
func (ns *Netns) delKernelRoute(id uint32, p netip.Prefix, d *Device, metric uint32) {
	t := ns.FIB.Table(id)
	fn := t.Locate(fib6.KeyOf(p.Addr()), uint8(p.Bits()), true)
	if fn == nil {
		return
	}
	for _, rt := range t.Routes(fn) {
		if rt.NH.Dev == d.Index && rt.Metric == metric && !rt.NH.Gw.IsValid() {
			t.Del(rt)
			return
		}
	}
}
