# sysctl: a key given as a path (net/ipv6/...), conf.all/default.disable_ipv6 and conf.DEV.mtu reads; conf.DEV is gone while the MTU is below 1280; failed reads add up in the status
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
sysctl net.ipv6.route.gc_elasticity
sysctl net/ipv6/route/gc_interval
sysctl net.ipv6.route.min_adv_mss
sysctl -w net.ipv6.route.min_adv_mss=1000
sysctl net.ipv6.conf.all.disable_ipv6
sysctl net.ipv6.conf.default.disable_ipv6
sysctl net.ipv6.conf.va.mtu
sysctl -w net.ipv6.route.gc_thresh=abc
sysctl -w net.ipv6.route.gc_thresh=99999999999
sysctl -p
sysctl net/ipv6/conf/va/disable_ipv6
ip link set va mtu 1400
sysctl -n net.ipv6.conf.va.mtu
ip link set va mtu 1000
sysctl net.ipv6.conf.va.mtu net.ipv6.conf.va.disable_ipv6
sysctl net.a net.ipv6.route.gc_interval net.b
