# kind 1: the loopback device keeps its inet6_dev below 1280: ::1 and the routes through lo go (as on link down) and do not come back when the MTU is raised, only with the next down/up; addresses and routes can still be added on lo meanwhile; lo takes MTUs from 0
ip link set lo up
ip -6 route add 2001:db8:70::/64 dev lo
ip -6 route show table all
ip link set lo mtu 1000
ip -6 route show table all
sysctl net.ipv6.conf.lo.mtu
ip -6 addr show
ip link set lo mtu 1500
ip -6 route show table all
ip -6 route add 2001:db8:70::/64 dev lo mtu 1500
ip -6 addr add 2001:db8:71::1/64 dev lo
sleep 1
ip -6 route show table all
ip link set lo mtu 1400
ip -6 route show table all
ip link set lo down
ip link set lo up
ip -6 route show table all
ip link set lo mtu 0
ip -6 route show table all
ip link set lo mtu 67
ip link set lo down
ip link set lo up
ip -6 route show table all
ip link set lo mtu 65536
ip -6 route show table all
ip link set lo down
ip link set lo up
ip -6 route show table all
