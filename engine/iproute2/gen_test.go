package iproute2

import (
	"strings"
	"testing"

	"fib6lab/engine/fib6"
	"fib6lab/engine/netns"
)

func TestGenRoutes(t *testing.T) {
	ns := netns.New(0)
	sh := NewShell(ns)
	var out strings.Builder
	sh.RunScript(strings.NewReader(preamble), &out)
	out.Reset()
	cases := []struct{ line, want string }{
		{"gen routes 1000 2001:db8::1 via 2001:db8:1::2", "gen: 1000 routes added (2001:db8::1/128 .. 2001:db8::3e8/128)\n"},
		{"gen routes 3 2001:db8:ff::/48 dev va expires 10", "gen: 3 routes added (2001:db8:ff::/48 .. 2001:db8:101::/48)\n"},
		{"gen routes 2 2001:db8::3e8 via 2001:db8:1::2", "RTNETLINK answers: File exists\n"},
		{"gen routes 2 2001:db8::3e9 via 2001:db8:1::2", "gen: 2 routes added (2001:db8::3e9/128 .. 2001:db8::3ea/128)\n"},
		{"gen routes 2 ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff dev va", "Error: no prefix after ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff/128.\n"},
		{"gen routes 3 ffff:ffff:ffff:ffff:ffff:ffff:ffff:fffe/127 dev va", "Error: no prefix after ffff:ffff:ffff:ffff:ffff:ffff:ffff:fffe/127.\n"},
		{"gen routes 5 2001:db8:200::/0 dev va", "Error: no prefix after 2001:db8:200::/0.\n"},
		{"gen routes 0 2001:db8::/64 dev va", "gen: 0 routes added\n"},
		{"gen routes 100001 2001:db8::1 dev va", "Error: argument \"100001\" is wrong: \"count\" value is invalid (fib6lab limit 100000)\n"},
		{"gen routes x", "Usage: gen routes N PREFIX [ ip -6 route add options ]\n"},
	}
	for _, c := range cases {
		out.Reset()
		sh.Run(c.line, &out)
		if out.String() != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.line, out.String(), c.want)
		}
	}
	tb := ns.FIB.Table(fib6.RT_TABLE_MAIN)
	if tb.Entries != 3+1000+3+2 || len(tb.GCList()) != 3 {
		t.Fatalf("%d routes, %d listed", tb.Entries, len(tb.GCList()))
	}
}
