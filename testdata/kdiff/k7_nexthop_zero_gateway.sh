# nexthop_create: an all-zero gateway (via ::, via ::0, via 0.0.0.0) is no
# gateway (nh_create_ipv6 and nh_create_ipv4 leave RTF_GATEWAY off): a
# device nexthop, onlink kept for IPv6; the device is checked before the
# gateway; a route add with via :: is still refused as a route's gateway
# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 route add 2001:db8:5::/64 via :: dev va
ip nexthop add id 25 via :: dev va
ip nexthop add id 26 via ::
ip nexthop add id 27 via ::0 dev va onlink
ip -6 nexthop add id 28 via 0::0 dev va
ip -4 nexthop add id 29 via 0.0.0.0 dev va
ip nexthop add id 30 via ::ffff:0.0.0.0 dev va
ip nexthop add id 31 via :: dev nosuch
ip nexthop add id 25 via :: dev va
ip nexthop show
ip -6 route add 2001:db8:6::/64 nhid 25
ip -6 route add 2001:db8:7::/64 nhid 27
ip -6 route add 2001:db8:8::/64 nhid 29
ip -6 route show
ip -6 route get 2001:db8:6::1
ip -6 route get 2001:db8:7::1
ip nexthop get id 27
ip nexthop replace id 25 via 2001:db8:1::2 dev va
ip nexthop replace id 25 via :: dev va
ip -6 route show 2001:db8:6::/64
