# The seed's selftest (fib6_gc_test), on eth0: expiring routes must be gone
# one GC timer after they expire, and only they.
# > The GC timer runs every gc_interval seconds; make it short.
sysctl -q -w net.ipv6.route.gc_interval=2
# > Five /128 routes that expire in 1 second.
ip -6 route add 2001:20::10 via 2001:db8::2 dev eth0 expires 1
ip -6 route add 2001:20::11 via 2001:db8::2 dev eth0 expires 1
ip -6 route add 2001:20::12 via 2001:db8::2 dev eth0 expires 1
ip -6 route add 2001:20::13 via 2001:db8::2 dev eth0 expires 1
ip -6 route add 2001:20::14 via 2001:db8::2 dev eth0 expires 1
# > Wait past expiry and one GC interval: the timer ages them away.
sleep 4
ip -6 route show root 2001:20::/64
# > Now five permanent routes next to five expiring ones.
ip -6 route add 2001:30::10 via 2001:db8::2 dev eth0
ip -6 route add 2001:30::11 via 2001:db8::2 dev eth0
ip -6 route add 2001:30::12 via 2001:db8::2 dev eth0
ip -6 route add 2001:30::13 via 2001:db8::2 dev eth0
ip -6 route add 2001:30::14 via 2001:db8::2 dev eth0
ip -6 route add 2001:20::10 via 2001:db8::2 dev eth0 expires 1
ip -6 route add 2001:20::11 via 2001:db8::2 dev eth0 expires 1
ip -6 route add 2001:20::12 via 2001:db8::2 dev eth0 expires 1
ip -6 route add 2001:20::13 via 2001:db8::2 dev eth0 expires 1
ip -6 route add 2001:20::14 via 2001:db8::2 dev eth0 expires 1
sleep 4
# > Only the permanent ones are left.
ip -6 route show root 2001:30::/64
ip -6 route show root 2001:20::/64
