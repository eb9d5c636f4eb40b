package iproute2

import (
	"strings"
	"testing"
)

// nhPMTUEngine is testdata/multins/k6_pmtu_nhid.sh's story for the
// engine in one namespace: `ptb` stands for the Packet Too Big the
// router sends back for the 1400-byte datagram.
const nhPMTUEngine = `sysctl -w net.ipv6.route.mtu_expires=600
ip nexthop add id 1 via 2001:db8:1::2 dev va
ip -6 route add 2001:db8:2::/64 nhid 1
ip -6 route add 2001:db8:3::/64 nhid 1 metric 7
ptb 2001:db8:2::2 mtu 1280
sleep 0.3
ip -6 route get 2001:db8:2::2
ip -6 route show cache
cat /proc/net/rt6_stats
ip -6 route del 2001:db8:3::/64
ip -6 route show cache
ip -6 route del 2001:db8:2::/64
ip -6 route show cache
cat /proc/net/rt6_stats
ip -6 route add 2001:db8:2::/64 nhid 1
ptb 2001:db8:2::2 mtu 1280
sleep 0.3
ip -6 route show cache
ip nexthop del id 1
ip -6 route show cache
cat /proc/net/rt6_stats
`

// TestNexthopPMTUDifferential compares the PMTU exception of routes that
// share a nexthop object with this machine's kernel (or, without root,
// its stored output): the `route get` and `show cache` lines (the
// exception listed under both routes, kept when the other route goes,
// gone with its own route or the object; expires within 1 s) and the
// fib_rt_cache column of rt6_stats (the other columns count the kernel's
// other namespaces' routes).
func TestNexthopPMTUDifferential(t *testing.T) {
	facts := func(out string) string {
		return strings.Join(append(grepLines(out, "2001:db8:2::2 "), cacheCounts(out, true)...), "\n")
	}
	kernel := facts(multiNSKernel(t, "../../testdata/multins", "k6_pmtu_nhid", []string{"k6h", "k6r", "k6b"}))
	got := runEngine(preambleNoGw + nhPMTUEngine)
	engine := facts(got)
	if n := len(strings.Split(kernel, "\n")); n != 8 {
		t.Fatalf("kernel facts: want 8 lines, got %d:\n%s", n, kernel)
	}
	if ok, why := sameOutput(kernel, engine); !ok {
		t.Errorf("%s\nkernel:\n%s\nengine:\n%s\nengine output:\n%s", why, kernel, engine, got)
	}
}
