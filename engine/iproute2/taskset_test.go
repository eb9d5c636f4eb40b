package iproute2

import (
	"bytes"
	"strings"
	"testing"

	"fib6lab/engine/netns"
)

// The CPU a command runs on is the process's, whichever namespace it
// acts in: `taskset -c 1` around `ip -n h` or `ip netns exec h` uses h's
// per-CPU copies of CPU 1, and a nested `ip netns exec h bash` started
// under taskset stays pinned until its exit. The copy CPU 1 made for
// 2001:db8:c01::/64 answers for no route once that route is deleted
// (ENETUNREACH), while CPU 0 makes a fresh one. The expected answers are
// what Linux 6.18 printed for this script.
func TestTasksetAcrossNamespaces(t *testing.T) {
	const script = `ip netns add h
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns h
ip link set va up
ip -n h link set lo up
ip -n h link set vb up
ip -n h -6 addr add 2001:db8:1::1/64 dev vb nodad
sleep 3
ip -n h nexthop add id 1 via 2001:db8:1::2 dev vb
ip -n h -6 route add 2001:db8:c01::/64 nhid 1 mtu 1400
ip -n h -6 route add 2001:db8:c09::/64 nhid 1
taskset -c 1 ip -n h -6 route get 2001:db8:c01::1
ip -n h -6 route del 2001:db8:c01::/64
echo 1; taskset -c 1 ip -n h -6 route get 2001:db8:c09::1
echo 2; taskset -c 0 ip -n h -6 route get 2001:db8:c09::1
echo 3; taskset -c 1 ip netns exec h ip -6 route get 2001:db8:c09::1
echo 4; ip netns exec h taskset -c 1 ip -6 route get 2001:db8:c09::1
taskset -c 1 ip netns exec h bash
echo 5; ip -6 route get 2001:db8:c09::1
exit
ip netns exec h bash
echo 6; ip -6 route get 2001:db8:c09::1
exit
echo 7; ip -n h -6 route get 2001:db8:c09::1
`
	const answer = "2001:db8:c09::1 from :: via 2001:db8:1::2 dev vb src 2001:db8:1::1 metric 1024 pref medium\n"
	const unreachable = "RTNETLINK answers: Network is unreachable\n"
	want := "2001:db8:c01::1 from :: via 2001:db8:1::2 dev vb src 2001:db8:1::1 metric 1024 mtu 1400 pref medium\n" +
		"1\n" + unreachable + "2\n" + answer + "3\n" + unreachable + "4\n" + unreachable +
		"5\n" + unreachable + "6\n" + answer + "7\n" + answer
	sh := NewShell(netns.New(0))
	var out bytes.Buffer
	sh.RunScript(strings.NewReader(script), &out)
	if got := out.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if cpu := sh.NS.Host().CPU; cpu != 0 {
		t.Errorf("after the script the shell runs on CPU %d, want 0", cpu)
	}
}
