# kind 1, rt6_remove_prefsrc: a link-local src follows only the route's own device; deleting it there clears it, a copy on another device does not keep it
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
ip -6 addr add fe80::1/128 dev va nodad
ip -6 addr add fe80::1/128 dev vc nodad
ip -6 route add 2001:db8:116::/64 dev va src fe80::1
ip -6 route add 2001:db8:117::/64 dev vc src fe80::1
ip -6 route add 2001:db8:118::/64 via 2001:db8:3::2 src fe80::1
ip -6 route show
ip -6 addr del fe80::1/128 dev va
ip -6 route show
ip -6 addr add fe80::1/128 dev va nodad
ip -6 addr del fe80::1/128 dev vc
ip -6 route show
ip -6 route get 2001:db8:117::1
