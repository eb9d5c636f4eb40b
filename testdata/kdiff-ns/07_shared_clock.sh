# one clock for all namespaces: a sleep ages the routes and runs the GC timers of every namespace
ip netns add h
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns h
ip link set va up
ip -n h link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
ip -n h -6 addr add 2001:db8:1::2/64 dev vb nodad
ip netns exec h sysctl -qw net.ipv6.route.gc_interval=1
sysctl -qw net.ipv6.route.gc_interval=1
ip -6 route add 2001:db8:10::/64 via 2001:db8:1::2 expires 3
ip -n h -6 route add 2001:db8:20::/64 via 2001:db8:1::1 expires 5
ip -n h -6 route add 2001:db8:30::/64 via 2001:db8:1::1 expires 100
ip -6 route show 2001:db8:10::/64
ip -n h -6 route show root 2001:db8::/32
sleep 2
ip -6 route show 2001:db8:10::/64
ip -n h -6 route show root 2001:db8::/32
sleep 5
ip -6 route show 2001:db8:10::/64
ip -n h -6 route show root 2001:db8::/32
ip netns exec h sleep 2
ip -n h -6 route show root 2001:db8::/32
ip netns del h
