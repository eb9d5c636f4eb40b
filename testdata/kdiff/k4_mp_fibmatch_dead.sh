# k4: fibmatch lists the selected hop first, then the others in ring order; a dead hop (its device down) takes no flows; oif restricts
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
sysctl -qw net.ipv4.fib_multipath_hash_seed=5
ip -6 route add 2001:db8:200::/64 nexthop via 2001:db8:1::2 nexthop via 2001:db8:3::2 weight 3 nexthop via 2001:db8:5::2
ip -6 route get fibmatch 2001:db8:200::1
ip -6 route get fibmatch 2001:db8:200::2
ip -6 route get fibmatch 2001:db8:200::3
ip -6 route get fibmatch 2001:db8:200::4
ip -6 route get fibmatch 2001:db8:200::5
ip -6 route get fibmatch 2001:db8:200::6
ip -6 route get fibmatch 2001:db8:200::7
ip -6 route get fibmatch 2001:db8:200::8
ip -6 route get 2001:db8:200::1 oif vc
ip -6 route get 2001:db8:200::2 oif vc
ip -6 route get 2001:db8:200::3 oif vc
ip -6 route get 2001:db8:200::4 oif vc
ip -6 route get 2001:db8:200::5 oif vc
ip -6 route get 2001:db8:200::6 oif vc
ip link set vc down
ip -6 route show 2001:db8:200::/64
ip -6 route get 2001:db8:200::1
ip -6 route get 2001:db8:200::2
ip -6 route get 2001:db8:200::3
ip -6 route get 2001:db8:200::4
ip -6 route get 2001:db8:200::5
ip -6 route get 2001:db8:200::6
ip -6 route get 2001:db8:200::7
ip -6 route get 2001:db8:200::8
ip -6 route get 2001:db8:200::9
ip -6 route get 2001:db8:200::10
ip -6 route get 2001:db8:200::11
ip -6 route get 2001:db8:200::12
ip link set vc up
sleep 3
ip -6 route get 2001:db8:200::1
ip -6 route get 2001:db8:200::2
ip -6 route get 2001:db8:200::3
ip -6 route get 2001:db8:200::4
ip -6 route get 2001:db8:200::5
ip -6 route get 2001:db8:200::6
ip -6 route get 2001:db8:200::7
ip -6 route get 2001:db8:200::8
ip -6 route append 2001:db8:200::/64 via 2001:db8:1::7
ip -6 route show 2001:db8:200::/64
ip -6 route get fibmatch 2001:db8:200::1
ip -6 route get fibmatch 2001:db8:200::2
ip -6 route get fibmatch 2001:db8:200::3
ip -6 route get fibmatch 2001:db8:200::4
ip -6 route get fibmatch 2001:db8:200::5
ip -6 route get fibmatch 2001:db8:200::6
ip -6 route get fibmatch 2001:db8:200::7
ip -6 route get fibmatch 2001:db8:200::8
ip -6 route del 2001:db8:200::/64 via 2001:db8:1::2
ip -6 route get 2001:db8:200::1
ip -6 route get 2001:db8:200::2
ip -6 route get 2001:db8:200::3
ip -6 route get 2001:db8:200::4
ip -6 route get 2001:db8:200::5
ip -6 route get 2001:db8:200::6
ip -6 route get 2001:db8:200::7
ip -6 route get 2001:db8:200::8
