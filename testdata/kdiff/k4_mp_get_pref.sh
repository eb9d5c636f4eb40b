# k4: a get answer's pref is the flags of the route the lookup matched (fib6_result.fib6_flags), not of the member the hash chose; with mixed pref the hash still spreads from the first member
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
ip -6 route add 2001:db8:10::/48 via 2001:db8:2::3 dev wa pref high
ip -6 route append 2001:db8:10::/48 via fe80::1 dev va
ip -6 route get 2001:db8:10::5
ip -6 route get 2001:db8:10::6
ip -6 route get 2001:db8:10::7
ip -6 route get 2001:db8:10::8
ip -6 route add 2001:db8::/32 via 2001:db8:1::3 mtu 1300
ip -6 route append 2001:db8::/32 via fe80::1 dev wa expires 50 proto static pref high
ip -6 route get 2001:db8:ffff::3
ip -6 route get fibmatch 2001:db8:ffff::3
ip -6 route get 2001:db8:ffff::4
ip -6 route get 2001:db8:ffff::5
ip -6 route get 2001:db8:ffff::6
