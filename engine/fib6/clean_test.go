package fib6

import (
	"net/netip"
	"testing"
)

// TestSlicedCleanUnregisters checks that a clean run a slice at a time
// leaves no walker registered once it is complete, as a whole one does.
func TestSlicedCleanUnregisters(t *testing.T) {
	n := NewNet()
	tb := n.Table(RT_TABLE_MAIN)
	for i := range 100 {
		a := netip.AddrFrom16([16]byte{0x20, 0x01, 15: byte(i)})
		rt := n.NewRoute(netip.PrefixFrom(a, 128), netip.MustParseAddr("2001:10::2"), 2, IP6_RT_PRIO_USER)
		if err := tb.Add(rt, NLM_F_CREATE|NLM_F_EXCL); err != nil {
			t.Fatal(err)
		}
	}
	c := n.NewCleaner(func(*Info) int { return CleanKeep })
	slices := 1
	for ; !c.Step(10); slices++ {
		if len(n.walkers) != 1 {
			t.Fatalf("%d walkers registered during the walk, want 1", len(n.walkers))
		}
	}
	if slices < 10 || c.Checked != 100 {
		t.Fatalf("%d slices checked %d routes; want at least 10 slices and the 100 routes", slices, c.Checked)
	}
	if len(n.walkers) != 0 {
		t.Errorf("%d walkers still registered after the walk", len(n.walkers))
	}
}
