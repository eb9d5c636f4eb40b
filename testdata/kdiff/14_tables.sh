# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 route add 2001:db8:60::/48 via 2001:db8:1::2 table 10
ip -6 route add 2001:db8:61::/48 via 2001:db8:1::2 table default
ip -6 route add 2001:db8:62::/48 via 2001:db8:1::2 table main
ip -6 route add 2001:db8:63::/48 via 2001:db8:1::2 table 100000
ip -6 route add 2001:db8:64::/48 via 2001:db8:1::2 table foo
ip -6 route show table 10
ip -6 route show table default
ip -6 route show table 100000
ip -6 route show table 11
ip -6 route show table main
ip -6 route show table all
