# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
# addresses ipv6_add_addr refuses, and loopback addresses (never tentative)
ip -6 addr add ::1/128 dev va
ip -6 addr add ::1/128 dev vb
ip -6 addr add ff02::5/64 dev va
ip -6 addr add :: dev va
ip -6 addr add ::1/64 dev lo
ip -6 addr add 2001:db8:1::1/128 dev va
ip -6 addr add ::2/128 dev lo
sleep 1  # the kernel completes loopback DAD in a work item, at once but not synchronously
ip -6 route show table all
ip link set lo down
ip -6 addr add ::4/128 dev lo
sleep 1
ip -6 route show table local
ip link set lo up
ip -6 addr show
ip -6 route show table all
