# kind 1: MTU changes of a device that is down: rt6_mtu_change still reaches the dead multipath hops through it (the first hop's metrics print for the group); below 1280 the hops go; IPv6 comes back only when the device is up again
# topology: two veth pairs va/vb, vc/vd; the peers have IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip link add vc address 02:00:00:00:00:03 type veth peer name vd address 02:00:00:00:00:04
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
sysctl -qw net.ipv6.conf.vd.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip link set vc up
ip link set vd up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
ip -6 addr add 2001:db8:3::1/64 dev vc nodad
sleep 3
ip -6 route add 2001:db8:30::/64 mtu 1450 nexthop via 2001:db8:1::2 dev va nexthop via 2001:db8:3::2 dev vc
ip -6 route add 2001:db8:31::/64 mtu 1450 nexthop via 2001:db8:3::2 dev vc nexthop via 2001:db8:1::2 dev va
ip link set va down
ip link set va mtu 1300
ip -6 route show
ip link set va mtu 1400
ip -6 route show
ip link set va mtu 1000
ip -6 route show
ip link set va mtu 1500
ip -6 route show table all
ip link set va up
sleep 3
ip -6 route show table all
