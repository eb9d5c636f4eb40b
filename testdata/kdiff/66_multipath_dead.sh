# multipath: a hop's device going down marks it dead linkdown (the group stays);
# up again clears it; carrier loss on the peer marks it linkdown
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip link add vc address 02:00:00:00:00:03 type veth peer name vd address 02:00:00:00:00:04
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
sysctl -qw net.ipv6.conf.vd.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip link set vc up
ip link set vd up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
ip -6 addr add 2001:db8:3::1/64 dev vc nodad
sleep 3
ip -6 route add 2001:db8:900::/48 nexthop via 2001:db8:1::2 dev va nexthop via 2001:db8:3::2 dev vc
ip -6 route show 2001:db8:900::/48
ip link set vc down
ip -6 route show 2001:db8:900::/48
ip link set vc up
sleep 3
ip -6 route show 2001:db8:900::/48
ip link set vd down
sleep 2
ip -6 route show 2001:db8:900::/48
