# ICMPv6 Packet Too Big messages create PMTU exceptions (RTF_CACHE)
# under the route; each links its route on the GC list and forces the GC
# timer; aging removes them after mtu_expires.
# > A permanent route, then Packet Too Big for many destinations under it (the console shows the exceptions; the route cache view animates such a flood).
ip -6 route add 2001:db8:50::/48 via 2001:db8::2 dev eth0
sysctl -q -w net.ipv6.route.mtu_expires=10
ptb 2001:db8:50::1 mtu 1400 count 50
ptb 2001:db8:50::2 mtu 1300
ip -6 route show cache
cat /proc/net/rt6_stats
# > mtu_expires later, the GC pass ages the exceptions away.
sleep 42
ip -6 route show cache
cat /proc/net/rt6_stats
