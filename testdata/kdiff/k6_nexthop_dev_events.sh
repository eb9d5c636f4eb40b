# device events reach nexthop objects (nh_netdev_event): losing carrier,
# going down or being deleted removes every nexthop through the device
# (with its routes and from its groups); blackholes stay; a nexthop
# needs its device up and with carrier.
# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 nexthop add id 1 via 2001:db8:1::2 dev va
ip -6 nexthop add id 2 dev va
ip -6 nexthop add id 3 blackhole
ip nexthop add id 10 group 1/2
ip -6 route add 2001:db8:500::/48 nhid 10
ip -6 route add 2001:db8:501::/48 nhid 3
ip link set vb down
ip nexthop show
ip -6 route show
ip -6 nexthop add id 4 dev va
ip link set vb up
sleep 1
ip -6 nexthop add id 4 dev va
ip link set lo down
ip nexthop show
ip link set lo up
ip -6 nexthop add id 5 via 2001:db8:1::2 dev va
ip link set va down
ip nexthop show
ip -6 nexthop add id 6 dev va
ip link set va up
sleep 1
ip -6 nexthop add id 6 dev va
ip -6 route add 2001:db8:502::/48 nhid 6
ip link del va
ip nexthop show
ip -6 route show
