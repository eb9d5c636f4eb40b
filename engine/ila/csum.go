package ila

import "encoding/binary"

// Ones-complement arithmetic, modelled on include/net/checksum.h.
//
// A Wsum (the kernel's __wsum) is a 32-bit ones-complement partial sum of
// big-endian 16-bit words. Its value matters only modulo 0xFFFF plus whether
// it is the all-zero sum, so the exact 32-bit representative the kernel's
// csum_partial would produce is not needed: every result below folds to the
// same 16 bits the kernel writes.

// Wsum models __wsum: a 32-bit ones-complement partial checksum.
type Wsum uint32

// add models csum_add: 32-bit addition with end-around carry.
func (a Wsum) add(b Wsum) Wsum {
	s := a + b
	if s < b {
		s++
	}
	return s
}

// fold folds a to 16 bits with end-around carry WITHOUT complementing it,
// i.e. the kernel's ~csum_fold(a).
func (a Wsum) fold() uint16 {
	x := uint32(a)
	x = x&0xFFFF + x>>16
	x = x&0xFFFF + x>>16
	return uint16(x)
}

// computeDiff8 models compute_csum_diff8(from, to) (net/ipv6/ila/ila.h):
// the ones-complement sum of the complemented words of from and the words
// of to, i.e. Σto ⊖ Σfrom over the four 16-bit words of each locator.
func computeDiff8(from, to Locator) Wsum {
	return (^Wsum(from >> 32)).add(^Wsum(from)).add(Wsum(to >> 32)).add(Wsum(to))
}

// replaceByDiff models inet_proto_csum_replace_by_diff (net/core/utils.c)
// on a packet whose checksum is fully computed (not CHECKSUM_PARTIAL), i.e.
// csum_replace_by_diff: the new field is ~(~sum ⊕ diff) = sum ⊖ diff.
func replaceByDiff(sum uint16, diff Wsum) uint16 {
	return ^diff.add(^Wsum(sum)).fold()
}

// csumNeutralFlag is CSUM_NEUTRAL_FLAG (htonl(0x10000000)): the C bit as a
// 32-bit word of the identifier, weight F = 0x1000 in the word sum.
const csumNeutralFlag Wsum = 0x10000000

// Variant selects how adjust-transport signs its update; it is a model
// switch, not a kernel parameter.
type Variant uint8

// The adjust-transport variants.
const (
	// KernelFaithful applies the kernel's delta Δ = Σold ⊖ Σnew through
	// inet_proto_csum_replace_by_diff, which subtracts it: the transport
	// checksum becomes C ⊖ Σold ⊕ Σnew. That is the wrong sign (the
	// pseudo-header sum moved by Σnew ⊖ Σold, so the checksum must move by
	// Σold ⊖ Σnew): the result verifies only when Σold ≡ Σnew (mod 0xFFFF).
	// This is what ila_csum_adjust_transport (net/ipv6/ila/ila_common.c)
	// computes since the 2016 rework that switched compute_csum_diff8's
	// arguments to (new, old) for the neutral modes; the original 2015
	// code passed (old, new) and was correct.
	KernelFaithful Variant = iota
	// RFC1624 applies the textbook incremental update HC' = ~(~HC ⊕ ~m ⊕ m')
	// (RFC 1624 eqn. 3): C ⊕ Σold ⊖ Σnew. It verifies.
	RFC1624
)

// Params models struct ila_params (net/ipv6/ila/ila.h) plus the hook type
// the kernel keeps beside it in struct ila_lwt (lwt_output) and the model's
// adjust-transport Variant.
type Params struct {
	Locator      Locator // the new locator written into the destination
	LocatorMatch Locator // the route destination's locator; 0 = compute per packet
	// CsumDiff is compute_csum_diff8(Locator, LocatorMatch) =
	// ΣLocatorMatch ⊖ ΣLocator, precomputed when LocatorMatch != 0.
	CsumDiff  Wsum
	CsumMode  CsumMode
	IdentType IdentType // as configured (IdentUseFormat stays 32)
	HookType  HookType
	Variant   Variant
}

// initSavedCsum models ila_init_saved_csum: precompute CsumDiff when the
// route has a locator to match.
func (p *Params) initSavedCsum() {
	if p.LocatorMatch != 0 {
		p.CsumDiff = computeDiff8(p.Locator, p.LocatorMatch)
	}
}

