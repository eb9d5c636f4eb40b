# kind 1, rt6_mtu_change on NETDEV_CHANGEMTU: an unlocked route mtu at or above the new device MTU drops to it; on a raise, a route mtu equal to the old device MTU follows up; unset and locked metrics stay; every table; advmss untouched
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
ip -6 route add 2001:db8:61::/64 via 2001:db8:1::2 mtu 1450
ip -6 route add 2001:db8:62::/64 via 2001:db8:1::2 mtu lock 1450
ip -6 route add 2001:db8:63::/64 via 2001:db8:1::2 mtu 1300
ip -6 route add 2001:db8:64::/64 via 2001:db8:1::2
ip -6 route add 2001:db8:65::/64 via 2001:db8:1::2 mtu 9000
ip -6 route add 2001:db8:66::/64 dev va mtu 1500 advmss 1300
ip -6 route add table 100 2001:db8:67::/64 via 2001:db8:1::2 dev va mtu 1400
ip -6 route add 2001:db8:68::/64 via 2001:db8:3::2 mtu 1450
ip link set dev va mtu 1400
ip -6 route show table all
ip -6 route get 2001:db8:61::1
ip -6 route get 2001:db8:64::1
ip link set dev va mtu 1400
ip link set dev va mtu 9000
ip -6 route show table all
ip link set dev va mtu 1280
ip -6 route show
sysctl net.ipv6.conf.va.mtu
ip link set dev va mtu 1500
ip -6 route show
