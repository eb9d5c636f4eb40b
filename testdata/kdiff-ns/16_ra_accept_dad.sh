# accept_dad and RAs: a SLAAC address is tentative until DAD completes (no local route until then), unless accept_dad is off in both all and the device (all is 0 from the start, the device takes default's 1); a router whose link-local address is still tentative cannot send
ip netns add h
ip netns add r
ip netns exec r sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n h link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns r
ip -n h link set va up
ip -n r link set vb up
sleep 2.5
ip netns exec h sysctl net.ipv6.conf.all.accept_dad net.ipv6.conf.va.accept_dad
ip netns exec r ra vb lifetime 300 pio 2001:db8:77::/64,300,300,LA
sleep 0.3
ip -n h -6 addr
ip -n h -6 route show table local
sleep 2.5
ip -n h -6 addr
ip -n h -6 route show table local
ip -n h -6 addr del 2001:db8:77::ff:fe00:1/64 dev va
ip netns exec h sysctl -w net.ipv6.conf.va.accept_dad=0
ip netns exec r ra vb lifetime 300 pio 2001:db8:78::/64,300,300,LA
sleep 0.3
ip -n h -6 addr
ip -n h -6 addr del 2001:db8:78::ff:fe00:1/64 dev va
ip netns exec h sysctl -w net.ipv6.conf.all.accept_dad=1
ip netns exec r ra vb lifetime 300 pio 2001:db8:79::/64,300,300,LA
sleep 0.3
ip -n h -6 addr
# h's own link-local address is still tentative after the link bounces: h cannot send an RA yet
ip -n h link set va down
ip -n h link set va up
sleep 0.3
ip netns exec h ra va lifetime 100
sleep 2.5
ip netns exec h ra va lifetime 100
ip netns del h
ip netns del r
