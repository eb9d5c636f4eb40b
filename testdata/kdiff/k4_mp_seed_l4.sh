# k4: multipath selection, policy 1 (L4): ports and protocol are hashed; the hash is symmetric (ports and addresses sorted)
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
sysctl -qw net.ipv4.fib_multipath_hash_seed=7
sysctl -w net.ipv6.fib_multipath_hash_policy=1
ip -6 route add 2001:db8:200::/64 nexthop via 2001:db8:1::2 nexthop via 2001:db8:3::2 nexthop via 2001:db8:5::2
ip -6 route get 2001:db8:200::1 ipproto tcp sport 997 dport 443
ip -6 route get 2001:db8:200::1 ipproto tcp sport 1994 dport 443
ip -6 route get 2001:db8:200::1 ipproto tcp sport 2991 dport 443
ip -6 route get 2001:db8:200::1 ipproto tcp sport 3988 dport 443
ip -6 route get 2001:db8:200::1 ipproto tcp sport 4985 dport 443
ip -6 route get 2001:db8:200::1 ipproto tcp sport 5982 dport 443
ip -6 route get 2001:db8:200::1 ipproto tcp sport 6979 dport 443
ip -6 route get 2001:db8:200::1 ipproto tcp sport 7976 dport 443
ip -6 route get 2001:db8:200::1 ipproto tcp sport 8973 dport 443
ip -6 route get 2001:db8:200::1 ipproto tcp sport 9970 dport 443
ip -6 route get 2001:db8:200::1 ipproto tcp sport 10967 dport 443
ip -6 route get 2001:db8:200::1 ipproto tcp sport 11964 dport 443
ip -6 route get 2001:db8:200::1 ipproto tcp sport 12961 dport 443
ip -6 route get 2001:db8:200::1 ipproto tcp sport 13958 dport 443
ip -6 route get 2001:db8:200::1 ipproto tcp sport 14955 dport 443
ip -6 route get 2001:db8:200::1 ipproto tcp sport 15952 dport 443
ip -6 route get 2001:db8:200::1 ipproto udp sport 443 dport 997
ip -6 route get 2001:db8:200::1 from 2001:db8:9::1 ipproto tcp sport 0x11 dport 07
ip -6 route get 2001:db8:200::1 ipproto udp sport 443 dport 1994
ip -6 route get 2001:db8:200::2 from 2001:db8:9::2 ipproto tcp sport 0x22 dport 014
ip -6 route get 2001:db8:200::1 ipproto udp sport 443 dport 2991
ip -6 route get 2001:db8:200::3 from 2001:db8:9::3 ipproto tcp sport 0x33 dport 021
ip -6 route get 2001:db8:200::1 ipproto udp sport 443 dport 3988
ip -6 route get 2001:db8:200::4 from 2001:db8:9::4 ipproto tcp sport 0x44 dport 028
ip -6 route get 2001:db8:200::1 ipproto udp sport 443 dport 4985
ip -6 route get 2001:db8:200::5 from 2001:db8:9::5 ipproto tcp sport 0x55 dport 035
ip -6 route get 2001:db8:200::1 ipproto udp sport 443 dport 5982
ip -6 route get 2001:db8:200::6 from 2001:db8:9::6 ipproto tcp sport 0x66 dport 042
ip -6 route get 2001:db8:200::1 ipproto udp sport 443 dport 6979
ip -6 route get 2001:db8:200::7 from 2001:db8:9::7 ipproto tcp sport 0x77 dport 049
ip -6 route get 2001:db8:200::1 ipproto udp sport 443 dport 7976
ip -6 route get 2001:db8:200::8 from 2001:db8:9::8 ipproto tcp sport 0x88 dport 056
ip -6 route get 2001:db8:200::1
ip -6 route get 2001:db8:200::2
ip -6 route get 2001:db8:200::3
ip -6 route get 2001:db8:200::4
ip -6 route get 2001:db8:200::5
ip -6 route get 2001:db8:200::6
ip -6 route get 2001:db8:200::7
ip -6 route get 2001:db8:200::8
sysctl -w net.ipv6.fib_multipath_hash_policy=2
ip -6 route get 2001:db8:200::1 ipproto tcp sport 80 dport 1
ip -6 route get 2001:db8:200::2 ipproto tcp sport 80 dport 2
ip -6 route get 2001:db8:200::3 ipproto tcp sport 80 dport 3
ip -6 route get 2001:db8:200::4 ipproto tcp sport 80 dport 4
ip -6 route get 2001:db8:200::5 ipproto tcp sport 80 dport 5
ip -6 route get 2001:db8:200::6 ipproto tcp sport 80 dport 6
ip -6 route get 2001:db8:200::7 ipproto tcp sport 80 dport 7
ip -6 route get 2001:db8:200::8 ipproto tcp sport 80 dport 8
