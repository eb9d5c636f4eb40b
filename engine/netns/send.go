package netns

import (
	"encoding/binary"
	"net/netip"

	"fib6lab/engine/lwtunnel"
)

// SendResult is what Send did: packets sent, route lookups made for
// translated destinations (ila_output's dst_cache misses that looked up),
// dst_cache hits and misses, and packets dropped on the way. Err is
// ErrInterrupted when Yield cancelled the sending (the counts are those of
// the packets sent).
type SendResult struct {
	Packets, Lookups, Hits, Misses, Dropped int
	Err                                     error
}

// Send models a local UDP socket on cpu sending count packets from saddr
// (the zero Addr: the source address selection's choice) to daddr through
// the IPv6 output path: the route lookup for daddr (ip6_route_output),
// the dst it hands out and dst_output. A route with an ILA encap
// redirects that output to ila_output (translate, dst_cache, lookup of the
// translated destination). A failed lookup or output drops the packet.
// Each packet is a unit of Work, with packets sent of count as progress.
func (ns *Netns) Send(daddr, saddr netip.Addr, count, cpu int) SendResult {
	st := ns.Dst.Stats
	n := &lookupCounter{ns: ns}
	r := ns.newPacketRouter(count, daddr)
	var res SendResult
	for res.Packets < count && res.Err == nil {
		if ns.sendOne(r, n, daddr, saddr, cpu) != nil {
			res.Dropped++
		}
		res.Packets++
		res.Err = ns.Work(1, int64(res.Packets), int64(count))
	}
	res.Lookups = n.lookups
	res.Hits = ns.Dst.Stats.CacheHits - st.CacheHits
	res.Misses = ns.Dst.Stats.CacheMisses - st.CacheMisses
	return res
}

// sendOne routes and outputs one packet; the packet (and the dst it ends
// with) is freed when done.
func (ns *Netns) sendOne(r *packetRouter, n lwtunnel.Net, daddr, saddr netip.Addr, cpu int) error {
	rt, _, err := r.lookup(ns, 0, daddr)
	if err != nil {
		return err
	}
	if !saddr.IsValid() {
		saddr, _ = ns.SourceAddr(daddr, ns.DevByIndex(rt.NH.Dev))
	}
	e := ns.polRoute(cpu, rt, FlowKeys{Dst: daddr}, false)
	skb := &lwtunnel.Skb{Protocol: lwtunnel.EthPIPv6, Data: udpPacket(saddr, daddr), Dst: e, CPU: cpu}
	err = e.Output(n, skb)
	skb.Dst.Release()
	return err
}

// lookupCounter is the namespace as lwtunnel.Net, counting the route
// lookups the encap output ops make.
type lookupCounter struct {
	ns      *Netns
	lookups int
}

// RouteOutput counts the lookup and runs Netns.RouteOutput.
func (c *lookupCounter) RouteOutput(oif int, daddr netip.Addr) (lwtunnel.Dst, error) {
	c.lookups++
	return c.ns.RouteOutput(oif, daddr)
}

// udpPayload is the payload of the packets Send builds.
const udpPayload = 8

// udpPacket builds an IPv6/UDP packet from saddr to daddr (ports 4000,
// hop limit 64, 8 bytes of payload) with a correct UDP checksum.
func udpPacket(saddr, daddr netip.Addr) []byte {
	const hdr, udpLen = 40, 8 + udpPayload
	p := make([]byte, hdr+udpLen)
	binary.BigEndian.PutUint32(p, 6<<28)
	binary.BigEndian.PutUint16(p[4:], udpLen)
	p[6], p[7] = 17, 64
	s, d := saddr.As16(), daddr.As16()
	copy(p[8:], s[:])
	copy(p[24:], d[:])
	u := p[hdr:]
	binary.BigEndian.PutUint16(u, 4000)
	binary.BigEndian.PutUint16(u[2:], 4000)
	binary.BigEndian.PutUint16(u[4:], udpLen)
	for i := 8; i < udpLen; i++ {
		u[i] = 'x'
	}
	sum := onesSum(p[8:40]) + udpLen + 17 + onesSum(u)
	c := ^fold(sum)
	if c == 0 {
		c = 0xffff
	}
	binary.BigEndian.PutUint16(u[6:], c)
	return p
}

// onesSum adds b as big-endian 16-bit words (an even length).
func onesSum(b []byte) uint32 {
	var s uint32
	for i := 0; i+1 < len(b); i += 2 {
		s += uint32(binary.BigEndian.Uint16(b[i:]))
	}
	return s
}

// fold folds a 32-bit ones-complement sum to 16 bits.
func fold(s uint32) uint16 {
	for s>>16 != 0 {
		s = s&0xffff + s>>16
	}
	return uint16(s)
}
