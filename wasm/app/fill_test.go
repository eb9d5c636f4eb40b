package app

import (
	"slices"
	"strings"
	"testing"
)

// TestFillBringsBothLanesToTotal: Fill's gen lines, run as console
// commands, bring both namespaces to the total asked for, on top of the
// table they hold; a second fill takes fresh blocks (no EEXIST).
func TestFillBringsBothLanesToTotal(t *testing.T) {
	s := loadedSim(t, full(t)[:1000], 0)
	base := s.Lanes[0].NS.FIB.Stats.FibRtEntries
	total := base + 250_000
	want := []string{
		"gen routes 100000 2001:db8:101::1 dev eth0",
		"gen routes 100000 2001:db8:102::1 dev eth0",
		"gen routes 50000 2001:db8:103::1 dev eth0",
	}
	if got := s.FillLines(total); !slices.Equal(got, want) {
		t.Fatalf("FillLines(%d) = %q, want %q", total, got, want)
	}
	if m := s.Fill(total); !strings.Contains(m, "3 gen lines") {
		t.Fatalf("Fill: %q", m)
	}
	settle(t, s)
	s.Fill(total + 10)
	settle(t, s)
	for _, l := range s.Lanes {
		if got := l.NS.FIB.Stats.FibRtEntries; got != total+10 {
			t.Errorf("%s: %d routes, want %d", l.ID, got, total+10)
		}
	}
	if errs := consoleErrors(s); len(errs) > 0 {
		t.Fatalf("console errors %q", errs)
	}
	if m := s.Fill(total); !strings.Contains(m, "already") || len(s.FillLines(total)) != 0 {
		t.Fatalf("a fill below the routes held: %q", m)
	}
	if m := s.Fill(FillRoutes + 1); !strings.Contains(m, "out of range") {
		t.Fatalf("Fill past FillRoutes: %q", m)
	}
}
