# kind 2, ip6_route_check_nh: a gateway must be reached by a route without a gateway that is not a reject route: first in the route's table, else through the policy rules; with a device given the lookup keeps to routes through it (backtracking past others)
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
ip -6 route add 2001:db8::/32 dev va
ip -6 route add 2001:db8:47::/64 via 2001:db8:3::5 dev va
ip -6 route add 2001:db8:48::/64 via 2001:db8:3::5
ip -6 route add 2001:db8:49::/64 via 2001:db8:3::5 dev vc
ip -6 route add 2001:db8:8::/64 via 2001:db8:1::2
ip -6 route add 2001:db8:4a::/64 via 2001:db8:8::5
ip -6 route add unreachable 2001:db8:9::/64
ip -6 route add 2001:db8:4b::/64 via 2001:db8:9::5
ip -6 route add table 100 2001:db8:60::/64 via 2001:db8:3::2
ip -6 route add table 100 2001:db8:3::/64 via 2001:db8:1::2
ip -6 route add table 100 2001:db8:61::/64 via 2001:db8:3::2
ip -6 route add table 100 2001:db8:5::/64 dev va
ip -6 route add table 100 2001:db8:62::/64 via 2001:db8:5::2
ip -6 route add 2001:db8:63::/64 via 2001:db8:5::2
ip -6 route add table 100 2001:db8:64::/64 via 2001:db8:5::2 dev vc
ip link set vc down
ip -6 route add table 100 2001:db8:65::/64 via 2001:db8:3::2
ip -6 route add 2001:db8:66::/64 via 2001:db8:3::2 dev vc
ip -6 route show table all
