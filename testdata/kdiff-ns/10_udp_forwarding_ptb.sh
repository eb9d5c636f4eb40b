# udp through a router: no forwarding drops it, forwarding=1 forwards it with a Packet Too Big back from the 1280-byte link, making the sender's PMTU exception; a hop limit of 1 dies at the router; fragments fit; the router's anycast routes; udp's errors
ip netns add h
ip netns add r
ip netns add b
ip netns exec h sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns exec r sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns exec b sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n h link set lo up
ip -n r link set lo up
ip -n b link set lo up
ip -n h link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns r
ip -n r link add vc address 02:00:00:00:00:03 mtu 1280 type veth peer name vd address 02:00:00:00:00:04 mtu 1280 netns b
ip -n h link set va up
ip -n r link set vb up
ip -n r link set vc up
ip -n b link set vd up
ip -n h -6 addr add 2001:db8:1::1/64 dev va nodad
ip -n r -6 addr add 2001:db8:1::2/64 dev vb nodad
ip -n r -6 addr add 2001:db8:2::1/64 dev vc nodad
ip -n b -6 addr add 2001:db8:2::2/64 dev vd nodad
ip -n b -6 route add default via 2001:db8:2::1
ip -n h -6 route add 2001:db8:2::/64 via 2001:db8:1::2
sleep 1
# the router does not forward yet: the datagram is dropped there, nothing comes back
ip netns exec h udp 2001:db8:2::2 size 1400
sleep 0.3
ip -n h -6 route show cache
ip netns exec r sysctl -w net.ipv6.conf.all.forwarding=1
ip -n r -6 route show table local type anycast
# hop limit 1: time exceeded at the router, no Packet Too Big
ip netns exec h sysctl -w net.ipv6.conf.va.hop_limit=1
ip netns exec h udp 2001:db8:2::2 size 1400
sleep 0.3
ip -n h -6 route show cache
ip netns exec h sysctl -w net.ipv6.conf.va.hop_limit=64
# small enough: forwarded, no exception
ip netns exec h udp 2001:db8:2::2 size 1000
sleep 0.3
ip -n h -6 route show cache
ip netns exec h udp 2001:db8:2::2 size 1400
sleep 0.3
ip -n h -6 route show cache
ip -n h -6 route get 2001:db8:2::2
ip -n h -6 route get 2001:db8:2::3
ip netns exec h cat /proc/net/rt6_stats
# the next datagram leaves in 1280-byte fragments: nothing new comes back
ip netns exec h udp 2001:db8:2::2 size 3000
sleep 0.3
ip -n h -6 route show cache
ip netns exec h cat /proc/net/rt6_stats
# the router's own datagram to b is fragmented by the router itself
ip netns exec r udp 2001:db8:2::2 size 1400
ip -n r -6 route show cache
# udp's errors
ip netns exec h udp 2001:db8:9::1 size 10
ip -n h -6 route add unreachable 2001:db8:9::/64
ip netns exec h udp 2001:db8:9::1 size 10
ip -n h -6 route add prohibit 2001:db8:8::/64
ip netns exec h udp 2001:db8:8::1 size 10
ip -n h -6 route add blackhole 2001:db8:7::/64
ip netns exec h udp 2001:db8:7::1 size 10
ip netns exec h udp 2001:db8:2::2 size 65528
ip netns exec h udp 2001:db8:2::2 size 65527
ip netns exec h udp :: size 10
ip netns exec h udp ::1 size 10
ip netns exec h udp 2001:db8:1::1 size 10
ip netns exec h udp 2001:db8:2::2 size 65536
ip netns exec h udp 2001:db8:2::2 size -1
ip netns exec h udp 2001:db8:2::2 size x
ip netns exec h udp 2001:db8:2::zz size 10
ip netns exec h udp fe80::1%va size 10
ip netns exec h udp 10.0.0.1 size 10
ip netns exec h udp 2001:db8:2::2
ip netns exec h udp 2001:db8:2::2 len 10
ip netns exec h udp
ip netns exec nosuch udp 2001:db8:2::2 size 10
ip netns add e
ip netns exec e udp 2001:db8:2::2 size 10
ip -n e link set lo up
ip netns exec e udp 2001:db8:2::2 size 10
ip netns del e
ip netns del h
ip netns del r
ip netns del b
