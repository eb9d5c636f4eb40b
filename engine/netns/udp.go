package netns

import (
	"net/netip"

	"fib6lab/engine/errno"
)

// MaxUDPPayload is the largest UDP payload one datagram carries without
// a jumbogram, in bytes: the IPv6 payload length (65535) less the UDP
// header.
const MaxUDPPayload = 65535 - udpHdrLen

// UDPPort is the destination port SendUDP sends to (discard).
const UDPPort = 9

// udpSocket models an unconnected UDP socket of the namespace, bound to
// an ephemeral port, while it is open.
type udpSocket struct {
	port uint16
}

// firstEphemeral is the first port of net.ipv4.ip_local_port_range,
// which IPv6 sockets share.
const firstEphemeral = 32768

// udpSock returns the open socket bound to port, or nil
// (__udp6_lib_lookup for an unconnected wildcard socket).
func (ns *Netns) udpSock(port uint16) *udpSocket {
	for _, s := range ns.socks {
		if s.port == port {
			return s
		}
	}
	return nil
}

// openUDP opens a socket on the next ephemeral port; close it with
// closeUDP.
func (ns *Netns) openUDP() *udpSocket {
	s := &udpSocket{port: uint16(firstEphemeral + ns.lastPort%28232)}
	ns.lastPort++
	ns.socks = append(ns.socks, s)
	return s
}

func (ns *Netns) closeUDP(s *udpSocket) {
	for i, x := range ns.socks {
		if x == s {
			ns.socks = append(ns.socks[:i], ns.socks[i+1:]...)
			return
		}
	}
}

// SendUDP models a program sending one datagram of size payload bytes
// (0..MaxUDPPayload) to daddr port 9 with sendto() on an unconnected UDP
// socket of ns, then closing it (udpv6_sendmsg; the `udp` event
// command). The unspecified address means ::1. The route lookup and
// source address selection come first (ip6_dst_lookup_tail): with no
// usable source address at all it fails with EADDRNOTAVAIL, then with
// the route's error (ENETUNREACH without a route, EHOSTUNREACH,
// EACCES or EINVAL for an unreachable, prohibit or blackhole route); a
// payload over MaxUDPPayload fails with EMSGSIZE. A datagram longer than
// the path MTU (the dst's: a PMTU exception's, the route's mtu metric or
// the device's IPv6 MTU) leaves in fragments of at most that MTU. The
// hop limit is the route's hoplimit metric or the device's hop_limit (1
// for multicast). Everything the datagram causes (forwarding in other
// namespaces, ICMPv6 errors coming back, the PMTU exception a Packet Too
// Big creates while the socket is open) happens before SendUDP returns.
func (ns *Netns) SendUDP(daddr netip.Addr, size int) error {
	if daddr.IsUnspecified() {
		daddr = netip.IPv6Loopback()
	}
	rt, _, lerr := ns.Lookup(daddr)
	if lerr != nil {
		rt = nil // the dst carries the error: no route to take a source from
	}
	saddr, ok := ns.routeSource(rt, daddr)
	switch {
	case !ok:
		return errno.EADDRNOTAVAIL
	case lerr != nil:
		return lerr
	case size > MaxUDPPayload:
		return errno.EMSGSIZE
	}
	s := ns.openUDP()
	defer ns.closeUDP(s)
	e := ns.Dst.PolRoute(0, rt, daddr, false)
	defer e.Release()
	p := Packet{Src: saddr, Dst: daddr, HopLimit: ns.hopLimit(rt, e), Proto: protoUDP, SPort: s.port, DPort: UDPPort}
	if daddr.IsMulticast() {
		p.HopLimit = 1 // IPV6_DEFAULT_MCASTHOPS
	}
	total := udpHdrLen + size
	mtu := int(ns.Dst.MTU(e))
	if ipv6HdrLen+total <= mtu {
		p.Len = ipv6HdrLen + total
		ns.output(rt, e, p, true)
		return nil
	}
	per := (mtu-ipv6HdrLen)&^7 - fragHdrLen // payload bytes per fragment (ip6_append_data's maxfraglen)
	for off := 0; off < total; off += per {
		f := p
		f.Fragment, f.FragOff = true, off
		f.Len = ipv6HdrLen + fragHdrLen + min(per, total-off)
		ns.output(rt, e, f, true)
	}
	return nil
}
