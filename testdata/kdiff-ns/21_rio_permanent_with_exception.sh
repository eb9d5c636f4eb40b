# a Route Information route made permanent while it carries a PMTU exception: the route leaves its expiry behind but stays on the GC list while the exception is pending, so a GC pass still frees the expired exception (fib_rt_cache back to 0)
ip netns add h
ip netns add r
ip netns add b
ip netns exec h sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns exec r sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns exec b sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n h link set lo up
ip -n r link set lo up
ip -n b link set lo up
ip -n h link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns r
ip -n r link add vc address 02:00:00:00:00:03 mtu 1280 type veth peer name vd address 02:00:00:00:00:04 mtu 1280 netns b
ip -n h link set va up
ip -n r link set vb up
ip -n r link set vc up
ip -n b link set vd up
ip -n h -6 addr add 2001:db8:1::1/64 dev va nodad
ip -n r -6 addr add 2001:db8:1::2/64 dev vb nodad
ip -n r -6 addr add 2001:db8:2::1/64 dev vc nodad
ip -n b -6 addr add 2001:db8:2::2/64 dev vd nodad
ip -n b -6 route add default via 2001:db8:2::1
ip netns exec r sysctl -qw net.ipv6.conf.all.forwarding=1
ip netns exec h sysctl -w net.ipv6.conf.va.accept_ra_rt_info_max_plen=64
ip netns exec h sysctl -w net.ipv6.route.mtu_expires=3
sleep 1
ip netns exec r ra vb rio 2001:db8:2::/64,100
sleep 0.3
ip -n h -6 route show 2001:db8:2::/64
ip netns exec h udp 2001:db8:2::2 size 1400
sleep 0.3
ip -n h -6 route show cache
ip -n h -6 route get 2001:db8:2::2
ip netns exec r ra vb rio 2001:db8:2::/64,inf
sleep 0.3
ip -n h -6 route show 2001:db8:2::/64
ip -n h -6 route show cache
ip netns exec h cat /proc/net/rt6_stats
sleep 3
ip -n h -6 route show cache
ip netns exec h cat /proc/net/rt6_stats
ip netns exec h sysctl -w net.ipv6.route.flush=1
ip netns exec h cat /proc/net/rt6_stats
ip netns del h
ip netns del r
ip netns del b
