# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 route add 2001:db8:80::/48 via 2001:db8:1::2 mtu 1400
ip -6 route add 2001:db8:81::/48 via 2001:db8:1::2 mtu lock 1300 advmss 1200 hoplimit 9
ip -6 route add 2001:db8:82::/48 via 2001:db8:1::2 hoplimit 64 advmss 1000
ip -6 route add 2001:db8:83::/48 via 2001:db8:1::2 mtu x
ip -6 route show
ip -6 route get 2001:db8:81::1
