package iproute2

import (
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fib6lab/engine/fib6"
	"fib6lab/engine/netns"
)

// preamble is the kdiff topology: va up with 2001:db8:1::1/64, vb without
// IPv6, plus a route to 2001:db8:2::/64 through 2001:db8:1::2.
const preamble = `ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
ip -6 route add 2001:db8:2::/64 via 2001:db8:1::2
`

// runCase runs preamble plus script with `[rc=N]` after every command of
// script and returns the output of script's commands only.
func runCase(t *testing.T, script string) string {
	t.Helper()
	sh := NewShell(netns.New(0))
	var pre strings.Builder
	sh.RunScript(strings.NewReader(preamble), &pre)
	if pre.Len() != 0 {
		t.Fatalf("preamble printed %q", pre.String())
	}
	var out strings.Builder
	sh.RunScript(strings.NewReader(withStatus([]byte(script))), &out)
	return out.String()
}

// checkCases runs each case and compares its output exactly.
func checkCases(t *testing.T, cases []struct{ script, want string }) {
	t.Helper()
	for _, c := range cases {
		if got := runCase(t, c.script); got != c.want {
			t.Errorf("script:\n%s\ngot:\n%s\nwant:\n%s", c.script, got, c.want)
		}
	}
}

func TestKernelCommand(t *testing.T) {
	checkCases(t, []struct{ script, want string }{
		{"kernel\nkernel 6.1\nkernel\nsysctl net.ipv6.route.max_size\nkernel 6.1.73\nkernel\n",
			"6.18\n[rc=0]\n[rc=0]\n6.1\n[rc=0]\nnet.ipv6.route.max_size = 4096\n[rc=0]\n[rc=0]\n6.1\n[rc=0]\n"},
		{"kernel 6\nkernel 6.x\nkernel 6.1 extra\nkernel 0.0\nkernel 4.2\nkernel\n",
			"Error: argument \"6\" is wrong: \"kernel\" value is invalid: MAJOR.MINOR[.PATCH] expected\n\n[rc=255]\n" +
				"Error: argument \"6.x\" is wrong: \"kernel\" value is invalid: MAJOR.MINOR[.PATCH] expected\n\n[rc=255]\n" +
				"Error: either \"kernel\" is duplicate, or \"extra\" is a garbage.\n[rc=255]\n" +
				"Error: argument \"0.0\" is wrong: \"kernel\" value is invalid: fib6lab models Linux 4.3 and later\n\n[rc=255]\n" +
				"Error: argument \"4.2\" is wrong: \"kernel\" value is invalid: fib6lab models Linux 4.3 and later\n\n[rc=255]\n" +
				"6.18\n[rc=0]\n"},
	})
}

func TestSendRaw(t *testing.T) {
	notice := "kernel: Route cache is full: consider increasing sysctl net.ipv6.route.max_size.\n"
	checkCases(t, []struct{ script, want string }{
		{"send raw 2001:db8:1::1000 count 300\nsend raw 2001:db8:99::1 count 3\nsend raw 2001:db8:1::5 count 10 inflight 10 senders 2\n",
			"raw: 300 sent, 0 failed (ENETUNREACH), peak dst entries 1\n[rc=0]\n" +
				"raw: 0 sent, 3 failed (ENETUNREACH), peak dst entries 0\n[rc=0]\n" +
				"raw: 20 sent, 0 failed (ENETUNREACH), peak dst entries 20\n[rc=0]\n"},
		{"kernel 6.1\nsysctl -qw net.ipv6.route.max_size=16 net.ipv6.route.gc_thresh=8\nsend raw 2001:db8:1::1000 count 100 inflight 100\n",
			"[rc=0]\n[rc=0]\nraw: 32 sent, 68 failed (ENETUNREACH), peak dst entries 32\n" + strings.Repeat(notice, 10) + "[rc=0]\n"},
		{"ip -6 route add unreachable 2001:db8:98::/64\nsend raw 2001:db8:98::1 count 2\n",
			"[rc=0]\nraw: 0 sent, 2 failed (EHOSTUNREACH 2), peak dst entries 0\n[rc=0]\n"},
		{"send raw\nsend raw zz\nsend raw 2001:db8:1::1 count 200000\nsend raw 2001:db8:1::1 count 60000 senders 2\nsend raw 2001:db8:1::1 senders 65\nsend raw 2001:db8:1::1 bogus 1\nsend raw 2001:db8:1::1 count\nsend raw 2001:db8:1::1 inflight 0\n",
			"Error: destination is required.\n[rc=255]\n" +
				"Error: inet6 address is expected rather than \"zz\".\n[rc=1]\n" +
				"Error: argument \"200000\" is wrong: \"count\" value is invalid (fib6lab limit 100000)\n[rc=255]\n" +
				"Error: argument \"60000\" is wrong: \"count\" value is invalid (fib6lab limit 100000 packets in all)\n\n[rc=255]\n" +
				"Error: argument \"65\" is wrong: \"senders\" value is invalid (1..64)\n\n[rc=255]\n" +
				"Error: either \"count\" is duplicate, or \"bogus\" is a garbage.\n[rc=255]\n" +
				"Command line is not complete. Try option \"help\"\n[rc=255]\n" +
				"Error: argument \"0\" is wrong: \"inflight\" value is invalid (1..100000)\n\n[rc=255]\n"},
	})
}

