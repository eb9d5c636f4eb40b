# accept_ra_min_lft: a router lifetime, PIO valid lifetime or RIO lifetime below it is ignored (0 still removes); the hop limit is skipped with the default router
ip netns add h
ip netns add r
ip netns exec h sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns exec r sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n h link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns r
ip -n h link set va up
ip -n r link set vb up
sleep 1
ip netns exec h sysctl -w net.ipv6.conf.va.accept_ra_rt_info_max_plen=64
ip netns exec h sysctl net.ipv6.conf.va.accept_ra_min_lft net.ipv6.conf.all.accept_ra_min_lft
ip netns exec h sysctl -w net.ipv6.conf.va.accept_ra_min_lft=100
ip netns exec h sysctl -w net.ipv6.conf.va.hop_limit=10
ip netns exec r ra vb lifetime 60 pio 2001:db8:77::/64,50,50,LA rio 2001:db8:88::/64,30
sleep 0.3
ip -n h -6 route
ip -n h -6 addr
ip netns exec h sysctl net.ipv6.conf.va.hop_limit
ip netns exec r ra vb lifetime 100 pio 2001:db8:77::/64,100,50,LA rio 2001:db8:88::/64,100 rio 2001:db8:89::/64,99
sleep 0.3
ip -n h -6 route
ip -n h -6 addr
ip netns exec h sysctl net.ipv6.conf.va.hop_limit
# lifetimes below the minimum do not shorten what was learned
ip netns exec r ra vb lifetime 30 pio 2001:db8:77::/64,30,30,LA rio 2001:db8:88::/64,30
sleep 0.3
ip -n h -6 route
# 0 removes
ip netns exec r ra vb lifetime 0 pio 2001:db8:77::/64,0,0,LA rio 2001:db8:88::/64,0
sleep 0.3
ip -n h -6 route
ip -n h -6 addr
ip netns exec h sysctl -w net.ipv6.conf.all.accept_ra_min_lft=1000
ip netns exec r ra vb lifetime 200
sleep 0.3
ip -n h -6 route show default
ip netns del h
ip netns del r
