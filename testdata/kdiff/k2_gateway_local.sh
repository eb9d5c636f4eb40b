# kind 2, ip6_validate_gw: a gateway that is a local address is refused ("Gateway can not be a local address"): with a device given, a global address of any device, tentative ones included, or a link-local address of that device; without one, checked on the device the lookup finds
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
ip -6 addr add 2001:db8:1::9/64 dev va
ip -6 addr add fe80::77/64 dev vc nodad
ip -6 route add 2001:db8:40::/64 via 2001:db8:1::9
ip -6 route add 2001:db8:41::/64 via 2001:db8:1::9 dev va
ip -6 route add 2001:db8:42::/64 via 2001:db8:3::1 dev va
ip -6 route add 2001:db8:43::/64 via 2001:db8:3::1
ip -6 route add 2001:db8:44::/64 via fe80::77 dev va
ip -6 route add 2001:db8:45::/64 via fe80::77 dev vc
ip -6 route add 2001:db8:46::/64 via fe80::ff:fe00:1 dev va
ip -6 route add 2001:db8:47::/64 via 2001:db8:1::1 dev va onlink
ip -6 route add 2001:db8:48::/64 nexthop via 2001:db8:1::2 dev va nexthop via 2001:db8:3::1 dev vc
ip -6 route add table 100 2001:db8:49::/64 via 2001:db8:1::1
ip -6 route show table all
