# k4: multipath selection, policy 3 (custom fields): fib_multipath_hash_fields picks the hashed fields; no outer field hashes to 0 (first hop)
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
sysctl -qw net.ipv4.fib_multipath_hash_seed=31337
sysctl -w net.ipv6.fib_multipath_hash_policy=3
ip -6 route add 2001:db8:200::/64 nexthop via 2001:db8:1::2 nexthop via 2001:db8:3::2 nexthop via 2001:db8:5::2
sysctl -w net.ipv6.fib_multipath_hash_fields=7
ip -6 route get 2001:db8:200::1 from 2001:db8:1::1 ipproto udp sport 100 dport 4789
ip -6 route get 2001:db8:200::2 from 2001:db8:1::2 ipproto udp sport 200 dport 4789
ip -6 route get 2001:db8:200::3 from 2001:db8:1::3 ipproto udp sport 300 dport 4789
ip -6 route get 2001:db8:200::4 from 2001:db8:1::4 ipproto udp sport 400 dport 4789
ip -6 route get 2001:db8:200::5 from 2001:db8:1::5 ipproto udp sport 500 dport 4789
ip -6 route get 2001:db8:200::6 from 2001:db8:1::6 ipproto udp sport 600 dport 4789
ip -6 route get 2001:db8:200::7 from 2001:db8:1::7 ipproto udp sport 700 dport 4789
ip -6 route get 2001:db8:200::8 from 2001:db8:1::8 ipproto udp sport 800 dport 4789
sysctl -w net.ipv6.fib_multipath_hash_fields=2
ip -6 route get 2001:db8:200::1 from 2001:db8:1::1 ipproto udp sport 100 dport 4789
ip -6 route get 2001:db8:200::2 from 2001:db8:1::2 ipproto udp sport 200 dport 4789
ip -6 route get 2001:db8:200::3 from 2001:db8:1::3 ipproto udp sport 300 dport 4789
ip -6 route get 2001:db8:200::4 from 2001:db8:1::4 ipproto udp sport 400 dport 4789
ip -6 route get 2001:db8:200::5 from 2001:db8:1::5 ipproto udp sport 500 dport 4789
ip -6 route get 2001:db8:200::6 from 2001:db8:1::6 ipproto udp sport 600 dport 4789
ip -6 route get 2001:db8:200::7 from 2001:db8:1::7 ipproto udp sport 700 dport 4789
ip -6 route get 2001:db8:200::8 from 2001:db8:1::8 ipproto udp sport 800 dport 4789
sysctl -w net.ipv6.fib_multipath_hash_fields=0x30
ip -6 route get 2001:db8:200::1 from 2001:db8:1::1 ipproto udp sport 100 dport 4789
ip -6 route get 2001:db8:200::2 from 2001:db8:1::2 ipproto udp sport 200 dport 4789
ip -6 route get 2001:db8:200::3 from 2001:db8:1::3 ipproto udp sport 300 dport 4789
ip -6 route get 2001:db8:200::4 from 2001:db8:1::4 ipproto udp sport 400 dport 4789
ip -6 route get 2001:db8:200::5 from 2001:db8:1::5 ipproto udp sport 500 dport 4789
ip -6 route get 2001:db8:200::6 from 2001:db8:1::6 ipproto udp sport 600 dport 4789
ip -6 route get 2001:db8:200::7 from 2001:db8:1::7 ipproto udp sport 700 dport 4789
ip -6 route get 2001:db8:200::8 from 2001:db8:1::8 ipproto udp sport 800 dport 4789
sysctl -w net.ipv6.fib_multipath_hash_fields=0x3f
ip -6 route get 2001:db8:200::1 from 2001:db8:1::1 ipproto udp sport 100 dport 4789
ip -6 route get 2001:db8:200::2 from 2001:db8:1::2 ipproto udp sport 200 dport 4789
ip -6 route get 2001:db8:200::3 from 2001:db8:1::3 ipproto udp sport 300 dport 4789
ip -6 route get 2001:db8:200::4 from 2001:db8:1::4 ipproto udp sport 400 dport 4789
ip -6 route get 2001:db8:200::5 from 2001:db8:1::5 ipproto udp sport 500 dport 4789
ip -6 route get 2001:db8:200::6 from 2001:db8:1::6 ipproto udp sport 600 dport 4789
ip -6 route get 2001:db8:200::7 from 2001:db8:1::7 ipproto udp sport 700 dport 4789
ip -6 route get 2001:db8:200::8 from 2001:db8:1::8 ipproto udp sport 800 dport 4789
sysctl -w net.ipv6.fib_multipath_hash_fields=0x40
ip -6 route get 2001:db8:200::1 from 2001:db8:1::1 ipproto udp sport 100 dport 4789
ip -6 route get 2001:db8:200::2 from 2001:db8:1::2 ipproto udp sport 200 dport 4789
ip -6 route get 2001:db8:200::3 from 2001:db8:1::3 ipproto udp sport 300 dport 4789
ip -6 route get 2001:db8:200::4 from 2001:db8:1::4 ipproto udp sport 400 dport 4789
ip -6 route get 2001:db8:200::5 from 2001:db8:1::5 ipproto udp sport 500 dport 4789
ip -6 route get 2001:db8:200::6 from 2001:db8:1::6 ipproto udp sport 600 dport 4789
ip -6 route get 2001:db8:200::7 from 2001:db8:1::7 ipproto udp sport 700 dport 4789
ip -6 route get 2001:db8:200::8 from 2001:db8:1::8 ipproto udp sport 800 dport 4789
