# deleting nexthops: a member leaves its groups (a group left empty goes
# too), routes using a deleted nexthop go with it; flush by id, device,
# protocol and all (groups first), with iproute2's summary lines.
# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 nexthop add id 1 via 2001:db8:1::2 dev va
ip -6 nexthop add id 2 via 2001:db8:1::3 dev va proto static
ip -6 nexthop add id 3 via 2001:db8:1::4 dev va
ip nexthop add id 10 group 1/2
ip nexthop add id 11 group 1
ip nexthop add id 12 group 2/3 type resilient buckets 4
ip -6 route add 2001:db8:100::/48 nhid 1
ip -6 route add 2001:db8:101::/48 nhid 10
ip -6 route add 2001:db8:102::/48 nhid 11
ip -6 route add 2001:db8:103::/48 nhid 12
ip -6 route add 2001:db8:104::/48 via 2001:db8:1::2
ip nexthop del id 1
ip nexthop show
ip -6 route show
ip nexthop delete id 1
ip nexthop del
ip nexthop del id 0
ip nexthop del id abc
ip nexthop del id 3 via 2001:db8:1::4
ip nexthop del id 3 proto 4
ip nexthop flush id 3
ip nexthop show
ip -6 route show
ip nexthop flush proto static
ip nexthop flush protocol 4
ip nexthop show
ip -6 nexthop add id 5 via 2001:db8:1::5 dev va
ip -6 nexthop add id 6 via 2001:db8:1::6 dev va
ip -6 nexthop add id 7 blackhole
ip nexthop add id 15 group 5/6
ip nexthop add id 16 group 7
ip nexthop flush dev va
ip nexthop show
ip nexthop add id 15 group 7
ip nexthop flush
ip nexthop flush
ip nexthop show
ip -6 route show
