# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
# sysctl directories, -a with a pattern, procps options, kernel value rules
sysctl net.ipv6.route
sysctl -n net.ipv6.route
sysctl -N net.ipv6.route
sysctl net/ipv6/route
sysctl -a -r '^net\.ipv6\.route\.gc_'
sysctl -ar 'conf\.(lo|va|vb)\.(disable_ipv6|mtu)$'
sysctl -w net.ipv6.route=1
sysctl -w net.ipv6.route.gc_interval=8589935
sysctl -w net.ipv6.route.gc_interval=8589934
sysctl -w net.ipv6.route.gc_interval=-8589934
sysctl -w net.ipv6.route.gc_interval=-8589935
sysctl net.ipv6.route.gc_interval
sysctl -w net.ipv6.route.gc_interval=+5
sysctl -w net.ipv6.route.gc_interval=0x1e
sysctl -w 'net.ipv6.route.gc_interval= 07 '
sysctl -w net.ipv6.route.gc_interval=08
sysctl -w net.ipv6.route.gc_min_interval_ms=-1
sysctl -w net.ipv6.route.gc_min_interval_ms=4294967297
sysctl net.ipv6.route.gc_min_interval_ms net.ipv6.route.gc_min_interval
sysctl -w net.ipv6.route.gc_min_interval_ms=2147483647
sysctl net.ipv6.route.gc_min_interval_ms
sysctl -w net.ipv6.route.gc_thresh=2147483648
sysctl -w net.ipv6.route.gc_thresh=-2147483648
sysctl -n -w net.ipv6.route.gc_thresh=1024
sysctl -b net.ipv6.route.gc_thresh
echo
sysctl -e net.ipv6.nosuch net.ipv6.route.gc_thresh
sysctl -V
sysctl -n
sysctl -N -q net.ipv6.route
