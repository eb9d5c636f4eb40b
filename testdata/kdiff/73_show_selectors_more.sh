# show/flush selectors metric/priority (the metric field is then left out), scope, from, abbreviations tab/ro/ma/ex, via inet6 ADDR in add and show
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 route add 2001:db8:10::/48 via 2001:db8:1::2 metric 100
ip -6 route add 2001:db8:10::/48 via 2001:db8:1::2 metric 200
ip -6 route show metric 100
ip -6 route show priority 200
ip -6 route show pref medium
ip -6 route show metric 300
ip -6 route flush metric 100
ip -6 route show
ip -6 route add dev va 2001:db8:10::/48
ip -6 route add via 2001:db8:1::2 to 2001:db8:11::/48 metric 7
ip route add 2001:db8:12::/48 via 2001:db8:1::2
ip -6 route add default via 2001:db8:1::2
ip -6 route add ::/0 via 2001:db8:1::3 metric 5
ip -6 route show default
ip -6 route show ::/0
ip -6 route show exact default
ip -6 route show root default
ip -6 route show match default
ip -6 route show ro 2001:db8::/32
ip -6 route show ma 2001:db8:11::1
ip -6 route show ex 2001:db8:11::/48
ip -6 route show from ::/0
ip -6 route show scope global
ip -6 route list table main dev va proto boot
ip -6 route add 2001:db8:13::/48 via 2001:db8:1::2 pref high
ip -6 route add 2001:db8:14::/48 via 2001:db8:1::2 pref hi
ip -6 route add 2001:db8:15::/48 via 2001:db8:1::2 pref LOW
ip -6 route show pref high
ip -6 route show 2001:db8:13::/48 pref low
ip -6 route del default
ip -6 route del default
ip -6 route del default
ip -6 route add 2001:db8:13::/48 via inet6 fe80::3 dev va src 2001:db8:1::1
ip -6 route show via inet6 fe80::3
ip -6 route show via inet6 fe80::3
ip -6 route show scope link
ip -6 route show from 2001:db8::/32
ip -6 route flush priority 7
ip -6 route show tab main ex 2001:db8:11::/48
ip -6 route show table all
