package netns

import (
	"net/netip"

	"fib6lab/engine/dst"
	"fib6lab/engine/fib6"
	"fib6lab/engine/trace"
)

// The packet datapath between namespaces: a packet a namespace sends
// leaves through a device; on a veth end it crosses to the peer
// (Device.Peer, living in Device.Peer.Net()), which receives it as
// ipv6_rcv does and delivers it locally or forwards it (ip6_forward),
// answering with ICMPv6 errors (icmp6_send) that travel back the same
// way. Everything happens at once, within the jiffy of the command that
// sent the first packet: the kernel queues each crossing on a CPU
// backlog and runs it in the softirq at the end of the sending system
// call, which is no later than the next command could look.

// Next header values the datapath reads (include/uapi/linux/in6.h).
const (
	protoUDP    = 17
	protoICMPv6 = 58
)

// ICMPv6 types and codes the datapath sends and reads
// (include/uapi/linux/icmpv6.h, include/net/ndisc.h).
const (
	icmpDestUnreach  = 1
	icmpPktTooBig    = 2
	icmpTimeExceed   = 3
	icmpRouterAdvert = 134

	codeNoRoute      = 0 // ICMPV6_NOROUTE
	codeAdmProhibit  = 1 // ICMPV6_ADM_PROHIBITED
	codeNotNeighbour = 2 // ICMPV6_NOT_NEIGHBOUR
	codePortUnreach  = 4 // ICMPV6_PORT_UNREACH
	codeExcHopLimit  = 0 // ICMPV6_EXC_HOPLIMIT
)

// Header sizes in bytes.
const (
	ipv6HdrLen = 40
	fragHdrLen = 8
	udpHdrLen  = 8
	icmpHdrLen = 8
)

// Packet models what the datapath reads of an IPv6 packet (an sk_buff
// with its ipv6hdr and the start of its transport header): addresses,
// hop limit, length on the wire in bytes (skb->len from the IPv6 header
// on), the upper-layer protocol, whether it carries a fragment header and
// at which offset (bytes), the UDP ports of a first fragment and the
// ICMPv6 message. Packets are values: every hop works on its own copy.
type Packet struct {
	Src, Dst     netip.Addr
	HopLimit     int
	Len          int
	Proto        uint8
	Fragment     bool
	FragOff      int
	SPort, DPort uint16
	ICMP         *ICMP
	iif          int // IP6CB(skb)->iif: the ifindex it arrived on
}

// ICMP models an ICMPv6 message: type, code, the 32-bit field after the
// checksum (the MTU of a Packet Too Big), for an error the start of the
// packet it is about, for a Router Advertisement its body.
type ICMP struct {
	Type, Code uint8
	Info       uint32
	Inner      *Packet
	RA         *RA
}

// isICMPError reports whether p is an ICMPv6 error message, about which
// no error is ever sent (is_ineligible).
func (p *Packet) isICMPError() bool {
	return p.Proto == protoICMPv6 && (p.Fragment && p.FragOff > 0 || p.ICMP != nil && p.ICMP.Type < 128)
}

// output models ip6_output for a packet ns originates on the dst e of
// route rt: a local destination is delivered back into ns (through the
// loopback device in the kernel); a multicast one is looped back to ns
// too when the device has joined the group (loop, IPV6_MULTICAST_LOOP)
// and then sent; anything else goes to the next hop, the dst's gateway
// or the destination itself, through the dst's device.
func (ns *Netns) output(rt *fib6.Info, e *dst.Entry, p Packet, loop bool) {
	d := ns.DevByIndex(e.Dev)
	if d == nil {
		return
	}
	if rt != nil && (rt.Type == fib6.RTN_LOCAL || rt.Type == fib6.RTN_ANYCAST) {
		ns.receive(ns.loopback(), p)
		return
	}
	if p.Dst.IsMulticast() {
		if loop && ns.mcJoined(d, p.Dst) {
			ns.receive(d, p)
		}
		ns.xmit(d, p.Dst, p)
		return
	}
	nh := p.Dst
	if e.Gateway.IsValid() {
		nh = e.Gateway
	}
	ns.xmit(d, nh, p)
}

