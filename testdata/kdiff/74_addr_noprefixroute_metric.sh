# ip -6 addr add: noprefixroute leaves out the prefix route, metric N gives it that metric (and its delete finds it)
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 addr add 2001:db8:4::1/64 dev va noprefixroute nodad
ip -6 addr add 2001:db8:6::1/64 dev va nodad metric 50
ip -6 addr add 2001:db8:8::1/64 dev va nodad metric abc
ip -6 route show
ip -6 route show table local
ip -6 addr del 2001:db8:6::1/64 dev va
ip -6 addr del 2001:db8:4::1/64 dev va
ip -6 route show table all
