# both veth ends have IPv6; addresses on each
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
# IPv6 on vb only now, so its kernel routes come after va's (both ends get
# carrier at the same moment, and the kernel's order would be a race)
sysctl -qw net.ipv6.conf.vb.disable_ipv6=0
ip -6 addr add 2001:db8:2::1/64 dev vb nodad
sleep 3
ip -6 route show table all
ip -6 route get 2001:db8:2::5
ip -6 route add 2001:db8:9::/48 via 2001:db8:2::2
ip -6 route add 2001:db8:9::/48 via 2001:db8:1::2 dev vb
ip -6 route show
