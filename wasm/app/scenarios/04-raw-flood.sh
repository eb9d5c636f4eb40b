# The seed of "ipv6: remove max_size check inline with ipv4" (Linux 6.3):
# raw-socket senders each keep many packets in flight, each holding an
# uncached dst; before 6.3 dst_alloc fails past max_size.
# > The console shows what the senders get; the route cache view animates the flood before and after 6.3.
ip link add va address 02:00:00:00:00:11 type veth peer name vb address 02:00:00:00:00:12
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
# > Linux 6.1: max_size (4096) is enforced.
kernel 6.1
sysctl net.ipv6.route.max_size net.ipv6.route.gc_thresh
send raw 2001:db8:1::1000 count 1000 inflight 1000 senders 5
cat /proc/net/rt6_stats
# > Linux 6.18: the same flood, nothing fails.
kernel 6.18
send raw 2001:db8:1::1000 count 1000 inflight 1000 senders 5
cat /proc/net/rt6_stats
