# k5: ip -j -p: pretty JSON (four spaces a level, spaces inside non-empty brackets) for routes and addresses; -p alone changes nothing
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
ip -6 route add 2001:db8:111::/64 via 2001:db8:1::2 mtu 1400 hoplimit 3
ip -6 route add 2001:db8:115::/64 nexthop via 2001:db8:1::2 nexthop via 2001:db8:3::2
ip -j -p -6 route show
ip -pretty -json -6 route get 2001:db8:111::1
ip -j -p -6 route show 2001:db8:999::/64
ip -j -p -6 addr show dev va
ip -j -p -6 addr show scope host
ip -p -6 route show
ip -p -6 addr show dev lo
