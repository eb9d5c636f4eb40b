# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 route add 2001:db8:20::/48 via 2001:db8:1::2 proto static
ip -6 route add 2001:db8:21::/48 via 2001:db8:1::2 proto 99
ip -6 route add 2001:db8:22::/48 via 2001:db8:1::2 proto zebra
ip -6 route add 2001:db8:23::/48 via 2001:db8:1::2 proto 77
ip -6 route add 2001:db8:24::/48 via 2001:db8:1::2 proto kernel
ip -6 route add 2001:db8:25::/48 via 2001:db8:1::2 proto boot
ip -6 route add 2001:db8:26::/48 via 2001:db8:1::2 proto foo
ip -6 route add 2001:db8:26::/48 via 2001:db8:1::2 proto 256
ip -6 route show
ip -6 route show proto static
ip -6 route show proto kernel
