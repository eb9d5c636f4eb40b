# ip netns exec NS bash reads the next lines in NS until exit; $? is the inner shell's
ip netns add h
ip netns exec h bash
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip link show
sysctl -w net.ipv6.route.gc_interval=7
false
exit 3
ip link show
sysctl net.ipv6.route.gc_interval
ip netns exec h sysctl net.ipv6.route.gc_interval
ip netns exec h bash
ip netns exec h bash
ip -6 route
exit
exit
ip netns del h
