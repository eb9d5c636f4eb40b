# route attributes IPv6 ignores (realms, ttl-propagate, as [to]) are parsed and checked as iproute2 does, then have no effect; from ::/0 is no source prefix; from's own parse errors
# topology: one veth end (va) in this namespace, its peer (vb) down
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip link set va up
ip -6 route add 2001:db8:5::/64 from ::/0 dev va
ip -6 route add 2001:db8:5::/64 from ::/0 dev va
ip -6 route add 2001:db8:51::/64 from zz dev va
ip -6 route add 2001:db8:52::/64 from 10.0.0.0/8 dev va
ip -6 route add 2001:db8:53::/64 dev va from
ip -6 route add 2001:db8:6::/64 dev va realm 5
ip -6 route add 2001:db8:61::/64 dev va realms 1/2
ip -6 route add 2001:db8:62::/64 dev va rea cosmos
ip -6 route add 2001:db8:63::/64 dev va realm 300
ip -6 route add 2001:db8:64::/64 dev va realm 70000
ip -6 route add 2001:db8:65::/64 dev va realm foo
ip -6 route add 2001:db8:66::/64 dev va realm 1/300
ip -6 route add 2001:db8:67::/64 dev va realm /5
ip -6 route add 2001:db8:68::/64 dev va realm 5/
ip -6 route add 2001:db8:69::/64 dev va realm 0x10
ip -6 route add 2001:db8:6a::/64 dev va realm -1
ip -6 route add 2001:db8:6b::/64 dev va realm
ip -6 route add 2001:db8:8::/64 dev va ttl-propagate enabled
ip -6 route add 2001:db8:81::/64 dev va ttl-propagate dis
ip -6 route add 2001:db8:82::/64 dev va ttl-propagate maybe
ip -6 route add 2001:db8:83::/64 dev va ttl enabled
ip -6 route add 2001:db8:84::/64 dev va ttl-propagate
ip -6 route add 2001:db8:9::/64 dev va as to 2001:db8::1
ip -6 route add 2001:db8:91::/64 dev va as 2001:db8::1
ip -6 route add 2001:db8:92::/64 dev va as to 10.0.0.1
ip -6 route add 2001:db8:93::/64 dev va as zz
ip -6 route add 2001:db8:94::/64 dev va as to
ip -6 route add 2001:db8:95::/64 dev va as 2001:db8::/64
ip -6 route show
ip -6 route add 2001:db8:a0::/64 nexthop dev va realms 5 nexthop dev va r 1/2
ip -6 route add 2001:db8:a1::/64 nexthop dev va realms zz
ip -6 route add 2001:db8:a2::/64 nexthop via fe80::1 dev va as to 2001:db8::5
ip -6 route add 2001:db8:a3::/64 nexthop via fe80::1 dev va as 10.1.1.1
ip -6 route add 2001:db8:a4::/64 nexthop via fe80::1 dev va realms
ip -6 route show
