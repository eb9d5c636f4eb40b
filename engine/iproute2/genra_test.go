package iproute2

import (
	"strings"
	"testing"

	"fib6lab/engine/fib6"
	"fib6lab/engine/netns"
	"fib6lab/engine/trace"
)

// raPair sets up a host (the shell's namespace) that takes Route
// Information options up to /64 on wan, and a router r on its peer lan.
const raPair = `ip netns add r
ip netns exec r sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0 net.ipv6.conf.default.accept_ra_rt_info_max_plen=64
ip link add wan address 02:00:00:00:00:01 type veth peer name lan address 02:00:00:00:00:fe netns r
ip link set wan up
ip -n r link set lan up
sleep 1
`

// TestGenRA checks that gen ra splits its options into RAs that fit the
// link's MTU (89 /64 options in 1500 bytes, 558 in 9000), that every option becomes a
// route on the host, and that the host traces one RAReceive per RA.
func TestGenRA(t *testing.T) {
	ns := netns.New(0)
	sh := NewShell(ns)
	var out strings.Builder
	if sh.RunScript(strings.NewReader(raPair), &out) != 0 {
		t.Fatal(out.String())
	}
	rec := &trace.Recorder{}
	ns.SetTrace(rec)
	cases := []struct{ line, want string }{
		{"ip netns exec r gen ra lan 200 2001:db8:1000::/64,600 lifetime 1800",
			"gen: 200 route information options in 3 RAs (2001:db8:1000::/64 .. 2001:db8:1000:c7::/64)\n"},
		{"ip -n r link set lan mtu 9000", ""},
		{"ip link set wan mtu 9000", ""},
		{"ip netns exec r gen ra lan 1000 2001:db8:2000::/64,inf,high", "gen: 1000 route information options in 2 RAs (2001:db8:2000::/64 .. 2001:db8:2000:3e7::/64)\n"},
		{"ip netns exec r gen ra lan 2 2001:db8::1/64,600", "Error: argument \"2001:db8::1/64,600\" is wrong: \"rio\" value is invalid\n"},
		{"ip netns exec r gen ra nosuch 2 2001:db8::/64,600", "ra: no link-local address on nosuch\n"},
		{"gen ra lan", "Usage: gen ra IFNAME N PREFIX/LEN,LIFETIME[,PRF] [ ra options ]\n"},
	}
	for _, c := range cases {
		out.Reset()
		sh.Run(c.line, &out)
		if out.String() != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.line, out.String(), c.want)
		}
	}
	ras := 0
	for _, e := range rec.Events {
		if e.Kind == trace.RAReceive {
			ras++
		}
	}
	tb := ns.FIB.Table(fib6.RT_TABLE_MAIN)
	// 1,200 RIO routes and fe80::/64: the second gen ra's RAs (router
	// lifetime 0) took the default route away; the 200 RIO routes of
	// the first expire, the 1,000 of the second (inf) do not.
	if ras != 5 || tb.Entries != 1201 || len(tb.GCList()) != 200 {
		t.Fatalf("%d RAs traced, %d routes, %d on the GC list; want 5, 1201, 200", ras, tb.Entries, len(tb.GCList()))
	}
}
