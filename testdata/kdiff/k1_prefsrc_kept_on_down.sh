# kind 1: addresses that go with their device (link down, IPv6 disabled, link deleted) are not cleared as src of routes through other devices (addrconf_ifdown does not call rt6_remove_prefsrc); an explicit delete is
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
ip -6 addr add 2001:db8:101::10/64 dev va nodad
ip -6 addr add 2001:db8:101::13/64 dev vc nodad
ip -6 route add 2001:db8:120::/64 via 2001:db8:3::2 src 2001:db8:101::10
ip -6 route add 2001:db8:121::/64 via 2001:db8:3::2 src 2001:db8:1::1
ip -6 route add 2001:db8:122::/64 via 2001:db8:1::2 src 2001:db8:101::13
ip link set va down
ip -6 route show
ip -6 route get 2001:db8:120::1
ip link set va up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sysctl -qw net.ipv6.conf.va.disable_ipv6=1
ip -6 route show
sysctl -qw net.ipv6.conf.va.disable_ipv6=0
ip link del va
ip -6 route show
ip -6 addr del 2001:db8:101::13/64 dev vc
ip -6 route show
