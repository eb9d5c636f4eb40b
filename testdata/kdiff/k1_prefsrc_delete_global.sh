# kind 1, rt6_remove_prefsrc: deleting a global address clears it as preferred source (src) of the routes of every table, reject and dev lo routes included, unless the same address stays on another device and is not tentative
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
ip -6 addr add 2001:db8:101::11/64 dev va nodad
ip -6 addr add 2001:db8:101::11/64 dev vc nodad
ip -6 addr add 2001:db8:101::12/64 dev va nodad
ip -6 addr add 2001:db8:101::12/64 dev vc
ip -6 route add 2001:db8:110::/64 dev vc src 2001:db8:101::10
ip -6 route add 2001:db8:111::/64 dev vc src 2001:db8:101::11
ip -6 route add 2001:db8:112::/64 via 2001:db8:3::2 src 2001:db8:101::12
ip -6 route add table 100 2001:db8:113::/64 via 2001:db8:1::2 dev va src 2001:db8:101::10
ip -6 route add blackhole 2001:db8:114::/64 src 2001:db8:101::10
ip -6 route add 2001:db8:115::/64 dev lo src 2001:db8:101::10
ip -6 route add 2001:db8:116::/64 nexthop via 2001:db8:1::2 dev va nexthop via 2001:db8:3::2 dev vc
ip -6 route show table all
ip -6 route get 2001:db8:110::1
ip -6 addr del 2001:db8:101::10/64 dev va
ip -6 route show table all
ip -6 route get 2001:db8:110::1
ip -6 addr del 2001:db8:101::11/64 dev va
ip -6 route show 2001:db8:111::/64
ip -6 addr del 2001:db8:101::11/64 dev vc
ip -6 route show 2001:db8:111::/64
ip -6 addr del 2001:db8:101::12/64 dev va
ip -6 route show 2001:db8:112::/64
ip -6 route get 2001:db8:112::1
