package netns

import (
	"cmp"
	"net/netip"
	"slices"
	"strconv"
	"strings"

	"fib6lab/engine/errno"
	"fib6lab/engine/fib6"
	"fib6lab/engine/trace"
)

// Device kinds (the rtnl_link_ops names the model supports).
const (
	KindLoopback = "loopback"
	KindVeth     = "veth"
)

// Device models a struct net_device together with its struct inet6_dev:
// ifindex, name, MAC, the IFF_UP flag, the veth peer (carrier follows the
// peer's IFF_UP; the peer may live in another namespace), the
// net.ipv6.conf.NAME settings (nil while the device has no inet6_dev)
// and the IPv6 address list (idev->addr_list order: global scope before
// link scope, newest first within a scope).
type Device struct {
	Index int
	Name  string
	Kind  string
	MAC   [6]byte
	Up    bool // IFF_UP, set by `ip link set NAME up`
	Peer  *Device
	Conf  DevConf // net.ipv6.conf.NAME.* (conf.go); nil: no inet6_dev
	MTU   int     // dev->mtu in bytes
	Addrs []*Addr
	// Qdisc: the device has been up since it registered, so it has its
	// qdisc (noqueue for these devices; noop before).
	Qdisc bool

	ns        *Netns // the namespace the device lives in (dev_net)
	v6Up      bool   // addrconf has run NETDEV_UP (IFF_UP and IPv6 enabled)
	ready     bool   // the link was ready (had carrier) once since v6Up: fe80::/64 exists
	lowerDown bool   // LowerLayerDown's answer, fixed when the link last changed
	carrierOn bool   // carrier as last seen by addrconf
	// anycast counts the addresses using each anycast address the
	// device joined (ac_list, aca_users; anycast.go).
	anycast map[netip.Addr]int
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

// dadDelay is how long duplicate address detection keeps an address
// tentative, in jiffies: one retransmission interval (1 s) plus half the
// random start delay (rtr_solicit_delay, up to 1 s) the kernel draws.
func (ns *Netns) dadDelay() int64 { return ns.HZ * 3 / 2 }

// Devices returns the namespace's devices by ifindex.
func (ns *Netns) Devices() []*Device { return ns.devs }

// Dev returns the device called name, or nil (models __dev_get_by_name).
func (ns *Netns) Dev(name string) *Device { return ns.byName[name] }

// DevByIndex returns the device with ifindex i, or nil.
func (ns *Netns) DevByIndex(i int) *Device {
	for _, d := range ns.devs {
		if d.Index == i {
			return d
		}
	}
	return nil
}

// Net returns the namespace the device lives in (dev_net).
func (d *Device) Net() *Netns { return d.ns }

// DisableIPv6 returns net.ipv6.conf.NAME.disable_ipv6 (0 when the device
// has no inet6_dev).
func (d *Device) DisableIPv6() int64 {
	if d.Conf == nil {
		return 0
	}
	return d.Conf[confDisableIPv6]
}

func (ns *Netns) newDev(name, kind string, mac [6]byte) *Device {
	d := &Device{Name: name, Kind: kind, MAC: mac, MTU: ethDataLen}
	if kind == KindLoopback {
		d.MTU = loopbackMTU
	}
	ns.register(d, 0)
	return d
}

// register models register_netdevice in ns: ifindex index, or the next
// one when 0 (the namespace's counter never goes back, as
// dev_index_reserve's cyclic allocation), and, with an MTU IPv6 can use,
// an inet6_dev with a copy of `default` (ipv6_add_dev).
func (ns *Netns) register(d *Device, index int) {
	if index == 0 {
		ns.lastIfindex++
		index = ns.lastIfindex
	}
	d.Index, d.ns = index, ns
	d.Conf, d.Qdisc = nil, false
	if d.MTU >= ipv6MinMTU {
		ns.newDevConf(d)
	}
	ns.devs = append(ns.devs, d)
	if ns.byName == nil {
		ns.byName = map[string]*Device{}
	}
	ns.byName[d.Name] = d
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
	notifyLink(d)
	return nil
}

// HasIPv6 reports whether the device has an inet6_dev (its
// net.ipv6.conf.DEV directory, Conf): not when it registered with an MTU
// below IPV6_MIN_MTU or after such an MTU unregistered it from IPv6
// (loopback keeps its inet6_dev), until a larger MTU brings it back.
func (d *Device) HasIPv6() bool { return d.Conf != nil }

// IPv6MTU returns the device's IPv6 MTU in bytes (idev->cnf.mtu6, what
// net.ipv6.conf.DEV.mtu reads): the device MTU as of the last change
// IPv6 took in, unless written since; the device MTU without IPv6.
func (d *Device) IPv6MTU() int {
	if d.Conf == nil {
		return d.MTU
	}
	return int(d.Conf[confMTU6])
}

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
	delete(ns.byName, d.Name)
	d.Name, ns.byName[name] = name, d
	notifyLink(d)
	return nil
}

