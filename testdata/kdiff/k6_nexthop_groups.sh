# nexthop groups: members with weights (group 1,3/2), resilient groups
# (buckets, idle_timer and unbalanced_timer as iproute2 prints them),
# and what the kernel and iproute2 refuse in a group.
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
ip -6 nexthop add id 4 blackhole
ip nexthop add id 10 group 1/2
ip nexthop add id 11 group 1,3/2,5/3,256
ip nexthop add id 12 group 4
ip nexthop add id 13 group 3 type mpath
ip nexthop add id 14 group 1/2 type resilient buckets 8
ip nexthop add id 15 group 1,2/3 type resilient buckets 16 idle_timer 100 unbalanced_timer 20 proto 4
ip nexthop add id 16 group 2/3 type resilient buckets 4 idle_timer 0
ip nexthop show
ip nexthop show groups
ip -6 nexthop show
ip nexthop show dev va
ip nexthop get id 15
# refusals
ip nexthop add id 20 group 1/99
ip nexthop add id 20 group 1/1
ip nexthop add id 20 group 1,0
ip nexthop add id 20 group 1,257
ip nexthop add id 20 group 1/
ip nexthop add id 20 group /1
ip nexthop add id 20 group ""
ip nexthop add id 20 group a/b
ip nexthop add id 20 group 2,x
ip nexthop add id 20 group 10
ip nexthop add id 20 group 2/14
ip nexthop add id 20 group 4/1
ip -6 nexthop add id 20 group 1/2
ip nexthop add id 20 group 1 via 2001:db8:1::2
ip nexthop add id 20 group 1 type foo
ip nexthop add id 20 group 1 type
ip nexthop add id 20 group 1 type resilient
ip nexthop add id 20 group 1 type resilient buckets 0
ip nexthop add id 20 group 1 type resilient buckets 65536
ip nexthop add id 20 group 1 type resilient buckets 4 idle_timer 42949672
ip nexthop add id 20 group 1 type resilient buckets 4 unbalanced_timer x
ip nexthop add id 20 group 1 type resilient buckets
ip nexthop add id 10 group 3
ip nexthop show
