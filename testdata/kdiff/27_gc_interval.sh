# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
sysctl -w net.ipv6.route.gc_interval=5
ip -6 route add 2001:db8:120::/48 via 2001:db8:1::2 expires 2
ip -6 route add 2001:db8:121::/48 via 2001:db8:1::2 expires 8
sleep 3
ip -6 route show
sleep 3
ip -6 route show
sleep 6
ip -6 route show
