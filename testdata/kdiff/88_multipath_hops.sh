# multipath requests hop by hop: a delete with a nexthop list (even one hop) deletes one route per hop, its gateway the hop's or the request's; a new multipath route needs a gateway on every hop (its own or the request's) before anything else is checked, reject types too; via inet ADDR is RTA_VIA, which IPv6 refuses (a hop with it has no gateway); a hop's own encap is parsed by iproute2 first; any address added on an up device brings the ff00::/8 multicast route, carrier or not
# topology: two veth pairs, one end of each (va, vc) in this namespace, their peers down
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip link add vc address 02:00:00:00:00:03 type veth peer name vd address 02:00:00:00:00:04
ip -6 addr add 2001:db8:aa::1/64 dev va
ip -6 route show table local
ip link set va up
ip link set vc up
ip -6 route add 2001:db8:1::/64 nexthop via fe80::1 dev va nexthop via fe80::2 dev va nexthop via fe80::3 dev va
ip -6 route del 2001:db8:1::/64 nexthop via fe80::2 dev va
ip -6 route show
ip -6 route del 2001:db8:1::/64 nexthop dev va
ip -6 route show
ip -6 route del 2001:db8:1::/64 nexthop realms 5
ip -6 route show
ip -6 route add 2001:db8:b::/64 nexthop via fe80::1 dev va nexthop via fe80::2 dev va
ip -6 route del 2001:db8:b::/64 dev vc nexthop via fe80::1
ip -6 route del 2001:db8:b::/64 dev va nexthop via fe80::1 dev vc
ip -6 route add 2001:db8:c::/64 nexthop via fe80::1 dev va nexthop via fe80::1 dev vc
ip -6 route del 2001:db8:c::/64 nexthop via fe80::1 dev vc
ip -6 route del 2001:db8:c::/64 nexthop dev vc
ip -6 route add 2001:db8:d::/64 via fe80::1 nexthop dev va nexthop dev vc
ip -6 route del 2001:db8:d::/64 via fe80::1 nexthop dev vc
ip -6 route show
ip -6 route add 2001:db8:2::/64 nexthop via fe80::1 dev va nexthop dev va
ip -6 route add 2001:db8:2::/64 nexthop via fe80::1 dev va nexthop weight 2
ip -6 route add unreachable 2001:db8:2::/64 nexthop dev va nexthop dev vc
ip -6 route add 2001:db8:7::/64 nexthop via 2001:db8:1::1 dev va nexthop dev vc
ip -6 route add 2001:db8:3::/64 nexthop via inet 10.0.0.1 dev va
ip -6 route add 2001:db8:9::/64 via inet 10.0.0.1 dev va
ip -6 route del 2001:db8:9::/64 via inet 10.0.0.1
ip -6 route add 2001:db8:9::/64 via inet 2001:db8::1 dev va
ip -6 route add 2001:db8:a::/64 nexthop via fe80::2 dev va nexthop via inet 10.0.0.1 dev va
ip -6 route add 2001:db8:4::/64 nexthop via fe80::1 dev va encap
ip -6 route add 2001:db8:4::/64 nexthop via fe80::1 dev va nexthop dev vc encap mpls 100
ip -6 route add 2001:db8:4::/64 nexthop via fe80::1 dev va encap bogus 1 2
ip -6 route add 2001:db8:5::/64 from ::/1
ip -6 route add 2001:db8:5::/64 from ::/1 via fe80::1
ip -6 route del 2001:db8:5::/64 from ::/1 dev va
ip -6 addr add :: dev vc
ip -6 route show table all
ip -6 route del multicast ff00::/8 dev vc table local
ip -6 addr add 2001:db8:2::1/64 dev vc mngtmpaddr
ip -6 route show table local
ip -6 addr add 2001:db8:bb::1/64 dev vc
ip -6 addr add 2001:db8:bb::1/64 dev vc
ip -6 route show table all
