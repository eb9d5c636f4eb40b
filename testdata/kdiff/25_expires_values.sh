# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 route add 2001:db8:100::/48 via 2001:db8:1::2 expires 100
ip -6 route add 2001:db8:101::/48 via 2001:db8:1::2 expires 2147483647
ip -6 route add 2001:db8:102::/48 via 2001:db8:1::2 expires 4294967295
ip -6 route add 2001:db8:103::/48 via 2001:db8:1::2 expires 4294967296
ip -6 route add 2001:db8:104::/48 via 2001:db8:1::2 expires -1
ip -6 route add 2001:db8:105::/48 via 2001:db8:1::2 expires 0
sleep 0.1  # past the jiffy the route expired at: the kernel shows expires 0sec from the next one on
ip -6 route show
sleep 2.5
ip -6 route show
