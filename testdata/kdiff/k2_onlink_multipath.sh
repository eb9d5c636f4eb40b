# kind 2: onlink before a nexthop list is the request's flag (rtm_flags) and applies to every hop, printed on each; onlink on one hop applies to that hop; route get prints no nexthop flags (onlink, linkdown) while fibmatch does
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
ip -6 route add 2001:db8:101::4/128 onlink nexthop via 2001:db8:1::64 dev va nexthop via 2001:db8:3::64 dev vc
ip -6 route add 2001:db8:101::5/128 onlink nexthop via 2001:db8:11::64 dev va nexthop via 2001:db8:12::64 dev vc
ip -6 route add 2001:db8:101::6/128 onlink nexthop via 2001:db8:3::64 dev va nexthop via 2001:db8:12::64 dev vc
ip -6 route add 2001:db8:101::7/128 nexthop via 2001:db8:1::64 dev va onlink nexthop via 2001:db8:3::64 dev vc onlink
ip -6 route add 2001:db8:101::8/128 nexthop via 2001:db8:11::64 dev va onlink nexthop via 2001:db8:3::64 dev vc
ip -6 route add 2001:db8:101::9/128 nexthop via 2001:db8:11::64 dev va nexthop via 2001:db8:3::64 dev vc onlink
ip -6 route add 2001:db8:101::a/128 onlink nexthop via 2001:db8:11::64 dev va
ip -6 route add 2001:db8:101::b/128 via 2001:db8:13::64 dev va onlink
ip -6 route show
ip -6 route get 2001:db8:101::a
ip -6 route get 2001:db8:101::b
ip -6 route get fibmatch 2001:db8:101::b
ip link set vb down
ip -6 route get 2001:db8:101::b
ip -6 route get 2001:db8:1::5
ip -6 route get fibmatch 2001:db8:101::b
ip -6 route show 2001:db8:101::4
