# Exercise: which node answers this lookup? The descent ignores prefixes,
# then backtracking finds the deepest covering route.
ip -6 route add 2001:db8:a::/48 via 2001:db8::2 dev eth0
ip -6 route add 2001:db8:a:1::/64 via 2001:db8::2 dev eth0
ip -6 route add 2001:db8:a:8000::/64 via 2001:db8::2 dev eth0
ip -6 route add 2001:db8:a:1:8000::/80 via 2001:db8::2 dev eth0
# > Question: which node answers a lookup of 2001:db8:a:1:4000::1 ? Think, then press Right to step.
# pause
ip -6 route get 2001:db8:a:1:4000::1
# > Answer: the /64 node 2001:db8:a:1::/64 (the /80 does not cover it).
