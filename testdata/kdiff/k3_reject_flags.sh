# kind 3, fib6_is_reject: reject route types get the same fib6_flags (REJECT|NONEXTHOP): no pref, no expires, their metrics kept
ip link set lo up
ip -6 route add blackhole 2001:db8:44::/64 pref high mtu 1400 advmss 1300 expires 5
ip -6 route add unreachable 2001:db8:45::/64 pref low hoplimit 5
ip -6 route add prohibit 2001:db8:46::/64 pref high mtu lock 1300 expires 3
ip -6 route add throw 2001:db8:47::/64 pref low expires 3
ip -6 route show
sleep 4
ip -6 route show
