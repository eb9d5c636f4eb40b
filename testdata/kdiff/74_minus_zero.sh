# values written -0: strtoul reads them as 0, which iproute2's get_u32/get_unsigned take (any other negative number wraps past their bounds)
# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 route add 2001:db8:a::/64 dev lo metric -0
ip -6 route add 2001:db8:b::/64 dev lo metric -1
ip -6 route add 2001:db8:c::/64 dev lo mtu -0
ip -6 route add 2001:db8:d::/64 dev lo table -0
ip -6 route add 2001:db8:e::/64 dev lo expires -0
ip -6 route add 2001:db8:f::/64 dev lo hoplimit -0
ip -6 route add 2001:db8:10::/64 dev lo window -0
ip -6 route add 2001:db8:11::/-0 dev lo
ip -6 route add 2001:db8:12::/64 dev lo metric -5
ip -6 route add 2001:db8:13::/64 dev lo mtu -1280
ip -6 route add 2001:db8:14::/64 dev lo metric " -0"
ip -6 route add 2001:db8:15::/64 dev lo metric +0
ip -6 route add 2001:db8:16::/64 dev lo type -0
ip -6 route add 2001:db8:17::/64 dev lo proto -0
ip -6 route add 2001:db8:18::/64 dev lo scope -0
ip -6 addr add 2001:db8:20::1/64 dev va valid_lft -0 preferred_lft -0
ip -6 route show table all
ip -6 addr show dev va
