# duplicate address detection across a link: an address the other end already uses fails DAD; a permanent one stays "dadfailed tentative" with no local route, one with a finite lifetime is deleted; nodad skips the probe; a veth pair inside one namespace is a link too; the link line of `ip -6 addr show dev` names the peer's namespace (link-netns, after the link layer addresses with -d; link_netnsid in JSON)
ip netns add h
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns h
ip link set va up
ip -n h link set vb up
sleep 3
ip -n h -6 addr add 2001:db8::1/64 dev vb
sleep 3
ip -6 addr add 2001:db8::1/64 dev va
sleep 3
ip -6 addr show dev va
ip -6 addr show dadfailed
ip -d -6 addr show dev va
ip -j -6 addr show dev va
ip -6 route show table all
ip -n h -6 addr add 2001:db8::2/64 dev vb nodad
ip -6 addr add 2001:db8::2/64 dev va valid_lft 100 preferred_lft 100
sleep 3
ip -6 addr show dev va
ip -6 addr add 2001:db8::3/64 dev va nodad
ip -n h -6 addr add 2001:db8::3/64 dev vb
sleep 3
ip -6 addr show dev va
ip -n h -6 addr show dev vb
ip -n h -6 route show table local
ip -6 addr del 2001:db8::1/64 dev va
ip -n h -6 addr del 2001:db8::1/64 dev vb
ip -6 addr add 2001:db8::1/64 dev va
sleep 3
ip -6 addr show dev va
ip link add vc address 02:00:00:00:00:03 type veth peer name vd address 02:00:00:00:00:04
ip link set vc up
ip link set vd up
sleep 3
ip -6 addr add 2001:db8:5::1/64 dev vd
sleep 3
ip -6 addr add 2001:db8:5::1/64 dev vc
sleep 3
ip -6 addr show dev vc
ip -6 addr show dev vd
ip -6 route show table local
ip netns del h