// loopback returns the namespace's loopback device.
func (ns *Netns) loopback() *Device { return ns.devs[0] }

// xmit models neighbour output and the device's transmit for p leaving d
// for next hop nh: on a veth end with carrier, the peer end receives it,
// provided neighbour discovery resolves nh there (the peer answers a
// solicitation for an address it holds, not tentative, or an anycast
// address of a forwarding peer); a multicast packet needs no resolution.
// An unresolved packet waits in the neighbour queue and is dropped after
// the probes: nothing comes back to a UDP sender.
func (ns *Netns) xmit(d *Device, nh netip.Addr, p Packet) {
	if d.Kind == KindLoopback {
		ns.receive(d, p)
		return
	}
	peer := d.Peer
	if peer == nil || !d.Carrier() {
		return
	}
	if !nh.IsMulticast() && !peer.answersNS(nh) {
		return
	}
	peer.ns.receive(peer, p)
}

// answersNS reports whether d answers a neighbour solicitation for a
// (ndisc_recv_ns): a non-tentative unicast address of d, or an anycast
// address d has joined.
func (d *Device) answersNS(a netip.Addr) bool {
	if !d.v6Up {
		return false
	}
	if ifa := d.Addr(a); ifa != nil {
		return !ifa.Tentative
	}
	return d.ns.hasAnycast(d, a)
}

// mcJoined reports whether d has joined multicast group g: every IPv6
// device the all-nodes group ff02::1, a forwarding one the all-routers
// group ff02::2 (ipv6_chk_mcast_addr). Other groups (solicited-node
// and the groups sockets join) are not modelled.
func (ns *Netns) mcJoined(d *Device, g netip.Addr) bool {
	switch g {
	case allNodes:
		return true
	case allRouters:
		return d.Conf != nil && d.Conf[confForwarding] != 0
	}
	return false
}

// Well-known multicast groups.
var (
	allNodes   = netip.MustParseAddr("ff02::1")
	allRouters = netip.MustParseAddr("ff02::2")
)

// receive models ipv6_rcv and ip6_rcv_finish for p arriving on d: a
// device without IPv6 (or with it disabled) drops it, as do a multicast
// or loopback source and a loopback destination from outside; multicast
// goes up when d has joined the group; unicast is routed with the
// incoming interface (ip6_route_input) to local delivery (a local or
// anycast route), to ip6_forward, or to the discard a reject route or no
// route means (ip6_pkt_discard: an ICMPv6 destination unreachable; a
// blackhole drops silently).
func (ns *Netns) receive(d *Device, p Packet) {
	if d.Conf == nil || d.DisableIPv6() != 0 || !d.v6Up {
		return
	}
	p.iif = d.Index
	switch {
	case p.Src.IsMulticast(),
		p.Dst.IsLoopback() && d.Kind != KindLoopback,
		p.Src.IsLoopback() && d.Kind != KindLoopback:
		return
	case p.Dst.IsMulticast():
		if ns.mcJoined(d, p.Dst) {
			ns.deliver(d, p)
		}
		return
	}
	strict := p.Dst.IsLinkLocalUnicast()
	rt, _, err := ns.lookupInput(p, d, strict)
	switch {
	case err == nil && (rt.Type == fib6.RTN_LOCAL || rt.Type == fib6.RTN_ANYCAST):
		ns.deliver(d, p)
	case err == nil:
		ns.forward(d, p, rt)
	case rt != nil && rt.Type == fib6.RTN_BLACKHOLE:
	case rt != nil && rt.Type == fib6.RTN_PROHIBIT:
		ns.icmpSend(d, p, icmpDestUnreach, codeAdmProhibit, 0)
	default:
		ns.icmpSend(d, p, icmpDestUnreach, codeNoRoute, 0)
	}
}

