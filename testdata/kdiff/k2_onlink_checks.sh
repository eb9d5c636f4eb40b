# kind 2, ip6_route_check_nh_onlink: an onlink gateway must not be reached in table main (whatever the route's table) through another device or by a route that is not unicast; reject routes and the default route do not count; onlink needs a device that is up
# topology: two veth pairs va/vb, vc/vd; the peers have IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip link add vc address 02:00:00:00:00:03 type veth peer name vd address 02:00:00:00:00:04
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
sysctl -qw net.ipv6.conf.vd.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip link set vc up
ip link set vd up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
ip -6 addr add 2001:db8:3::1/64 dev vc nodad
ip -6 route add default via 2001:db8:3::64
ip -6 route add 2001:db8:60::/64 via 2001:db8:1::64 dev va onlink
ip -6 route add 2001:db8:61::/64 via 2001:db8:3::64 dev va onlink
ip -6 route add 2001:db8:62::/64 via 2001:db8:11::64 dev va onlink
ip -6 route add table 101 2001:db8:63::/64 via 2001:db8:1::64 dev vc onlink
ip -6 route add table 101 2001:db8:64::/64 via 2001:db8:12::64 dev vc onlink
ip -6 route add table 101 2001:db8:7::/64 dev va
ip -6 route add table 101 2001:db8:65::/64 via 2001:db8:7::64 dev vc onlink
ip -6 route add blackhole 2001:db8:50::/64
ip -6 route add 2001:db8:66::/64 via 2001:db8:50::1 dev vc onlink
ip -6 route add local 2001:db8:52::/64 dev va table main
ip -6 route add 2001:db8:67::/64 via 2001:db8:52::1 dev va onlink
ip -6 route add 2001:db8:68::/64 via 2001:db8:99::1 onlink
ip link set vd down
ip -6 route add 2001:db8:69::/64 via 2001:db8:99::1 dev vc onlink
ip link set vc down
ip -6 route add 2001:db8:6a::/64 via 2001:db8:99::1 dev vc onlink
ip -6 route add 2001:db8:6b::/64 via ff02::1 dev vc onlink
ip -6 route add 2001:db8:6c::/64 via 2001:db8:99::1 dev vc
ip -6 route show table all
