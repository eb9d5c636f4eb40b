# ILA with the per-route dst_cache (Linux 4.9): a /128 ILA route is
# "connected", so ila_output caches the route of the translated address
# and only the first packet looks it up; a /64 ILA route maps different
# packets to different addresses, so every packet looks up.
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
ip -6 route add 2001:db8:2::/64 via 2001:db8:1::2
ip -6 route add 3333::2000:0:0:2/128 encap ila 2001:db8:2:0 csum-mode neutral-map dev va
ip -6 route add 3333:0:0:1::/64 encap ila 2001:db8:2:0 ident-type luid dev va
ip -6 route show
send 3333::2000:0:0:2 count 10
send 3333:0:0:1:2000::5 count 10
# a route added under the cached route's node invalidates the cache
ip -6 route add 2001:db8:2::/80 via 2001:db8:1::2
send 3333::2000:0:0:2 count 10
# deleting the cached route too
ip -6 route del 2001:db8:2::/64
ip -6 route add 2001:db8:2::/64 via 2001:db8:1::2
send 3333::2000:0:0:2 count 10
# so does flushing it
ip -6 route flush 2001:db8:2::/64
ip -6 route add 2001:db8:2::/64 via 2001:db8:1::2
send 3333::2000:0:0:2 count 10
# the kernel before the 2016 change: no dst_cache, every packet leaves
# through the route's own output
kernel 4.8
ip -6 route add 3333::2000:0:0:3/128 encap ila 2001:db8:2:0 dev va
send 3333::2000:0:0:3 count 10