// diff models get_csum_diff_iaddr: Δ = Σold ⊖ Σnew for a packet whose
// destination locator is old — the precomputed CsumDiff whenever
// LocatorMatch is set, whatever locator the packet really carries.
func (p *Params) diff(old Locator) Wsum {
	if p.LocatorMatch != 0 {
		return p.CsumDiff
	}
	return computeDiff8(p.Locator, old)
}

// IPv6 header layout and the transport checksum fields adjust-transport
// updates (offset inside the transport header, minimum header length the
// kernel pulls).
const (
	ipv6HdrLen  = 40
	nextHdrOff  = 6
	daddrOff    = 24
	protoTCP    = 6
	protoUDP    = 17
	protoICMPv6 = 58
)

var transportCsum = map[uint8]struct{ off, hdrLen int }{
	protoTCP:    {16, 20}, // struct tcphdr.check
	protoUDP:    {6, 8},   // struct udphdr.check
	protoICMPv6: {2, 8},   // struct icmp6hdr.icmp6_cksum
}

// UpdateLocator models ila_update_ipv6_locator (net/ipv6/ila/ila_common.c):
// apply p's checksum mode to pkt, then write p.Locator into the upper 64
// bits of its destination address. pkt is an IPv6 packet from its 40-byte
// header on (shorter input panics); sir2ila is true for the output hook's
// SIR -> ILA direction, false for the input hook's ILA -> SIR.
//
// Modes: no-action changes only the locator; neutral-map-auto adds Δ to the
// adjustment word; neutral-map does the same with the C bit protocol (set on
// SIR -> ILA, cleared on ILA -> SIR, nothing done when the bit is already in
// the target state); adjust-transport updates a directly following TCP, UDP
// or ICMPv6 checksum per p.Variant. An unknown mode acts as no-action.
func UpdateLocator(pkt []byte, p *Params, sir2ila bool) {
	daddr := (*[16]byte)(pkt[daddrOff : daddrOff+16])
	switch p.CsumMode {
	case CsumAdjustTransport:
		adjustTransport(pkt, p)
	case CsumNeutralMap:
		// SIR -> ILA needs C clear (the kernel WARNs and skips otherwise);
		// ILA -> SIR acts only on addresses that were neutrally mapped.
		if CsumNeutral(*daddr) != sir2ila {
			neutralMap(daddr, p, true)
		}
	case CsumNeutralMapAuto:
		neutralMap(daddr, p, false)
	}
	binary.BigEndian.PutUint64(daddr[:8], uint64(p.Locator))
}

// neutralMap models ila_csum_do_neutral_fmt (withCBit) and
// ila_csum_do_neutral_nofmt: add Δ to the adjustment word A so the whole
// address keeps its word sum once the locator changes. With the C bit, the
// bit is also flipped and its weight F compensated (A ⊕ ~F when setting it,
// A ⊕ F when clearing it).
func neutralMap(daddr *[16]byte, p *Params, withCBit bool) {
	d := p.diff(LocatorOf(*daddr))
	if withCBit {
		if CsumNeutral(*daddr) {
			d = d.add(csumNeutralFlag)
		} else {
			d = d.add(^csumNeutralFlag)
		}
		daddr[identByte] ^= csumNeutralBit
	}
	a := binary.BigEndian.Uint16(daddr[adjustOff:])
	binary.BigEndian.PutUint16(daddr[adjustOff:], d.add(Wsum(a)).fold())
}

// adjustTransport models ila_csum_adjust_transport: when the next header
// is directly TCP, UDP or ICMPv6 and its header fits in pkt, update its
// checksum for the locator change. UDP with checksum 0 (none) is left
// alone and a result of 0 is written as 0xFFFF (CSUM_MANGLED_0).
// CHECKSUM_PARTIAL packets are not modelled.
func adjustTransport(pkt []byte, p *Params) {
	f, ok := transportCsum[pkt[nextHdrOff]]
	if !ok || len(pkt) < ipv6HdrLen+f.hdrLen {
		return
	}
	field := pkt[ipv6HdrLen+f.off:]
	c := binary.BigEndian.Uint16(field)
	isUDP := pkt[nextHdrOff] == protoUDP
	if isUDP && c == 0 {
		return
	}
	d := p.diff(LocatorOf(*(*[16]byte)(pkt[daddrOff:])))
	if p.Variant == RFC1624 {
		d = ^d
	}
	c = replaceByDiff(c, d)
	if isUDP && c == 0 {
		c = 0xFFFF
	}
	binary.BigEndian.PutUint16(field, c)
}
