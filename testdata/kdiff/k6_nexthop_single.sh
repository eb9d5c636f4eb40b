# nexthop objects (net/ipv4/nexthop.c): single nexthops added, listed and
# fetched; families (-6, -4, none: dev and blackhole default to IPv4),
# scope, protocol, onlink, automatic ids, and the kernel's refusals.
# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip nexthop add id 1 via 2001:db8:1::2 dev va
ip -6 nexthop add id 2 via 2001:db8:1::3 dev va proto static
ip -6 nexthop add id 3 blackhole
ip nexthop add id 4 blackhole
ip -6 nexthop add id 5 dev va
ip nexthop add id 6 dev va
ip nexthop add id 7 via 2001:db8:1::4 dev va onlink
ip nexthop add id 8 via fe80::1 dev va protocol 99
ip nexthop add via 2001:db8:1::5 dev va
ip nexthop add id 0 via 2001:db8:1::6 dev va
ip nexthop add id 4294967295 via 2001:db8:1::7 dev va
ip nexthop show
ip -6 nexthop show
ip -4 nexthop list
ip nexthop
ip nexthop lst dev va
ip nexthop show dev lo
ip nexthop s id 2
ip nexthop show proto 4
ip nexthop show protocol 99
ip nexthop show groups
ip nexthop get id 7
ip -6 nexthop get id 8
ip nexthop get id 1 id 2
ip nexthop show id 99
ip nexthop get id 99
ip nexthop show id 0
# refusals
ip nexthop add id 1 via 2001:db8:1::9 dev va
ip nexthop add id 20 via 2001:db8:1::2
ip nexthop add id 20 dev va via 2001:db8:1::2
ip nexthop add id 20 via 2001:db8:1::1 dev va
ip nexthop add id 20 via ff02::1 dev va
ip nexthop add id 20 via 2001:db8:9::1 dev va
ip nexthop add id 20 via 2001:db8:1::2 dev vb
ip nexthop add id 20 via 2001:db8:1::2 dev lo
ip nexthop add id 20 dev nosuch
ip nexthop add id 20 blackhole dev va
ip -6 nexthop add id 20 blackhole via 2001:db8:1::2
ip nexthop add id 20 dev va onlink
ip nexthop add id 20 via 192.0.2.1 dev va
ip -6 nexthop add id 20 via 192.0.2.1 dev va
ip nexthop add id abc via 2001:db8:1::2 dev va
ip nexthop add id 4294967296 via 2001:db8:1::2 dev va
ip nexthop add id 20 via 2001:db8:1::2 dev va proto nosuch
ip nexthop add id 20 via 2001:db8:1::2 dev va bogus
ip nexthop add id
ip nexthop get
ip nexthop get id 0
ip nexthop show vrf red
ip nexthop show dev nosuch
ip nexthop show proto static
ip nexthop frobnicate
ip nexthop show
