# kind 1: src at route add is checked as rt6_remove_prefsrc checks it (ipv6_chk_addr with the route's device): a tentative address or another device's link-local one is refused; reject routes are checked against lo and keep their src
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
ip -6 route add 2001:db8:40::/64 via 2001:db8:1::2 src 2001:db8:1::9
ip -6 route add 2001:db8:41::/64 via 2001:db8:1::2 src fe80::77
ip -6 route add 2001:db8:42::/64 via 2001:db8:3::2 src fe80::77
ip -6 route add 2001:db8:43::/64 dev vc src 2001:db8:1::1
ip -6 route add blackhole 2001:db8:44::/64 src 2001:db8:1::1
ip -6 route add blackhole 2001:db8:45::/64 src 2001:db8:1::5
ip -6 route add unreachable 2001:db8:46::/64 src fe80::77
ip -6 route add 2001:db8:47::/64 dev lo src 2001:db8:1::1
ip -6 route add 2001:db8:48::/64 dev lo src ::1
ip -6 route add 2001:db8:49::/64 nexthop via 2001:db8:1::2 dev va nexthop via 2001:db8:3::2 dev vc
ip -6 route show
sleep 3
ip -6 route add 2001:db8:40::/64 via 2001:db8:1::2 src 2001:db8:1::9
ip -6 route show 2001:db8:40::/64
