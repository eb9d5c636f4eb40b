ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip link add va type veth peer name vc
ip link add vd type dummy
ip link add vx address 02:00:00:00:00:0a type veth peer name vy address 02:00:00:00:00:0b
ip link set vx up
sleep 2
ip link set vy up
sleep 3
ip -6 route show table all
