# A negative gc_interval arms the GC timer in the past: it runs at every tick, and routes still expire on time.
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sysctl -w net.ipv6.route.gc_interval=-1
ip -6 route add 2001:db8::/64 dev va expires 2
ip -6 route show
sleep 3
ip -6 route show
sysctl -w net.ipv6.route.gc_interval=-100
ip -6 route add 2001:db8:5::/64 dev va expires 4
sleep 1
ip -6 route show 2001:db8:5::/64
sleep 4
ip -6 route show 2001:db8:5::/64
