package ila

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/google/gopacket/layers"
)

var payload = []byte("identifier-locator addressing")

// forEachCase runs f for every transport protocol with locator_match set
// and unset.
func forEachCase(t *testing.T, f func(t *testing.T, proto layers.IPProtocol, match bool)) {
	for _, proto := range testProtos {
		for _, match := range []bool{true, false} {
			t.Run(fmt.Sprintf("%v/match=%v", proto, match), func(t *testing.T) { f(t, proto, match) })
		}
	}
}

// translate returns a translated copy of pkt.
func translate(pkt []byte, p *Params, sir2ila bool) []byte {
	out := append([]byte(nil), pkt...)
	UpdateLocator(out, p, sir2ila)
	return out
}

func TestAdjustTransportVariants(t *testing.T) {
	forEachCase(t, func(t *testing.T, proto layers.IPProtocol, match bool) {
		pkt := buildPacket(t, proto, srcAddr, sirAddr, payload)
		c := storedChecksum(pkt)
		kern := translate(pkt, routeParams(sirLoc, ilaLoc, CsumAdjustTransport, KernelFaithful, match), true)
		rfc := translate(pkt, routeParams(sirLoc, ilaLoc, CsumAdjustTransport, RFC1624, match), true)
		if LocatorOf(daddr(kern)) != ilaLoc || LocatorOf(daddr(rfc)) != ilaLoc {
			t.Fatal("locator not rewritten")
		}
		if !checksumValid(t, rfc) {
			t.Errorf("RFC 1624 variant: checksum %#04x, gopacket computes %#04x", storedChecksum(rfc), freshChecksum(t, rfc))
		}
		if checksumValid(t, kern) {
			t.Errorf("kernel variant verified although Σold ≢ Σnew")
		}
		// The two move the checksum by opposite amounts: with
		// Δ = Σold ⊖ Σnew, kernel = C ⊖ Δ and RFC = C ⊕ Δ.
		delta := (locatorResidue(sirLoc) - locatorResidue(ilaLoc) + 0xFFFF) % 0xFFFF
		ck, cr := int(storedChecksum(kern)), int(storedChecksum(rfc))
		if (ck+delta)%0xFFFF != int(c)%0xFFFF || (cr-delta+0xFFFF)%0xFFFF != int(c)%0xFFFF {
			t.Errorf("C=%#04x Δ=%#04x kernel=%#04x rfc=%#04x", c, delta, ck, cr)
		}
	})
}

func TestAdjustTransportSameWordSumBothVerify(t *testing.T) {
	forEachCase(t, func(t *testing.T, proto layers.IPProtocol, match bool) {
		pkt := buildPacket(t, proto, srcAddr, sirAddr, payload)
		for _, v := range []Variant{KernelFaithful, RFC1624} {
			out := translate(pkt, routeParams(sirLoc, permutLoc, CsumAdjustTransport, v, match), true)
			if !checksumValid(t, out) || storedChecksum(out) != storedChecksum(pkt) {
				t.Errorf("variant %d: checksum %#04x -> %#04x", v, storedChecksum(pkt), storedChecksum(out))
			}
		}
	})
}

func TestNeutralModesKeepPseudoHeaderSum(t *testing.T) {
	forEachCase(t, func(t *testing.T, proto layers.IPProtocol, match bool) {
		pkt := buildPacket(t, proto, srcAddr, sirAddr, payload)
		for _, mode := range []CsumMode{CsumNeutralMap, CsumNeutralMapAuto} {
			out := translate(pkt, routeParams(sirLoc, ilaLoc, mode, KernelFaithful, match), true)
			before, after := daddr(pkt), daddr(out)
			if residue(after[:]) != residue(before[:]) {
				t.Errorf("%v: address word sum changed", mode)
			}
			if storedChecksum(out) != storedChecksum(pkt) || !checksumValid(t, out) {
				t.Errorf("%v: original checksum no longer verifies", mode)
			}
			if got, want := CsumNeutral(after), mode == CsumNeutralMap; got != want {
				t.Errorf("%v: C bit = %v, want %v", mode, got, want)
			}
		}
	})
}