// ChangeCarrier models dev_change_carrier (`ip link set DEV carrier
// on|off`, IFLA_CARRIER): only a driver with ndo_change_carrier (dummy,
// for one) lets user space set the carrier; veth and loopback devices,
// the ones modelled, have none. Error: EOPNOTSUPP.
func (ns *Netns) ChangeCarrier(d *Device, on bool) error {
	return errno.EOPNOTSUPP
}

// AddVeth models `ip link add NAME type veth peer name PEER` with both
// ends in ns: AddVethPair with only names and MACs.
func (ns *Netns) AddVeth(name string, mac [6]byte, peer string, peerMAC [6]byte) error {
	return ns.AddVethPair(VethEnd{Name: name, MAC: mac}, VethEnd{Name: peer, MAC: peerMAC})
}

// VethEnd is one end of a veth pair to create: its name ("" when not
// given), MAC (zero when not given), MTU in bytes (0 when not given:
// ETH_DATA_LEN) and namespace (nil: the one that creates the pair).
type VethEnd struct {
	Name string
	MAC  [6]byte
	MTU  int
	NS   *Netns
}

// AddVethPair models `ip link add NAME [address MAC] [mtu N] [netns NS]
// type veth peer [name] PEER [address MAC] [mtu N] [netns NS]`
// (rtnl_newlink and veth_newlink) run in ns: the peer is registered
// first and gets the lower ifindex when both live in one namespace; each
// end takes the next ifindex of its own namespace. An empty name stands
// for the name not given: the kernel then uses the template "veth%d"; a
// name with "%d" is a template whose "%d" becomes the lowest number that
// gives a free name (dev_alloc_name). A zero MAC is replaced by a
// locally administered one derived from the namespace and the ifindex.
// Both ends start down. The message the kernel builds for the new device
// gives its namespace an id for the peer's namespace (NetIDAlloc).
// Errors: EINVAL "Attribute failed policy validation" for a name of
// IFNAMSIZ (16) bytes or more; EEXIST when NAME is taken in its
// namespace; EINVAL (no message) for an MTU outside 68..65535, NAME's
// then the peer's; then the peer's name, then NAME are checked: EINVAL
// for a name dev_valid_name refuses or a bad template, EEXIST for a name
// taken, ENFILE when a template has no free number left.
func (ns *Netns) AddVethPair(dev, peer VethEnd) error {
	dev.NS, peer.NS = cmp.Or(dev.NS, ns), cmp.Or(peer.NS, ns)
	if len(dev.Name) >= ifNameSize || len(peer.Name) >= ifNameSize {
		return errNamePolicy
	}
	if dev.Name != "" && dev.NS.Dev(dev.Name) != nil { // rtnl_newlink looks the name up first
		return errno.EEXIST
	}
	for _, e := range []VethEnd{dev, peer} {
		if e.MTU != 0 && (e.MTU < ethMinMTU || e.MTU > ethMaxMTU) { // dev_validate_mtu in rtnl_create_link
			return errno.EINVAL
		}
	}
	pname, err := peer.NS.validName(cmp.Or(peer.Name, vethTemplate), "")
	if err != nil {
		return err
	}
	also := "" // the peer's name, taken in its namespace before NAME registers
	if peer.NS == dev.NS {
		also = pname
	}
	dname, err := dev.NS.validName(cmp.Or(dev.Name, vethTemplate), also)
	if err != nil {
		return err
	}
	p := peer.NS.newDevAt(pname, peer)
	d := dev.NS.newDevAt(dname, dev)
	d.Peer, p.Peer = p, d
	notifyLink(d)
	return nil
}

// newDevAt registers a veth end e named name in ns.
func (ns *Netns) newDevAt(name string, e VethEnd) *Device {
	d := &Device{Name: name, Kind: KindVeth, MAC: e.MAC, MTU: cmp.Or(e.MTU, ethDataLen)}
	ns.register(d, 0)
	d.MAC = orRandomMAC(e.MAC, ns.index, d.Index)
	return d
}

