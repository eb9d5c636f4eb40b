# ra's bad input changes nothing: a down link or one without carrier has no link-local address to send from, an unknown interface neither; bad values, a missing value, an unknown keyword, the usage; a unicast RA needs a route through the interface; a namespace that does not exist
ip netns add h
ip netns add r
ip netns exec h sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns exec r sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n h link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns r
ip -n r link set vb up
ip netns exec r ra vb lifetime 100
ip -n h link set va up
sleep 1
ip netns exec r ra vb lifetime 100
sleep 0.3
ip -n h -6 route
ip -n r link set vb down
ip netns exec r ra vb lifetime 0
ip netns exec r ra nosuch lifetime 0
ip netns exec r ra lo lifetime 0
ip -n r link set vb up
sleep 1
ip -n h -6 route show default
ip netns exec r ra vb lifetime 0
sleep 0.3
ip netns exec r ra vb lifetime 65536
ip netns exec r ra vb lifetime inf
ip netns exec r ra vb lifetime -1
ip netns exec r ra vb lifetime 0x10
ip netns exec r ra vb prf top
ip netns exec r ra vb pio 2001:db8:77::1/64,300,300
ip netns exec r ra vb pio 2001:db8:77::/129,300,300
ip netns exec r ra vb pio 2001:db8:77::/64,300
ip netns exec r ra vb pio 2001:db8:77::/64,300,300,X
ip netns exec r ra vb pio 2001:db8:77::/64,4294967296,300
ip netns exec r ra vb pio 2001:db8:77::/64,inf,infinite
ip netns exec r ra vb pio 10.0.0.0/8,300,300
ip netns exec r ra vb rio 2001:db8:88::/64
ip netns exec r ra vb rio 2001:db8:88::/64,300,top
ip netns exec r ra vb rio 2001:db8:88::/64,300,low,x
ip netns exec r ra vb dst ff02::zz
ip netns exec r ra vb dst fe80::1%vb
ip netns exec r ra vb lifetime 100 pio 2001:db8:77::/64,300,300 frob 1
ip netns exec r ra vb lifetime
ip netns exec r ra
ip netns exec r ra vb lifetime 100 lifetime 200 dst 2001:db8:99::1
ip netns exec nosuch ra vb lifetime 100
ip -n h -6 route
ip -n h -6 addr
# a unicast RA to h's link-local address
ip netns exec r ra vb lifetime 100 dst fe80::ff:fe00:1
sleep 0.3
ip -n h -6 route show default
# a preferred lifetime above the valid one drops the option
ip netns exec r ra vb lifetime 100 pio 2001:db8:77::/64,100,200,LA
sleep 0.3
ip -n h -6 route
ip netns del h
ip netns del r