func TestNoActionBreaksChecksum(t *testing.T) {
	forEachCase(t, func(t *testing.T, proto layers.IPProtocol, match bool) {
		pkt := buildPacket(t, proto, srcAddr, sirAddr, payload)
		out := translate(pkt, routeParams(sirLoc, ilaLoc, CsumNoAction, KernelFaithful, match), true)
		want := append(append([]byte(nil), pkt[:daddrOff]...), 0x22, 0x22, 0, 0, 0, 0, 0, 2)
		if !bytes.Equal(out[:daddrOff+8], want) || !bytes.Equal(out[daddrOff+8:], pkt[daddrOff+8:]) {
			t.Error("no-action changed more than the locator")
		}
		if checksumValid(t, out) {
			t.Error("no-action left a valid checksum")
		}
	})
}

// TestRoundTrip translates SIR -> ILA on the sender's output route and
// ILA -> SIR on the receiver's input route: every mode restores the
// original bytes (the adjustment word here is non-zero; see
// TestRoundTripZeroAdjustWord for the exception).
func TestRoundTrip(t *testing.T) {
	modes := []CsumMode{CsumAdjustTransport, CsumNeutralMap, CsumNoAction, CsumNeutralMapAuto}
	forEachCase(t, func(t *testing.T, proto layers.IPProtocol, match bool) {
		pkt := buildPacket(t, proto, srcAddr, sirAddr.Next(), payload)
		for _, mode := range modes {
			for _, v := range []Variant{KernelFaithful, RFC1624} {
				ila := translate(pkt, routeParams(sirLoc, ilaLoc, mode, v, match), true)
				sir := translate(ila, routeParams(ilaLoc, sirLoc, mode, v, match), false)
				if !bytes.Equal(sir, pkt) {
					t.Errorf("%v variant %d: round trip\n got %x\nwant %x", mode, v, sir, pkt)
				}
			}
		}
	})
}

// TestRoundTripZeroAdjustWord: a neutral mode never writes the all-zero
// adjustment word (the kernel's fold of a non-zero sum is 1..0xFFFF), so an
// address whose last word is 0x0000 comes back as 0xFFFF, the other
// ones-complement zero: same checksum value, different bytes.
func TestRoundTripZeroAdjustWord(t *testing.T) {
	for _, mode := range []CsumMode{CsumNeutralMap, CsumNeutralMapAuto} {
		pkt := buildPacket(t, layers.IPProtocolTCP, srcAddr, sirAddr.Prev().Prev(), payload)
		if AdjustWord(daddr(pkt)) != 0 {
			t.Fatal("test address must end in 0")
		}
		ila := translate(pkt, routeParams(sirLoc, ilaLoc, mode, KernelFaithful, true), true)
		sir := translate(ila, routeParams(ilaLoc, sirLoc, mode, KernelFaithful, true), false)
		if got := AdjustWord(daddr(sir)); got != 0xFFFF {
			t.Errorf("%v: adjustment word %#04x, want 0xffff", mode, got)
		}
		binary.BigEndian.PutUint16(sir[daddrOff+adjustOff:], 0)
		if !bytes.Equal(sir, pkt) {
			t.Errorf("%v: more than the adjustment word differs", mode)
		}
	}
}

// TestLocatorMatchAssumesRouteLocator: with locator_match set the kernel
// uses the precomputed delta even when the packet carries another locator
// (a route shorter than /64), so the neutral mapping is off by the
// difference; per-packet computation (match unset) stays exact.
func TestLocatorMatchAssumesRouteLocator(t *testing.T) {
	pkt := buildPacket(t, layers.IPProtocolUDP, srcAddr, sirAddr, payload)
	other := routeParams(permutLoc+1, ilaLoc, CsumNeutralMapAuto, KernelFaithful, true)
	if out := translate(pkt, other, true); checksumValid(t, out) {
		t.Error("mismatched locator_match still neutral")
	}
	perPacket := routeParams(0, ilaLoc, CsumNeutralMapAuto, KernelFaithful, false)
	if out := translate(pkt, perPacket, true); !checksumValid(t, out) {
		t.Error("per-packet delta not neutral")
	}
}

