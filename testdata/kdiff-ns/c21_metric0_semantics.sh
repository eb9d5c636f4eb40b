# c21: metric 0 means 'default' on add (1024 for user routes) and 'any' on delete, where the (translated from ../shared/cases/multi-ns/c21_metric0_semantics.sh)
ip netns add rsc21
ip netns add rsc21p
ip netns exec rsc21 sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns exec rsc21p sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n rsc21 link set lo up
ip -n rsc21p link set lo up
ip -n rsc21 link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns rsc21p
ip -n rsc21 link set va up
ip -n rsc21p link set vb up
ip -n rsc21 -6 addr add 2001:db8:1::1/64 dev va nodad
ip -n rsc21p -6 addr add 2001:db8:1::2/64 dev vb nodad
ip -n rsc21 -6 route add 2001:db8:60::/64 via 2001:db8:1::2 metric 0
ip -n rsc21 -6 route add 2001:db8:60::/64 via 2001:db8:1::2 metric 1024
ip -n rsc21 -6 route add 2001:db8:60::/64 via 2001:db8:1::2 metric 5 expires 50
ip -n rsc21 -6 route add 2001:db8:60::/64 via 2001:db8:1::2 metric 2000
ip -n rsc21 -6 route show 2001:db8:60::/64
ip -n rsc21 -6 route get 2001:db8:60::1
ip -n rsc21 -6 route del 2001:db8:60::/64 metric 0
ip -n rsc21 -6 route show 2001:db8:60::/64
ip -n rsc21 -6 route del 2001:db8:60::/64
ip -n rsc21 -6 route show 2001:db8:60::/64
ip netns del rsc21
ip netns del rsc21p
