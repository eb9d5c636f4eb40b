package iproute2

import (
	"bytes"
	"strings"
	"testing"
)

// TestSourceRouteRefused: a route with a source prefix (`from`, which the
// kernel keeps in a subtree of the destination's node) is refused with a
// fib6lab line and status 2, after iproute2's own checks of the whole
// line and the kernel's checks of the route, and changes nothing; a
// delete with a source prefix deletes the route without one, as the
// kernel's fib6_locate finds no subtree to look in; `from ::/0` is no
// source prefix and adds the route.
func TestSourceRouteRefused(t *testing.T) {
	const refused = "fib6lab: source-specific routes (from PREFIX: IPv6 subtrees) are not modelled\n"
	for _, c := range []struct {
		line, out string
		rc        int
		changes   bool
	}{
		{"ip -6 route add 2001:db8:50::/64 from 2001:db8::/48 dev va", refused, 2, false},
		{"ip -6 route del 2001:db8:1::/64 from 2001:db8::1 dev va", "", 0, true},
		{"ip -6 route add 2001:db8:50::/64 from ::/1 nhid 5", "Error: Nexthops can not be used with source routing.\n", 2, false},
		{"ip -6 route add 2001:db8:50::/64 from ::/1", "RTNETLINK answers: No such device\n", 2, false},
		{"ip -6 route add 2001:db8:50::/64 from ::/1 via fe80::1", "Error: Egress device not specified.\n", 2, false},
		{"ip -6 route add 2001:db8:50::/64 from 2001:db8::1 dev va realm zz", "Error: argument \"zz\" is wrong: \"realm\" value is invalid\n\n", 255, false},
		{"ip -6 route add from 2001:db8::1", "Error: destination is required.\n", 255, false},
		{"ip -6 route add 2001:db8:50::/64 from ::/0 dev va realm 5 ttl-propagate enabled as to 2001:db8::9", "", 0, true},
	} {
		ns := badNamespace()
		before := engineDump(ns)
		var out bytes.Buffer
		rc := NewShell(ns).RunScript(strings.NewReader(c.line+"\n"), &out)
		if out.String() != c.out || rc != c.rc {
			t.Errorf("%s:\n got rc=%d %q\nwant rc=%d %q", c.line, rc, out.String(), c.rc, c.out)
		}
		if changed := engineDump(ns) != before; changed != c.changes {
			t.Errorf("%s: state changed %v, want %v", c.line, changed, c.changes)
		}
	}
}
