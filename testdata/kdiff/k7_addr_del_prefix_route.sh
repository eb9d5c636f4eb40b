# ipv6_del_addr / cleanup_prefix_route: deleting (or flushing) the last
# address of a prefix removes the first route addrconf_get_prefix_route
# finds for that prefix through the device, whatever its metric or
# protocol (a route with a gateway, RTF_DEFAULT or a nexthop object is
# passed over); an address with noprefixroute, or another address of the
# prefix, keeps the routes
# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 addr add 2001:db8:1::99/64 dev va nodad metric 5
ip -6 addr change 2001:db8:1::99/64 dev va noprefixroute
ip -6 addr del 2001:db8:1::99/64 dev va
ip -6 route show
ip -6 addr del 2001:db8:1::1/64 dev va
ip -6 route show
ip -6 addr add 2001:db8:1::1/64 dev va nodad
ip -6 addr add 2001:db8:1::99/64 dev va nodad metric 5
ip -6 addr del 2001:db8:1::1/64 dev va
ip -6 route show
ip -6 addr del 2001:db8:1::99/64 dev va
ip -6 route show
ip -6 addr add 2001:db8:1::99/64 dev va nodad metric 500
ip -6 addr add 2001:db8:1::1/64 dev va nodad
ip -6 addr del 2001:db8:1::1/64 dev va
ip -6 route show
ip -6 addr change 2001:db8:1::99/64 dev va metric 7
ip -6 route show
ip -6 addr del 2001:db8:1::99/64 dev va
ip -6 route add 2001:db8:2::/64 dev va metric 100 proto static
ip -6 route add 2001:db8:2::/64 via 2001:db8:2::5 dev va metric 10
ip -6 nexthop add id 1 dev va
ip -6 route add 2001:db8:2::/64 nhid 1 metric 1
ip -6 addr add 2001:db8:2::1/64 dev va nodad
ip -6 route show 2001:db8:2::/64
ip -6 addr del 2001:db8:2::1/64 dev va
ip -6 route show 2001:db8:2::/64
ip -6 addr add 2001:db8:3::1/64 dev va nodad
ip -6 addr add 2001:db8:3::2/64 dev va nodad metric 9
ip -6 addr add 2001:db8:3::3/64 dev va nodad noprefixroute
ip -6 route show 2001:db8:3::/64
ip -6 addr flush dev va
ip -6 route show
