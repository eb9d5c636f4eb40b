# k5: ip -o: a record's line breaks print as a backslash (multipath routes, addresses with the device's index and name); -o with -d
# topology: two veth pairs va/vb, vc/vd; the peers have IPv6 off
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip link add vc address 02:00:00:00:00:03 type veth peer name vd address 02:00:00:00:00:04
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
sysctl -qw net.ipv6.conf.vd.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip link set vc up
ip link set vd up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
ip -6 addr add 2001:db8:3::1/64 dev vc nodad
sleep 3  # link-local addresses finish DAD
sysctl -qw net.ipv4.fib_multipath_hash_seed=1  # ECMP choices repeat
ip -6 route add 2001:db8:115::/64 nexthop via 2001:db8:1::2 nexthop via 2001:db8:3::2 weight 3
ip -o -6 route show
ip -o -6 route get fibmatch 2001:db8:115::1
ip -o -6 route get 2001:db8:115::1
ip -o -6 addr show
ip -o -6 addr show dev va
ip -oneline -6 addr show scope link
ip -d -o -6 addr show dev va
ip -d -o -6 route show