func TestPTBAndCache(t *testing.T) {
	checkCases(t, []struct{ script, want string }{
		{"sysctl -qw net.ipv6.route.mtu_expires=2\n" + pmtuAging, "[rc=0]\n[rc=0]\n[rc=0]\n" +
			"2001:db8:2::2 from :: via 2001:db8:1::2 dev va src 2001:db8:1::1 metric 1024 expires 1sec mtu 1280 pref medium\n[rc=0]\n" +
			"2001:db8:2::2 via 2001:db8:1::2 dev va metric 1024 expires 1sec mtu 1280 pref medium\n[rc=0]\n" +
			"0006 0005 0008 0005 0001 0001 0000\n[rc=0]\n[rc=0]\n[rc=0]\n" +
			"2001:db8:2::2 from :: via 2001:db8:1::2 dev va src 2001:db8:1::1 metric 1024 pref medium\n[rc=0]\n" +
			"0008 0006 0008 0006 0001 0001 0000\n[rc=0]\nnet.ipv6.route.flush = 1\n[rc=0]\n" +
			"0008 0006 0008 0006 0000 0000 0000\n[rc=0]\n"},
		{"ptb 2001:db8:2::2 mtu 1400 count 3\nptb 2001:db8:2::3 mtu 1000\nip -6 route show cache\nip -6 route flush cache\nip -6 route show cache\ncat /proc/net/rt6_stats\n",
			"[rc=0]\n[rc=0]\n2001:db8:2::2 via 2001:db8:1::2 dev va metric 1024 expires 599sec mtu 1400 pref medium\n[rc=0]\n[rc=0]\n[rc=0]\n" +
				"0006 0005 0008 0005 0000 0000 0000\n[rc=0]\n"},
		{"ptb 2001:db8:2::2\nptb 2001:db8:2::2 mtu x\nptb 2001:db8:99::1 mtu 1280\ncat /proc/net/route\n",
			"Error: \"mtu\" is required.\n[rc=255]\n" +
				"Error: argument \"x\" is wrong: \"mtu\" value is invalid\n\n[rc=255]\n" +
				"Error: Network is unreachable.\n[rc=2]\n" +
				"cat: /proc/net/route: No such file or directory\n[rc=1]\n"},
	})
}

func TestRedirect(t *testing.T) {
	checkCases(t, []struct{ script, want string }{
		{`ip -6 route add 2001:db8:99::/64 via fe80::ff:fe00:2 dev va
redirect 2001:db8:99::5 to fe80::ff:fe00:9
ip -6 route get 2001:db8:99::5
ip -6 route show cache
sysctl -qw net.ipv6.route.flush=1
ip -6 route show cache
ip -6 route get 2001:db8:99::5
redirect 2001:db8:99::5 to 2001:db8:1::7
redirect 2001:db8:99::5
`, "[rc=0]\n[rc=0]\n" +
			"2001:db8:99::5 from :: via fe80::ff:fe00:9 dev va src 2001:db8:1::1 metric 1024 pref medium\n[rc=0]\n" +
			"2001:db8:99::5 via fe80::ff:fe00:9 dev va metric 1024 pref medium\n[rc=0]\n[rc=0]\n[rc=0]\n" +
			"2001:db8:99::5 from :: via fe80::ff:fe00:2 dev va src 2001:db8:1::1 metric 1024 pref medium\n[rc=0]\n" +
			"Error: Invalid argument.\n[rc=2]\n" +
			"Error: \"to\" is required.\n[rc=255]\n"},
	})
}

