# a Route Information route alone does not start the GC timer: rt6_add_route_info adds it without an expiry (no fib6_start_gc) and only then sets one, so it lingers expired until something else arms the timer; a default router's route, added with its expiry, does arm it
ip netns add h
ip netns add r
ip netns exec h sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns exec r sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n h link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns r
ip -n h link set va up
ip -n r link set vb up
sleep 1
ip netns exec h sysctl -w net.ipv6.conf.va.accept_ra_rt_info_max_plen=64
ip netns exec h sysctl -w net.ipv6.route.gc_interval=1
ip netns exec r ra vb rio 2001:db8:88::/64,1
sleep 3
ip -n h -6 route show 2001:db8:88::/64
ip -n h -6 route get 2001:db8:88::1
ip netns exec r ra vb lifetime 1
sleep 3
ip -n h -6 route
ip netns del h
ip netns del r
