# flush table all empties table local too (a second flush finds nothing); -s reports the rounds or Nothing to flush., -s -s also prints each deleted route
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 route add 2001:db8:10::/48 via 2001:db8:1::2
ip -6 route add 2001:db8:11::/48 via 2001:db8:1::2
ip -6 route add 2001:db8:12::/48 nexthop via 2001:db8:1::2 nexthop via 2001:db8:1::3
ip -6 -s route flush 2001:db8:12::/48
ip -6 -s route flush root 2001:db8::/32
ip -6 -s route flush root 2001:db8::/32
ip -6 -s -s route flush table all
ip -6 -s route show table all
ip -6 -s route flush table all
ip -s -6 route flush table 100
ip -6 -stat route flush table main
ip -6 route add 2001:db8:10::/48 via 2001:db8:1::2 table 100
ip -6 route add 2001:db8:11::/48 via 2001:db8:1::2
ip -6 route add local 2001:db8:12::/48 dev va
ip -6 route add blackhole 2001:db8:13::/48 table local
ip -6 route flush table all
ip -6 route show table all
ip -6 route flush table all
ip -6 route show table all
ip -6 route get 2001:db8:1::1
ip -6 route get ::1
ip -6 route get fe80::ff:fe00:1
ip -6 route get ff02::1
ip -6 -s route flush table all
