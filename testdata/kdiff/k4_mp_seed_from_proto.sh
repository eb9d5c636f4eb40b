# k4: multipath selection, policy 0: the source address is hashed too (from), the protocol (ipproto) counts, ports do not
# topology: three veth pairs va/vb, vc/vd, vx/vy; the peers have IPv6 off
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip link add vc address 02:00:00:00:00:03 type veth peer name vd address 02:00:00:00:00:04
ip link add vx address 02:00:00:00:00:05 type veth peer name vy address 02:00:00:00:00:06
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
sysctl -qw net.ipv6.conf.vd.disable_ipv6=1
sysctl -qw net.ipv6.conf.vy.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip link set vc up
ip link set vd up
ip link set vx up
ip link set vy up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
ip -6 addr add 2001:db8:3::1/64 dev vc nodad
ip -6 addr add 2001:db8:5::1/64 dev vx nodad
sysctl -qw net.ipv4.fib_multipath_hash_seed=99
ip -6 route add 2001:db8:200::/64 nexthop via 2001:db8:1::2 nexthop via 2001:db8:3::2 nexthop via 2001:db8:5::2
ip -6 route get 2001:db8:200::1 from 2001:db8:1::1
ip -6 route get 2001:db8:200::1 from 2001:db8:2::1
ip -6 route get 2001:db8:200::1 from 2001:db8:3::1
ip -6 route get 2001:db8:200::1 from 2001:db8:4::1
ip -6 route get 2001:db8:200::1 from 2001:db8:5::1
ip -6 route get 2001:db8:200::1 from 2001:db8:6::1
ip -6 route get 2001:db8:200::1 from 2001:db8:7::1
ip -6 route get 2001:db8:200::1 from 2001:db8:8::1
ip -6 route get 2001:db8:200::1 from 2001:db8:9::1
ip -6 route get 2001:db8:200::1 from 2001:db8:a::1
ip -6 route get 2001:db8:200::1 from 2001:db8:b::1
ip -6 route get 2001:db8:200::1 from 2001:db8:c::1
ip -6 route get 2001:db8:200::1 ipproto tcp
ip -6 route get 2001:db8:200::1 ipproto udp sport 1000 dport 53
ip -6 route get 2001:db8:200::2 ipproto tcp
ip -6 route get 2001:db8:200::2 ipproto udp sport 2000 dport 53
ip -6 route get 2001:db8:200::3 ipproto tcp
ip -6 route get 2001:db8:200::3 ipproto udp sport 3000 dport 53
ip -6 route get 2001:db8:200::4 ipproto tcp
ip -6 route get 2001:db8:200::4 ipproto udp sport 4000 dport 53
ip -6 route get 2001:db8:200::5 ipproto tcp
ip -6 route get 2001:db8:200::5 ipproto udp sport 5000 dport 53
ip -6 route get 2001:db8:200::6 ipproto tcp
ip -6 route get 2001:db8:200::6 ipproto udp sport 6000 dport 53
ip -6 route get 2001:db8:200::7 ipproto tcp
ip -6 route get 2001:db8:200::7 ipproto udp sport 7000 dport 53
ip -6 route get 2001:db8:200::8 ipproto tcp
ip -6 route get 2001:db8:200::8 ipproto udp sport 8000 dport 53
ip -6 route get 2001:db8:200::9 ipproto tcp
ip -6 route get 2001:db8:200::9 ipproto udp sport 9000 dport 53
ip -6 route get 2001:db8:200::10 ipproto tcp
ip -6 route get 2001:db8:200::10 ipproto udp sport 10000 dport 53
ip -6 route get 2001:db8:200::11 ipproto tcp
ip -6 route get 2001:db8:200::11 ipproto udp sport 11000 dport 53
ip -6 route get 2001:db8:200::12 ipproto tcp
ip -6 route get 2001:db8:200::12 ipproto udp sport 12000 dport 53