// forward models ip6_forward for p that arrived on in and matched route
// rt: without forwarding (net.ipv6.conf.all.forwarding, or the incoming
// device's force_forwarding) it is dropped; a hop limit of 1 or less
// gets an ICMPv6 time exceeded; a source that is unspecified, multicast
// or loopback is dropped and a link-local one gets a destination
// unreachable (not a neighbour), unless the packet goes back out of the
// link it came from (where the kernel would send a redirect, which the
// model does not: it forwards); a packet longer than the outgoing MTU
// (the device's IPv6 MTU, or the route's MTU when locked; at least 1280)
// gets a Packet Too Big with that MTU, sent from the outgoing device's
// point of view; anything else leaves with its hop limit one lower.
func (ns *Netns) forward(in *Device, p Packet, rt *fib6.Info) {
	if !ns.Forwarding() && in.Conf[confForceForwarding] == 0 {
		return
	}
	if p.HopLimit <= 1 {
		ns.icmpSend(in, p, icmpTimeExceed, codeExcHopLimit, 0)
		return
	}
	e := ns.Dst.PolRoute(0, rt, p.Dst, false)
	defer e.Release()
	out := ns.DevByIndex(e.Dev)
	if out == nil {
		return
	}
	if out != in {
		switch {
		case p.Src.IsUnspecified() || p.Src.IsMulticast() || p.Src.IsLoopback():
			return
		case p.Src.IsLinkLocalUnicast():
			ns.icmpSend(in, p, icmpDestUnreach, codeNotNeighbour, 0)
			return
		}
	}
	if mtu := ns.forwardMTU(rt, out); p.Len > mtu {
		ns.icmpSend(in, p, icmpPktTooBig, 0, uint32(mtu))
		return
	}
	p.HopLimit--
	ns.FIB.Trace.Emit(trace.Event{Kind: trace.PacketForward, Node: uint32(out.Index), Route: rt.ID, Val: int64(p.HopLimit)})
	ns.output(rt, e, p, false)
}

// forwardMTU models ip6_dst_mtu_maybe_forward(dst, true): the route's MTU
// metric only when locked, else the outgoing device's IPv6 MTU
// (net.ipv6.conf.DEV.mtu); never below IPV6_MIN_MTU.
func (ns *Netns) forwardMTU(rt *fib6.Info, out *Device) int {
	mtu := 0
	if rt.Extra != nil && rt.Extra.Locks&(1<<fib6.RTAX_MTU) != 0 {
		mtu = int(rt.Metric_(fib6.RTAX_MTU))
	}
	if mtu == 0 {
		mtu = int(ns.DevMTU(out.Index))
	}
	return max(mtu, ipv6MinMTU)
}

// deliver models local delivery (ip6_input) of p that arrived on d: a
// UDP datagram goes to the socket bound to its port, and with none an
// ICMPv6 port unreachable goes back (not for multicast); an ICMPv6 error
// is handed to the protocol of the packet it quotes (icmpv6_notify); a
// Router Advertisement goes to neighbour discovery (ndisc_rcv). Non-first
// fragments wait for reassembly, which the first one stands for.
func (ns *Netns) deliver(d *Device, p Packet) {
	if p.Fragment && p.FragOff > 0 {
		return
	}
	switch p.Proto {
	case protoUDP:
		if ns.udpSock(p.DPort) == nil && !p.Dst.IsMulticast() {
			ns.icmpSend(d, p, icmpDestUnreach, codePortUnreach, 0)
		}
	case protoICMPv6:
		switch m := p.ICMP; {
		case m == nil:
		case m.Type < 128:
			ns.icmpNotify(m)
		case m.Type == icmpRouterAdvert:
			ns.ndiscRcv(d, p)
		}
	}
}

