# ip -6 addr add with scope and label: iproute2 checks the scope (a name or a number) and IPv6 ignores both: the address's scope comes from the address itself
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
