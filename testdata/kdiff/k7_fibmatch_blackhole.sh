# inet6_rtm_getroute: a lookup whose dst carries an error answers it, with
# or without fibmatch: a blackhole route (type blackhole, a blackhole
# nexthop object, or a group of one blackhole) EINVAL, unreachable
# EHOSTUNREACH, prohibit EACCES, whatever the route's own type; routes
# sharing a nexthop share the error of the per-CPU copy (the gets are
# pinned: see k7_pcpu_shared_reject)
# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 route add blackhole 2001:db8:5::/64
ip -6 route add unreachable 2001:db8:6::/64
ip -6 route add prohibit 2001:db8:7::/64
ip -6 nexthop add id 6 blackhole
ip nexthop add id 7 group 6
ip -6 nexthop add id 1 via 2001:db8:1::2 dev va
ip -6 route add 2001:db8:8::/64 nhid 6
ip -6 route add 2001:db8:9::/64 nhid 7
ip -6 route add unreachable 2001:db8:a::/64 nhid 6
ip -6 route add prohibit 2001:db8:b::/64 nhid 7
ip -6 route add unreachable 2001:db8:c::/64 nhid 1
ip -6 route add prohibit 2001:db8:d::/64 nhid 1
taskset -c 0 ip -6 route get fibmatch 2001:db8:5::1
taskset -c 0 ip -6 route get fibmatch 2001:db8:6::1
taskset -c 0 ip -6 route get fibmatch 2001:db8:7::1
taskset -c 0 ip -6 route get fibmatch 2001:db8:8::1
taskset -c 0 ip -6 route get fibmatch 2001:db8:9::1
taskset -c 0 ip -6 route get fibmatch 2001:db8:a::1
taskset -c 0 ip -6 route get fibmatch 2001:db8:b::1
taskset -c 0 ip -6 route get fibmatch 2001:db8:c::1
taskset -c 0 ip -6 route get fibmatch 2001:db8:d::1
taskset -c 0 ip -6 route get 2001:db8:5::1
taskset -c 0 ip -6 route get 2001:db8:9::1
taskset -c 0 ip -6 route get 2001:db8:c::1
taskset -c 0 ip -j -6 route get fibmatch 2001:db8:9::1
ip -6 route show
