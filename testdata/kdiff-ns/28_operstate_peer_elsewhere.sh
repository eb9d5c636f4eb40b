# operstate of an up veth end without carrier: LOWERLAYERDOWN when its peer is down in the same namespace; DOWN when the peer is in another one and the peer's ifindex names, in this namespace, this device or none (default_operstate looks the index up locally)
# topology: va here (ifindex 2), vb in h; second pair with different indexes
ip netns add h
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns h
ip link set va up
ip -6 addr show dev va
ip link show dev va
ip -n h link add vx type veth peer name vy
ip link add vc address 02:00:00:00:00:03 type veth peer name vd address 02:00:00:00:00:04 netns h
ip link set vc up
ip -6 addr show dev vc
ip -j -6 addr show dev va
ip -n h link set vb up
ip -n h link set vb down
ip -6 addr show dev va
ip link add ve type veth peer name vf
ip link set ve up
ip -6 addr show dev ve
