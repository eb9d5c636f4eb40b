package fib6

import (
	"math/bits"
	"net/netip"
)

// Key is a 128-bit IPv6 address held as two big-endian halves, the form the
// trie compares bit by bit. Bit i (0..127) counts from the most significant
// bit of the first byte, as the kernel's addr_bit_set does.
type Key struct{ Hi, Lo uint64 }

// KeyOf converts an IPv6 address (an IPv4-mapped address keeps its mapped
// form) to a Key.
func KeyOf(a netip.Addr) Key {
	b := a.As16()
	return Key{
		Hi: uint64(b[0])<<56 | uint64(b[1])<<48 | uint64(b[2])<<40 | uint64(b[3])<<32 |
			uint64(b[4])<<24 | uint64(b[5])<<16 | uint64(b[6])<<8 | uint64(b[7]),
		Lo: uint64(b[8])<<56 | uint64(b[9])<<48 | uint64(b[10])<<40 | uint64(b[11])<<32 |
			uint64(b[12])<<24 | uint64(b[13])<<16 | uint64(b[14])<<8 | uint64(b[15]),
	}
}

// Addr converts k back to a netip.Addr.
func (k Key) Addr() netip.Addr {
	var b [16]byte
	for i := 0; i < 8; i++ {
		b[i] = byte(k.Hi >> (56 - 8*i))
		b[8+i] = byte(k.Lo >> (56 - 8*i))
	}
	return netip.AddrFrom16(b)
}

// Bit returns address bit i (0 or 1); bits past 127 read as 0. It models
// addr_bit_set (include/net/ipv6.h).
func (k Key) Bit(i uint8) uint8 {
	// without a branch: a lookup's next bit is a coin toss the CPU
	// cannot predict
	sel := -uint64(i >> 6 & 1) // all ones for bits 64..127
	w := k.Hi ^ (k.Hi^k.Lo)&sel
	return uint8(w>>(63-i&63)) & 1 &^ (i >> 7)
}

// Masked keeps the first plen bits of k and clears the rest.
func (k Key) Masked(plen uint8) Key {
	switch {
	case plen == 0:
		return Key{}
	case plen < 64:
		return Key{Hi: k.Hi &^ (^uint64(0) >> plen)}
	case plen < 128:
		return Key{Hi: k.Hi, Lo: k.Lo &^ (^uint64(0) >> (plen - 64))}
	}
	return k
}

// PrefixEqual reports whether the first plen bits of a and b are equal,
// as ipv6_prefix_equal does.
func PrefixEqual(a, b Key, plen uint8) bool {
	return firstDiff(a, b) >= plen
}

// firstDiff returns the index of the first bit where a and b differ, or 128
// when they are equal (the kernel's __ipv6_addr_diff).
func firstDiff(a, b Key) uint8 {
	if x := a.Hi ^ b.Hi; x != 0 {
		return uint8(bits.LeadingZeros64(x))
	}
	if x := a.Lo ^ b.Lo; x != 0 {
		return 64 + uint8(bits.LeadingZeros64(x))
	}
	return 128
}
