package data

import (
	"io"
	"net/netip"
	"strings"
	"testing"
)

func TestFullTable(t *testing.T) {
	ps, err := FullTable()
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != FullTableSize {
		t.Fatalf("%d prefixes, want %d", len(ps), FullTableSize)
	}
	if ps[0].String() != "2001:4:112::/48" || ps[len(ps)-1].String() != "2c0f:ffd0::/32" {
		t.Errorf("first prefix %v, last %v", ps[0], ps[len(ps)-1])
	}
	for i, p := range ps {
		if !p.Addr().Is6() || p != p.Masked() || i > 0 && Compare(ps[i-1], p) >= 0 {
			t.Fatalf("prefix %d (%v): not masked IPv6 in ascending order", i, p)
		}
	}
}

// TestBinaryRoundTrip: AppendBinary and Decoder agree on nested prefixes,
// /0, /128, lengths that end inside a byte and addresses sharing no byte.
func TestBinaryRoundTrip(t *testing.T) {
	var ps []netip.Prefix
	for _, s := range []string{"::/0", "2001:db8::/32", "2001:db8::/33", "2001:db8::/48", "2001:db8:0:1::/64",
		"2001:db8:8000::/35", "2001:db9::/32", "2001:db9::1/128", "2001:db9::2/128", "fe80::/10", "ff00::/8"} {
		ps = append(ps, netip.MustParsePrefix(s))
	}
	b, err := AppendBinary(nil, ps)
	if err != nil {
		t.Fatal(err)
	}
	d, err := NewDecoder(b)
	if err != nil || d.Len() != len(ps) {
		t.Fatalf("decoder: %v, %d prefixes", err, d.Len())
	}
	for i := 0; ; i++ {
		p, err := d.Next()
		if err == io.EOF {
			if i != len(ps) {
				t.Fatalf("EOF after %d of %d", i, len(ps))
			}
			break
		}
		if err != nil || p != ps[i] {
			t.Fatalf("prefix %d: %v %v, want %v", i, p, err, ps[i])
		}
	}
	if _, err := AppendBinary(nil, []netip.Prefix{ps[1], ps[0]}); err == nil {
		t.Error("out of order prefixes encoded")
	}
	if _, err := AppendBinary(nil, []netip.Prefix{netip.MustParsePrefix("2001:db8::1/64")}); err == nil {
		t.Error("an unmasked prefix encoded")
	}
}

// TestDecoderRefusesCorruption: a cut, padded, reordered or unmasked table
// fails with an error, never a panic or a wrong prefix.
func TestDecoderRefusesCorruption(t *testing.T) {
	table := func(n byte, recs ...byte) []byte { return append(append([]byte(Magic), n), recs...) }
	good := table(2, 32, 0, 0x20, 0x01, 0x0d, 0xb8, 33, 4, 0x80) // 2001:db8::/32, 2001:db8:8000::/33
	cases := map[string][]byte{
		"bad magic":     append([]byte("fib6tblX"), good[len(Magic):]...),
		"cut short":     good[:len(good)-1],
		"header only":   []byte(Magic),
		"trailing byte": append(append([]byte{}, good...), 0),
		"length 129":    table(1, 129, 0, 0x20),
		"unmasked":      table(1, 33, 0, 0x20, 0x01, 0x0d, 0xb8, 0xc0),
		"out of order":  table(2, 32, 0, 0x20, 0x01, 0x0d, 0xb8, 32, 3, 0xb7),
		"twice":         table(2, 32, 0, 0x20, 0x01, 0x0d, 0xb8, 32, 4),
		"longer first":  table(2, 33, 0, 0x20, 0x01, 0x0d, 0xb8, 0x00, 32, 4),
		"shared first":  table(1, 32, 1, 0x20, 0x01, 0x0d),
		"shared > len":  table(2, 32, 0, 0x20, 0x01, 0x0d, 0xb8, 16, 3),
	}
	for name, b := range cases {
		d, err := NewDecoder(b)
		for err == nil {
			_, err = d.Next()
		}
		if err == io.EOF {
			t.Errorf("%s: decoded without an error", name)
		} else if !strings.HasPrefix(err.Error(), "binary table:") {
			t.Errorf("%s: %v", name, err)
		}
	}
	d, _ := NewDecoder(good)
	a, _ := d.Next()
	b, _ := d.Next()
	if _, err := d.Next(); a.String() != "2001:db8::/32" || b.String() != "2001:db8:8000::/33" || err != io.EOF {
		t.Errorf("good table: %v %v %v", a, b, err)
	}
}

// TestFullTableKeys: the table as Keys is the table as prefixes, and
// KeyOf and Prefix are each other's inverse.
func TestFullTableKeys(t *testing.T) {
	ps, err := FullTable()
	if err != nil {
		t.Fatal(err)
	}
	ks, err := FullTableKeys()
	if err != nil || len(ks) != len(ps) {
		t.Fatalf("%d keys (%v), %d prefixes", len(ks), err, len(ps))
	}
	for i, k := range ks {
		if k.Prefix() != ps[i] || KeyOf(ps[i]) != k {
			t.Fatalf("key %d: %+v is %v, want %v", i, k, k.Prefix(), ps[i])
		}
	}
}
