package iproute2

import (
	"io"
	"slices"
	"strings"
	"testing"

	"fib6lab/engine/ftrace"
	"fib6lab/engine/netns"
	"fib6lab/engine/trace"
)

// tracepoints runs the lines of script in a fresh namespace recording
// tracepoint events and returns, per command, its lookups (printed as the
// kernel prints them) and the trie nodes it allocated in its own process.
func tracepoints(t *testing.T, script string) (lookups [][]string, allocs []int) {
	t.Helper()
	ns := netns.New(0)
	rec := &trace.Recorder{Tracepoints: true, Clock: ns.Now}
	ns.SetTrace(rec)
	sh := NewShell(ns)
	for _, line := range KdiffCommands(script) {
		rec.Reset()
		sh.Run(line, io.Discard)
		var ls []string
		n := 0
		for _, e := range rec.Events {
			switch {
			case e.Kind == trace.TableLookup:
				ls = append(ls, ftrace.LookupFields(rec.Lookups[e.Val]))
			case e.Kind == trace.NodeCreate && e.Ctx == trace.CtxProcess:
				n++
			}
		}
		lookups, allocs = append(lookups, ls), append(allocs, n)
	}
	return lookups, allocs
}

const veth = `ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
`

// TestTableLookupTracepoint: the tables a lookup tries and the answers,
// as fib6:fib6_table_lookup showed them on Linux 6.18 (ip6sim check -v):
// a gateway check tries the request's table, then local and main
// (ip6_route_check_nh); an onlink one only main, through the device; a
// route get tries local then main, from the loopback (output) or through
// the input device.
func TestTableLookupTracepoint(t *testing.T) {
	lookups, allocs := tracepoints(t, veth+`ip -6 route add 2001:db8:2::/48 via 2001:db8:9::9
ip -6 route add 2001:db8:2::/48 via 2001:db8:1::2 table 100
ip -6 route add 2001:db8:3::/48 via 2001:db8:1::2 dev va onlink
ip -6 route get 2001:db8:1::5 from 2001:db8:1::1 oif va
ip -6 route get 2001:db8:1::5 iif va
`)
	const tail = " flowlabel 0x0 tos 0 scope 0 flags 0 ==> "
	want := [][]string{6: {
		"table 254 oif 0 iif 0 proto 0 ::/0 -> 2001:db8:9::9/0" + tail + "dev lo gw :: err -113",
		"table 255 oif 0 iif 0 proto 0 ::/0 -> 2001:db8:9::9/0" + tail + "dev lo gw :: err -113",
		"table 254 oif 0 iif 0 proto 0 ::/0 -> 2001:db8:9::9/0" + tail + "dev lo gw :: err -113",
	}, {
		"table 100 oif 0 iif 0 proto 0 ::/0 -> 2001:db8:1::2/0" + tail + "dev lo gw :: err -113",
		"table 255 oif 0 iif 0 proto 0 ::/0 -> 2001:db8:1::2/0" + tail + "dev lo gw :: err -113",
		"table 254 oif 0 iif 0 proto 0 ::/0 -> 2001:db8:1::2/0" + tail + "dev va gw :: err 0",
	}, {
		"table 254 oif 3 iif 0 proto 0 ::/0 -> 2001:db8:1::2/0" + tail + "dev va gw :: err 0",
	}, {
		"table 255 oif 3 iif 1 proto 0 2001:db8:1::1/0 -> 2001:db8:1::5/0" + tail + "dev lo gw :: err -113",
		"table 254 oif 3 iif 1 proto 0 2001:db8:1::1/0 -> 2001:db8:1::5/0" + tail + "dev va gw :: err 0",
	}, {
		"table 255 oif 0 iif 3 proto 0 ::/0 -> 2001:db8:1::5/0" + tail + "dev lo gw :: err -113",
		"table 254 oif 0 iif 3 proto 0 ::/0 -> 2001:db8:1::5/0" + tail + "dev va gw :: err 0",
	}}
	for i := range want {
		if strings.Join(lookups[i], "\n") != strings.Join(want[i], "\n") {
			t.Errorf("command %d: lookups\n%s\nwant\n%s", i+1, strings.Join(lookups[i], "\n"), strings.Join(want[i], "\n"))
		}
	}
	// node allocations in the command's own process, as kmem_cache_alloc
	// in fib6_add_1 showed them: ::1 at lo up, the prefix route at the
	// address (its local route comes from the DAD work), none for the
	// failed add, one and two for the others
	if wantAllocs := []int{0, 0, 1, 0, 0, 1, 0, 1, 2, 0, 0}; !slices.Equal(allocs, wantAllocs) {
		t.Errorf("allocations per command %v, want %v", allocs, wantAllocs)
	}
}
