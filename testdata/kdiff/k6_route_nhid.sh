# routes with nhid: how dumps and route get print them (a group as nhid
# plus nexthop lines, a blackhole nexthop as a blackhole route through
# lo), and the kernel's refusals (unknown id, IPv4 nexthop, nhid with a
# gateway or device) and iproute2's (bad id values).
# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
sysctl -qw net.ipv4.fib_multipath_hash_seed=2  # the gets of groups 10 and 12 take different members: no shared per-CPU copy
ip -6 nexthop add id 1 via 2001:db8:1::2 dev va
ip -6 nexthop add id 2 via 2001:db8:1::3 dev va
ip -6 nexthop add id 3 via 2001:db8:1::3 dev va
ip -6 nexthop add id 4 blackhole
ip -6 nexthop add id 5 dev va
ip -6 nexthop add id 6 via 2001:db8:1::6 dev va onlink
ip nexthop add id 7 blackhole
ip nexthop add id 10 group 2/3
ip nexthop add id 11 group 4
ip nexthop add id 12 group 2,2/3,7
ip -6 route add 2001:db8:100::/48 nhid 1
ip -6 route add 2001:db8:101::/48 nhid 10 metric 10
ip -6 route add 2001:db8:102::/48 nhid 4
ip -6 route add 2001:db8:103::/48 nhid 11
ip -6 route add 2001:db8:104::/48 nhid 5 mtu 1400 src 2001:db8:1::1
ip -6 route add 2001:db8:105::/48 nhid 6 proto static
ip -6 route add unreachable 2001:db8:106::/48 nhid 12
ip -6 route add 2001:db8:107::/48 nhid 12 table 100
ip -6 route show
ip -6 route show table 100
ip -6 route show 2001:db8:101::/48
ip -6 route get 2001:db8:100::1
ip -6 route get 2001:db8:101::1
ip -6 route get 2001:db8:102::1
ip -6 route get 2001:db8:103::1
ip -6 route get 2001:db8:104::1
ip -6 route get 2001:db8:105::1
ip -6 route get 2001:db8:106::1
ip -6 route get fibmatch 2001:db8:100::1
ip -6 route get fibmatch 2001:db8:105::1
# refusals
ip -6 route add 2001:db8:200::/48 nhid 99
ip -6 route add 2001:db8:200::/48 nhid 7
ip -6 route add 2001:db8:200::/48 nhid 1 via 2001:db8:1::2
ip -6 route add 2001:db8:200::/48 nhid 1 dev va
ip -6 route add 2001:db8:200::/48 nhid 1 nexthop via 2001:db8:1::2
ip -6 route add 2001:db8:200::/48 nexthop via 2001:db8:1::2 nhid 1
ip -6 route add 2001:db8:200::/48 nhid 0
ip -6 route add 2001:db8:200::/48 nhid abc
ip -6 route add 2001:db8:200::/48 nhid -1
ip -6 route add 2001:db8:200::/48 nhid 4294967296
ip -6 route add 2001:db8:200::/48 nhid
ip -6 route add 2001:db8:200::/48 nhid 1 src 2001:db8:9::1
ip -6 route add 2001:db8:100::/48 nhid 2
ip -6 route add 2001:db8:200::/48 nhid 2 nhid 1
ip -6 route show 2001:db8:200::/48
