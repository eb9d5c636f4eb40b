# a dadfailed address over keep_addr_on_down: it stays dadfailed while the device is down and gets DAD again when it comes up (usable once the peer dropped its copy, dadfailed again while the peer still has it); carrier loss alone does not re-probe
# topology: va here, vb in h
ip netns add h
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns h
ip link set va up
ip -n h link set vb up
sleep 3
ip -n h -6 addr add 2001:db8::1/64 dev vb
ip -n h -6 addr add 2001:db8::2/64 dev vb
sleep 3
sysctl -w net.ipv6.conf.va.keep_addr_on_down=1
ip -6 addr add 2001:db8::1/64 dev va
ip -6 addr add 2001:db8::2/64 dev va valid_lft 100 preferred_lft 50
sleep 3
ip -6 addr show dev va
ip -n h -6 addr del 2001:db8::1/64 dev vb
ip -n h link set vb down
sleep 1
ip -6 addr show dev va
ip -n h link set vb up
sleep 3
ip -6 addr show dev va
ip link set va down
ip -6 addr show dev va
ip link set va up
sleep 3
ip -6 addr show dev va
ip -6 route show table all
ip -n h -6 addr add 2001:db8::1/64 dev vb
sleep 3
ip -n h -6 addr show dev vb
ip link set va down
ip -n h -6 addr del 2001:db8::1/64 dev vb
ip -n h -6 addr add 2001:db8::1/64 dev vb nodad
ip link set va up
sleep 3
ip -6 addr show dev va
ip -6 route show table all
ip -6 addr flush dev va dadfailed
ip -6 addr show dev va
