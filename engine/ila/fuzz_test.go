package ila

import (
	"bytes"
	"encoding/binary"
	"net/netip"
	"testing"

	"github.com/google/gopacket/layers"
)

// FuzzTranslate checks, for any source, SIR destination, new locator,
// protocol, mode and payload: a SIR -> ILA -> SIR round trip restores the
// packet (up to the 0x0000 -> 0xFFFF adjustment word of the neutral
// modes); the neutral modes keep the original checksum valid; RFC 1624
// adjust-transport leaves a valid checksum whenever the transport header is
// long enough to be adjusted (an ICMPv6 message shorter than 8 bytes is not),
// and the kernel's sign does exactly when the two locators have the same
// word sum.
func FuzzTranslate(f *testing.F) {
	sir := sirAddr.As16()
	f.Add(srcAddr.AsSlice(), sir[:], uint64(ilaLoc), uint8(0), uint8(0), true, payload)
	f.Add(srcAddr.AsSlice(), sir[:], uint64(permutLoc), uint8(1), uint8(1), false, []byte{})
	f.Add(make([]byte, 16), make([]byte, 16), ^uint64(0), uint8(2), uint8(3), true, []byte{0xff})
	f.Add(bytes.Repeat([]byte{0xff}, 16), sir[:], uint64(0), uint8(1), uint8(0), false, payload[:3])
	f.Fuzz(func(t *testing.T, src, dst []byte, loc uint64, protoSel, modeSel uint8, match bool, data []byte) {
		if len(src) != 16 || len(dst) != 16 || len(data) > 1000 {
			return
		}
		d := [16]byte(dst)
		d[identByte] &^= csumNeutralBit // a SIR address has C clear
		proto := testProtos[int(protoSel)%len(testProtos)]
		mode := CsumMode(modeSel % 4)
		pkt := buildPacket(t, proto, netip.AddrFrom16([16]byte(src)), netip.AddrFrom16(d), data)
		if proto == layers.IPProtocolUDP && storedChecksum(pkt) == 0 {
			return
		}
		from, to := LocatorOf(d), Locator(loc)
		if match && from == 0 {
			return // locator_match 0 means "compute per packet"
		}
		for _, v := range []Variant{KernelFaithful, RFC1624} {
			ila := translate(pkt, routeParams(from, to, mode, v, match), true)
			checkTranslated(t, pkt, ila, mode, v, from, to)
			back := translate(ila, routeParams(to, from, mode, v, match && to != 0), false)
			if mode == CsumNeutralMap || mode == CsumNeutralMapAuto {
				if AdjustWord(d) == 0 && AdjustWord(daddr(back)) == 0xFFFF {
					binary.BigEndian.PutUint16(back[daddrOff+adjustOff:], 0)
				}
			}
			if !bytes.Equal(back, pkt) {
				t.Fatalf("%v variant %d: round trip\n got %x\nwant %x", mode, v, back, pkt)
			}
		}
	})
}

// checkTranslated asserts the checksum property of mode for one SIR -> ILA
// translation.
func checkTranslated(t *testing.T, pkt, out []byte, mode CsumMode, v Variant, from, to Locator) {
	t.Helper()
	sameSum := locatorResidue(from) == locatorResidue(to)
	var want bool
	switch mode {
	case CsumAdjustTransport:
		pulled := len(pkt) >= ipv6HdrLen+transportCsum[pkt[nextHdrOff]].hdrLen
		want = sameSum || v == RFC1624 && pulled
	case CsumNoAction:
		want = sameSum
	default:
		want = true
		before, after := daddr(pkt), daddr(out)
		if residue(before[:]) != residue(after[:]) {
			t.Fatalf("%v: address word sum changed", mode)
		}
	}
	if got := checksumValid(t, out); got != want {
		t.Fatalf("%v variant %d from %v to %v: valid = %v, want %v", mode, v, from, to, got, want)
	}
}
