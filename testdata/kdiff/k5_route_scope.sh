# k5: route scope: add and del take any scope name or number and IPv6 ignores it; show filters on it (IPv6 routes are universe) and "all"; bad values
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
ip -6 route add 2001:db8:115::/64 via 2001:db8:1::2 scope link
ip -6 route add 2001:db8:116::/64 via 2001:db8:1::2 scope host
ip -6 route add 2001:db8:117::/64 via 2001:db8:1::2 scope 200
ip -6 route add 2001:db8:118::/64 dev va scope global
ip -6 route add 2001:db8:119::/64 via 2001:db8:1::2 scope nowhere
ip -6 route add 2001:db8:11a::/64 via 2001:db8:1::2 scope site
ip -6 route add 2001:db8:11b::/64 via 2001:db8:1::2 scope foo
ip -6 route add 2001:db8:11b::/64 via 2001:db8:1::2 scope 256
ip -6 route add 2001:db8:11b::/64 via 2001:db8:1::2 scope
ip -6 route add 2001:db8:11b::/64 via 2001:db8:1::2 scope all
ip -6 route show
ip -6 route show scope global
ip -6 route show scope link
ip -6 route show scope all
ip -6 route show scope foo
ip -6 route show scope 0
ip -6 route del 2001:db8:115::/64 scope host
ip -6 route show 2001:db8:115::/64
