# k5: ip -6 addr flush: needs arguments; by device, scope, prefix (to), flags; with -s the rounds, with -s -s each address; prefix routes follow
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
ip -6 addr add 2001:db8:1::5/64 dev va nodad
ip -6 addr add 2001:db8:7::1/64 dev va nodad noprefixroute
ip -6 addr flush
ip -6 addr flush dev nosuch
ip -6 addr flush to 2001:db8:1::5/128
ip -6 addr show dev va
ip -s -6 addr flush scope link
ip -6 route show
ip -s -s -6 addr flush dev vc
ip -s -6 addr flush dev vc
ip -6 addr flush noprefixroute
ip -6 addr show
ip -6 addr flush dev va
ip -6 addr show
ip -6 route show table all