func TestNeutralMapCBitProtocol(t *testing.T) {
	pkt := buildPacket(t, layers.IPProtocolTCP, srcAddr, sirAddr, payload)
	p := routeParams(sirLoc, ilaLoc, CsumNeutralMap, KernelFaithful, true)

	// ILA -> SIR with C clear: not neutrally mapped, only the locator moves.
	in := translate(pkt, p, false)
	if AdjustWord(daddr(in)) != AdjustWord(daddr(pkt)) || CsumNeutral(daddr(in)) {
		t.Error("input translation touched an address without the C bit")
	}
	// SIR -> ILA with C already set: the kernel WARNs and skips the
	// adjustment, but still rewrites the locator.
	withC := translate(pkt, p, true)
	again := translate(withC, routeParams(ilaLoc, ilaLoc+1, CsumNeutralMap, KernelFaithful, true), true)
	if AdjustWord(daddr(again)) != AdjustWord(daddr(withC)) || LocatorOf(daddr(again)) != ilaLoc+1 {
		t.Error("output translation with C set adjusted the word")
	}
}

func TestAdjustTransportSkips(t *testing.T) {
	p := routeParams(sirLoc, ilaLoc, CsumAdjustTransport, RFC1624, true)
	udp := buildPacket(t, layers.IPProtocolUDP, srcAddr, sirAddr, payload)
	binary.BigEndian.PutUint16(udp[checksumOff(udp):], 0)
	if out := translate(udp, p, true); storedChecksum(out) != 0 {
		t.Error("UDP without checksum was adjusted")
	}
	tcp := buildPacket(t, layers.IPProtocolTCP, srcAddr, sirAddr, nil)[:ipv6HdrLen+19]
	if out := translate(tcp, p, true); !bytes.Equal(out[ipv6HdrLen:], tcp[ipv6HdrLen:]) {
		t.Error("truncated TCP header was adjusted")
	}
	hbh := buildPacket(t, layers.IPProtocolTCP, srcAddr, sirAddr, payload)
	hbh[nextHdrOff] = 0 // a hop-by-hop header: no extension walking
	if out := translate(hbh, p, true); !bytes.Equal(out[ipv6HdrLen:], hbh[ipv6HdrLen:]) {
		t.Error("transport behind an extension header was adjusted")
	}
}

// TestUDPMangledZero finds a UDP packet whose adjusted checksum computes
// to 0 and checks it is written as 0xFFFF.
func TestUDPMangledZero(t *testing.T) {
	pkt := buildPacket(t, layers.IPProtocolUDP, srcAddr, sirAddr, payload)
	c := storedChecksum(pkt)
	// Choose the new locator so that C ⊕ Σold ⊖ Σnew ≡ 0: Σnew ≡ C ⊕ Σold.
	want := (int(c) + locatorResidue(sirLoc)) % 0xFFFF
	p := routeParams(sirLoc, Locator(want), CsumAdjustTransport, RFC1624, true)
	out := translate(pkt, p, true)
	if got := storedChecksum(out); got != 0xFFFF || !checksumValid(t, out) {
		t.Errorf("checksum %#04x, want 0xffff (valid)", got)
	}
}

func TestWsumFold(t *testing.T) {
	cases := []struct {
		in   Wsum
		want uint16
	}{{0, 0}, {0xFFFFFFFF, 0xFFFF}, {0x0001FFFF, 0x0001}, {0x12345678, 0x68AC}}
	for _, c := range cases {
		if got := c.in.fold(); got != c.want {
			t.Errorf("fold(%#x) = %#x, want %#x", c.in, got, c.want)
		}
	}
	if got := Wsum(0xFFFFFFFF).add(1); got != 1 {
		t.Errorf("end-around carry: %#x", got)
	}
}
