# routes with nhid in a node: they never join an ECMP group; append of
# the same nhid is a duplicate (EEXIST, its expiry still updated);
# replace takes the first route of the metric; delete matches on nhid,
# metric and protocol only (a gateway given is ignored); replacing a
# nexthop object moves every route using it.
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
ip -6 nexthop add id 3 via 2001:db8:1::4 dev va
ip nexthop add id 10 group 1/2
ip -6 route add 2001:db8:120::/48 nhid 1 expires 100
ip -6 route append 2001:db8:120::/48 nhid 1 expires 300
ip -6 route append 2001:db8:120::/48 nhid 2
ip -6 route append 2001:db8:120::/48 via 2001:db8:1::8
ip -6 route append 2001:db8:120::/48 via 2001:db8:1::9
ip -6 route add 2001:db8:120::/48 nhid 3
ip -6 route show 2001:db8:120::/48
ip -6 route prepend 2001:db8:120::/48 nhid 1
ip -6 route show 2001:db8:120::/48
ip -6 route replace 2001:db8:120::/48 nhid 3
ip -6 route show 2001:db8:120::/48
ip -6 route del 2001:db8:120::/48 nhid 1
ip -6 route del 2001:db8:120::/48 nhid 99
ip -6 route del 2001:db8:120::/48 nhid 3 dev va
ip -6 route del 2001:db8:120::/48 nhid 2 metric 5
ip -6 route del 2001:db8:120::/48 nhid 2 proto static
ip -6 route del 2001:db8:120::/48 nhid 2
ip -6 route show 2001:db8:120::/48
ip -6 route del 2001:db8:120::/48 via 2001:db8:1::99
ip -6 route show 2001:db8:120::/48
ip -6 route del 2001:db8:120::/48
ip -6 route show 2001:db8:120::/48
ip -6 route add 2001:db8:130::/48 nhid 1
ip -6 route change 2001:db8:130::/48 nhid 10
ip -6 route show 2001:db8:130::/48
ip -6 route replace 2001:db8:130::/48 via 2001:db8:1::9
ip -6 route show 2001:db8:130::/48
ip -6 route add 2001:db8:140::/48 nhid 3
ip -6 route add 2001:db8:141::/48 nhid 10
ip nexthop replace id 3 via 2001:db8:1::5 dev va
ip nexthop replace id 1 via 2001:db8:1::6 dev va proto static
ip nexthop replace id 10 group 2,4/1
ip nexthop show
ip -6 route show
ip nexthop replace id 3 group 1
ip nexthop replace id 10 via 2001:db8:1::4 dev va
ip nexthop replace id 10 group 1 type resilient buckets 4
ip nexthop replace id 3 blackhole
ip -6 nexthop replace id 3 blackhole
ip nexthop replace via 2001:db8:1::5 dev va
ip nexthop replace id 20 via 2001:db8:1::5 dev va
ip nexthop add id 11 group 1/2 type resilient buckets 8
ip nexthop replace id 11 group 2 type resilient buckets 4
ip nexthop replace id 11 group 2 type resilient idle_timer 30
ip nexthop replace id 2 blackhole
ip nexthop show
ip -6 route show
