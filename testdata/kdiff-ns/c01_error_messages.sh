# c01: exact iproute2/kernel error texts for common route mistakes (iproute2 6.1, kernel 6.18). (translated from ../shared/cases/multi-ns/c01_error_messages.sh)
ip netns add rsc01
ip netns add rsc01p
ip netns exec rsc01 sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns exec rsc01p sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n rsc01 link set lo up
ip -n rsc01p link set lo up
ip -n rsc01 link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns rsc01p
ip -n rsc01 link set va up
ip -n rsc01p link set vb up
ip -n rsc01 -6 addr add 2001:db8:1::1/64 dev va nodad
ip -n rsc01p -6 addr add 2001:db8:1::2/64 dev vb nodad
# duplicate add
ip -n rsc01 -6 route add 2001:db8:2::/64 via 2001:db8:1::2
ip -n rsc01 -6 route add 2001:db8:2::/64 via 2001:db8:1::2
ip -n rsc01 -6 route add 2001:db8:2::/64 dev va
# delete missing
ip -n rsc01 -6 route del 2001:db8:3::/64
ip -n rsc01 -6 route del 2001:db8:2::/64 via 2001:db8:1::9
ip -n rsc01 -6 route del 2001:db8:2::/64 metric 7
ip -n rsc01 -6 route del 2001:db8:2::/64 table 77
# change or replace-only on missing route
ip -n rsc01 -6 route change 2001:db8:4::/64 via 2001:db8:1::2
# malformed prefix
ip -n rsc01 -6 route add 2001:db8:zz::/64 dev va
ip -n rsc01 -6 route add 2001:db8:4::/129 dev va
ip -n rsc01 -6 route add 2001:db8:4::1/64 dev va
ip -n rsc01 -6 route show 2001:db8:4::/64
# unknown device
ip -n rsc01 -6 route add 2001:db8:5::/64 dev nosuchdev
ip -n rsc01 -6 route add 2001:db8:5::/64 via 2001:db8:1::2 dev nosuchdev
# gateway problems
ip -n rsc01 -6 route add 2001:db8:6::/64 via 2001:db8:9::9
ip -n rsc01 -6 route add 2001:db8:6::/64 via fe80::9
ip -n rsc01 -6 route add 2001:db8:6::/64 via 2001:db8:1::1
# lookups that fail
ip -n rsc01 -6 route show table 77
ip -n rsc01 -6 route get 2001:db8:ffff::1
ip -n rsc01 -6 route add unreachable 2001:db8:7::/64
ip -n rsc01 -6 route add blackhole 2001:db8:8::/64
ip -n rsc01 -6 route add prohibit 2001:db8:9::/64
ip -n rsc01 -6 route get 2001:db8:7::1
ip -n rsc01 -6 route get 2001:db8:8::1
ip -n rsc01 -6 route get 2001:db8:9::1
ip -n rsc01 -6 route show
ip netns del rsc01
ip netns del rsc01p
