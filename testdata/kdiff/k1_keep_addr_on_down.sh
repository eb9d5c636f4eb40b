# kind 1, addrconf_ifdown with keep_addr_on_down: on link down permanent global addresses stay (their routes go; link-local ones go), and on up they get their prefix and local routes back (fixup_permanent_addr); deleting the device or disabling IPv6 drops them all the same
# topology: two veth pairs va/vb, vc/vd; the peers have IPv6 disabled
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
ip -6 addr add 2001:db8:1::9/64 dev va
ip -6 addr add fe80::99/64 dev va nodad
ip -6 addr add 2001:db8:7::1/64 dev va nodad noprefixroute
sysctl -w net.ipv6.conf.all.keep_addr_on_down=1
ip link set va down
ip -6 addr show
ip -6 route show table all
ip link set va up
ip -6 route show table all
sleep 3
ip -6 addr show
ip -6 route show table all
sysctl -w net.ipv6.conf.all.keep_addr_on_down=0
sysctl -w net.ipv6.conf.vc.keep_addr_on_down=1
ip link set vc down
ip link set vc up
sleep 3
ip -6 addr show
sysctl -w net.ipv6.conf.vc.disable_ipv6=1
sysctl -w net.ipv6.conf.vc.disable_ipv6=0
sleep 3
ip -6 addr show
sysctl -w net.ipv6.conf.all.keep_addr_on_down=-1
sysctl -w net.ipv6.conf.va.keep_addr_on_down=1
ip link set va down
ip -6 addr show
ip link set va up
