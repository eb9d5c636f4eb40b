# c03: an expired route stays in the table (negative 'expires') until the GC timer fires, (translated from ../shared/cases/multi-ns/c03_expired_route_lingers_until_gc.sh)
ip netns add rsc03
ip netns add rsc03p
ip netns exec rsc03 sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns exec rsc03p sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n rsc03 link set lo up
ip -n rsc03p link set lo up
ip -n rsc03 link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns rsc03p
ip -n rsc03 link set va up
ip -n rsc03p link set vb up
ip -n rsc03 -6 addr add 2001:db8:1::1/64 dev va nodad
ip -n rsc03p -6 addr add 2001:db8:1::2/64 dev vb nodad
ip netns exec rsc03 sysctl net.ipv6.route.gc_interval
ip -n rsc03 -6 route add 2001:db8:30::/64 via 2001:db8:1::2 expires 1
ip -n rsc03 -6 route get 2001:db8:30::1
sleep 2.5
ip -n rsc03 -6 route show 2001:db8:30::/64
ip -n rsc03 -6 route get 2001:db8:30::1
ip netns exec rsc03 sysctl -w net.ipv6.route.flush=1
ip -n rsc03 -6 route show 2001:db8:30::/64
ip netns del rsc03
ip netns del rsc03p
