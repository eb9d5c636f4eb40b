# the protocol keyword and its abbreviations down to pro (p and pr are priority's)
ip link set lo up
ip -6 route add 2001:db8:a::/64 dev lo protocol 5
ip -6 route add 2001:db8:b::/64 dev lo prot static
ip -6 route add 2001:db8:c::/64 dev lo pro 9
ip -6 route add 2001:db8:d::/64 dev lo protocolx 9
ip -6 route add 2001:db8:e::/64 dev lo pr 9
ip -6 route add 2001:db8:f::/64 dev lo protocol bogus
ip -6 route show table all
