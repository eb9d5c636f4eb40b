# k5: congctl [lock] NAME (RTAX_CC_ALGO): the kernel's algorithms (reno, bbr, cubic) are taken, others refused; shown after the other metrics, by show, get and fibmatch
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
ip -6 route add 2001:db8:120::/64 via 2001:db8:1::2 congctl cubic
ip -6 route add 2001:db8:121::/64 via 2001:db8:1::2 mtu 1400 hoplimit 9 congctl lock bbr
ip -6 route add 2001:db8:122::/64 via 2001:db8:1::2 congctl dctcp
ip -6 route add 2001:db8:123::/64 via 2001:db8:1::2 congctl
ip -6 route add 2001:db8:124::/64 via 2001:db8:1::2 congctl lock
ip -6 route add 2001:db8:125::/64 via 2001:db8:1::2 congctl reno congctl cubic
ip -6 route add 2001:db8:126::/64 via 2001:db8:1::2 congctl ''
ip -6 route add 2001:db8:127::/64 via 2001:db8:1::2 congctl RENO
ip -6 route add 2001:db8:128::/64 via 2001:db8:1::2 congctl cubiccubiccubiccubic
ip -6 route add 2001:db8:129::/64 via 2001:db8:1::2 cong reno
ip -6 route add 2001:db8:12a::/64 via 2001:db8:1::2 co lock reno
ip -6 route add 2001:db8:12b::/64 nexthop via 2001:db8:1::2 nexthop via 2001:db8:3::2 congctl reno
ip -6 route add 2001:db8:12c::/64 congctl lock reno nexthop via 2001:db8:1::2 nexthop via 2001:db8:3::2
ip -6 route add 2001:db8:12d::/64 via 2001:db8:9::2 congctl foo
ip -6 route add blackhole 2001:db8:12e::/64 congctl foo
ip -6 route show
ip -6 route get 2001:db8:121::1
ip -6 route show 2001:db8:12c::/64
ip -6 route del 2001:db8:120::/64 congctl foo
ip -6 route show 2001:db8:120::/64
