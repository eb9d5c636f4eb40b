// Package ila models Identifier-Locator Addressing as the Linux kernel
// implements it (net/ipv6/ila/ila.h, ila_common.c, ila_lwt.c,
// include/uapi/linux/ila.h): the address layout, the translation of a
// packet's destination locator with its checksum modes, and the ILA
// lightweight-tunnel encap ops (build_state validation, fill_encap,
// get_encap_size, cmp_encap, destroy_state, output and input).
//
// Addresses are 16-byte arrays in network order; a Locator is the upper 64
// bits read big-endian.
package ila

import (
	"encoding/binary"
	"fmt"
)

// Locator models struct ila_locator: the upper 64 bits of an IPv6 address,
// as a big-endian number (bytes 0-7 of the address).
type Locator uint64

// String formats l the way iproute2 prints an ILA locator (print_encap_ila
// via format_addr64 style): four 16-bit groups in %x, no leading zeros, no
// "::" compression, e.g. "2001:0:0:2".
func (l Locator) String() string {
	return fmt.Sprintf("%x:%x:%x:%x", uint16(l>>48), uint16(l>>32), uint16(l>>16), uint16(l))
}

// LocatorOf returns the locator of address a (ila_addr.loc).
func LocatorOf(a [16]byte) Locator { return Locator(binary.BigEndian.Uint64(a[:8])) }

// Byte 8 of an ILA address starts the identifier: its top three bits are
// the identifier type and the next bit is the checksum-neutral C bit
// (struct ila_identifier's type:3 and csum_neutral:1).
const (
	identByte      = 8
	identTypeShift = 5
	csumNeutralBit = 0x10
	// adjustOff is the offset of the 16-bit checksum adjustment word of
	// the neutral modes (ident.v16[3], address bytes 14-15).
	adjustOff = 14
)

// AddrIdentType returns the identifier type field of address a
// (ila_identifier.type: the top 3 bits of byte 8).
func AddrIdentType(a [16]byte) IdentType { return IdentType(a[identByte] >> identTypeShift) }

// CsumNeutral reports whether a's C bit is set (ila_csum_neutral_set:
// 0x10 of byte 8, 0x1000 of the 16-bit word at bytes 8-9).
func CsumNeutral(a [16]byte) bool { return a[identByte]&csumNeutralBit != 0 }

// AdjustWord returns a's checksum adjustment word (bytes 14-15,
// big-endian).
func AdjustWord(a [16]byte) uint16 { return binary.BigEndian.Uint16(a[adjustOff:]) }

// CsumMode models the ILA_CSUM_* checksum modes (include/uapi/linux/ila.h).
type CsumMode uint8

// The checksum modes.
const (
	CsumAdjustTransport CsumMode = 0 // ILA_CSUM_ADJUST_TRANSPORT
	CsumNeutralMap      CsumMode = 1 // ILA_CSUM_NEUTRAL_MAP (C bit protocol)
	CsumNoAction        CsumMode = 2 // ILA_CSUM_NO_ACTION
	CsumNeutralMapAuto  CsumMode = 3 // ILA_CSUM_NEUTRAL_MAP_AUTO
)

var csumModeNames = map[CsumMode]string{
	CsumAdjustTransport: "adj-transport",
	CsumNeutralMap:      "neutral-map",
	CsumNoAction:        "no-action",
	CsumNeutralMapAuto:  "neutral-map-auto",
}

// String returns iproute2's name for m (ila_csum_mode2name in
// ip/ila_common.h), "unknown" for other values.
func (m CsumMode) String() string { return nameOr(csumModeNames, m) }

// IdentType models the ILA_ATYPE_* identifier types
// (include/uapi/linux/ila.h).
type IdentType uint8

// The identifier types; 6 and 7 are reserved.
const (
	IdentIID          IdentType = 0  // ILA_ATYPE_IID: plain interface id, not ILA
	IdentLUID         IdentType = 1  // ILA_ATYPE_LUID: locally unique identifier
	IdentVirtV4       IdentType = 2  // ILA_ATYPE_VIRT_V4
	IdentVirtUniV6    IdentType = 3  // ILA_ATYPE_VIRT_UNI_V6
	IdentVirtMultiV6  IdentType = 4  // ILA_ATYPE_VIRT_MULTI_V6
	IdentNonlocalAddr IdentType = 5  // ILA_ATYPE_NONLOCAL_ADDR
	IdentUseFormat    IdentType = 32 // ILA_ATYPE_USE_FORMAT: read the type from the address
)

var identTypeNames = map[IdentType]string{
	IdentIID:          "iid",
	IdentLUID:         "luid",
	IdentVirtV4:       "virt-v4",
	IdentVirtUniV6:    "virt-uni-v6",
	IdentVirtMultiV6:  "virt-multi-v6",
	IdentNonlocalAddr: "nonlocal-addr",
	IdentUseFormat:    "use-format",
}

// String returns iproute2's name for t (ila_ident_type2name), "unknown"
// for other values.
func (t IdentType) String() string { return nameOr(identTypeNames, t) }

// HookType models the ILA_HOOK_* values (include/uapi/linux/ila.h): where
// the translation runs.
type HookType uint8

// The hook types.
const (
	HookRouteOutput HookType = 0 // ILA_HOOK_ROUTE_OUTPUT: in ila_output, SIR -> ILA
	HookRouteInput  HookType = 1 // ILA_HOOK_ROUTE_INPUT: in ila_input, ILA -> SIR
)

var hookTypeNames = map[HookType]string{HookRouteOutput: "output", HookRouteInput: "input"}

// String returns iproute2's name for h (ila_hook_type2name), "unknown" for
// other values.
func (h HookType) String() string { return nameOr(hookTypeNames, h) }

// nameOr returns names[v], or "unknown" when v has no name.
func nameOr[K comparable](names map[K]string, v K) string {
	if s, ok := names[v]; ok {
		return s
	}
	return "unknown"
}
