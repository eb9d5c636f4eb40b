# `ip -d route show` of routes with nhid adds the nexthop object on an
# nh_info line (print_cache_nexthop_id), with its scope and protocol
# always printed; `ip -d nexthop show` likewise.
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
ip -6 nexthop add id 3 blackhole
ip nexthop add id 10 group 1/2,4
ip nexthop add id 11 group 1/2 type resilient buckets 8
ip -6 route add 2001:db8:100::/48 nhid 1
ip -6 route add 2001:db8:101::/48 nhid 10
ip -6 route add 2001:db8:102::/48 nhid 3
ip -6 route add 2001:db8:103::/48 nhid 11 proto static
ip -d -6 route show 2001:db8:100::/48
ip -d -6 route show 2001:db8:101::/48
ip -d -6 route show 2001:db8:102::/48
ip -d -6 route show 2001:db8:103::/48
ip -d nexthop show