// MoveDev models dev_change_net_namespace (`ip link set DEV netns NS`):
// the device goes down and leaves ns (NETDEV_UNREGISTER: its addresses,
// routes and inet6_dev go), keeps its ifindex in to unless a device
// there has it (then it takes to's next one), and registers in to with a
// fresh inet6_dev from to's `default`. The message announcing the move
// gives ns an id for to, and the one for the device in to gives to an id
// for the peer's namespace. A veth peer stays where it is and loses its
// carrier. Moving to ns itself does nothing. Errors: EINVAL "The
// interface netns is immutable." for loopback, EEXIST "An interface with
// the same name exists in the target netns.".
func (ns *Netns) MoveDev(d *Device, to *Netns) error {
	switch {
	case d.Kind == KindLoopback:
		return errNetnsLocal
	case to == ns:
		return nil
	case to.Dev(d.Name) != nil:
		return errNameInTarget
	}
	ns.SetLinkUp(d, false)
	ns.addrconfDown(d, true) // NETDEV_UNREGISTER
	ns.deleteDev(d)
	ns.NetIDAlloc(to) // RTM_DELLINK names the target (IFLA_TARGET_NETNSID)
	index := d.Index
	if to.DevByIndex(index) != nil {
		index = 0
	}
	to.register(d, index)
	notifyLink(d)
	return nil
}

var (
	errNetnsLocal   = errno.WithMsg(errno.EINVAL, "The interface netns is immutable")
	errNameInTarget = errno.WithMsg(errno.EEXIST, "An interface with the same name exists in the target netns")
)

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

// orRandomMAC returns mac, or when it is zero a locally administered
// address standing for the random one the kernel draws (eth_hw_addr_random),
// made from the namespace's creation number and the ifindex so that
// every run gives the same.
func orRandomMAC(mac [6]byte, net, idx int) [6]byte {
	if mac != ([6]byte{}) {
		return mac
	}
	return [6]byte{0x02, 0xf6, 0x1b, 0x6c + byte(net), byte(idx >> 8), byte(idx)}
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
		x.ns.SetLinkUp(x, false)
		x.ns.addrconfDown(x, true)
		x.ns.deleteDev(x)
	}
	return nil
}

// deleteDev takes d off the namespace's device list and name index.
func (ns *Netns) deleteDev(d *Device) {
	if i := slices.Index(ns.devs, d); i >= 0 {
		ns.devs = slices.Delete(ns.devs, i, i+1)
		delete(ns.byName, d.Name)
	}
}

// SetLinkUp models dev_open/dev_close (`ip link set NAME up|down`) and the
// NETDEV_UP/NETDEV_DOWN/NETDEV_CHANGE events addrconf and the nexthop
// code (nexthopFlushDev) see on the device and, for a veth, on its peer
// (whose carrier follows). A device going down also gets a GC pass, as
// ndisc runs fib6_run_gc on NETDEV_DOWN.
func (ns *Netns) SetLinkUp(d *Device, up bool) {
	if d.Up == up {
		return
	}
	d.Up = up
	d.Qdisc = d.Qdisc || up
	ns.nexthopFlushDev(d)
	ns.syncIPv6(d, up)
	if !up { // ndisc_netdev_event(NETDEV_DOWN), after addrconf's
		ns.RunGC(0, false)
	}
	notifyLink(d)
	d.lowerDown = d.defaultLowerDown()
	if p := d.Peer; p != nil {
		p.ns.nexthopFlushDev(p)
		p.ns.syncIPv6(p, false)
		notifyLink(p)
		p.lowerDown = p.defaultLowerDown()
	}
}

// LowerLayerDown reports whether an up device without carrier is in
// operational state LOWERLAYERDOWN rather than DOWN, as linkwatch set it
// when the link last changed (opened, closed, the peer's carrier).
func (d *Device) LowerLayerDown() bool { return d.Up && !d.Carrier() && d.lowerDown }

// defaultLowerDown models default_operstate's test for a device without
// carrier: the device its iflink (a veth's peer's ifindex) names in its
// own namespace, if any other than itself, has no carrier either. For a
// peer in another namespace that index names an unrelated device or
// none.
func (d *Device) defaultLowerDown() bool {
	if d.Peer == nil || d.Carrier() {
		return false
	}
	x := d.ns.DevByIndex(d.Peer.Index)
	return x != nil && x != d && !x.Carrier()
}

