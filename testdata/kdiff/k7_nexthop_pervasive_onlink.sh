# fib_check_nh_nongw for IPv4 nexthops (a blackhole's family defaults to
# IPv4): onlink without a gateway is refused in nexthop_create, before
# the id is found in use; -6 blackholes take onlink; an IPv4 blackhole or
# device nexthop needs its device (lo) up, an IPv6 blackhole too
# (fib6_nh_init)
# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip nexthop add id 40 blackhole
ip -6 nexthop add id 41 blackhole
ip -4 nexthop add id 42 dev va
ip link set lo up
ip nexthop add id 1 via 2001:db8:1::2 dev va
ip nexthop add id 50 blackhole onlink
ip nexthop add id 1 blackhole onlink
ip -4 nexthop add id 51 blackhole onlink
ip -6 nexthop add id 52 blackhole onlink
ip -6 nexthop add id 52 blackhole onlink
ip -4 nexthop add id 53 dev va onlink
ip -4 nexthop add id 54 via 0.0.0.0 dev va onlink
ip -4 nexthop add id 55 via 0.0.0.0 dev va
ip nexthop add id 56 blackhole
ip nexthop show
ip nexthop add id 57 group 52
ip -6 route add 2001:db8:b00::/64 nhid 57
ip -6 route show
