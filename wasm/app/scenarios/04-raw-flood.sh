# The seed of "ipv6: remove max_size check inline with ipv4" (Linux 6.3):
# raw-socket senders each keep many packets in flight, each holding an
# uncached dst; before 6.3 dst_alloc fails past max_size.
# > Left runs Linux 6.1 (max_size enforced), right 6.18; the route cache view shows the dst entries.
ip link add va address 02:00:00:00:00:11 type veth peer name vb address 02:00:00:00:00:12
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sysctl net.ipv6.route.max_size net.ipv6.route.gc_thresh
# > Five senders, 1,000 packets in flight each: past max_size (4,096) 6.1 refuses with ENETUNREACH.
send raw 2001:db8:1::1000 count 1000 inflight 1000 senders 5
cat /proc/net/rt6_stats
# > The packets leave; their dsts are freed.
sleep 1
cat /proc/net/rt6_stats
