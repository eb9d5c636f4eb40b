# RTA_VIA of every family iproute2 reads (inet, mpls, link; bridge has no address) and its errors; source routes with nhid; a delete with from finds the route without one; empty hops (nexthop nexthop) take the request's gateway, a trailing nexthop is an error; a hop's own encap: its type is checked first, then the device-only check, and a delete ignores it
# topology: one veth end (va) in this namespace, its peer (vb) down
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip link set va up
ip -6 route add 2001:db8:5::/64 from ::/1 nhid 5
ip -6 route del 2001:db8:5::/64 from ::/1 nhid 5
ip -6 route add 2001:db8:5::/64 from ::/1 via inet 10.0.0.1 nhid 5
ip -6 route add 2001:db8:5::/64 from ::/1 via inet 10.0.0.1
ip -6 route add 2001:db8:7::/64 dev va
ip -6 route del 2001:db8:7::/64 from ::/1 dev va
ip -6 route show
ip -6 route add 2001:db8:1::/64 via mpls 100 dev va
ip -6 route add 2001:db8:1::/64 via link 00:11:22:33:44:55 dev va
ip -6 route add 2001:db8:1::/64 via link zz dev va
ip -6 route add 2001:db8:1::/64 via link 00:11:22:33:44:55:66:77:88 dev va
ip -6 route add 2001:db8:1::/64 via bridge 1.2.3.4 dev va
ip -6 route add 2001:db8:1::/64 via mpls 100/200 dev va
ip -6 route add 2001:db8:1::/64 via mpls bogus dev va
ip -6 route add 2001:db8:1::/64 via mpls
ip -6 route add 2001:db8:1::/64 via inet
ip -6 route add 2001:db8:1::/64 nexthop via mpls 100 dev va
ip -6 route add 2001:db8:6::/64 via fe80::1 nexthop via mpls 100 dev va nexthop dev va
ip -6 route add 2001:db8:8::/64 via fe80::2 dev va nexthop nexthop via fe80::1 dev va
ip -6 route add 2001:db8:9::/64 nexthop via fe80::2 dev va nexthop
ip -6 route show
ip -6 route del 2001:db8:8::/64 via fe80::2 nexthop nexthop
ip -6 route show
ip link add vc address 02:00:00:00:00:03 type veth peer name vd address 02:00:00:00:00:04
ip -6 route add 2001:db8:40::/64 nexthop via fe80::1 dev va encap mpls 100 nexthop via fe80::2 dev va
ip -6 route add 2001:db8:46::/64 nexthop dev va encap seg6 mode encap segs 2001:db8::1 nexthop via fe80::2 dev va
ip -6 route add 2001:db8:49::/64 nexthop via fe80::1 dev va nexthop via fe80::2 dev va
ip -6 route del 2001:db8:49::/64 nexthop via fe80::1 dev va encap seg6 mode encap segs 2001:db8::1
ip -6 route del 2001:db8:49::/64 nexthop via fe80::2 dev va encap mpls 100
ip -6 route show
