# DAD goes on when the carrier is lost after the link was ready: the link-local address leaves tentative and gets its local route, linkdown or not
# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled and is taken down to drop va's carrier
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set va up
ip link set vb up
sleep 0.1
ip link set vb down
ip -6 route show table all
ip -6 addr show dev va
sleep 3  # past DAD's random start delay (up to 1 s) and its one probe interval (1 s)
ip -6 route show table all
ip -6 addr show dev va
ip link set vb up
sleep 0.1
ip -6 route show table all
ip -6 addr show dev va
ip link set vb down
ip -6 addr add 2001:db8:1::1/64 dev va
ip -6 addr show dev va
sleep 3  # an address added without carrier on a link that was ready goes through DAD too
ip -6 route show table all
ip -6 addr show dev va
