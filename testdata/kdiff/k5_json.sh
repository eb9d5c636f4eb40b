# k5: ip -j: JSON for route show (metrics, nexthops, expires), get, fibmatch, addr show with and without dev, -j with -d, -s and -o, empty lists, a failed dump
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
ip -6 route add 2001:db8:111::/64 via 2001:db8:1::2 mtu 1400 congctl lock reno expires 100
ip -6 route add 2001:db8:115::/64 mtu lock 1400 hoplimit 5 advmss 1000 nexthop via 2001:db8:1::2 nexthop via 2001:db8:3::2 weight 3
ip -6 route add blackhole 2001:db8:116::/64
ip -6 route add 2001:db8:117::/64 dev va table 100 src 2001:db8:1::1 pref high proto static
ip -j -6 route show
ip -j -6 route show table all
ip -j -d -6 route show
ip -j -s -6 route show
ip -j -o -6 route show table local
ip -j -6 route get 2001:db8:117::1
ip -j -6 route get fibmatch 2001:db8:115::1
ip -j -6 route get 2001:db8:1::5 connected
ip -j -6 route show 2001:db8:999::/64
ip -j route show
ip -j -6 route show table 999
ip -j -6 route show cache
ip -json -6 route show 2001:db8:1::/64 dev va
ip -j -6 addr show
ip -j -6 addr show dev va
ip -j -d -6 addr show dev lo
ip -j -d -6 addr show
ip -j -6 addr show scope host
ip -j -6 addr show dev nosuch
ip -jp -6 route