// SetDisableIPv6 models writing net.ipv6.conf.NAME.disable_ipv6
// (addrconf_disable_ipv6): disabling tears IPv6 down on an up device,
// enabling brings it up as NETDEV_UP would. A device without an
// inet6_dev (MTU below 1280) has no such setting: nothing changes.
func (ns *Netns) SetDisableIPv6(d *Device, v int) {
	if d.Conf != nil {
		d.Conf[confDisableIPv6] = int64(v)
		ns.syncIPv6(d, false)
	}
}

// syncIPv6 brings addrconf's view of d in line with its flags: IPv6 up or
// down (addrconf_notify NETDEV_UP/DOWN, addrconf_ifdown) and carrier
// changes (NETDEV_CHANGE, which linkwatch delivers from a worker).
// opened says that d has just been opened (dev_open), so that its
// operational state is not up yet.
func (ns *Netns) syncIPv6(d *Device, opened bool) {
	want := d.Up && d.DisableIPv6() == 0 && d.HasIPv6()
	switch {
	case want && !d.v6Up:
		ns.addrconfUp(d, opened)
	case !want && d.v6Up:
		ns.addrconfDown(d, false)
	case d.v6Up && d.Carrier() != d.carrierOn:
		defer ns.FIB.Trace.Enter(trace.CtxWorker)()
		ns.carrierChange(d)
	}
}

// addrconfUp models addrconf_notify(NETDEV_UP): addresses configured
// while down or kept over a down get their routes back; loopback gets
// ::1; other devices, once the link has carrier, the ff00::/8 multicast
// route, the fe80::/64 route and the EUI-64 link-local address. Below
// IPV6_MIN_MTU (lo only: another device has no IPv6 then) IPv6 stops
// again at once. On a device just opened the link is not operationally
// up yet: the part that needs carrier comes with the NETDEV_CHANGE
// linkwatch sends from a worker.
func (ns *Netns) addrconfUp(d *Device, opened bool) {
	d.v6Up, d.carrierOn = true, d.Carrier()
	for _, ifa := range d.Addrs { // added while down or kept (addrconf_permanent_addr)
		ns.fixupPermanentAddr(d, ifa)
	}
	if d.Kind == KindLoopback {
		lo := ns.newAddr(netip.PrefixFrom(netip.IPv6Loopback(), 128))
		d.Addrs = append(d.Addrs, lo)
		ns.addLocalRoute(d, lo)
	} else {
		ns.nexthopsUp(d)
		if d.carrierOn {
			if opened {
				defer ns.FIB.Trace.Enter(trace.CtxWorker)()
			}
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
	ns.addMroute(d)
	ns.addKernelRoute(fib6.RT_TABLE_MAIN, fib6.RTN_UNICAST, netip.MustParsePrefix("fe80::/64"), d, addrconfMetric)
	ll := netip.PrefixFrom(eui64LinkLocal(d.MAC), 64)
	if d.Addr(ll.Addr()) == nil {
		ifa := ns.newAddr(ll)
		ifa.Tentative = ns.dadEnabled(d)
		ns.insertAddr(d, ifa)
		if !ifa.Tentative {
			ns.addrUsable(d, ifa)
		}
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
	b := [16]byte{0xfe, 0x80}
	id := eui64(mac)
	copy(b[8:], id[:])
	return netip.AddrFrom16(b)
}

// carrierChange models NETDEV_CHANGE: routes on the device gain or lose
// RTNH_F_LINKDOWN; the first carrier makes the link ready (IF_READY),
// and a later one runs DAD for the tentative addresses not being probed.
// Losing the carrier leaves DAD running: the device stays IF_READY, and
// its probes are sent on a link without carrier, so no reply stops it.
func (ns *Netns) carrierChange(d *Device) {
	d.carrierOn = d.Carrier()
	for _, rt := range ns.routesOn(d) {
		setLinkdown(rt, !d.carrierOn)
	}
	switch {
	case !d.carrierOn:
	case !d.ready:
		ns.linkReady(d)
	default:
		ns.startDAD(d)
	}
}

func setLinkdown(rt *fib6.Info, down bool) {
	if rt.Flags&(fib6.RTF_LOCAL|fib6.RTF_ANYCAST) != 0 {
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
		if t.RoutesOnDev(d.Index) == 0 { // nothing to find: no walk
			continue
		}
		for _, rt := range t.Dump() {
			if rt.NH.Dev == d.Index && rt.NHID() == 0 {
				rs = append(rs, rt)
			}
		}
	}
	return rs
}