func TestILARoutes(t *testing.T) {
	checkCases(t, []struct{ script, want string }{
		{`ip -6 route add 3333::2000:0:0:2/128 encap ila 2222:0:0:2 csum-mode neutral-map dev va
ip -6 route add 2001:db8:1:2:1::/80 encap ila 2001:0:0:2 csum-mode neutral-map-auto ident-type luid via 2001:db8:1::2 dev va
ip -6 route append 2001:db8:1:2:1::/80 encap ila 2001:0:0:2 csum-mode adj-transport ident-type luid via 2001:db8:1::2 dev va
ip -6 route append 2001:db8:1:2:1::/80 encap ila 2001:0:0:3 ident-type luid hook-type input via 2001:db8:1::2 dev va
ip -6 route show 2001:db8:1:2:1::/80
ip -6 route show 3333::2000:0:0:2
ip -6 route get 3333::2000:0:0:2
ip -6 route del 3333::2000:0:0:2/128
`, "[rc=0]\n[rc=0]\nRTNETLINK answers: File exists\n[rc=2]\n[rc=0]\n" +
			"2001:db8:1:2:1::/80 metric 1024 pref medium\n" +
			"\tnexthop  encap ila  2001:0:0:2  csum-mode neutral-map-auto  ident-type luid  hook-type output via 2001:db8:1::2 dev va weight 1 \n" +
			"\tnexthop  encap ila  2001:0:0:3  csum-mode no-action  ident-type luid  hook-type input via 2001:db8:1::2 dev va weight 1 \n[rc=0]\n" +
			"3333::2000:0:0:2  encap ila  2222:0:0:2  csum-mode neutral-map  ident-type use-format  hook-type output dev va metric 1024 pref medium\n[rc=0]\n" +
			"3333::2000:0:0:2 from ::  encap ila  2222:0:0:2  csum-mode neutral-map  ident-type use-format  hook-type output dev va src 2001:db8:1::1 metric 1024 pref medium\n[rc=0]\n[rc=0]\n"},
		// the kernel's build_state validation: bare EINVAL
		{`ip -6 route add 2001:db8:5::/64 encap ila 1:2 dev va
ip -6 route add 3333::/128 encap ila 1:2 dev va
ip -6 route add 3333::3000:0:0:1/128 encap ila 1:2 csum-mode neutral-map dev va
ip -6 route add 2001:db8:5::/64 encap ila 1:2 ident-type luid dev va
ip -6 route show 2001:db8:5::/64
`, "RTNETLINK answers: Invalid argument\n[rc=2]\n" +
			"RTNETLINK answers: Invalid argument\n[rc=2]\n" +
			"RTNETLINK answers: Invalid argument\n[rc=2]\n[rc=0]\n" +
			"2001:db8:5::/64  encap ila  1:2:0:0  csum-mode no-action  ident-type luid  hook-type output dev va metric 1024 pref medium\n[rc=0]\n"},
		// iproute2's parse errors, as checked with ip 6.1 on this machine
		{`ip -6 route add 2001:db8::/64 encap ila zz dev va
ip -6 route add 2001:db8::/64 encap ila 1:2:3:4:5 dev va
ip -6 route add 2001:db8::/64 encap ila 1::2 dev va
ip -6 route add 2001:db8::/64 encap ila 10000:1 dev va
ip -6 route add 2001:db8::/64 encap ila 1:2:3:4 csum-mode bogus dev va
ip -6 route add 2001:db8::/64 encap ila 1:2:3:4 ident-type iid dev va
ip -6 route add 2001:db8::/64 encap ila 1:2:3:4 hook-type bogus dev va
ip -6 route add 2001:db8::/64 encap ila 1:2:3:4 foo
ip -6 route add 2001:db8::/64 encap ila
ip -6 route add 2001:db8::/64 encap zzz 1 dev va
ip -6 route add 2001:db8::/64 encap ila 1:2:3:4 csum-mode
`, "Bad locator: zz\n[rc=1]\nBad locator: 1:2:3:4:5\n[rc=1]\nBad locator: 1::2\n[rc=1]\nBad locator: 10000:1\n[rc=1]\n" +
			"Error: argument \"bogus\" is wrong: \"csum-mode\" value is invalid\n\n[rc=255]\n" +
			"Error: argument \"iid\" is wrong: \"ident-type\" value is invalid\n\n[rc=255]\n" +
			"Error: argument \"bogus\" is wrong: \"hook-type\" value is invalid\n\n[rc=255]\n" +
			"Error: either \"to\" is duplicate, or \"foo\" is a garbage.\n[rc=255]\n" +
			"Command line is not complete. Try option \"help\"\n[rc=255]\n" +
			"Error: argument \"zzz\" is wrong: \"encap type\" value is invalid\n\n[rc=255]\n" +
			"Command line is not complete. Try option \"help\"\n[rc=255]\n"},
	})
}

