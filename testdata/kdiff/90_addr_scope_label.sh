# ip -6 addr add with scope and label: iproute2 checks the scope (a name or a number) and IPv6 ignores both: the address's scope comes from the address itself; a device never up shows qdisc noop in ip -6 addr show dev; peer's errors
# topology: one veth end (va) in this namespace, its peer (vb) down
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip link set va up
ip -6 addr add 2001:db8::9/64 dev va scope link nodad
ip -6 addr add 2001:db8::a/64 dev va scope host nodad
ip -6 addr add 2001:db8::b/64 dev va scope 200 nodad
ip -6 addr add 2001:db8::b/64 dev va scope bogus
ip -6 addr add 2001:db8::b/64 dev va scope
ip -6 addr add 2001:db8::c/64 dev va label va:1 nodad
ip -6 addr add 2001:db8::d/64 dev va label vb nodad
ip -6 addr add 2001:db8::e/64 label va:2
ip -6 addr add 2001:db8::f/64 dev nosuch label nosuch:1
ip -6 addr add 2001:db8::f/64 label vb dev va
ip -6 addr show dev va
ip -6 route show table local
ip link add vc address 02:00:00:00:00:03 type veth peer name vd address 02:00:00:00:00:04
ip -6 addr add 2001:db8:c::1/64 dev vc nodad
ip -6 addr show dev vc
ip -j -6 addr show dev vc
ip -6 addr add 2001:db8::1/64 peer zz dev va
ip -6 addr add 2001:db8::1/64 peer 2001:db8::2 peer 2001:db8::3 dev va
ip -6 addr add 2001:db8::1/64 dev va peer
ip -6 addr add 2001:db8::1/64 peer 2001:db8::2 dev nosuch
