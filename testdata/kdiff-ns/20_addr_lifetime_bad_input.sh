# address lifetimes that are out of range or malformed change nothing: valid_lft 0, a preferred lifetime above the valid one, values that are no u32, a duplicate, a missing value; `pref` is a metric; read-only flags warn; mngtmpaddr needs a /64; add of an address already there; a namespace that does not exist
ip netns add h
ip netns exec h sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n h link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip -n h link set va up
ip -n h link set vb up
sleep 1
ip -n h -6 addr add 2001:db8:1::1/64 dev va valid_lft 0
ip -n h -6 addr add 2001:db8:1::1/64 dev va valid_lft 0 preferred_lft 0
ip -n h -6 addr add 2001:db8:1::1/64 dev va valid_lft 10 preferred_lft 20
ip -n h -6 addr add 2001:db8:1::1/64 dev va valid_lft 10
ip -n h -6 addr add 2001:db8:1::1/64 dev va preferred_lft 10 valid_lft 4294967296
ip -n h -6 addr add 2001:db8:1::1/64 dev va valid_lft -1
ip -n h -6 addr add 2001:db8:1::1/64 dev va valid_lft abc
ip -n h -6 addr add 2001:db8:1::1/64 dev va valid_lft 10 valid_lft 20
ip -n h -6 addr add 2001:db8:1::1/64 dev va valid_lft
ip -n h -6 addr add 2001:db8:1::1/64 dev nosuch valid_lft abc
ip -n h -6 addr add 2001:db8:1::1/64 dev nosuch valid_lft 0
ip -n h -6 addr add 2001:db8:1::1/64 valid_lft 0
ip netns exec nosuch ip -6 addr add 2001:db8:1::1/64 dev va valid_lft 10 preferred_lft 10
ip -n nosuch -6 addr add 2001:db8:1::1/64 dev va
ip -n h -6 addr
ip -n h -6 route
ip -n h -6 addr add 2001:db8:1::1/64 dev va pref 10
ip -n h -6 addr add 2001:db8:2::1/64 dev va v 0x20 preferred 0x10 permanent deprecated
ip -n h -6 addr add 2001:db8:3::1/48 dev va mngtmpaddr valid_lft 30 preferred_lft 30
ip -n h -6 addr add 2001:db8:3::1/64 dev va mngtmpaddr home valid_lft 30 preferred_lft 30
ip -n h -6 addr change 2001:db8:3::1/48 dev va valid_lft 40 preferred_lft 40
ip -n h -6 addr add 2001:db8:2::1/64 dev va
ip -n h -6 addr
ip -n h -6 route
ip netns del h
