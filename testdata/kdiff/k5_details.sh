# k5: ip -d: route show and get print the type, table main, proto boot and scope global too; addr show prints the link layer address, and with dev the whole link (lo and veth)
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
ip -6 route add blackhole 2001:db8:116::/64
ip -6 route add 2001:db8:117::/64 dev va table 100 proto static
ip -d -6 route show
ip -d -6 route show table all
ip -d -6 route show scope global
ip -d -6 route show proto kernel
ip -d -6 route get 2001:db8:1::5
ip -d -6 route get fibmatch 2001:db8:117::1
ip -d -6 route show table local
ip -details -6 addr show
ip -d -6 addr show dev lo
ip -d -6 addr show dev va
ip link set vc down
ip -6 addr add 2001:db8:3::1/64 dev vc nodad
ip -d -6 addr show dev vc