func TestParseLocator(t *testing.T) {
	for s, want := range map[string]string{"1": "1:0:0:0", "0x1:2": "1:2:0:0", "+1:ABCD": "1:abcd:0:0", "ffff:ffff:ffff:ffff": "ffff:ffff:ffff:ffff"} {
		l, ok := parseLocator(s)
		if !ok || l.String() != want {
			t.Errorf("parseLocator(%q) = %v, %v; want %s", s, l, ok, want)
		}
	}
	for _, s := range []string{"", ":1", "1:2:3:4:", "-1", "1:g", "0x"} {
		if _, ok := parseLocator(s); ok {
			t.Errorf("parseLocator(%q) accepted", s)
		}
	}
}

// TestILAStateLifecycle checks that deleting an ILA route puts its
// lwtunnel state and that, with destroy_state (4.9 on), the free waits
// for the RCU grace period the shell ends after each command; before 4.9
// the free is immediate.
func TestILAStateLifecycle(t *testing.T) {
	for _, k := range []struct {
		version  string
		deferred bool
	}{{"6.18", true}, {"4.8", false}} {
		ns := netns.New(0)
		sh := NewShell(ns)
		var out strings.Builder
		sh.RunScript(strings.NewReader(preamble+"kernel "+k.version+"\nip -6 route add 3333::2000:0:0:2/128 encap ila 2001:db8:2:0 dev va\nsend 3333::2000:0:0:2 count 3\n"), &out)
		rt := ns.FIB.Table(fib6.RT_TABLE_MAIN).Lookup(fib6.KeyOf(mustAddr("3333::2000:0:0:2")))
		s := rt.NH.Lwt
		if s == nil {
			t.Fatalf("%s: route has no lwtunnel state; output %q", k.version, out.String())
		}
		if err := ns.RouteDel(&netns.RouteConfig{Dst: rt.Prefix()}); err != nil {
			t.Fatal(err)
		}
		if s.Freed() == k.deferred {
			t.Errorf("%s: freed before the grace period = %v, want %v", k.version, s.Freed(), !k.deferred)
		}
		ns.Quiesce()
		if !s.Freed() || s.Refcount() != 0 {
			t.Errorf("%s: after the grace period freed=%v refcount=%d", k.version, s.Freed(), s.Refcount())
		}
	}
}

// TestScenarios runs the shipped scenarios of testdata/scenarios and
// compares them with their .expected output exactly.
func TestScenarios(t *testing.T) {
	for _, f := range scripts(t, filepath.Join("..", "..", "testdata", "scenarios")) {
		src, err := os.ReadFile(f)
		must(t, err)
		want, err := os.ReadFile(strings.TrimSuffix(f, ".sh") + ".expected")
		must(t, err)
		if got := runEngine(string(src)); got != string(want) {
			t.Errorf("%s:\ngot:\n%s\nwant:\n%s", filepath.Base(f), got, want)
		}
	}
}

func mustAddr(s string) netip.Addr { return netip.MustParseAddr(s) }
