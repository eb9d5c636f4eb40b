// Package siphash implements SipHash-2-4 (Aumasson and Bernstein, 2012)
// with a 128-bit key given as two 64-bit words, as the kernel's
// lib/siphash.c computes it for siphash() with a siphash_key_t: message
// words and the key are read little-endian, and the result is 64 bits.
package siphash

import (
	"encoding/binary"
	"math/bits"
)

// Initialisation constants of SipHash ("somepseudorandomlygeneratedbytes").
const (
	c0 = 0x736f6d6570736575
	c1 = 0x646f72616e646f6d
	c2 = 0x6c7967656e657261
	c3 = 0x7465646279746573
)

type state struct{ v0, v1, v2, v3 uint64 }

// round is one SipRound.
func (s *state) round() {
	s.v0 += s.v1
	s.v1 = bits.RotateLeft64(s.v1, 13) ^ s.v0
	s.v0 = bits.RotateLeft64(s.v0, 32)
	s.v2 += s.v3
	s.v3 = bits.RotateLeft64(s.v3, 16) ^ s.v2
	s.v0 += s.v3
	s.v3 = bits.RotateLeft64(s.v3, 21) ^ s.v0
	s.v2 += s.v1
	s.v1 = bits.RotateLeft64(s.v1, 17) ^ s.v2
	s.v2 = bits.RotateLeft64(s.v2, 32)
}

// compress absorbs one message word with two SipRounds.
func (s *state) compress(m uint64) {
	s.v3 ^= m
	s.round()
	s.round()
	s.v0 ^= m
}

// Sum64 returns SipHash-2-4 of p under the key (k0, k1): the kernel's
// siphash(p, len(p), &key) with key.key[0] = k0 and key.key[1] = k1.
func Sum64(k0, k1 uint64, p []byte) uint64 {
	s := state{k0 ^ c0, k1 ^ c1, k0 ^ c2, k1 ^ c3}
	last := uint64(len(p)) << 56
	for ; len(p) >= 8; p = p[8:] {
		s.compress(binary.LittleEndian.Uint64(p))
	}
	for i, b := range p {
		last |= uint64(b) << (8 * i)
	}
	s.compress(last)
	s.v2 ^= 0xff
	for range 4 {
		s.round()
	}
	return s.v0 ^ s.v1 ^ s.v2 ^ s.v3
}
