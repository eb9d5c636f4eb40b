// Package data ships the real full IPv6 routing table that fib6lab loads by
// default: 160,147 distinct prefixes. Its source is
// ipv6-fulltable.txt.gz, one prefix per line in CIDR notation, the IPv6
// part of the full-table test file of the MIT-licensed Go project
// github.com/gaissmai/bart (a Tier-1 view); see README.md in this
// directory. What is embedded is fulltable.bin, the same prefixes sorted
// by address and then by length (a prefix before the prefixes inside it,
// the order of a depth-first walk of a trie) and packed so that they load
// without parsing text; `go generate ./data` writes it from the text file
// (./gen), whose TestBinaryMatchesText checks that it is up to date.
package data

//go:generate go run ./gen -in ipv6-fulltable.txt.gz -out fulltable.bin

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net/netip"
)

//go:embed fulltable.bin
var fullTableBin []byte

// FullTableSize is the number of prefixes in the shipped table.
const FullTableSize = 160147

// Magic starts a binary table: its format name and version.
const Magic = "fib6tbl1"

// FullTableBinary returns the shipped table in its binary form (see
// Decoder); the caller must not modify it.
func FullTableBinary() []byte { return fullTableBin }

// FullTable returns the shipped table's prefixes in address order (see
// Decoder). It fails only if the embedded file is corrupt.
func FullTable() ([]netip.Prefix, error) {
	d, err := NewDecoder(fullTableBin)
	if err != nil {
		return nil, err
	}
	ps := make([]netip.Prefix, 0, d.Len())
	for len(ps) < d.Len() {
		if ps, err = d.Append(ps, decodeSlice); err != nil {
			return nil, err
		}
	}
	return ps, nil
}

// FullTableKeys is FullTable as Keys, without netip.
func FullTableKeys() ([]Key, error) {
	d, err := NewDecoder(fullTableBin)
	if err != nil {
		return nil, err
	}
	ks := make([]Key, 0, d.Len())
	for len(ks) < d.Len() {
		// in slices: a WebAssembly engine runs a function's loop in the
		// code it entered with, and optimises the function for its next call
		if ks, err = d.AppendKeys(ks, decodeSlice); err != nil {
			return nil, err
		}
	}
	return ks, nil
}

// decodeSlice is how many prefixes FullTable decodes per Append call.
const decodeSlice = 4096

// Key is a prefix in the form a binary table holds it: its address as two
// big-endian 64-bit halves (Hi holds the first 8 bytes) and its length,
// which a trie takes without going through netip.
type Key struct {
	Hi, Lo uint64
	Bits   uint8
}

// KeyOf returns p as a Key.
func KeyOf(p netip.Prefix) Key {
	a := p.Addr().As16()
	return Key{Hi: binary.BigEndian.Uint64(a[:8]), Lo: binary.BigEndian.Uint64(a[8:]), Bits: uint8(p.Bits())}
}

// Prefix returns k as a netip.Prefix.
func (k Key) Prefix() netip.Prefix {
	var a [16]byte
	binary.BigEndian.PutUint64(a[:8], k.Hi)
	binary.BigEndian.PutUint64(a[8:], k.Lo)
	return netip.PrefixFrom(netip.AddrFrom16(a), int(k.Bits))
}

// Decoder reads a binary table. The format is Magic, the number of
// prefixes as a uvarint, then per prefix, in ascending order of address
// and then length (each prefix masked, no two alike): its length in bits
// (one byte, 0..128), the number of leading address bytes it shares with
// the previous prefix's address (one byte; none before the first), and
// the rest of the bytes its length covers (ceil(bits/8) of them in all;
// the bytes past them are zero).
type Decoder struct {
	b      []byte
	n      int    // prefixes announced
	read   int    // prefixes read
	hi, lo uint64 // the previous prefix's address
	bits   int    // and length
}

// NewDecoder returns a decoder of the binary table b, or an error when b
// does not start with a binary table's header.
func NewDecoder(b []byte) (*Decoder, error) {
	if len(b) < len(Magic) || string(b[:len(Magic)]) != Magic {
		return nil, errors.New("binary table: bad magic")
	}
	n, k := binary.Uvarint(b[len(Magic):])
	if k <= 0 || n > uint64(len(b)) {
		return nil, errors.New("binary table: bad count")
	}
	return &Decoder{b: b[len(Magic)+k:], n: int(n)}, nil
}

// Len returns the number of prefixes the table holds.
func (d *Decoder) Len() int { return d.n }

// Read returns the number of prefixes read so far.
func (d *Decoder) Read() int { return d.read }

