# ip -6 addr change giving a permanent address a finite lifetime: on Linux 6.18 modify_prefix_route stores the expiry in clock ticks where absolute jiffies belong, so the prefix route expires far in the past: lookups skip it at once, the next GC pass removes it (the route itself is not printed: its negative expires depends on the machine's uptime)
ip netns add h
ip netns exec h sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n h link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip -n h link set va up
ip -n h link set vb up
sleep 1
ip -n h -6 addr add 2001:db8:1::1/64 dev va
ip -n h -6 addr add 2001:db8:2::1/64 dev va metric 300
ip -n h -6 route get 2001:db8:1::5
ip -n h -6 addr change 2001:db8:1::1/64 dev va valid_lft 100 preferred_lft 100
ip -n h -6 addr
ip -n h -6 route get 2001:db8:1::5
ip -n h -6 route get 2001:db8:1::1
ip -n h -6 route show 2001:db8:2::/64
# a new metric replaces the route instead: the new one has a proper expiry
ip -n h -6 addr change 2001:db8:2::1/64 dev va valid_lft 100 preferred_lft 100 metric 400
ip -n h -6 route show 2001:db8:2::/64
# the expired route is still listed until a GC pass; none is due, flush runs one
ip -n h -6 route show table main proto kernel type unicast dev vb
ip netns exec h sysctl -w net.ipv6.route.flush=1
ip -n h -6 route show 2001:db8:1::/64
ip -n h -6 route get 2001:db8:1::5
# back to forever: no prefix route to modify, so a new one is added
ip -n h -6 addr change 2001:db8:1::1/64 dev va valid_lft forever preferred_lft forever
ip -n h -6 route show 2001:db8:1::/64
ip -n h -6 addr
ip netns del h
