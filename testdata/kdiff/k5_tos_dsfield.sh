# k5: tos/dsfield: IPv6 routes refuse a non-zero one (add and del); get takes and ignores it; show filters on it (IPv6 routes have 0); names and hex values
# topology: two veth pairs va/vb, vc/vd; the peers have IPv6 off
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
sleep 3  # link-local addresses finish DAD
ip -6 route add 2001:db8:114::/64 via 2001:db8:1::2 tos 4
ip -6 route add 2001:db8:114::/64 via 2001:db8:1::2 dsfield 0x10
ip -6 route add 2001:db8:114::/64 via 2001:db8:1::2 ds AF11
ip -6 route add 2001:db8:114::/64 via 2001:db8:1::2 d EF
ip -6 route add 2001:db8:114::/64 via 2001:db8:1::2 tos default
ip -6 route add 2001:db8:115::/64 via 2001:db8:1::2 tos 0x0
ip -6 route add 2001:db8:116::/64 via 2001:db8:1::2 tos foo
ip -6 route add 2001:db8:116::/64 via 2001:db8:1::2 tos 100
ip -6 route add 2001:db8:116::/64 via 2001:db8:1::2 tos
ip -6 route add 2001:db8:116::/64 via 2001:db8:1::2 tos -1
ip -6 route add 2001:db8:116::/64 dev nosuch tos 4
ip -6 route get 2001:db8:114::1 tos 4
ip -6 route get 2001:db8:114::1 dsfield CS1
ip -6 route get 2001:db8:114::1 tos foo
ip -6 route get 2001:db8:114::1 tos 0x100
ip -6 route show tos 4
ip -6 route show tos 0
ip -6 route show dsfield default
ip -6 route show tos foo
ip -6 route del 2001:db8:114::/64 tos 4
ip -6 route del 2001:db8:114::/64 tos 0
ip -6 route show
