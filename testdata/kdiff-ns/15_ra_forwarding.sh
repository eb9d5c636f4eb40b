# forwarding and RAs: turning forwarding on purges the RA default route (not the prefix routes), a forwarding device ignores RAs unless accept_ra is 2, force_forwarding on the device alone does not stop them; a router forwards between two RA-configured hosts
ip netns add h
ip netns add r
ip netns exec h sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns exec r sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n h link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns r
ip -n h link set va up
ip -n r link set vb up
sleep 1
ip netns exec r ra vb lifetime 300 pio 2001:db8:77::/64,300,300,LA
sleep 0.3
ip -n h -6 route
ip netns exec h sysctl -w net.ipv6.conf.all.forwarding=1
ip -n h -6 route
ip -n h -6 route del 2001:db8:77::/64 dev va
ip -n h -6 addr del 2001:db8:77::ff:fe00:1/64 dev va
ip netns exec r ra vb lifetime 300 pio 2001:db8:78::/64,300,300,LA
sleep 0.3
ip -n h -6 route
ip netns exec h sysctl -w net.ipv6.conf.va.accept_ra=2
ip netns exec r ra vb lifetime 300 pio 2001:db8:79::/64,300,300,LA
sleep 0.3
ip -n h -6 route
ip -n h -6 addr
# accept_ra 2 keeps the RA default route through a purge
ip netns exec h sysctl -w net.ipv6.conf.all.forwarding=1
ip -n h -6 route show default
ip netns exec h sysctl -w net.ipv6.conf.va.accept_ra=1
ip netns exec h sysctl -w net.ipv6.conf.va.forwarding=1
ip -n h -6 route show default
ip netns exec h sysctl -w net.ipv6.conf.all.forwarding=0
ip netns exec h sysctl net.ipv6.conf.va.forwarding
ip netns exec h sysctl -w net.ipv6.conf.va.force_forwarding=1
ip netns exec r ra vb lifetime 300
sleep 0.3
ip -n h -6 route show default
ip netns del h
ip netns del r
