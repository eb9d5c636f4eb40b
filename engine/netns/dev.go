package netns

import (
	"cmp"
	"net/netip"
	"strconv"
	"strings"

	"fib6lab/engine/errno"
	"fib6lab/engine/fib6"
)

// Device kinds (the rtnl_link_ops names the model supports).
const (
	KindLoopback = "loopback"
	KindVeth     = "veth"
)

// Device models a struct net_device together with its struct inet6_dev:
// ifindex, name, MAC, the IFF_UP flag, the veth peer (carrier follows the
// peer's IFF_UP), the per-device disable_ipv6 sysctl and the IPv6 address
// list (idev->addr_list order: global scope before link scope, newest
// first within a scope).
type Device struct {
	Index       int
	Name        string
	Kind        string
	MAC         [6]byte
	Up          bool // IFF_UP, set by `ip link set NAME up`
	Peer        *Device
	DisableIPv6 int // net.ipv6.conf.NAME.disable_ipv6 (non-zero = disabled)
	MTU         int // dev->mtu in bytes
	Addrs       []*Addr
	Conf        Conf // idev->cnf beyond disable_ipv6 (knobs.go)

	v6Up      bool // addrconf has run NETDEV_UP (IFF_UP and IPv6 enabled)
	noIdev    bool // no inet6_dev: unregistered from IPv6 by an MTU below IPV6_MIN_MTU
	mtu6      int  // idev->cnf.mtu6: the IPv6 MTU, dev->mtu as of the last change IPv6 saw
	ready     bool // the link was ready (had carrier) once since v6Up: fe80::/64 exists
	carrierOn bool // carrier as last seen by addrconf
}

// Carrier models netif_carrier_ok: loopback has carrier while up, a veth
// end while both it and its peer are up.
func (d *Device) Carrier() bool {
	if d.Kind == KindLoopback {
		return d.Up
	}
	return d.Up && d.Peer != nil && d.Peer.Up
}

// Addr finds the address a on the device, or nil.
func (d *Device) Addr(a netip.Addr) *Addr {
	for _, ifa := range d.Addrs {
		if ifa.Prefix.Addr() == a {
			return ifa
		}
	}
	return nil
}