// icmpNotify models icmpv6_notify and udpv6_err for an ICMPv6 error m:
// when the packet it quotes is the start of a UDP datagram sent from a
// socket still open here, a Packet Too Big updates the path MTU for the
// datagram's destination (ip6_sk_update_pmtu: a PMTU exception under the
// route the destination uses). The other errors are not reported to an
// unconnected socket.
func (ns *Netns) icmpNotify(m *ICMP) {
	in := m.Inner
	if in == nil || in.Proto != protoUDP || in.Fragment && in.FragOff > 0 || ns.udpSock(in.SPort) == nil {
		return
	}
	if m.Type == icmpPktTooBig {
		ns.PTB(in.Dst, int(m.Info))
	}
}

// icmpSend models icmp6_send for an error about p, which arrived on in:
// no error about an ICMPv6 error, about a packet whose source does not
// name one node (unspecified, multicast), or about a multicast
// destination except a Packet Too Big. The source is the quoted
// destination when it is an address of this host (on the device the
// error concerns, or of global scope), else the address source address
// selection gives for the original source on the incoming device. The
// error (at most 1280 bytes) is routed back to the original source.
// The kernel rate-limits errors other than Packet Too Big per
// destination; the model sends them all (they change nothing a script
// can see: unconnected UDP sockets ignore them).
func (ns *Netns) icmpSend(in *Device, p Packet, typ, code uint8, info uint32) {
	if p.isICMPError() || p.Src.IsUnspecified() || p.Src.IsMulticast() ||
		p.Dst.IsMulticast() && typ != icmpPktTooBig {
		return
	}
	saddr := netip.Addr{}
	if owner := ns.addrOwner(p.Dst); owner != nil && (owner == in || !p.Dst.IsLinkLocalUnicast()) {
		saddr = p.Dst
	} else if a, ok := ns.SourceAddr(p.Src, in); ok {
		saddr = a
	}
	fl := fib6.Flow{} // icmpv6_route_lookup: a link-local source is reached through the device the packet came in on
	if p.Src.IsLinkLocalUnicast() {
		fl = fib6.Flow{Oif: in.Index, Strict: true}
	}
	rt, _, err := ns.LookupFlow(p.Src, fl)
	if err != nil {
		return
	}
	if !saddr.IsValid() {
		var ok bool
		if saddr, ok = ns.routeSource(rt, p.Src); !ok {
			return
		}
	}
	e := ns.Dst.PolRoute(0, rt, p.Src, false)
	defer e.Release()
	quoted := p
	m := &ICMP{Type: typ, Code: code, Info: info, Inner: &quoted}
	err6 := Packet{Src: saddr, Dst: p.Src, HopLimit: ns.hopLimit(rt, e), Proto: protoICMPv6, ICMP: m,
		Len: min(ipv6MinMTU, ipv6HdrLen+icmpHdrLen+p.Len)}
	ns.output(rt, e, err6, false)
}

// hopLimit models ip6_dst_hoplimit for unicast packets of a socket that
// set none: the route's hoplimit metric, else the IPv6 hop_limit of the
// dst's device, else net.ipv6.conf.all.hop_limit.
func (ns *Netns) hopLimit(rt *fib6.Info, e *dst.Entry) int {
	if h := rt.Metric_(fib6.RTAX_HOPLIMIT); h != 0 {
		return int(h)
	}
	if d := ns.DevByIndex(e.Dev); d != nil && d.Conf != nil {
		return int(d.Conf[confHopLimit])
	}
	return int(ns.Conf.All[confHopLimit])
}

// routeSource models ip6_route_get_saddr for a route found for daddr:
// the route's preferred source, else source address selection on its
// device (all devices when rt is nil). It reports false when no address
// is usable.
func (ns *Netns) routeSource(rt *fib6.Info, daddr netip.Addr) (netip.Addr, bool) {
	if rt == nil {
		return ns.SourceAddr(daddr, nil)
	}
	if rt.Extra != nil && rt.Extra.PrefSrc.IsValid() {
		return rt.Extra.PrefSrc, true
	}
	return ns.SourceAddr(daddr, ns.DevByIndex(rt.NH.Dev))
}
