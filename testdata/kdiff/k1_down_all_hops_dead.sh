# kind 1, fib6_ifdown on NETDEV_DOWN then NETDEV_UNREGISTER: a hop through a device going down is marked dead; when every hop is dead the whole group goes (rt6_multipath_flush); a device deleted after its hop died takes the hop away
# topology: three veth pairs va/vb, vc/vd, ve/vh; the peers have IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip link add vc address 02:00:00:00:00:03 type veth peer name vd address 02:00:00:00:00:04
ip link add ve address 02:00:00:00:00:05 type veth peer name vh address 02:00:00:00:00:06
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
sysctl -qw net.ipv6.conf.vd.disable_ipv6=1
sysctl -qw net.ipv6.conf.vh.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip link set vc up
ip link set vd up
ip link set ve up
ip link set vh up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
ip -6 addr add 2001:db8:3::1/64 dev vc nodad
ip -6 addr add 2001:db8:5::1/64 dev ve nodad
sleep 3  # carrier and link-local addresses settle
ip -6 route add 2001:db8:3a::/64 nexthop via 2001:db8:1::2 dev va nexthop via 2001:db8:3::2 dev vc
ip -6 route add table 100 2001:db8:3b::/64 nexthop via 2001:db8:3::2 dev vc nexthop via 2001:db8:1::2 dev va nexthop via 2001:db8:5::2 dev ve
ip -6 route add 2001:db8:3c::/64 via 2001:db8:1::2 dev va
ip link set va down
ip -6 route show table all
ip link set vc down
ip -6 route show table all
ip link del ve
ip -6 route show table all
