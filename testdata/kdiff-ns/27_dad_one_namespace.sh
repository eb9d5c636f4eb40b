# DAD within one namespace: a peer with IPv6 disabled or an MTU below 1280 does not answer, an address on a third device does not, an anycast address of a forwarding peer does
# topology: va<->vb, vc<->vd, all here
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip link add vc address 02:00:00:00:00:03 type veth peer name vd address 02:00:00:00:00:04
ip link set va up
ip link set vb up
ip link set vc up
ip link set vd up
sleep 3
ip -6 addr add 2001:db8::1/64 dev vc
ip -6 addr add 2001:db8::2/64 dev vb
sleep 3
ip -6 addr add 2001:db8::1/64 dev va
sleep 3
ip -6 addr show dev va
sysctl -w net.ipv6.conf.vb.keep_addr_on_down=1
sysctl -w net.ipv6.conf.vb.disable_ipv6=1
ip -6 addr add 2001:db8::2/64 dev va
sleep 3
ip -6 addr show dev va
ip -6 addr show dev vb
sysctl -w net.ipv6.conf.vb.disable_ipv6=0
sleep 3
ip -6 addr show dev vb
ip -6 addr show dev va
ip -6 addr add 2001:db8::7/64 dev vb
sleep 3
ip link set vb mtu 1200
ip -6 addr add 2001:db8::7/64 dev va
sleep 3
ip -6 addr show dev va
ip link set vb mtu 1500
sleep 3
ip -6 addr show
sysctl -w net.ipv6.conf.all.forwarding=1
ip -6 addr add 2001:db8:9::5/64 dev vb
sleep 3
ip -6 addr add 2001:db8:9::/64 dev va
sleep 3
ip -6 addr show dev va
ip -6 route show table local
