# route show and flush over routes that use nexthop objects, and the show/flush selectors that no IPv6 route dump can meet: a flush's RTM_DELROUTE of an nhid route carries its nexthop's gateway, device or hops beside RTA_NH_ID, which the kernel refuses (EINVAL), so it stays and the flush fails after deleting the others; dev and via never select a route over a group; a route over a blackhole nexthop is of type blackhole; src, iif, mark, realms and vrf
# topology: one veth end (va) in this namespace, its peer (vb) up with IPv6 off
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3
ip -6 nexthop add id 1 via 2001:db8:1::2 dev va
ip -6 nexthop add id 3 blackhole
ip nexthop add id 10 group 1
ip nexthop add id 11 group 3
ip -6 route add 2001:db8:100::/48 nhid 1 proto static
ip -6 route add 2001:db8:101::/48 nhid 10 proto static
ip -6 route add 2001:db8:102::/48 nhid 3
ip -6 route add 2001:db8:103::/48 nhid 11
ip -6 route add 2001:db8:104::/48 via 2001:db8:1::2 proto static
ip -6 route add 2001:db8:105::/48 via 2001:db8:1::2 src 2001:db8:1::1
ip -6 route show dev va
ip -6 route show via 2001:db8:1::2
ip -6 route show type blackhole
ip -6 route show type unicast
ip -6 route show dev lo
ip -6 route show src 2001:db8:1::1
ip -6 route show src 2001:db8:1::/64
ip -6 route show src ::/0
ip -6 route show src foo
ip -6 route show iif va
ip -6 route show iif nosuch
ip -6 route show mark 0
ip -6 route show mark 5
ip -6 route show mark x
ip -6 route show realms 5
ip -6 route show realm cosmos
ip -6 route show realms 0/0
ip -6 route show realms 1/bogus
ip -6 route show vrf red
ip -6 route show vrf default
ip -6 route show vrf va
ip -6 route show preference 1024
ip -s -6 route flush proto static
ip -6 route show
ip -6 route flush 2001:db8:101::/48
ip -6 route flush src 2001:db8:1::1
ip -6 route flush iif va
ip -6 route show
