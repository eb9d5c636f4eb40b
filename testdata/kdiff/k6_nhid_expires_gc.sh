# routes with nhid expire as other routes do: listed with a negative
# expiry once due and removed by the next GC pass (net.ipv6.route.flush
# runs one now); the nexthop objects themselves never expire.
# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 nexthop add id 1 via 2001:db8:1::2 dev va
ip -6 nexthop add id 2 via 2001:db8:1::3 dev va
ip nexthop add id 10 group 1/2
ip -6 route add 2001:db8:110::/48 nhid 1 expires 1
ip -6 route add 2001:db8:110::/44 nhid 2
ip -6 route add 2001:db8:111::/48 nhid 10 expires 1
ip -6 route add 2001:db8:112::/48 nhid 1 expires 100
sleep 3.5
ip -6 route show
ip -6 route get 2001:db8:110::1
ip -6 route get fibmatch 2001:db8:110::1
sysctl -w net.ipv6.route.flush=1
ip -6 route show
ip nexthop show
ip -6 route append 2001:db8:112::/48 nhid 1
ip -6 route show
