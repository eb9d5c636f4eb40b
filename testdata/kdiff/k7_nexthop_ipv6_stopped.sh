# an IPv6 nexthop's fib6_nh is made as a route's (fib6_nh_init): on a
# device whose MTU is below 1280 (IPv6 stopped: no inet6_dev) it is
# ENODEV, on one with disable_ipv6 EACCES "IPv6 is disabled on nexthop
# device", whatever the gateway; IPv4 device nexthops are not concerned
# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip nexthop add id 1 via 2001:db8:1::2 dev va
ip -6 route add 2001:db8:d01::/64 nhid 1
ip link set va mtu 1200
ip nexthop show
ip nexthop add id 4 via 2001:db8:1::3 dev va
ip nexthop add id 5 via fe80::1 dev va
ip nexthop add id 6 via :: dev va
ip nexthop add id 7 via fe80::1 dev va onlink
ip -6 nexthop add id 8 dev va
ip nexthop add id 9 dev va
ip nexthop add id 10 via fe80::1 dev vb
ip nexthop add id 11 via :: dev vb
ip -6 nexthop add id 12 dev vb
ip nexthop add id 13 dev vb
ip link set va mtu 1500
ip nexthop add id 4 via fe80::3 dev va
ip nexthop show
