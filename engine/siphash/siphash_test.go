package siphash

import (
	"encoding/binary"
	"testing"
)

// TestVectors checks the reference test vectors of the SipHash paper
// (appendix A: key 00 01 .. 0f, messages 00 01 .. of each length 0..63),
// of which these are the outputs for lengths 0, 7, 8, 15 and 63.
func TestVectors(t *testing.T) {
	var key [16]byte
	for i := range key {
		key[i] = byte(i)
	}
	k0, k1 := binary.LittleEndian.Uint64(key[:8]), binary.LittleEndian.Uint64(key[8:])
	msg := make([]byte, 64)
	for i := range msg {
		msg[i] = byte(i)
	}
	for _, c := range []struct {
		n    int
		want uint64
	}{
		{0, 0x726fdb47dd0e0e31},
		{7, 0xab0200f58b01d137},
		{8, 0x93f5f5799a932462},
		{15, 0xa129ca6149be45e5},
		{63, 0x958a324ceb064572},
	} {
		if got := Sum64(k0, k1, msg[:c.n]); got != c.want {
			t.Errorf("length %d: %#x, want %#x", c.n, got, c.want)
		}
	}
}
