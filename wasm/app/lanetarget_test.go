package app

import (
	"strings"
	"testing"
)

func TestLaneTarget(t *testing.T) {
	for _, c := range []struct {
		line, cmd string
		run       [2]bool
	}{
		{"kernel 6.1", "kernel 6.1", [2]bool{true, true}},
		{"left: kernel 6.1", " kernel 6.1", [2]bool{true, false}},
		{"  right:ip -6 route", "ip -6 route", [2]bool{false, true}},
		{"echo left: x", "echo left: x", [2]bool{true, true}},
		{"Left: x", "Left: x", [2]bool{true, true}},
	} {
		if cmd, run := laneTarget(c.line); cmd != c.cmd || run != c.run {
			t.Errorf("%q: %q %v, want %q %v", c.line, cmd, run, c.cmd, c.run)
		}
	}
}

// scrollback returns the console lines after seq as "kind text" lines.
func scrollback(s *Sim, seq int) string {
	var b strings.Builder
	for _, l := range s.Console.Lines(seq) {
		b.WriteString(l.Kind.String() + " " + l.Text + "\n")
	}
	return b.String()
}

// A line prefixed left: or right: runs in that lane only; lanes of
// different releases that print differently are shown lane by lane
// without a warning; lanes of one release that print differently have
// diverged, and the console says so.
func TestConsoleLanePrefixes(t *testing.T) {
	s := loadedSim(t, full(t)[:1000], 0)
	exec(t, s, "left: kernel 6.12", 0, "")
	if l, r := s.Lanes[0].Kernel().String(), s.Lanes[1].Kernel().String(); l != "6.12" || r != "6.18" {
		t.Fatalf("left: kernel 6.12 made the lanes %s and %s", l, r)
	}
	seq := s.Console.seq
	r := s.Exec("kernel")
	if r.Output != "left · 6.12:\n6.12\nright · 6.18:\n6.18\n" || r.Status != 0 || r.Mismatch || s.Console.Mismatches != 0 {
		t.Fatalf("kernel: %+v, %d mismatches", r, s.Console.Mismatches)
	}
	if got := scrollback(s, seq); got != "input kernel\nnote left · 6.12:\noutput 6.12\nnote right · 6.18:\noutput 6.18\n" {
		t.Fatalf("scrollback:\n%s", got)
	}
	exec(t, s, "kernel 6.18", 0, "")
	routes := s.Lanes[0].Routes()
	seq = s.Console.seq
	exec(t, s, "right: ip -6 route add 2001:db8:77::/48 via 2001:db8::2 dev eth0", 0, "")
	if s.Lanes[0].Routes() != routes || s.Lanes[1].Routes() != routes+1 || s.Lanes[0].Pending() != 0 || s.Lanes[1].Pending() == 0 {
		t.Fatalf("right: add: %d and %d routes, %d and %d events queued", s.Lanes[0].Routes(), s.Lanes[1].Routes(),
			s.Lanes[0].Pending(), s.Lanes[1].Pending())
	}
	r = s.Exec("ip -6 route show 2001:db8:77::/48")
	want := "left · 6.18:\nright · 6.18:\n2001:db8:77::/48 via 2001:db8::2 dev eth0 metric 1024 pref medium\n"
	if r.Output != want || !r.Mismatch || s.Console.Mismatches != 1 {
		t.Fatalf("show after a right-only add: %+v, %d mismatches", r, s.Console.Mismatches)
	}
	if got := scrollback(s, seq); !strings.HasSuffix(got, "warning warning: the two lanes run the same release but printed different things or returned another status; their namespaces have diverged\n") {
		t.Fatalf("scrollback:\n%s", got)
	}
}
