# ip -6 route get with iif for a destination a multicast route (ff00::/8 and inside) answers: rt6_fill_node asks ip6mr_get_route, which finds no multicast route, so the answer fails with EMSGSIZE; through lo the input lookup finds no route at all
# topology: one veth end (va) in this namespace, its peer (vb) up with IPv6 off
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3
ip -6 route get ff02::1 iif va
ip -6 route get ff02::1 iif lo
ip -6 route get fibmatch ff02::1 iif va
ip -6 route get fibmatch ff02::1 iif lo
ip -6 route get ff0e::1 iif va from fe80::1
ip -6 route get ff02::1 oif va
ip -6 route add ff0e::/16 dev va table local
ip -6 route get ff0e::1 iif va
ip -6 route add ff0e::/16 via 2001:db8:1::2
ip -6 route get ff0e::1 iif va
ip -6 route get fibmatch ff0e::1 iif va
