# accept_dad 0 in all and default: addresses are never tentative and get their local route at once; all or the device alone brings DAD back
ip netns add h
ip netns exec h sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n h link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip -n h -6 addr add 2001:db8::1/64 dev va
ip -n h -6 addr
ip -n h -6 route show table local
ip -n h link set va up
ip -n h link set vb up
ip -n h -6 addr
ip -n h -6 route show table local
ip netns exec h sysctl -w net.ipv6.conf.va.accept_dad=1
ip -n h -6 addr add 2001:db8::2/64 dev va
ip -n h -6 addr
ip link add vc address 02:00:00:00:00:03 type veth peer name vd address 02:00:00:00:00:04
ip -6 addr add 2001:db8::3/64 dev vc
ip -6 addr
ip netns del h
