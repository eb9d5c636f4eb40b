# k4: multipath selection from 6.15 starts at the group's first member (4d0ab3a6885e): an input lookup through va prefers a va member, yet flows hashing into the first member's share leave through wa
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
ip -6 route add 2001:db8:10:1::/64 via 2001:db8:2::2 dev wa metric 1024
ip -6 route append 2001:db8:10:1::/64 nexthop via fe80::1 dev va nexthop via 2001:db8:1::3 dev va nexthop via 2001:db8:2::3 dev wa
ip -6 route get 2001:db8:10:1::1 iif va
ip -6 route get fibmatch 2001:db8:10:1::1 iif va
ip -6 route get 2001:db8:10:1::7 iif va
ip -6 route get 2001:db8:10:1::a iif va
ip -6 route get 2001:db8:10:1::b iif va
ip -6 route get 2001:db8:10:1::1 iif wa
ip -6 route get 2001:db8:10:1::1 from 2001:db8:1::9 iif va
ip -6 route get 2001:db8:10:1::1 oif va
ip -6 route get 2001:db8:10:1::1
ip -6 route get 2001:db8:10:1::2
ip -6 route get 2001:db8:10:1::3
ip -6 route get 2001:db8:10:1::4
