package ila

import (
	"encoding/binary"
	"net"
	"net/netip"
	"testing"

	"github.com/google/gopacket"
	"github.com/google/gopacket/layers"
)

// Test addresses: a SIR destination with a LUID identifier (byte 8 = 0x20:
// type 1, C clear) and two ILA locators, one whose word sum differs from the
// SIR locator's and one that is a permutation of it (same word sum).
var (
	srcAddr    = netip.MustParseAddr("2001:db8:1::1")
	sirAddr    = netip.MustParseAddr("3333:0:0:1:2000:0:0:2")
	sirLoc     = Locator(0x3333_0000_0000_0001)
	ilaLoc     = Locator(0x2222_0000_0000_0002)
	permutLoc  = Locator(0x3333_0000_0001_0000)
	testProtos = []layers.IPProtocol{layers.IPProtocolTCP, layers.IPProtocolUDP, layers.IPProtocolICMPv6}
)

// checksummed is a transport layer whose checksum gopacket computes over
// the IPv6 pseudo-header.
type checksummed interface {
	gopacket.SerializableLayer
	SetNetworkLayerForChecksum(gopacket.NetworkLayer) error
}

// transportLayer returns a fresh transport header of protocol proto.
func transportLayer(proto layers.IPProtocol) checksummed {
	switch proto {
	case layers.IPProtocolTCP:
		return &layers.TCP{SrcPort: 40000, DstPort: 80, Seq: 0x01020304, Ack: 0x0a0b0c0d, DataOffset: 5, ACK: true, PSH: true, Window: 512}
	case layers.IPProtocolUDP:
		return &layers.UDP{SrcPort: 5353, DstPort: 53}
	default:
		return &layers.ICMPv6{TypeCode: layers.CreateICMPv6TypeCode(layers.ICMPv6TypeEchoRequest, 0)}
	}
}

// serialize writes ip, l4 and payload with gopacket, computing the
// transport checksum over ip's pseudo-header.
func serialize(t testing.TB, ip *layers.IPv6, l4 checksummed, payload []byte) []byte {
	t.Helper()
	if err := l4.SetNetworkLayerForChecksum(ip); err != nil {
		t.Fatal(err)
	}
	buf := gopacket.NewSerializeBuffer()
	opts := gopacket.SerializeOptions{ComputeChecksums: true, FixLengths: true}
	if err := gopacket.SerializeLayers(buf, opts, ip, l4, gopacket.Payload(payload)); err != nil {
		t.Fatal(err)
	}
	return append([]byte(nil), buf.Bytes()...)
}

// buildPacket returns a real IPv6 packet of protocol proto from src to dst
// with a valid transport checksum.
func buildPacket(t testing.TB, proto layers.IPProtocol, src, dst netip.Addr, payload []byte) []byte {
	ip := &layers.IPv6{Version: 6, NextHeader: proto, HopLimit: 64,
		SrcIP: net.IP(src.AsSlice()), DstIP: net.IP(dst.AsSlice())}
	return serialize(t, ip, transportLayer(proto), payload)
}

// checksumOff is the transport checksum's offset in the packet.
func checksumOff(pkt []byte) int { return ipv6HdrLen + transportCsum[pkt[nextHdrOff]].off }

// storedChecksum returns the transport checksum pkt carries.
func storedChecksum(pkt []byte) uint16 { return binary.BigEndian.Uint16(pkt[checksumOff(pkt):]) }

// freshChecksum decodes pkt with gopacket and re-serializes it with
// ComputeChecksums, returning the checksum gopacket computes for the
// packet's current addresses and contents.
func freshChecksum(t testing.TB, pkt []byte) uint16 {
	t.Helper()
	p := gopacket.NewPacket(pkt, layers.LayerTypeIPv6, gopacket.Default)
	ip := p.Layer(layers.LayerTypeIPv6).(*layers.IPv6)
	var l4 checksummed
	var payload []byte
	switch ip.NextHeader {
	case layers.IPProtocolTCP:
		tcp := p.Layer(layers.LayerTypeTCP).(*layers.TCP)
		l4, payload = tcp, tcp.Payload
	case layers.IPProtocolUDP:
		udp := p.Layer(layers.LayerTypeUDP).(*layers.UDP)
		l4, payload = udp, udp.Payload
	default:
		icmp := p.Layer(layers.LayerTypeICMPv6).(*layers.ICMPv6)
		l4, payload = icmp, icmp.Payload
	}
	return storedChecksum(serialize(t, ip, l4, payload))
}

// checksumValid reports whether pkt's transport checksum verifies: it
// equals gopacket's, allowing UDP's 0xFFFF for a computed 0 (RFC 768).
func checksumValid(t testing.TB, pkt []byte) bool {
	stored, fresh := storedChecksum(pkt), freshChecksum(t, pkt)
	return stored == fresh || pkt[nextHdrOff] == protoUDP && fresh == 0 && stored == 0xFFFF
}

// residue returns the ones-complement sum of the 16-bit words of b modulo
// 0xFFFF: the value a checksum sees (0 and 0xFFFF are the same).
func residue(b []byte) int {
	s := 0
	for i := 0; i+1 < len(b); i += 2 {
		s += int(binary.BigEndian.Uint16(b[i:]))
	}
	return s % 0xFFFF
}

// locatorResidue returns residue of l's four words.
func locatorResidue(l Locator) int {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], uint64(l))
	return residue(b[:])
}

// daddr returns a copy of pkt's destination address bytes.
func daddr(pkt []byte) [16]byte { return *(*[16]byte)(pkt[daddrOff:]) }

// routeParams returns the params an ILA route translating from to
// to would hold, with LocatorMatch set (the route's destination carried the
// locator) or not (a route shorter than /64 with an explicit ident type).
func routeParams(from, to Locator, mode CsumMode, v Variant, match bool) *Params {
	p := &Params{Locator: to, CsumMode: mode, IdentType: IdentLUID, Variant: v}
	if match {
		p.LocatorMatch = from
		p.initSavedCsum()
	}
	return p
}
