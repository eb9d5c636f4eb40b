# ip6_route_info_create: a preferred source of :: is no preferred source
# (the route is added without one); other sources must be local
# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 route add 2001:db8:407::/64 dev va src ::
ip -6 route add 2001:db8:408::/64 via 2001:db8:1::2 src ::0
ip -6 route add 2001:db8:409::/64 dev va src ::1
ip -6 route add 2001:db8:40a::/64 nexthop via 2001:db8:1::2 nexthop via 2001:db8:1::3 src ::
ip -6 route replace 2001:db8:407::/64 dev va src 2001:db8:1::1
ip -6 route show
ip -6 route replace 2001:db8:407::/64 dev va src ::
ip -6 route show 2001:db8:407::/64
ip -6 route get 2001:db8:407::1
