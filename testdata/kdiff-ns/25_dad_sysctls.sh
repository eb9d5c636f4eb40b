# DAD across namespaces and its sysctls: accept_dad 0 (device or all) and dad_transmits 0 send no probe; a probe waits for the peer to come up; the peer's addresses with finite lifetimes; a dadfailed address in JSON, -d and the dadfailed filter
# topology: va here, vb in h
ip netns add h
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns h
ip link set va up
ip -n h link set vb up
sleep 3
ip -n h -6 addr add 2001:db8::1/64 dev vb
sleep 3
sysctl -w net.ipv6.conf.va.accept_dad=0
ip -6 addr add 2001:db8::1/64 dev va
sleep 3
ip -6 addr show dev va
ip -6 addr del 2001:db8::1/64 dev va
sysctl -w net.ipv6.conf.va.accept_dad=1
sysctl -w net.ipv6.conf.va.dad_transmits=0
ip -6 addr add 2001:db8::1/64 dev va
sleep 3
ip -6 addr show dev va
ip -6 addr del 2001:db8::1/64 dev va
sysctl -w net.ipv6.conf.va.dad_transmits=1
sysctl -w net.ipv6.conf.all.accept_dad=0
ip -6 addr add 2001:db8::1/64 dev va
sleep 3
ip -6 addr show dev va
ip -6 addr del 2001:db8::1/64 dev va
sysctl -w net.ipv6.conf.all.accept_dad=1
ip -n h link set vb down
ip -6 addr add 2001:db8::1/64 dev va
sleep 3
ip -6 addr show dev va
ip -n h link set vb up
sleep 3
ip -6 addr show dev va
ip -n h -6 addr show dev vb
ip -6 addr del 2001:db8::1/64 dev va
ip -6 addr add 2001:db8::2/64 dev va
sleep 3
ip -n h -6 addr add 2001:db8::2/64 dev vb valid_lft 50 preferred_lft 50
sleep 3
ip -n h -6 addr show dev vb
ip -6 addr add 2001:db8::3/64 dev va valid_lft 50 preferred_lft 50
sleep 3
ip -n h -6 addr add 2001:db8::3/64 dev vb
sleep 3
ip -n h -6 addr show dev vb
ip -6 addr del 2001:db8::3/64 dev va
ip -6 addr add 2001:db8::3/64 dev va
sleep 3
ip -6 addr show dev va
ip -j -6 addr show dev va
ip -d -6 addr show dev va
ip -6 addr show dev va dadfailed
ip -n h -j -6 addr show dev vb
ip -6 route show table all
ip -n h -6 route show table all
