package data

import "testing"

func TestFullTable(t *testing.T) {
	ps, err := FullTable()
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != FullTableSize {
		t.Fatalf("%d prefixes, want %d", len(ps), FullTableSize)
	}
	if ps[0].String() != "2001:1201:10::/48" {
		t.Errorf("first prefix %v", ps[0])
	}
	seen := map[string]bool{}
	for _, p := range ps {
		if !p.Addr().Is6() || p != p.Masked() || seen[p.String()] {
			t.Fatalf("bad or duplicate prefix %v", p)
		}
		seen[p.String()] = true
	}
}
