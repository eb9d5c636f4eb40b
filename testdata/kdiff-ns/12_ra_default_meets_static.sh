# an RA default route meeting a static default through the same router: a permanent static route makes the RA's add fail (the kernel stops there: no RIO, no PIO), an expiring one takes the router lifetime; the other way round add says File exists, append makes the RA route permanent, replace takes its place; a different metric lives beside it
ip netns add h
ip netns add r
ip netns exec h sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns exec r sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n h link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns r
ip -n h link set va up
ip -n r link set vb up
sleep 1
ip netns exec h sysctl -w net.ipv6.conf.va.accept_ra_rt_info_max_plen=64
ip -n h -6 route add default via fe80::ff:fe00:2 dev va
ip netns exec r ra vb lifetime 300 rio 2001:db8:88::/64,300 pio 2001:db8:77::/64,300,300
sleep 0.3
ip -n h -6 route
ip -n h -6 route del default via fe80::ff:fe00:2 dev va
ip -n h -6 route add default via fe80::ff:fe00:2 dev va expires 1000
ip netns exec r ra vb lifetime 300 rio 2001:db8:88::/64,300 pio 2001:db8:77::/64,300,300
sleep 0.3
ip -n h -6 route
ip -n h -6 route del default via fe80::ff:fe00:2 dev va
ip netns exec r ra vb lifetime 300
sleep 0.3
ip -n h -6 route show default
ip -n h -6 route add default via fe80::ff:fe00:2 dev va
ip -n h -6 route append default via fe80::ff:fe00:2 dev va
ip -n h -6 route show default
ip netns exec r ra vb lifetime 200
sleep 0.3
ip -n h -6 route show default
ip -n h -6 route replace default via fe80::ff:fe00:2 dev va
ip -n h -6 route show default
ip netns exec r ra vb lifetime 100
sleep 0.3
ip -n h -6 route show default
ip -n h -6 route add default via fe80::ff:fe00:2 dev va metric 100
ip netns exec r ra vb lifetime 0
sleep 0.3
ip -n h -6 route show default
ip netns del h
ip netns del r
