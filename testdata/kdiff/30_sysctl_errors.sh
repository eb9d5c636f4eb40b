# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
sysctl net.ipv6.route.foo
sysctl -w net.ipv6.route.foo=1
sysctl -w net.ipv6.route.gc_interval=abc
sysctl -w net.ipv6.route.gc_interval
sysctl -w net.ipv6.conf.nosuch.disable_ipv6=1
sysctl -q -w net.ipv6.route.gc_interval=7
sysctl -n net.ipv6.route.gc_interval
sysctl -w net.ipv6.route.gc_min_interval_ms=1234
sysctl net.ipv6.route.gc_min_interval_ms
