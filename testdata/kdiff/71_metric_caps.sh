# route metrics: mtu above 65520 and advmss above 65495 are capped by the kernel; hoplimit above 255 is refused by iproute2
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 route add 2001:db8:20::/48 dev va mtu 65520
ip -6 route add 2001:db8:21::/48 dev va mtu 65521
ip -6 route add 2001:db8:22::/48 dev va mtu 70000
ip -6 route add 2001:db8:23::/48 dev va mtu lock 4294967295
ip -6 route add 2001:db8:24::/48 dev va advmss 65495
ip -6 route add 2001:db8:25::/48 dev va advmss 65496
ip -6 route add 2001:db8:26::/48 dev va advmss 4294967295
ip -6 route add 2001:db8:27::/48 dev va hoplimit 255
ip -6 route add 2001:db8:28::/48 dev va hoplimit 256
ip -6 route add 2001:db8:29::/48 dev va hoplimit 4294967295
ip -6 route add 2001:db8:2a::/48 dev va hoplimit lock 256
ip -6 route add 2001:db8:2b::/48 dev va hoplimit -1
ip -6 route add 2001:db8:2c::/48 dev va mtu 1 advmss 1 hoplimit 1
ip -6 route add 2001:db8:2d::/48 nexthop via 2001:db8:1::2 nexthop via 2001:db8:1::3 mtu 70000
ip -6 route add 2001:db8:2e::/48 dev va mtu 70000 nexthop via 2001:db8:1::2 nexthop via 2001:db8:1::3
ip -6 route show
ip -6 route get 2001:db8:21::1
ip -6 route get 2001:db8:26::1
ip -6 route change 2001:db8:20::/48 dev va mtu 99999
ip -6 route show 2001:db8:20::/48
