# c08: ECMP siblings carry their own expiry; the dump shows one 'expires' for the whole (translated from ../shared/cases/multi-ns/c08_multipath_sibling_expiry.sh)
ip netns add rsc08
ip netns add rsc08p
ip netns exec rsc08 sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns exec rsc08p sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n rsc08 link set lo up
ip -n rsc08p link set lo up
ip -n rsc08 link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns rsc08p
ip -n rsc08 link set va up
ip -n rsc08p link set vb up
ip -n rsc08 -6 addr add 2001:db8:1::1/64 dev va nodad
ip -n rsc08p -6 addr add 2001:db8:1::2/64 dev vb nodad
ip -n rsc08 -6 addr add 2001:db8:1::3/64 dev va nodad
ip netns exec rsc08 sysctl -w net.ipv6.route.gc_interval=1
ip netns exec rsc08 sysctl -w net.ipv6.route.flush=1
ip -n rsc08 -6 route add 2001:db8:80::/64 expires 60 nexthop via 2001:db8:1::2 dev va nexthop via 2001:db8:1::4 dev va
ip -n rsc08 -6 route append 2001:db8:80::/64 via 2001:db8:1::5 dev va expires 2
ip -n rsc08 -6 route show 2001:db8:80::/64
ip -n rsc08 -6 route add 2001:db8:81::/64 via 2001:db8:1::2 dev va expires 2
ip -n rsc08 -6 route append 2001:db8:81::/64 via 2001:db8:1::4 dev va
ip -n rsc08 -6 route show 2001:db8:81::/64
sleep 4
ip -n rsc08 -6 route show 2001:db8:80::/64
ip -n rsc08 -6 route show 2001:db8:81::/64
ip -n rsc08 -6 route del 2001:db8:80::/64 via 2001:db8:1::4
ip -n rsc08 -6 route show 2001:db8:80::/64
ip netns del rsc08
ip netns del rsc08p
