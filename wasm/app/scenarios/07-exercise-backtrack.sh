# Exercise: a lookup that has to backtrack.
ip -6 route add 2001:db8:b::/48 via 2001:db8::2 dev eth0
ip -6 route add 2001:db8:b:ff00::/56 via 2001:db8::2 dev eth0
ip -6 route add 2001:db8:b:ff80::/64 via 2001:db8::2 dev eth0
ip -6 route add 2001:db8:b:ff40::/64 via 2001:db8::2 dev eth0
# > Question: a lookup of 2001:db8:b:ffc0::1 descends to which node, and how many times does it backtrack? Press Right to step.
# pause
ip -6 route get 2001:db8:b:ffc0::1
# > Answer: the descent stops below the /56; the lookup climbs back to 2001:db8:b:ff00::/56.
