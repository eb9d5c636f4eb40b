# The seed of "ipv6: remove max_size check inline with ipv4" (Linux 6.3):
# five raw-socket (IPV6_HDRINCL) senders flood on-link destinations, each
# keeping 1000 packets in flight (queued for neighbour resolution, each
# holding its uncached RTF_CACHE clone). Before 6.3 the dst count passes
# net.ipv6.route.max_size (4096), dst_alloc fails and sendto() returns
# ENETUNREACH, with the rate-limited notice; from 6.3 on nothing fails.
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
kernel 6.1
sysctl net.ipv6.route.max_size net.ipv6.route.gc_thresh
send raw 2001:db8:1::1000 count 1000 inflight 1000 senders 5
cat /proc/net/rt6_stats
kernel 6.18
sysctl net.ipv6.route.max_size
send raw 2001:db8:1::1000 count 1000 inflight 1000 senders 5
cat /proc/net/rt6_stats
