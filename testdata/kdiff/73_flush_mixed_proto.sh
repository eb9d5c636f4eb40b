# flush of an ECMP group whose members' protocols differ: the delete request carries the first member's rtm_protocol, ip6_route_del passes over the other member, which stays (ESRCH: Failed to send flush request)
# topology: two veth pairs va/vb, wa/wb; the peers have IPv6 off
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip link add wa address 02:00:00:00:00:03 type veth peer name wb address 02:00:00:00:00:04
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
sysctl -qw net.ipv6.conf.wb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip link set wa up
ip link set wb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
ip -6 addr add 2001:db8:2::1/64 dev wa nodad
sysctl -qw net.ipv4.fib_multipath_hash_seed=12345
sleep 3  # let the kernel finish bringing IPv6 up (carrier, link-local)
ip -6 route add 2001:db8::/32 via 2001:db8:1::3 mtu 1300
ip -6 route append 2001:db8::/32 via fe80::1 dev wa expires 50 proto static pref high
ip -6 route add 2001:db8:5::/48 via 2001:db8:1::4
ip -6 route show
ip -6 route flush 2001:db8::/32
ip -6 route show
ip -6 route flush 2001:db8::/32
ip -6 route show
ip -6 route add 2001:db8:7::/48 via 2001:db8:1::5 proto static
ip -6 route append 2001:db8:7::/48 via 2001:db8:2::5 proto static
ip -6 route append 2001:db8:7::/48 via 2001:db8:2::6 proto boot
ip -6 route show
ip -6 route flush proto static
ip -6 route show
ip -6 -s route flush 2001:db8:7::/48
ip -6 route show
