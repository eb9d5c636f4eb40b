# SLAAC from a Prefix Information option with the A flag: a dynamic mngtmpaddr address from the EUI-64 of the MAC with the option's lifetimes, deprecated when its preferred lifetime ends, gone when its valid lifetime ends while its prefix route stays, expired, until the GC; the two-hour rule when an RA shortens the valid lifetime; the sender takes its own prefix too
ip netns add h
ip netns add r
ip netns exec h sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns exec r sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n h link set lo up
ip -n r link set lo up
ip -n h link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns r
ip -n h link set va up
ip -n r link set vb up
sleep 1
ip netns exec r ra vb lifetime 0 pio 2001:db8:77::/64,6,3,LA pio 2001:db8:78::/64,10000,10000,LA pio 2001:db8:79::/64,300,120,A pio 2001:db8:7a::/48,300,120,LA
sleep 0.3
ip -n h -6 addr
ip -n h -6 route
ip -n r -6 addr
ip -n r -6 route
ip netns exec h sysctl -w net.ipv6.route.gc_interval=30
sleep 3.5
# 77 deprecated: the source address selection avoids it
ip -n h -6 addr
ip -n h -6 route get 2001:db8:77::99
sleep 3
# 77 gone, its prefix route stays until the GC runs
ip -n h -6 addr
ip -n h -6 route
ip netns exec h sysctl -w net.ipv6.route.flush=1
ip -n h -6 route
# a shorter valid lifetime is raised to two hours; the preferred one is taken as is
ip netns exec r ra vb pio 2001:db8:78::/64,60,30,LA pio 2001:db8:79::/64,9000,9000,A
sleep 0.3
ip -n h -6 addr
# valid lifetime 0 leaves the address (its remaining lifetime is above two hours), removes the prefix route
ip netns exec r ra vb pio 2001:db8:78::/64,0,0,LA pio 2001:db8:79::/64,9000,9000,A
sleep 0.3
ip -n h -6 addr
ip -n h -6 route
ip netns del h
ip netns del r
