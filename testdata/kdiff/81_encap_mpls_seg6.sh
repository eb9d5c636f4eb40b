# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
# encap mpls and seg6 arguments (this kernel has no mpls_iptunnel)
ip -6 route add 2001:db8:9::/64 encap mpls 100 dev va
ip -6 route add 2001:db8:9::/64 encap mpls 100/200 ttl 5 via 2001:db8:1::2 dev va
ip -6 route add 2001:db8:9::/64 encap mpls 100 ttl 256 dev va
ip -6 route add 2001:db8:9::/64 encap mpls 100 ttl 1 ttl 2 dev va
ip -6 route add 2001:db8:9::/64 encap mpls 1048576 dev va
ip -6 route add 2001:db8:9::/64 encap mpls 0x10/010 dev va
ip -6 route add 2001:db8:9::/64 encap mpls 100/
ip -6 route add 2001:db8:9::/64 encap mpls 100 dev nosuch
ip -6 route del 2001:db8:1::/64 encap mpls 100 dev va
ip -6 route add 2001:db8:9::/64 encap seg6 mode bad segs 2001:db8::1 dev va
ip -6 route add 2001:db8:9::/64 encap seg6 mode encap segs 2001:db8::1,zz dev va
ip -6 route add 2001:db8:9::/64 encap seg6 segs 2001:db8::1 dev va
ip -6 route add 2001:db8:9::/64 encap seg6 mode encap mode inline dev va
ip -6 route add 2001:db8:9::/64 encap seg6 hmac 1 dev va
ip -6 route add 2001:db8:9::/64 encap seg6 mode inline segs 2001:db8::1 dev nosuch
ip -6 route add 2001:db8:9::/64 encap seg6 mode encap segs
ip -6 route add 2001:db8:9::/64 encap seg6 mode encap segs 2001:db8::1 x
ip -6 route show
