# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
# gateways ip6_validate_gw refuses, in the kernel's order of checks
ip -6 route add 2001:db8:a1::/64 via ::
ip -6 route add 2001:db8:a2::/64 via :: dev va
ip -6 route add 2001:db8:a3::/64 via ::1 dev va
ip -6 route add 2001:db8:a4::/64 via ::1
ip -6 route add 2001:db8:a6::/64 via ff02::1 dev va
ip -6 route add 2001:db8:a7::/64 via ::ffff:1.2.3.4 dev va
ip -6 route add 2001:db8:aa::/64 nexthop via :: dev va
ip -6 route add 2001:db8:ab::/64 via :: onlink dev va
ip -6 route add 2001:db8:af::/64 via 2001:db8:1::5 onlink dev lo
ip -6 route add 2001:db8:b0::/64 via fe80::1 dev lo
ip -6 route add 2001:db8:b1::/64 via fe80::ff:fe00:1 dev va
ip -6 route add 2001:db8:b5::/64 via 2001:db8:1::5 onlink dev va
ip -6 route add 2001:db8:b6::/64 via 2001:db8:9::5 onlink dev va
ip -6 route add 2001:db8:b7::/64 via ff02::1
ip -6 route add 2001:db8:bd::/64 via ::ffff:1.2.3.4
ip -6 route replace 2001:db8:c0::/64 via ::
ip -6 route add unreachable 2001:db8:c3::/64 via ::
ip -6 route add u 2001:db8:c4::/64
ip -6 route add b 2001:db8:c5::/64 dev va
ip -6 route show table all
