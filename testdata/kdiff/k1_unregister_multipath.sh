# kind 1, fib6_ifdown on NETDEV_UNREGISTER: deleting a device deletes each route through it; a multipath group loses those hops (each keeping its own expiry), becomes a plain route with one hop left, and goes with the last
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
ip -6 route add 2001:db8:3a::/64 nexthop via 2001:db8:1::2 dev va nexthop via 2001:db8:3::2 dev vc nexthop via 2001:db8:5::2 dev ve
ip -6 route add 2001:db8:3b::/64 via 2001:db8:1::2 dev va expires 300
ip -6 route append 2001:db8:3b::/64 via 2001:db8:3::2 dev vc expires 200
ip -6 route add table 100 2001:db8:3c::/64 nexthop via 2001:db8:3::2 dev vc weight 3 nexthop via 2001:db8:1::2 dev va nexthop via 2001:db8:5::2 dev ve weight 2
ip -6 route add 2001:db8:3d::/64 via 2001:db8:3::2 dev vc metric 10
ip -6 route add 2001:db8:3d::/64 via 2001:db8:1::2 dev va metric 20
ip -6 route show table all
ip link del dev va
ip -6 route show table all
ip -6 route get fibmatch 2001:db8:1::2
ip link del dev ve
ip -6 route show table all
ip -6 route get fibmatch 2001:db8:3c::1
ip link del vc
ip -6 route show table all
