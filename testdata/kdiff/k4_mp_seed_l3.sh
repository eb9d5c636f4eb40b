# k4: multipath selection, policy 0 (L3): with net.ipv4.fib_multipath_hash_seed set, route get picks the hop the seeded SipHash of the addresses selects, by weight
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
sysctl -w net.ipv4.fib_multipath_hash_seed=1234
ip -6 route add 2001:db8:200::/64 nexthop via 2001:db8:1::2 nexthop via 2001:db8:3::2 nexthop via 2001:db8:5::2 weight 2
ip -6 route get 2001:db8:200::25
ip -6 route get 2001:db8:200::4a
ip -6 route get 2001:db8:200::6f
ip -6 route get 2001:db8:200::94
ip -6 route get 2001:db8:200::b9
ip -6 route get 2001:db8:200::de
ip -6 route get 2001:db8:200::103
ip -6 route get 2001:db8:200::128
ip -6 route get 2001:db8:200::14d
ip -6 route get 2001:db8:200::172
ip -6 route get 2001:db8:200::197
ip -6 route get 2001:db8:200::1bc
ip -6 route get 2001:db8:200::1e1
ip -6 route get 2001:db8:200::206
ip -6 route get 2001:db8:200::22b
ip -6 route get 2001:db8:200::250
ip -6 route get 2001:db8:200::275
ip -6 route get 2001:db8:200::29a
ip -6 route get 2001:db8:200::2bf
ip -6 route get 2001:db8:200::2e4
ip -6 route get 2001:db8:200::309
ip -6 route get 2001:db8:200::32e
ip -6 route get 2001:db8:200::353
ip -6 route get 2001:db8:200::378
ip -6 route get 2001:db8:200::39d
ip -6 route get 2001:db8:200::3c2
ip -6 route get 2001:db8:200::3e7
ip -6 route get 2001:db8:200::40c
ip -6 route get 2001:db8:200::431
ip -6 route get 2001:db8:200::456
ip -6 route get 2001:db8:200::47b
ip -6 route get 2001:db8:200::4a0
ip -6 route get 2001:db8:200::4c5
ip -6 route get 2001:db8:200::4ea
ip -6 route get 2001:db8:200::50f
ip -6 route get 2001:db8:200::534
ip -6 route get 2001:db8:200::559
ip -6 route get 2001:db8:200::57e
ip -6 route get 2001:db8:200::5a3
ip -6 route get 2001:db8:200::5c8
ip -6 route get 2001:db8:200::5ed
ip -6 route get 2001:db8:200::612
ip -6 route get 2001:db8:200::637
ip -6 route get 2001:db8:200::65c
ip -6 route get 2001:db8:200::681
ip -6 route get 2001:db8:200::6a6
ip -6 route get 2001:db8:200::6cb
ip -6 route get 2001:db8:200::6f0
sysctl -w net.ipv4.fib_multipath_hash_seed=4000000000
ip -6 route get 2001:db8:200::25
ip -6 route get 2001:db8:200::4a
ip -6 route get 2001:db8:200::6f
ip -6 route get 2001:db8:200::94
ip -6 route get 2001:db8:200::b9
ip -6 route get 2001:db8:200::de
ip -6 route get 2001:db8:200::103
ip -6 route get 2001:db8:200::128
ip -6 route get 2001:db8:200::14d
ip -6 route get 2001:db8:200::172
ip -6 route get 2001:db8:200::197
ip -6 route get 2001:db8:200::1bc
ip -6 route get 2001:db8:200::1e1
ip -6 route get 2001:db8:200::206
ip -6 route get 2001:db8:200::22b
ip -6 route get 2001:db8:200::250
