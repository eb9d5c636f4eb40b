# c15: a PMTU exception made by a real Packet Too Big from a router: expiry mtu_expires, listed by route get / show cache, hidden once expired, freed by the next GC pass (translated from ../shared/cases/multi-ns/c15_pmtu_exception_aging.sh)
ip netns add rsc15
ip netns add rsc15r
ip netns add rsc15b
ip netns exec rsc15 sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns exec rsc15r sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns exec rsc15b sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n rsc15 link set lo up
ip -n rsc15r link set lo up
ip -n rsc15b link set lo up
ip -n rsc15 link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns rsc15r
ip -n rsc15r link add vc address 02:00:00:00:00:03 mtu 1280 type veth peer name vd address 02:00:00:00:00:04 mtu 1280 netns rsc15b
ip -n rsc15 link set va up
ip -n rsc15r link set vb up
ip -n rsc15r link set vc up
ip -n rsc15b link set vd up
ip -n rsc15 -6 addr add 2001:db8:1::1/64 dev va nodad
ip -n rsc15r -6 addr add 2001:db8:1::2/64 dev vb nodad
ip -n rsc15r -6 addr add 2001:db8:2::1/64 dev vc nodad
ip -n rsc15b -6 addr add 2001:db8:2::2/64 dev vd nodad
ip netns exec rsc15r sysctl -qw net.ipv6.conf.all.forwarding=1
ip -n rsc15b -6 route add default via 2001:db8:2::1
sleep 1
ip netns exec rsc15 sysctl -w net.ipv6.route.mtu_expires=2
ip -n rsc15 -6 route add 2001:db8:2::/64 via 2001:db8:1::2
ip netns exec rsc15 udp 2001:db8:2::2 size 1400
sleep 0.3
ip -n rsc15 -6 route get 2001:db8:2::2
ip -n rsc15 -6 route show cache
ip netns exec rsc15 cat /proc/net/rt6_stats
sleep 2.5
ip -n rsc15 -6 route show cache
ip -n rsc15 -6 route get 2001:db8:2::2
ip netns exec rsc15 cat /proc/net/rt6_stats
ip netns exec rsc15 sysctl -w net.ipv6.route.flush=1
ip netns exec rsc15 cat /proc/net/rt6_stats
ip netns del rsc15
ip netns del rsc15r
ip netns del rsc15b
