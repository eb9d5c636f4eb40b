# kind 1 with nexthop objects: an MTU change reaches the routes using an object with a path through the device (rt6_mtu_change walks the object's paths), while deleting an address leaves their src alone (fib6_remove_prefsrc skips them)
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
ip -6 addr add 2001:db8:101::10/64 dev va nodad
ip nexthop add id 1 via 2001:db8:1::2 dev va
ip nexthop add id 2 via 2001:db8:3::2 dev vc
ip nexthop add id 3 group 1/2
ip -6 route add 2001:db8:61::/64 nhid 1 mtu 1450
ip -6 route add 2001:db8:62::/64 nhid 1 src 2001:db8:101::10
ip -6 route add 2001:db8:63::/64 nhid 3 mtu 1450
ip -6 route add 2001:db8:64::/64 nhid 2 mtu 1450
ip -6 route add 2001:db8:65::/64 nhid 1 mtu lock 1450
ip -6 route add 2001:db8:66::/64 via 2001:db8:1::2 src 2001:db8:101::10
ip link set va mtu 1400
ip -6 route show
ip link set va mtu 1500
ip -6 route show
ip -6 addr del 2001:db8:101::10/64 dev va
ip -6 route show
