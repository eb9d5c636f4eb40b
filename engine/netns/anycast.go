package netns

import (
	"net/netip"

	"fib6lab/engine/fib6"
)

// A forwarding device joins the subnet-router anycast address of each
// prefix it has an address in (RFC 4291 2.6.1; addrconf_join_anycast):
// the prefix with all host bits zero, e.g. 2001:db8:1:: for
// 2001:db8:1::1/64 and fe80:: for the link-local address. The model
// keeps, per device, how many addresses use each anycast address
// (aca_users) and gives each a route `anycast ADDR dev DEV table local
// proto kernel metric 0` (__ipv6_dev_ac_inc), as the kernel does.

// anycastOf returns the subnet-router anycast address of ifa, and false
// when it has none (a /127 or /128, or a prefix of all zeros).
func anycastOf(ifa *Addr) (netip.Addr, bool) {
	if ifa.Prefix.Bits() >= 127 {
		return netip.Addr{}, false
	}
	a := ifa.Prefix.Masked().Addr()
	return a, !a.IsUnspecified()
}

// joinAnycast models addrconf_join_anycast for ifa on d.
func (ns *Netns) joinAnycast(d *Device, ifa *Addr) {
	a, ok := anycastOf(ifa)
	if !ok {
		return
	}
	if d.anycast == nil {
		d.anycast = map[netip.Addr]int{}
	}
	d.anycast[a]++
	if d.anycast[a] > 1 {
		return
	}
	rt := ns.FIB.NewInfo()
	rt.Dst, rt.DstLen = fib6.KeyOf(a), 128
	rt.Type, rt.Protocol = fib6.RTN_ANYCAST, fib6.RTPROT_KERNEL
	rt.Flags = fib6.RTF_UP | fib6.RTF_NONEXTHOP | fib6.RTF_ANYCAST
	rt.NH.Dev = d.Index
	ns.AddRoute(fib6.RT_TABLE_LOCAL, rt, 0)
}

// leaveAnycast models addrconf_leave_anycast for ifa on d: the last user
// of the anycast address takes its route away.
func (ns *Netns) leaveAnycast(d *Device, ifa *Addr) {
	a, ok := anycastOf(ifa)
	if !ok || d.anycast[a] == 0 {
		return
	}
	d.anycast[a]--
	if d.anycast[a] > 0 {
		return
	}
	delete(d.anycast, a)
	t := ns.FIB.Table(fib6.RT_TABLE_LOCAL)
	if fn := t.Locate(fib6.KeyOf(a), 128, true); fn != nil {
		for _, rt := range t.Routes(fn) {
			if rt.NH.Dev == d.Index && rt.Type == fib6.RTN_ANYCAST {
				t.Del(rt)
				return
			}
		}
	}
}

// hasAnycast reports whether d has joined anycast address a.
func (ns *Netns) hasAnycast(d *Device, a netip.Addr) bool { return d.anycast[a] > 0 }

// forwardingNow returns, for each device with IPv6, whether its
// net.ipv6.conf.DEV.forwarding is set.
func (ns *Netns) forwardingNow() map[*Device]bool {
	m := map[*Device]bool{}
	for _, d := range ns.devs {
		if d.Conf != nil {
			m[d] = d.Conf[confForwarding] != 0
		}
	}
	return m
}

// forwardingChanged models the end of addrconf_fixup_forwarding after a
// write to net.ipv6.conf.{all,DEV}.forwarding: every device whose
// setting changed runs dev_forward_change, and a non-zero value purges
// the default routers learned from Router Advertisements
// (rt6_purge_dflt_routers), as a router does not use them.
func (ns *Netns) forwardingChanged(was map[*Device]bool, on bool) {
	for _, d := range ns.devs {
		if d.Conf != nil && was[d] != (d.Conf[confForwarding] != 0) {
			ns.devForwardChange(d)
		}
	}
	if on {
		ns.purgeDfltRouters()
	}
}

// devForwardChange models dev_forward_change: the usable (not
// tentative) addresses of d join or leave their anycast addresses as d
// starts or stops forwarding (the all-routers group follows the setting,
// see mcJoined).
func (ns *Netns) devForwardChange(d *Device) {
	fwd := d.Conf[confForwarding] != 0
	for _, ifa := range append([]*Addr(nil), d.Addrs...) {
		switch {
		case ifa.Tentative:
		case fwd:
			ns.joinAnycast(d, ifa)
		default:
			ns.leaveAnycast(d, ifa)
		}
	}
}

// purgeDfltRouters models rt6_purge_dflt_routers: when a default router
// was learned since the last purge (RT6_TABLE_HAS_DFLT_ROUTER), the
// routes for ::/0 in table main that came from Router Advertisements
// (RTF_DEFAULT or RTF_ADDRCONF) are deleted, except on devices with
// accept_ra 2.
func (ns *Netns) purgeDfltRouters() {
	if !ns.hasDfltRouter {
		return
	}
	t := ns.FIB.Table(fib6.RT_TABLE_MAIN)
	if fn := t.Locate(fib6.Key{}, 0, true); fn != nil {
		for _, rt := range t.Routes(fn) {
			d := ns.DevByIndex(rt.NH.Dev)
			if rt.Flags&(fib6.RTF_DEFAULT|fib6.RTF_ADDRCONF) != 0 && (d == nil || d.Conf == nil || d.Conf[confAcceptRA] != 2) {
				t.Del(rt)
			}
		}
	}
	ns.hasDfltRouter = false
}
