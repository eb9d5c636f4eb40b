# the sysctls that govern RAs: accept_ra, accept_ra_defrtr, accept_ra_pinfo, autoconf, accept_ra_rtr_pref, router and route preferences, ra_defrtr_metric, accept_ra_rt_info_min_plen/max_plen, accept_ra_min_hop_limit, accept_ra_from_local (what one step learned is deleted before the next)
ip netns add h
ip netns add r
ip netns exec h sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns exec r sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n h link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns r
ip -n h link set va up
ip -n r link set vb up
sleep 1
ip netns exec h sysctl -w net.ipv6.conf.va.accept_ra=0
ip netns exec r ra vb lifetime 300 pio 2001:db8:77::/64,300,300,LA
sleep 0.3
ip -n h -6 route
ip netns exec h sysctl -w net.ipv6.conf.va.accept_ra=1
ip netns exec h sysctl -w net.ipv6.conf.va.accept_ra_defrtr=0
ip netns exec h sysctl -w net.ipv6.conf.va.autoconf=0
ip netns exec h sysctl -w net.ipv6.conf.va.accept_ra_rt_info_max_plen=64
ip netns exec r ra vb lifetime 300 pio 2001:db8:77::/64,300,300,LA rio ::/0,300 rio 2001:db8:88::/64,300,low
sleep 0.3
ip -n h -6 route
ip -n h -6 addr
ip -n h -6 route del 2001:db8:77::/64 dev va
ip -n h -6 route del 2001:db8:88::/64
ip netns exec h sysctl -w net.ipv6.conf.va.accept_ra_defrtr=1
ip netns exec h sysctl -w net.ipv6.conf.va.accept_ra_pinfo=0
ip netns exec h sysctl -w net.ipv6.conf.va.autoconf=1
ip netns exec r ra vb lifetime 300 prf high pio 2001:db8:78::/64,300,300,LA rio 2001:db8:88::/64,300,high rio ::/0,200,low
sleep 0.3
ip -n h -6 route
ip -n h -6 addr
ip -n h -6 route del 2001:db8:88::/64
ip netns exec h sysctl -w net.ipv6.conf.va.accept_ra_rtr_pref=0
ip netns exec r ra vb lifetime 300 prf low rio 2001:db8:89::/64,300
sleep 0.3
ip -n h -6 route
ip netns exec h sysctl -w net.ipv6.conf.va.accept_ra_rtr_pref=1
ip netns exec h sysctl -w net.ipv6.conf.va.ra_defrtr_metric=512
ip netns exec r ra vb lifetime 300
sleep 0.3
ip -n h -6 route show default
ip netns exec h sysctl -w net.ipv6.conf.va.ra_defrtr_metric=0
ip netns exec h sysctl -w net.ipv6.conf.va.accept_ra_rt_info_min_plen=48
ip netns exec h sysctl -w net.ipv6.conf.va.accept_ra_rt_info_max_plen=56
ip netns exec r ra vb lifetime 300 rio 2001:db8:90::/47,300 rio 2001:db8:91::/48,300 rio 2001:db8:92::/56,300 rio 2001:db8:93::/57,300 rio 2001:db8:94:5:6::/80,300
sleep 0.3
ip -n h -6 route
ip -n h -6 route del 2001:db8:91::/48
ip -n h -6 route del 2001:db8:92::/56
ip netns exec h sysctl -w net.ipv6.conf.va.accept_ra_rt_info_max_plen=128
ip netns exec r ra vb lifetime 300 rio 2001:db8:94:5:6::/80,300 rio 2001:db8:95::1/128,300
sleep 0.3
ip -n h -6 route
ip netns exec h sysctl -w net.ipv6.conf.va.accept_ra_min_hop_limit=100
ip netns exec h sysctl -w net.ipv6.conf.va.hop_limit=20
ip netns exec r ra vb lifetime 300
sleep 0.3
ip netns exec h sysctl net.ipv6.conf.va.hop_limit
ip netns exec h sysctl -w net.ipv6.conf.va.accept_ra_min_hop_limit=64
ip netns exec r ra vb lifetime 300
sleep 0.3
ip netns exec h sysctl net.ipv6.conf.va.hop_limit
ip netns exec r sysctl -w net.ipv6.conf.vb.accept_ra_from_local=1
ip netns exec r sysctl -w net.ipv6.conf.vb.accept_ra_rt_info_max_plen=64
ip netns exec r ra vb lifetime 300 rio 2001:db8:96::/64,300
sleep 0.3
ip -n r -6 route show default
ip -n r -6 route show 2001:db8:96::/64
ip netns del h
ip netns del r
