# c10: a default route learned from a Router Advertisement: installed with the router lifetime as expiry, refreshed up or down by later RAs, removed at once by lifetime 0 and by the GC after it lapses (translated from ../shared/cases/multi-ns/c10_ra_default_route_lifetime.sh)
ip netns add rsc10
ip netns add rsc10p
ip netns exec rsc10 sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns exec rsc10p sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n rsc10 link set lo up
ip -n rsc10p link set lo up
ip -n rsc10 link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns rsc10p
ip -n rsc10 link set va up
ip -n rsc10p link set vb up
ip -n rsc10 -6 addr add 2001:db8:1::1/64 dev va nodad
ip -n rsc10p -6 addr add 2001:db8:1::2/64 dev vb nodad
sleep 1
ip netns exec rsc10 sysctl -w net.ipv6.route.gc_interval=1
ip netns exec rsc10 sysctl -w net.ipv6.route.flush=1
ip netns exec rsc10p ra vb lifetime 100
sleep 0.3
ip -n rsc10 -6 route show default
ip netns exec rsc10p ra vb lifetime 2
sleep 0.3
ip -n rsc10 -6 route show default
sleep 3.5
# lapsed and collected
ip -n rsc10 -6 route show default
ip netns exec rsc10p ra vb lifetime 60
sleep 0.3
ip -n rsc10 -6 route show default
ip netns exec rsc10p ra vb lifetime 0
sleep 0.3
# router lifetime 0 removes the RA default route immediately
ip -n rsc10 -6 route show default
ip netns del rsc10
ip netns del rsc10p
