# route types local, anycast, nat and broadcast go to table local unless a table is given (add and del); a local route in table main is hidden by a show of table main; a type word after the prefix needs one
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 route add local 2001:db8:24::/48 dev va
ip -6 route add anycast 2001:db8:25::/48 dev va
ip -6 route add nat 2001:db8:26::/48 dev va
ip -6 route add broadcast 2001:db8:27::/48 dev va
ip -6 route add local 2001:db8:28::/48 dev va table main
ip -6 route add unicast 2001:db8:29::/48 dev va
ip -6 route add blackhole 2001:db8:2a::/48
ip -6 route show
ip -6 route show table all
ip -6 route get 2001:db8:24::1
ip -6 route get 2001:db8:25::1
ip -6 route get 2001:db8:28::1
ip -6 route get fibmatch 2001:db8:24::1
ip -6 route del local 2001:db8:24::/48 dev va
ip -6 route del anycast 2001:db8:25::/48
ip -6 route del 2001:db8:26::/48
ip -6 route del local 2001:db8:28::/48
ip -6 route show table all
ip -6 route replace 2001:db8:10::/48 blackhole
ip -6 route add 2001:db8:10::/48 blackhole 2001:db8:11::/48
