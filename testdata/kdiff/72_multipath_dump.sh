# the dump of an ECMP route jumps to its last sibling, hiding a route stored between siblings (flush needs a second round); via and dev never select an ECMP route
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 route add 2001:db8:10::/48 via 2001:db8:1::3
ip -6 route append 2001:db8:10::/48 dev va
ip -6 route show 2001:db8:10::/48
ip -6 route append 2001:db8:10::/48 via 2001:db8:1::5
ip -6 route show 2001:db8:10::/48
ip -6 route show dev va
ip -6 route show table all 2001:db8:10::/48
ip -6 route prepend 2001:db8:10::/48 via 2001:db8:1::6
ip -6 route show 2001:db8:10::/48
ip -6 route append 2001:db8:10::/48 via 2001:db8:1::7 metric 1024
ip -6 route show 2001:db8:10::/48
ip -6 -s route flush 2001:db8:10::/48
ip -6 route add 2001:db8:10::/48 via 2001:db8:1::3
ip -6 route append 2001:db8:10::/48 dev va
ip -6 route append 2001:db8:10::/48 via 2001:db8:1::5
ip -6 route del 2001:db8:10::/48 dev va
ip -6 route show 2001:db8:10::/48
ip -6 route del 2001:db8:10::/48 dev va
ip -6 route show 2001:db8:10::/48
ip -6 route del 2001:db8:10::/48 dev va
ip -6 route flush 2001:db8:10::/48
ip -6 route add 2001:db8:10::/48 via 2001:db8:1::3
ip -6 route append 2001:db8:10::/48 via 2001:db8:1::5
ip -6 route add 2001:db8:11::/48 via 2001:db8:1::5
ip -6 route show via 2001:db8:1::5
ip -6 route show via 2001:db8:1::3
ip -6 route show dev va
ip -6 route flush dev va
ip -6 route show
ip -6 route flush via 2001:db8:1::3
ip -6 route show
