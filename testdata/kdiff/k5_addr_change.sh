# k5: ip -6 addr change|chg|replace: a new address is added; an existing one takes the request's flags, its metric when given, and its prefix route moves, goes (noprefixroute) or comes back
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
ip -6 addr change 2001:db8:1::1/64 dev va metric 300
ip -6 route show table all
ip -6 addr change 2001:db8:1::1/64 dev va noprefixroute
ip -6 route show
ip -6 addr show dev va
ip -6 addr replace 2001:db8:1::1/64 dev va metric 300
ip -6 route show
ip -6 addr change 2001:db8:7::1/64 dev va nodad
ip -6 addr replace 2001:db8:8::1/64 dev va nodad metric 1000
ip -6 addr change 2001:db8:1::1/48 dev va
ip -6 addr show dev va
ip -6 route show
ip -6 addr chg 2001:db8:1::1/64 dev va metric 0
ip -6 addr change 2001:db8:1::1/64 dev va metric foo
ip -6 addr change 2001:db8:1::1/64
ip -6 addr change dev va
ip -6 addr add 2001:db8:1::9/64 dev va nodad noprefixroute
ip -6 addr change 2001:db8:1::1/64 dev va noprefixroute
ip -6 route show
ip -6 addr change 2001:db8:1::9/64 dev va
ip -6 route show
ip -6 addr show dev va
