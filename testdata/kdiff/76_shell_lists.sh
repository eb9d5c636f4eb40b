# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
# lists: ; && || with $? updated between commands
ip -6 route add 2001:db8:10::/48 dev va && ip -6 route show 2001:db8:10::/48
ip -6 route add 2001:db8:10::/48 dev va && echo not-here || echo "failed $?"
ip -6 route del 2001:db8:10::/48; ip -6 route del 2001:db8:10::/48; echo $?
false; echo $?; true; echo $?
ip -6 route show;echo x
ip -6 route add 2001:db8:11::/48 via 2001:db8:1::2&&ip -6 route add 2001:db8:12::/48 via 2001:db8:1::2||echo no
ip -6 route show
echo "a;b" 'c&&d' e\;f # comment; echo not-run
ip -6 route flush 2001:db8:11::/48 ; ip -6 route show
