# ip netns add|list|delete|exec and ip -n: names, errors and exit statuses
ip netns list
ip netns add h
ip netns add h
ip netns add r
ip netns list
ip netns
ip netns show
ip netns add "a/b"
ip netns add ..
ip netns add
ip netns del
ip netns del nosuch
ip netns foo
ip netns exec
ip netns exec h
ip netns exec nosuch ip link
ip netns exec h nosuchcmd
ip netns exec h exit
ip netns exec h false
ip netns exec h echo hello from h
ip -n nosuch link show
ip -netns nosuch -6 route
ip -n h link show
ip -n h -6 route show
ip -n h -6 route add 2001:db8::/64 dev lo
ip -n h link set lo up
ip -n h -6 route add 2001:db8::/64 dev lo
ip -n h -6 route show
ip -6 route show
ip netns exec h ip -6 route show table local
ip netns a x
ip netns l
ip netns d x
ip netns del r
ip netns list
ip netns del h
ip netns list
