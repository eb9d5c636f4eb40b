# a per-CPU copy of a nexthop object's path carries the error of the
# route type it was made for (ip6_rt_init_dst_reject, res->fib6_type): the
# routes sharing the path answer `route get` with that error, or as the
# route that made the copy when it was a unicast one, whatever their own
# type, until the genid moves (a route add); a blackhole nexthop makes
# every route using it a blackhole. Each get is pinned (taskset) so that
# it uses one CPU's copies.
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
ip nexthop add id 3 group 1/2
ip -6 nexthop add id 4 blackhole
ip -6 route add 2001:db8:c::/64 nhid 2 mtu 1300
ip -6 route add prohibit 2001:db8:d::/64 nhid 1
ip -6 route add prohibit 2001:db8:e::/64 nhid 2
ip -6 route add prohibit 2001:db8:f::/64 nhid 3
ip -6 route add blackhole 2001:db8:10::/64 nhid 2
ip -6 route add unreachable 2001:db8:12::/64 nhid 2
ip -6 route add unreachable 2001:db8:13::/64 nhid 4
ip -6 route add 2001:db8:14::/64 nhid 4
taskset -c 0 ip -6 route get 2001:db8:e::1
taskset -c 0 ip -6 route get 2001:db8:10::1
taskset -c 0 ip -6 route get 2001:db8:12::1
taskset -c 0 ip -6 route get 2001:db8:c::1
taskset -c 0 ip -6 route get 2001:db8:d::1
taskset -c 0 ip -6 route get 2001:db8:f::1
taskset -c 0 ip -6 route get 2001:db8:13::1
taskset -c 0 ip -6 route get 2001:db8:14::1
taskset -c 1 ip -6 route get 2001:db8:12::1
taskset -c 1 ip -6 route get 2001:db8:e::1
ip -6 route del 2001:db8:e::/64
taskset -c 0 ip -6 route get 2001:db8:c::1
ip -6 route add 2001:db8:20::/64 dev va
taskset -c 0 ip -6 route get 2001:db8:c::1
taskset -c 0 ip -6 route get 2001:db8:10::1
taskset -c 0 ip -6 route get 2001:db8:12::1
taskset -c 0 ip -6 route get fibmatch 2001:db8:12::1
taskset -c 1 ip -6 route get 2001:db8:10::1
ip -6 route show
