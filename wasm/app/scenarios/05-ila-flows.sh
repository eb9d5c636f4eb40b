# ILA: a /128 ILA route caches the route of the translated address in its
# dst_cache (hits); a /64 one looks up every packet.
# > Left runs Linux 4.8 (no dst_cache in ILA routes), right 6.18; the ILA view shows each packet through ila_output.
left: kernel 4.8
ip link add va address 02:00:00:00:00:11 type veth peer name vb address 02:00:00:00:00:12
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
ip -6 route add 2001:db8:2::/64 via 2001:db8:1::2
ip -6 route add 3333::2000:0:0:2/128 encap ila 2001:db8:2:0 csum-mode neutral-map dev va
ip -6 route add 3333:0:0:1::/64 encap ila 2001:db8:2:0 ident-type luid dev va
# > A /128 ILA route: on 6.18 the first packet misses, the rest hit the dst_cache; 4.8 has no dst_cache and sends on the SIR route's own dst.
send 3333::2000:0:0:2 count 10
# > A /64 ILA route: on 6.18 every packet looks up (the route is not connected: nothing is cached); 4.8 never looks up.
send 3333:0:0:1:2000::5 count 10
# > A route added under the cached route's node changes its sernum: the cookie goes stale.
ip -6 route add 2001:db8:2::/80 via 2001:db8:1::2
send 3333::2000:0:0:2 count 10
