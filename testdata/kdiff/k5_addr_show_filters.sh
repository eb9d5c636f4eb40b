# k5: ip -6 addr show filters: dev (also bare, once; unknown: status 1), scope, up, flags (permanent, dynamic, -FLAG), to PREFIX, label; with dev the link line has qdisc and group
# topology: two veth pairs va/vb, vc/vd; the peers have IPv6 off
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip link add vc address 02:00:00:00:00:03 type veth peer name vd address 02:00:00:00:00:04
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
sysctl -qw net.ipv6.conf.vd.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip link set vc up
ip link set vd up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
ip -6 addr add 2001:db8:3::1/64 dev vc nodad
sleep 3  # link-local addresses finish DAD
ip -6 addr add 2001:db8:5::1/64 dev va nodad metric 300 noprefixroute
ip -6 addr add 2001:db8:6::1/64 dev vc
ip link set vc down
ip -6 addr add 2001:db8:3::1/64 dev vc nodad
ip -6 addr show dev va
ip -6 addr show dev va scope global
ip -6 addr show scope link
ip -6 addr show scope host
ip -6 addr show scope foo
ip -6 addr show scope 200
ip -6 addr show scope all
ip -6 addr show permanent
ip -6 addr show dynamic
ip -6 addr show -nodad
ip -6 addr show nodad
ip -6 addr show tentative
ip -6 addr show noprefixroute
ip -6 addr show primary
ip -6 addr show dev nosuch
ip -6 addr show dev
ip -6 addr show va
ip -6 addr show dev va dev vc
ip -6 addr show up
ip -6 addr show to 2001:db8:1::/48
ip -6 addr show to 2001:db8:5::1
ip -6 addr show to foo
ip -6 addr show label 'v*'
ip -6 addr show label foo
ip -6 addr show dev vc
ip -6 addr show dev vd
ip -6 addr list dev lo
ip -6 addr lst scope host
ip -6 a s dev va
