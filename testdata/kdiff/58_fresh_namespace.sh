# a fresh namespace: loopback down, no routes at all
ip -6 route show table all
ip link set lo up
ip -6 route show table all
ip -6 route get ::1
ip -6 route get 2001:db8::1
ip -6 route add 2001:db8::/48 dev lo
ip -6 route show
