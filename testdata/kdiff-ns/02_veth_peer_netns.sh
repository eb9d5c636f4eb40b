# a veth pair between namespaces: peer netns, address and mtu on either end, NAME@ifN, link-netns and the ids
ip netns add h
ip link add va address 02:00:00:00:00:01 mtu 1400 type veth peer name vb address 02:00:00:00:00:02 mtu 1300 netns h
ip netns list
ip -n h netns list
ip link show
ip link show va
ip -n h link show
ip netns list
ip -n h netns list
ip -6 addr
ip link set lo up
ip link set va up
ip -n h link set lo up
ip -n h link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
ip -n h -6 addr add 2001:db8:1::2/64 dev vb nodad
sleep 3
ip link show va
ip -n h link show vb
ip -6 addr
ip -n h -6 addr
ip -6 route
ip -n h -6 route
ip -6 route get 2001:db8:1::2
sysctl net.ipv6.conf.va.mtu
ip netns exec h sysctl net.ipv6.conf.vb.mtu
ip link add vc type veth peer name vd netns nosuch
ip link add vc mtu 60 type veth peer name vd netns h
ip link add vc type veth peer name vd mtu 70000 netns h
ip link add vc type veth peer name lo netns h
ip link add va type veth peer name vd netns h
ip link show
ip -n h link show
ip netns del h
sleep 1
ip link show
ip -6 route
