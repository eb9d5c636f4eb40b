# c12: Prefix Information (on-link prefix route) and Route Information (RFC 4191) options: a finite lifetime gives an expiring route, an infinite one makes it permanent, 0 removes it; router lifetime 0 leaves RIO routes; RIO needs accept_ra_rt_info_max_plen >= plen (translated from ../shared/cases/multi-ns/c12_ra_pio_rio_lifetimes.sh)
ip netns add rsc12
ip netns add rsc12p
ip netns exec rsc12 sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns exec rsc12p sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n rsc12 link set lo up
ip -n rsc12p link set lo up
ip -n rsc12 link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns rsc12p
ip -n rsc12 link set va up
ip -n rsc12p link set vb up
ip -n rsc12 -6 addr add 2001:db8:1::1/64 dev va nodad
ip -n rsc12p -6 addr add 2001:db8:1::2/64 dev vb nodad
sleep 1
ip netns exec rsc12 sysctl -w net.ipv6.conf.va.accept_ra_rt_info_max_plen=64
ip netns exec rsc12 sysctl -w net.ipv6.route.gc_interval=1
ip netns exec rsc12 sysctl -w net.ipv6.route.flush=1
ip netns exec rsc12p ra vb lifetime 3 pio 2001:db8:77::/64,3,3 pio 2001:db8:78::/64,30,30 rio 2001:db8:88::/64,3 rio 2001:db8:89::/64,30
sleep 0.3
ip -n rsc12 -6 route show
ip netns exec rsc12p ra vb lifetime 0 pio 2001:db8:78::/64,inf,inf rio 2001:db8:89::/64,inf
sleep 0.3
# default gone (router lifetime 0), finite RIO/PIO routes still there, 78 and 89 now permanent
ip -n rsc12 -6 route show
sleep 4
ip -n rsc12 -6 route show
ip netns exec rsc12p ra vb lifetime 0 pio 2001:db8:78::/64,0,0 rio 2001:db8:89::/64,0
sleep 0.3
ip -n rsc12 -6 route show
ip netns del rsc12
ip netns del rsc12p