// Addr models struct inet6_ifaddr: the address with its prefix length,
// the IFA_F_NODAD and IFA_F_TENTATIVE flags and the DAD timer.
type Addr struct {
	Prefix        netip.Prefix // address (not masked) and prefix length
	NoDAD         bool
	Tentative     bool
	NoPrefixRoute bool   // IFA_F_NOPREFIXROUTE: no prefix route in main
	Metric        uint32 // rt_priority of the prefix route (0: 256)
	dad           Timer
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

// dadDelay is how long duplicate address detection keeps an address
// tentative, in jiffies: one retransmission interval (1 s) plus half the
// random start delay (rtr_solicit_delay, up to 1 s) the kernel draws.
func (ns *Netns) dadDelay() int64 { return ns.HZ * 3 / 2 }

// Devices returns the namespace's devices by ifindex.
func (ns *Netns) Devices() []*Device { return ns.devs }

// Dev returns the device called name, or nil (models __dev_get_by_name).
func (ns *Netns) Dev(name string) *Device {
	for _, d := range ns.devs {
		if d.Name == name {
			return d
		}
	}
	return nil
}

// DevByIndex returns the device with ifindex i, or nil.
func (ns *Netns) DevByIndex(i int) *Device {
	for _, d := range ns.devs {
		if d.Index == i {
			return d
		}
	}
	return nil
}

func (ns *Netns) newDev(name, kind string, mac [6]byte) *Device {
	ns.lastIfindex++
	d := &Device{Index: ns.lastIfindex, Name: name, Kind: kind, MAC: mac, MTU: ethDataLen, Conf: ns.ConfDefault}
	if kind == KindLoopback {
		d.MTU = loopbackMTU
	}
	d.mtu6 = d.MTU
	ns.devs = append(ns.devs, d)
	return d
}

// Device MTU bounds and defaults, in bytes.
const (
	ethDataLen  = 1500      // ETH_DATA_LEN, a veth's default
	loopbackMTU = 65536     // the loopback device's MTU
	ethMinMTU   = 68        // ETH_MIN_MTU, a veth's min_mtu
	ethMaxMTU   = 65535     // ETH_MAX_MTU, a veth's max_mtu
	loMaxMTU    = 1<<31 - 1 // the loopback device takes 0 to INT_MAX
	ipv6MinMTU  = 1280      // IPV6_MIN_MTU: below it addrconf stops IPv6
)

var (
	errMTUSmall = errno.WithMsg(errno.EINVAL, "mtu less than device minimum")
	errMTUBig   = errno.WithMsg(errno.EINVAL, "mtu greater than device maximum")
)

// SetMTU models dev_set_mtu (`ip link set DEV mtu N`): an MTU equal to
// the current one changes nothing; another one is NETDEV_CHANGEMTU
// (changeMTU: routes follow it, below IPV6_MIN_MTU IPv6 stops on the
// device). Errors: EINVAL (with the kernel's message) out of the
// device's bounds (a veth: 68 to 65535; lo: 0 to INT_MAX).
func (ns *Netns) SetMTU(d *Device, mtu int) error {
	lo, hi := ethMinMTU, ethMaxMTU
	if d.Kind == KindLoopback {
		lo, hi = 0, loMaxMTU
	}
	switch {
	case mtu < lo:
		return errMTUSmall
	case mtu > hi:
		return errMTUBig
	case mtu == d.MTU:
		return nil
	}
	d.MTU = mtu
	ns.changeMTU(d)
	return nil
}

// HasIPv6 reports whether the device has an inet6_dev (its
// net.ipv6.conf.DEV directory): not after an MTU below IPV6_MIN_MTU
// unregistered it from IPv6, until a larger MTU brings it back.
func (d *Device) HasIPv6() bool { return !d.noIdev }

// IPv6MTU returns the device's IPv6 MTU in bytes (idev->cnf.mtu6, what
// net.ipv6.conf.DEV.mtu reads): the device MTU as of the last change
// IPv6 took in.
func (d *Device) IPv6MTU() int { return d.mtu6 }

// Rename models dev_change_name (`ip link set DEV name NEW`): routes keep
// the ifindex, so they print the new name. A name with "%d" is a
// template, as for AddVeth. Errors: as AddVeth's for the name.
func (ns *Netns) Rename(d *Device, name string) error {
	if len(name) >= ifNameSize {
		return errNamePolicy
	}
	if name == d.Name {
		return nil
	}
	name, err := ns.validName(name, "")
	if err != nil {
		return err
	}
	d.Name = name
	return nil
}

// ChangeCarrier models dev_change_carrier (`ip link set DEV carrier
// on|off`, IFLA_CARRIER): only a driver with ndo_change_carrier (dummy,
// for one) lets user space set the carrier; veth and loopback devices,
// the ones modelled, have none. Error: EOPNOTSUPP.
func (ns *Netns) ChangeCarrier(d *Device, on bool) error {
	return errno.EOPNOTSUPP
}

// AddVeth models `ip link add NAME type veth peer name PEER` (rtnl_newlink
// and veth_newlink): the peer is registered first and gets the lower
// ifindex. An empty name stands for the name not given: the kernel then
// uses the template "veth%d"; a name with "%d" is a template whose "%d"
// becomes the lowest number that gives a free name (dev_alloc_name). A
// zero MAC is replaced by a locally administered one derived from the
// ifindex. Both ends start down. Errors: EINVAL "Attribute failed policy
// validation" for a name of IFNAMSIZ (16) bytes or more; EEXIST when
// NAME is taken; then the peer's name, then NAME are checked: EINVAL for
// a name dev_valid_name refuses or a bad template, EEXIST for a name
// taken, ENFILE when a template has no free number left.
func (ns *Netns) AddVeth(name string, mac [6]byte, peer string, peerMAC [6]byte) error {
	if len(name) >= ifNameSize || len(peer) >= ifNameSize {
		return errNamePolicy
	}
	if name != "" && ns.Dev(name) != nil { // rtnl_newlink looks the name up first
		return errno.EEXIST
	}
	peer, err := ns.validName(cmp.Or(peer, vethTemplate), "")
	if err != nil {
		return err
	}
	if name, err = ns.validName(cmp.Or(name, vethTemplate), peer); err != nil {
		return err
	}
	p := ns.newDev(peer, KindVeth, orRandomMAC(peerMAC, ns.lastIfindex+1))
	d := ns.newDev(name, KindVeth, orRandomMAC(mac, ns.lastIfindex+1))
	d.Peer, p.Peer = p, d
	return nil
}

// Device name rules of the kernel.
const (
	ifNameSize    = 16       // IFNAMSIZ, with the final NUL
	vethTemplate  = "veth%d" // the name of a veth end not named
	maxNetdevices = 8 * 4096 // __dev_alloc_name's bitmap: a page of bits
)

// errNamePolicy is rtnetlink's answer to an IFLA_IFNAME longer than its
// policy allows (NLA_STRING of at most IFNAMSIZ-1 bytes).
var errNamePolicy = errno.WithMsg(errno.EINVAL, "Attribute failed policy validation")

// validName models dev_prep_valid_name for a device being registered or
// renamed: dev_valid_name's checks, then a "%d" template is filled in
// (__dev_alloc_name) or the name must be free. also is a name taken by
// a device being registered with this one ("" for none). It returns the
// name the device gets; a name sysctlDevNameAllowed refuses fails with
// EINVAL, as the registration or the rename then does.
func (ns *Netns) validName(name, also string) (string, error) {
	if !devValidName(name) {
		return "", errno.EINVAL
	}
	taken := func(n string) bool { return n == also || ns.Dev(n) != nil }
	i := strings.IndexByte(name, '%')
	if i < 0 {
		switch {
		case taken(name):
			return "", errno.EEXIST
		case !sysctlDevNameAllowed(name):
			return "", errno.EINVAL
		}
		return name, nil
	}
	if !strings.HasPrefix(name[i:], "%d") || strings.Contains(name[i+2:], "%") {
		return "", errno.EINVAL
	}
	for n := 0; n < maxNetdevices; n++ {
		cand := name[:i] + strconv.Itoa(n) + name[i+2:]
		cand = cand[:min(len(cand), ifNameSize-1)]
		if !taken(cand) {
			return cand, nil
		}
	}
	return "", errno.ENFILE
}

// sysctlDevNameAllowed models sysctl_dev_name_is_allowed, which the
// IPv4 and IPv6 notifiers check when a device registers or is renamed
// (devinet_sysctl_register, addrconf_sysctl_register): "all" and
// "default" would clash with net/ipv{4,6}/conf/{all,default}, and the
// notifier fails the registration or the rename with EINVAL.
func sysctlDevNameAllowed(name string) bool { return name != "all" && name != "default" }

// devValidName models dev_valid_name: 1 to 15 bytes, not "." or "..",
// no '/', ':' or white space (the kernel's isspace, which also takes the
// Latin-1 no-break space 0xa0).
func devValidName(name string) bool {
	if name == "" || len(name) >= ifNameSize || name == "." || name == ".." {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c == '/' || c == ':' || kernelSpace(c) {
			return false
		}
	}
	return true
}

func orRandomMAC(mac [6]byte, idx int) [6]byte {
	if mac != ([6]byte{}) {
		return mac
	}
	return [6]byte{0x02, 0xf6, 0x1b, 0x6c, byte(idx >> 8), byte(idx)}
}

// DelLink models `ip link del NAME` (rtnl_dellink): the device goes down
// and is unregistered (the routes still through it, such as dead
// multipath hops, go); deleting a veth end removes its peer too.
// Errors: EOPNOTSUPP for the loopback device.
func (ns *Netns) DelLink(d *Device) error {
	if d.Kind == KindLoopback {
		return errno.EOPNOTSUPP
	}
	for _, x := range []*Device{d, d.Peer} {
		if x == nil {
			continue
		}
		ns.SetLinkUp(x, false)
		ns.addrconfDown(x, true)
		ns.devs = deleteDev(ns.devs, x)
	}
	return nil
}

func deleteDev(ds []*Device, d *Device) []*Device {
	for i, x := range ds {
		if x == d {
			return append(ds[:i], ds[i+1:]...)
		}
	}
	return ds
}

// SetLinkUp models dev_open/dev_close (`ip link set NAME up|down`) and the
// NETDEV_UP/NETDEV_DOWN/NETDEV_CHANGE events addrconf and the nexthop
// code (nexthopFlushDev) see on the device and, for a veth, on its peer
// (whose carrier follows).
func (ns *Netns) SetLinkUp(d *Device, up bool) {
	if d.Up == up {
		return
	}
	d.Up = up
	ns.nexthopFlushDev(d)
	ns.syncIPv6(d)
	if d.Peer != nil {
		ns.nexthopFlushDev(d.Peer)
		ns.syncIPv6(d.Peer)
	}
}

// SetDisableIPv6 models writing net.ipv6.conf.NAME.disable_ipv6
// (addrconf_disable_ipv6): disabling tears IPv6 down on an up device,
// enabling brings it up as NETDEV_UP would.
func (ns *Netns) SetDisableIPv6(d *Device, v int) {
	d.DisableIPv6 = v
	ns.syncIPv6(d)
}

// syncIPv6 brings addrconf's view of d in line with its flags: IPv6 up or
// down (addrconf_notify NETDEV_UP/DOWN, addrconf_ifdown) and carrier
// changes (NETDEV_CHANGE).
func (ns *Netns) syncIPv6(d *Device) {
	want := d.Up && d.DisableIPv6 == 0 && d.HasIPv6()
	switch {
	case want && !d.v6Up:
		ns.addrconfUp(d)
	case !want && d.v6Up:
		ns.addrconfDown(d, false)
	case d.v6Up && d.Carrier() != d.carrierOn:
		ns.carrierChange(d)
	}
}

// addrconfUp models addrconf_notify(NETDEV_UP): addresses configured
// while down or kept over a down get their routes back; loopback gets
// ::1; other devices, once the link has carrier, the ff00::/8 multicast
// route, the fe80::/64 route and the EUI-64 link-local address. Below
// IPV6_MIN_MTU (lo only: another device has no IPv6 then) IPv6 stops
// again at once.
func (ns *Netns) addrconfUp(d *Device) {
	d.v6Up, d.carrierOn = true, d.Carrier()
	for _, ifa := range d.Addrs { // added while down or kept (addrconf_permanent_addr)
		ns.fixupPermanentAddr(d, ifa)
	}
	if d.Kind == KindLoopback {
		lo := &Addr{Prefix: netip.PrefixFrom(netip.IPv6Loopback(), 128)}
		d.Addrs = append(d.Addrs, lo)
		ns.addLocalRoute(d, lo)
	} else {
		ns.nexthopsUp(d)
		if d.carrierOn {
			ns.linkReady(d)
		}
	}
	if d.MTU < ipv6MinMTU { // only lo gets here: up, then down again
		ns.ifdown(d, false)
	}
}

// linkReady models addrconf_dev_config on the first carrier: the
// multicast route, the fe80::/64 route and the link-local address (tentative), and DAD for
// every tentative address.
func (ns *Netns) linkReady(d *Device) {
	d.ready = true
	ns.ndiscAllocs += linkReadyDsts
	ns.addKernelRoute(fib6.RT_TABLE_LOCAL, fib6.RTN_MULTICAST, netip.MustParsePrefix("ff00::/8"), d, addrconfMetric)
	ns.addKernelRoute(fib6.RT_TABLE_MAIN, fib6.RTN_UNICAST, netip.MustParsePrefix("fe80::/64"), d, addrconfMetric)
	ll := netip.PrefixFrom(eui64LinkLocal(d.MAC), 64)
	if d.Addr(ll.Addr()) == nil {
		ns.insertAddr(d, &Addr{Prefix: ll, Tentative: true})
	}
	ns.startDAD(d)
}

// linkReadyDsts approximates the dsts (icmp6_dst_alloc, per-CPU copies)
// the kernel's own ICMPv6 traffic allocates when a link becomes ready:
// MLD reports, the DAD probe and the first router solicitation. Measured
// on Linux 6.18 for a veth end with one global address: 6 within about
// 2.5 s (the exact figure and timing vary with CPU and random delays;
// later router solicitations are not modelled).
const linkReadyDsts = 6

// eui64LinkLocal models addrconf_ifid_eui48: fe80:: plus the MAC with
// ff:fe in the middle and the universal/local bit flipped.
func eui64LinkLocal(mac [6]byte) netip.Addr {
	return netip.AddrFrom16([16]byte{0xfe, 0x80, 8: mac[0] ^ 2, mac[1], mac[2], 0xff, 0xfe, mac[3], mac[4], mac[5]})
}

// carrierChange models NETDEV_CHANGE: routes on the device gain or lose
// RTNH_F_LINKDOWN; DAD pauses without carrier and restarts with it.
func (ns *Netns) carrierChange(d *Device) {
	d.carrierOn = d.Carrier()
	for _, rt := range ns.routesOn(d) {
		setLinkdown(rt, !d.carrierOn)
	}
	switch {
	case !d.carrierOn:
		for _, ifa := range d.Addrs {
			ns.clock.del(&ifa.dad)
		}
	case !d.ready:
		ns.linkReady(d)
	default:
		ns.startDAD(d)
	}
}

func setLinkdown(rt *fib6.Info, down bool) {
	if rt.Flags&fib6.RTF_LOCAL != 0 {
		return
	}
	if down {
		rt.NH.Flags |= fib6.RTNH_F_LINKDOWN
	} else {
		rt.NH.Flags &^= fib6.RTNH_F_LINKDOWN
	}
}

// addrconfDown models addrconf_notify for IFF_UP going away or IPv6
// being disabled (NETDEV_DOWN) or, with unregister, for the device
// leaving IPv6 (NETDEV_UNREGISTER, an MTU below IPV6_MIN_MTU):
// addrconf_ifdown (ifdown), after which addrconf sees the device down.
func (ns *Netns) addrconfDown(d *Device, unregister bool) {
	ns.ifdown(d, unregister)
	d.v6Up, d.ready, d.carrierOn = false, false, false
}

// nexthopDown models fib6_ifdown for NETDEV_DOWN on one route through d:
// a single-path route is deleted; in an ECMP group the hops through d are
// marked dead and linkdown, and only when every hop is dead does the
// whole group go (rt6_multipath_dead_count, rt6_multipath_flush).
func (ns *Netns) nexthopDown(rt *fib6.Info, d *Device) {
	group := append([]*fib6.Info{rt}, rt.Siblings()...)
	dead := 0
	for _, m := range group {
		if m.NH.Dev == d.Index || m.NH.Flags&fib6.RTNH_F_DEAD != 0 {
			dead++
		}
	}
	if dead < len(group) {
		for _, m := range group {
			if m.NH.Dev == d.Index {
				m.NH.Flags |= fib6.RTNH_F_DEAD | fib6.RTNH_F_LINKDOWN
			}
		}
		return
	}
	for _, m := range group {
		m.Table.Del(m)
	}
}

// nexthopsUp models rt6_sync_up on NETDEV_UP: hops through d are no
// longer dead, and no longer linkdown once d has carrier.
func (ns *Netns) nexthopsUp(d *Device) {
	clear := uint8(fib6.RTNH_F_DEAD)
	if d.Carrier() {
		clear |= fib6.RTNH_F_LINKDOWN
	}
	for _, rt := range ns.routesOn(d) {
		rt.NH.Flags &^= clear
	}
}

// routesOn lists the routes (all tables) whose own nexthop device is d
// (routes using nexthop objects follow their objects instead:
// fib6_ifdown and fib6_ifup skip them).
func (ns *Netns) routesOn(d *Device) []*fib6.Info {
	var rs []*fib6.Info
	for _, t := range ns.FIB.Tables() {
		for _, rt := range t.Dump() {
			if rt.NH.Dev == d.Index && rt.NHID() == 0 {
				rs = append(rs, rt)
			}
		}
	}
	return rs
}
