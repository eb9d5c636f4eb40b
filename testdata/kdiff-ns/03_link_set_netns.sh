# ip link set DEV netns NS: the device goes down and loses its addresses and routes, keeps its ifindex when free, and errors
sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns add h
ip -n h link add d1 address 02:00:00:00:00:11 type veth peer name d2 address 02:00:00:00:00:12
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip link add vx address 02:00:00:00:00:03 type veth peer name vy address 02:00:00:00:00:04
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
ip -6 addr add 2001:db8:1::2/64 dev vb nodad
sleep 1
ip -6 route show dev va
ip link set vb netns h
ip link set vy netns h
ip link show
ip -n h link show
ip netns list
ip -n h netns list
ip -6 route
ip -6 addr
ip -n h -6 addr
ip link set lo netns h
ip link set vx netns nosuch
ip link set nosuch netns h
ip -n h link add vx type veth peer name vz
ip link set vx netns h
ip -n h link set vb up
sleep 1
ip link show va
ip -6 addr
ip -n h -6 addr
ip -n h link set vb netns h
ip netns del h
sleep 1
ip link show
