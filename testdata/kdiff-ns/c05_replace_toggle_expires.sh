# c05: toggling a route between temporary and permanent with 'replace' (and 'change'): (translated from ../shared/cases/multi-ns/c05_replace_toggle_expires.sh)
ip netns add rsc05
ip netns add rsc05p
ip netns exec rsc05 sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns exec rsc05p sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n rsc05 link set lo up
ip -n rsc05p link set lo up
ip -n rsc05 link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns rsc05p
ip -n rsc05 link set va up
ip -n rsc05p link set vb up
ip -n rsc05 -6 addr add 2001:db8:1::1/64 dev va nodad
ip -n rsc05p -6 addr add 2001:db8:1::2/64 dev vb nodad
ip netns exec rsc05 sysctl -w net.ipv6.route.gc_interval=1
ip netns exec rsc05 sysctl -w net.ipv6.route.flush=1
ip -n rsc05 -6 route add 2001:db8:50::1 via 2001:db8:1::2
ip -n rsc05 -6 route replace 2001:db8:50::1 via 2001:db8:1::2 expires 2
ip -n rsc05 -6 route add 2001:db8:50::2 via 2001:db8:1::2 expires 2
ip -n rsc05 -6 route replace 2001:db8:50::2 via 2001:db8:1::2
ip -n rsc05 -6 route add 2001:db8:50::3 via 2001:db8:1::2 expires 2
ip -n rsc05 -6 route change 2001:db8:50::3 via 2001:db8:1::2
ip -n rsc05 -6 route add 2001:db8:50::4 via 2001:db8:1::2
ip -n rsc05 -6 route change 2001:db8:50::4 via 2001:db8:1::2 expires 2
ip -n rsc05 -6 route show
sleep 4.5
ip -n rsc05 -6 route show
ip netns del rsc05
ip netns del rsc05p
