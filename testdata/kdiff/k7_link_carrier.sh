# ip link set DEV carrier on|off (IFLA_CARRIER): only drivers with
# ndo_change_carrier take it; veth and lo answer EOPNOTSUPP after
# do_setlink applied the MTU, the name and the up/down flags given with
# it; iproute2 refuses other values (parse_on_off, status 22)
# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip link set va carrier off
ip link set va carrier on
ip link set lo carrier off
ip link set va carrier maybe
ip link set va carrier
ip link set va car off
ip link set nosuch carrier off
ip link set va mtu 1400 carrier off
ip link set vb down carrier off
ip -6 route add 2001:db8:5::/64 via 2001:db8:1::2 mtu 1450
ip link set va carrier off name vz
ip -6 route show
ip -6 addr show dev vz
ip link set vz carrier on mtu 1300 name va
ip -6 route show
