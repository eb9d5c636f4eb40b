# ip -4 route parses every address and prefix as IPv4: an IPv6 one is refused with get_prefix's or get_addr's error and changes nothing; ip route show with an IPv4 prefix lists IPv4 routes (none here)
# topology: one veth end (va) in this namespace, its peer (vb) up with IPv6 off
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3
ip -4 route add 2001:db8:12::/48 dev va
ip -4 route add 10.0.0.0/8 via 2001:db8:1::2
ip -4 route add 10.0.0.0/8 dev va src 2001:db8:1::1
ip -4 route del 2001:db8:1::/64
ip -4 route replace 2001:db8:1::/64 dev va
ip -4 route get 2001:db8:1::1
ip -4 route get 10.1.1.1 from 2001:db8:1::1
ip -4 route get fibmatch 2001:db8:1::5
ip -4 route show 2001:db8:1::/64
ip -4 route show root 2001:db8::/32
ip -4 route show via 2001:db8:1::2
ip -4 route show src 2001:db8:1::1
ip -4 route flush 2001:db8:1::/64
ip -4 route show
ip -4 route show 10.0.0.0/8
ip -4 route flush 10.0.0.0/8
ip route show 10.0.0.0/8
ip route show root 10.0.0.0/8
ip -6 route show
