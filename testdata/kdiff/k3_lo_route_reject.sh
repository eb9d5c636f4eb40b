# kind 3, fib6_is_reject: a unicast route through lo (destination other than ::1, not local) is made a reject route (fib6_flags = REJECT|NONEXTHOP): its expires and pref are dropped, never shown nor collected, its metrics and src stay, route get still answers dev lo; ::1 and local routes through lo stay normal
ip link set lo up
ip -6 route add 2001:db8::/64 dev lo expires 3
ip -6 route add 2001:db8:1::/64 dev lo
ip -6 route replace 2001:db8:1::/64 dev lo expires 5 pref high
ip -6 route add 2001:db8:2::/64 dev lo proto static pref low mtu lock 1300 advmss 1200
ip -6 route add table 100 2001:db8:3::/64 dev lo expires 2
ip -6 route add ::1/128 dev lo expires 30
ip -6 route add local 2001:db8:48::/64 dev lo pref high expires 30
ip -6 route add anycast 2001:db8:47::/64 dev lo pref high expires 5
ip -6 route show table all
ip -6 route get 2001:db8::1
ip -6 route get 2001:db8:2::1
ip -6 route get fibmatch 2001:db8:1::1
ip -6 route append 2001:db8:1::/64 dev lo expires 9
sleep 6
ip -6 route show table all
sysctl -w net.ipv6.route.flush=1
ip -6 route show table all
