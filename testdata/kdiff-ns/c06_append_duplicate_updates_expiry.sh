# c06: 'append'/'prepend' of an identical nexthop (same prefix, metric, gateway, device): (translated from ../shared/cases/multi-ns/c06_append_duplicate_updates_expiry.sh)
ip netns add rsc06
ip netns add rsc06p
ip netns exec rsc06 sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns exec rsc06p sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n rsc06 link set lo up
ip -n rsc06p link set lo up
ip -n rsc06 link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns rsc06p
ip -n rsc06 link set va up
ip -n rsc06p link set vb up
ip -n rsc06 -6 addr add 2001:db8:1::1/64 dev va nodad
ip -n rsc06p -6 addr add 2001:db8:1::2/64 dev vb nodad
ip -n rsc06 -6 route add 2001:db8:60::/64 via 2001:db8:1::2 expires 100
ip -n rsc06 -6 route add 2001:db8:60::/64 via 2001:db8:1::2 expires 20
ip -n rsc06 -6 route show 2001:db8:60::/64
ip -n rsc06 -6 route prepend 2001:db8:60::/64 via 2001:db8:1::2 expires 20
ip -n rsc06 -6 route show 2001:db8:60::/64
ip -n rsc06 -6 route append 2001:db8:60::/64 via 2001:db8:1::2 expires 300
ip -n rsc06 -6 route show 2001:db8:60::/64
ip -n rsc06 -6 route append 2001:db8:60::/64 via 2001:db8:1::2
ip -n rsc06 -6 route show 2001:db8:60::/64
ip -n rsc06 -6 route append 2001:db8:60::/64 via 2001:db8:1::2 expires 50
ip -n rsc06 -6 route show 2001:db8:60::/64
ip -n rsc06 -6 route add 2001:db8:61::/64 dev va expires 100
ip -n rsc06 -6 route append 2001:db8:61::/64 dev va
ip -n rsc06 -6 route show 2001:db8:61::/64
ip netns del rsc06
ip netns del rsc06p
