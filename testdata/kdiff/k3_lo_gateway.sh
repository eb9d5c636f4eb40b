# kind 3: a gateway reached only through a dev lo route (or an anycast route through lo) is reached by a reject route: refused with EHOSTUNREACH; an onlink check ignores it; a gateway on lo itself is refused as loopback egress
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
ip -6 route add 2001:db8:46::/64 dev lo
ip -6 route add anycast 2001:db8:47::/64 dev lo
ip -6 route add 2001:db8:49::/64 via 2001:db8:46::1
ip -6 route add 2001:db8:4a::/64 via 2001:db8:46::1 dev lo
ip -6 route add 2001:db8:4b::/64 via 2001:db8:47::1
ip -6 route add 2001:db8:4c::/64 via 2001:db8:46::1 dev va onlink
ip -6 route add 2001:db8:4d::/64 via 2001:db8:47::1 dev va onlink
ip -6 route add 2001:db8:4e::/64 via 2001:db8:46::1 dev va
ip -6 route add 2001:db8:4f::/64 via fe80::1 dev lo
ip -6 route show
ip -6 route get 2001:db8:47::1
