# kind 2, ip6_validate_gw: a gateway that is neither unicast nor IPv4-mapped is refused ("Invalid gateway address") before any route check, with or without onlink; an IPv4-mapped gateway needs onlink or a route
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
ip -6 route add 2001:db8:50::/64 via ff02::1 dev va
ip -6 route add 2001:db8:51::/64 via ff02::1 dev va onlink
ip -6 route add 2001:db8:52::/64 via ff05::2
ip -6 route add 2001:db8:53::/64 nexthop via 2001:db8:1::2 dev va nexthop via ff02::2 dev vc
ip -6 route add 2001:db8:54::/64 via ::ffff:10.1.1.254 dev va onlink
ip -6 route add 2001:db8:55::/64 via ::ffff:10.1.1.254 dev va
ip -6 route add 2001:db8:56::/64 via ::ffff:10.1.1.254
ip -6 route add ::ffff:10.1.1.0/120 dev vc
ip -6 route add 2001:db8:57::/64 via ::ffff:10.1.1.254
ip -6 route show
