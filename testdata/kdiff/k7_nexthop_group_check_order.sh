# rtm_to_nh_config checks the request (ids twice in a group, a zero
# bucket count) before nh_check_attr_group_rtnl looks at the members
# (ids that do not exist, nested groups, blackholes)
# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip nexthop add id 1 via 2001:db8:1::2 dev va
ip -6 nexthop add id 2 blackhole
ip nexthop add id 3 group 1
ip nexthop add id 9 group 999 type resilient buckets 0
ip nexthop add id 9 group 999/999 type resilient buckets 0
ip nexthop add id 9 group 3/3 type resilient buckets 0
ip nexthop add id 9 group 3 type resilient buckets 0
ip nexthop add id 9 group 2/2
ip nexthop add id 9 group 2/1 type resilient buckets 0
ip nexthop add id 9 group 2/1 type resilient buckets 8
ip nexthop add id 9 group 3 type resilient buckets 8
ip nexthop add id 9 group 999 type resilient
ip nexthop show
