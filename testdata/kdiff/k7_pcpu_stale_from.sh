# routes sharing a nexthop object share its per-CPU dst copies: `route
# get` answers with the route the copy was made from (rt->from; fibmatch
# prints that route), through the object or a group holding it; deleting
# that route leaves the copy without one (fib6_drop_pcpu_from): ENETUNREACH
# on that CPU until the genid moves (a route add, a replace of a nexthop
# routes use directly; a replaced group drops its old members' copies).
# Each get is pinned (taskset) so that it uses one CPU's copies.
# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
sysctl -qw net.ipv4.fib_multipath_hash_seed=12345
ip nexthop add id 1 via 2001:db8:1::2 dev va
ip nexthop add id 2 via 2001:db8:1::3 dev va
ip nexthop add id 4 via 2001:db8:1::5 dev va
ip nexthop add id 3 group 1/2
ip nexthop add id 5 group 4
ip nexthop add id 6 group 1
ip -6 route add 2001:db8:c01::/64 nhid 1 mtu 1400
ip -6 route add 2001:db8:c02::/64 nhid 2
ip -6 route add 2001:db8:c03::/64 nhid 3
ip -6 route add 2001:db8:c04::/64 nhid 4
ip -6 route add 2001:db8:c05::/64 nhid 5
ip -6 route add 2001:db8:c09::/64 nhid 1
taskset -c 0 ip -6 route get 2001:db8:c01::1
taskset -c 0 ip -6 route get 2001:db8:c02::1
taskset -c 0 ip -6 route get 2001:db8:c04::1
taskset -c 1 ip -6 route get fibmatch 2001:db8:c03::1
taskset -c 1 ip -6 route get fibmatch 2001:db8:c03::2
taskset -c 0 ip -6 route get fibmatch 2001:db8:c03::1
taskset -c 0 ip -6 route get fibmatch 2001:db8:c03::2
taskset -c 0 ip -6 route get 2001:db8:c09::1
taskset -c 0 ip -6 route get fibmatch 2001:db8:c09::1
ip -6 route del 2001:db8:c01::/64
ip -6 route del 2001:db8:c02::/64
ip -6 route del 2001:db8:c04::/64
taskset -c 0 ip -6 route get fibmatch 2001:db8:c03::1
taskset -c 0 ip -6 route get fibmatch 2001:db8:c03::2
taskset -c 0 ip -6 route get 2001:db8:c03::3
taskset -c 0 ip -6 route get 2001:db8:c09::1
taskset -c 1 ip -6 route get fibmatch 2001:db8:c03::1
taskset -c 1 ip -6 route get fibmatch 2001:db8:c03::2
taskset -c 0 ip -6 route get fibmatch 2001:db8:c05::1
ip nexthop replace id 6 group 2
taskset -c 0 ip -6 route get 2001:db8:c09::1
taskset -c 0 ip -6 route get fibmatch 2001:db8:c03::1
taskset -c 0 ip -6 route get fibmatch 2001:db8:c03::2
ip nexthop replace id 5 group 4/2
taskset -c 0 ip -6 route get fibmatch 2001:db8:c05::1
taskset -c 0 ip -6 route get fibmatch 2001:db8:c03::2
ip -6 route add 2001:db8:c07::/64 nhid 1
taskset -c 0 ip -6 route get 2001:db8:c07::1
ip -6 route del 2001:db8:c07::/64
taskset -c 0 ip -6 route get fibmatch 2001:db8:c03::1
ip nexthop replace id 1 via 2001:db8:1::9 dev va
taskset -c 0 ip -6 route get fibmatch 2001:db8:c03::1
ip nexthop del id 2
taskset -c 0 ip -6 route get fibmatch 2001:db8:c03::1
taskset -c 0 ip -6 route get 2001:db8:c05::1
taskset -c 0 ip -6 route get 2001:db8:c09::1
ip nexthop show