// Next returns the next prefix, or io.EOF after the last (see Append).
func (d *Decoder) Next() (netip.Prefix, error) {
	var one [1]netip.Prefix
	ps, err := d.Append(one[:0], 1)
	if err != nil {
		return netip.Prefix{}, err
	}
	if len(ps) == 0 {
		return netip.Prefix{}, io.EOF
	}
	return ps[0], nil
}

// Append appends up to max more prefixes to ps and returns the result
// (AppendKeys).
func (d *Decoder) Append(ps []netip.Prefix, max int) ([]netip.Prefix, error) {
	var buf [64]Key
	for max > 0 {
		ks, err := d.AppendKeys(buf[:0], min(max, len(buf)))
		for _, k := range ks {
			ps = append(ps, k.Prefix())
		}
		if err != nil || len(ks) == 0 {
			return ps, err
		}
		max -= len(ks)
	}
	return ps, nil
}

// AppendKeys appends up to count more prefixes to ks and returns the
// result; fewer (none) only at the end of the table. A table that is cut
// short, holds a bad length, an unmasked or out-of-order prefix, or bytes
// past its last prefix fails with an error naming the prefix.
func (d *Decoder) AppendKeys(ks []Key, count int) ([]Key, error) {
	b, hi, lo, prevBits := d.b, d.hi, d.lo, d.bits
	bad := func(why string) ([]Key, error) {
		return ks, fmt.Errorf("binary table: prefix %d: %s", d.read+1, why)
	}
	// bytes are set in the two halves directly: no copy or clear, which
	// are calls in WebAssembly, per prefix
	for ; count > 0 && d.read < d.n; count, d.read = count-1, d.read+1 {
		if len(b) < 2 {
			return bad("cut short")
		}
		bits, shared := int(b[0]), int(b[1])
		covered := (bits + 7) / 8
		if bits > 128 || shared > covered || d.read == 0 && shared != 0 {
			return bad("bad length or shared bytes")
		}
		if len(b) < 2+covered-shared {
			return bad("cut short")
		}
		hi0, lo0 := hi, lo
		hi &= topBits(min(8*shared, 64))
		lo &= topBits(max(8*shared-64, 0))
		for j, v := range b[2 : 2+covered-shared] {
			if at := shared + j; at < 8 {
				hi |= uint64(v) << (56 - 8*at)
			} else {
				lo |= uint64(v) << (56 - 8*(at-8))
			}
		}
		b = b[2+covered-shared:]
		if hi&^topBits(min(bits, 64)) != 0 || lo&^topBits(max(bits-64, 0)) != 0 {
			return bad("not masked")
		}
		if d.read > 0 && (hi < hi0 || hi == hi0 && (lo < lo0 || lo == lo0 && bits <= prevBits)) {
			return bad("out of order")
		}
		ks = append(ks, Key{Hi: hi, Lo: lo, Bits: uint8(bits)})
		prevBits = bits
		d.b, d.hi, d.lo, d.bits = b, hi, lo, prevBits
	}
	if d.read == d.n && len(b) != 0 {
		return bad(fmt.Sprintf("%d bytes after the last", len(b)))
	}
	return ks, nil
}

// topBits returns a word with its top n bits set (0 <= n <= 64).
func topBits(n int) uint64 { return ^(^uint64(0) >> n) }

// Compare orders prefixes as a binary table holds them: by address, then
// by length.
func Compare(a, b netip.Prefix) int {
	if c := a.Addr().Compare(b.Addr()); c != 0 {
		return c
	}
	return a.Bits() - b.Bits()
}

// AppendBinary appends the binary table of ps, which must be masked IPv6
// prefixes in the order of Compare, none twice, to b.
func AppendBinary(b []byte, ps []netip.Prefix) ([]byte, error) {
	b = append(b, Magic...)
	b = binary.AppendUvarint(b, uint64(len(ps)))
	var prev [16]byte
	for i, p := range ps {
		if !p.Addr().Is6() || p.Masked() != p || i > 0 && Compare(ps[i-1], p) >= 0 {
			return nil, fmt.Errorf("binary table: prefix %d (%v) not masked IPv6 in ascending order", i+1, p)
		}
		a := p.Addr().As16()
		covered := (p.Bits() + 7) / 8
		shared := 0
		if i > 0 {
			for shared < covered && a[shared] == prev[shared] {
				shared++
			}
		}
		b = append(b, byte(p.Bits()), byte(shared))
		b = append(b, a[shared:covered]...)
		prev = a
	}
	return b, nil
}
