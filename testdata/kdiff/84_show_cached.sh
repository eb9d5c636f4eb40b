# ip route list takes any prefix of cached or cloned for the route cache (exceptions), after table and vrf
# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 route add 2001:db8:a::/64 dev lo
ip -6 route show cached
ip -6 route show cache
ip -6 route show cach
ip -6 route show ca
ip -6 route show c
ip -6 route show cloned
ip -6 route show cl
ip -6 route show table main cached
ip -6 route show cached table main
ip -6 route show cachedx
ip -6 route show clonedd
ip -6 route list cached 2001:db8:a::/64
ip -6 route show
