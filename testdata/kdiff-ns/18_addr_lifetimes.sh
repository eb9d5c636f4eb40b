# address lifetimes: valid_lft/preferred_lft on add, change and replace; dynamic and deprecated addresses; the prefix route's expiry follows the valid lifetime on add and change; an expired address goes and leaves its prefix route, expired, to the GC; deleting a finite address leaves its prefix route too
ip netns add h
ip netns exec h sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n h link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip -n h link set va up
ip -n h link set vb up
sleep 1
ip -n h -6 addr add 2001:db8:1::1/64 dev va valid_lft 100 preferred_lft 50
ip -n h -6 addr add 2001:db8:2::1/64 dev va preferred_lft 0 valid_lft 30
ip -n h -6 addr add 2001:db8:3::1/64 dev va valid_lft 6 preferred_lft 3
ip -n h -6 addr add 2001:db8:4::1/64 dev va valid_lft forever preferred_lft 20
ip -n h -6 addr add 2001:db8:5::1/64 dev va valid_lft forever preferred_lft forever
ip -n h -6 addr add 2001:db8:6::1/64 dev va valid_lft 4294967295 preferred_lft 4294967294
ip -n h -6 addr
ip -n h -6 route
ip -n h -6 route get 2001:db8:9::1 from :: oif va
sleep 3.5
ip -n h -6 addr
sleep 3
# 3 has gone; its prefix route stays, expired, until a GC pass
ip -n h -6 addr
ip -n h -6 route show 2001:db8:3::/64
ip -n h -6 route get 2001:db8:3::5
ip netns exec h sysctl -w net.ipv6.route.flush=1
ip -n h -6 route show 2001:db8:3::/64
# change of a finite address: the prefix route takes the new lifetime, or none
ip -n h -6 addr change 2001:db8:1::1/64 dev va valid_lft 200 preferred_lft 200
ip -n h -6 route show 2001:db8:1::/64
ip -n h -6 addr change 2001:db8:1::1/64 dev va valid_lft forever
ip -n h -6 route show 2001:db8:1::/64
ip -n h -6 addr replace 2001:db8:2::1/64 dev va
ip -n h -6 route show 2001:db8:2::/64
ip -n h -6 addr change 2001:db8:4::1/64 dev va
ip -n h -6 addr
# deleting a finite address leaves its prefix route to expire
ip -n h -6 addr add 2001:db8:7::1/64 dev va valid_lft 50 preferred_lft 50
ip -n h -6 addr del 2001:db8:7::1/64 dev va
ip -n h -6 route show 2001:db8:7::/64
# change of an address not there adds it; replace of one there needs no flags
ip -n h -6 addr change 2001:db8:8::1/64 dev va valid_lft 60 preferred_lft 60
ip -n h -6 addr replace 2001:db8:8::1/64 dev va valid_lft 70 preferred_lft 10 nodad
ip -n h -6 addr add 2001:db8:8::1/64 dev va valid_lft 80 preferred_lft 80
ip -n h -6 addr
ip -n h -6 route show 2001:db8:8::/64
ip netns del h
