# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
# interface names: iproute2's checks, the IFLA_IFNAME policy, dev_valid_name, %d templates
ip link add abcdefghijklmnop type veth
ip link add abcdefghijklmno type veth peer name abcdefghijklmnop
ip link add name abcdefghijklmnop type veth
ip link add 'a b' type veth
ip link add a/b type veth
ip link add a:b type veth
ip link add .. type veth
ip link add a%d%d type veth
ip link add va type veth peer name x:y
ip link add x:y type veth peer name va
ip link set va name abcdefghijklmnop
ip link set va name a:b
ip link set abcdefghijklmnop up
ip link add w%d type veth peer name w%d
ip link add w%d type veth
ip link add abcdefghijklmn%d type veth
ip link add abcdefghijklmn%d type veth
ip link set va name v%d
ip -6 route show
sysctl net.ipv6.conf.w0.mtu net.ipv6.conf.w3.disable_ipv6 net.ipv6.conf.abcdefghijklmn1.mtu
ip link set v0 name va
ip -6 route show
