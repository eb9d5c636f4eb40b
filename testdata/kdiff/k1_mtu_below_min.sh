# kind 1: a device MTU below IPV6_MIN_MTU (1280) stops IPv6 on it as an unregister does (addrconf_ifdown): its addresses and routes go, multipath hops through it are removed, its net.ipv6.conf directory goes, addr add and route add dev fail; raised again, IPv6 starts afresh (link-local, disable_ipv6 back to its default)
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
ip -6 route add 2001:db8:61::/64 via 2001:db8:1::2 mtu 1450
ip -6 route add 2001:db8:30::/64 mtu 1400 nexthop via 2001:db8:3::2 dev vc nexthop via 2001:db8:1::2 dev va
ip -6 route add 2001:db8:31::/64 nexthop via 2001:db8:1::2 dev va nexthop via 2001:db8:3::2 dev vc
ip link set vc down
ip -6 route show
ip link set dev va mtu 1200
ip -6 route show table all
sysctl net.ipv6.conf.va.mtu
sysctl net.ipv6.conf.va.disable_ipv6
ip -6 addr add 2001:db8:1::1/64 dev va nodad
ip -6 route add 2001:db8:65::/64 dev va
ip -6 route add 2001:db8:66::/64 via 2001:db8:1::2 dev va
ip -6 route add 2001:db8:67::/64 via fe80::2 dev va
ip link set dev va mtu 1279
ip link set dev va mtu 1280
sleep 3
ip -6 route show table all
sysctl net.ipv6.conf.va.mtu
ip -6 addr add 2001:db8:1::1/64 dev va nodad
ip -6 route show
ip link set vb mtu 1000
sysctl net.ipv6.conf.vb.disable_ipv6
ip link set vb mtu 1500
sysctl net.ipv6.conf.vb.disable_ipv6
sleep 3
ip -6 route show table all
