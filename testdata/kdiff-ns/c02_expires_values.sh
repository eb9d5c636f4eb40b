# c02: how 'expires N' is parsed, stored and displayed (0, small, display clamp, infinity, invalid). (translated from ../shared/cases/multi-ns/c02_expires_values.sh); its `ip -j` line is left out (JSON output is not modelled)
ip netns add rsc02
ip netns add rsc02p
ip netns exec rsc02 sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip netns exec rsc02p sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
ip -n rsc02 link set lo up
ip -n rsc02p link set lo up
ip -n rsc02 link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns rsc02p
ip -n rsc02 link set va up
ip -n rsc02p link set vb up
ip -n rsc02 -6 addr add 2001:db8:1::1/64 dev va nodad
ip -n rsc02p -6 addr add 2001:db8:1::2/64 dev vb nodad
# invalid values are rejected by iproute2 before reaching the kernel
ip -n rsc02 -6 route add 2001:db8:20::/64 dev va expires -1
ip -n rsc02 -6 route add 2001:db8:20::/64 dev va expires abc
ip -n rsc02 -6 route add 2001:db8:20::/64 dev va expires 4294967296
# valid values
ip -n rsc02 -6 route add 2001:db8:21::/64 dev va expires 100
ip -n rsc02 -6 route add 2001:db8:22::/64 dev va expires 21474836
ip -n rsc02 -6 route add 2001:db8:23::/64 dev va expires 21474837
ip -n rsc02 -6 route add 2001:db8:24::/64 dev va expires 4294967294
ip -n rsc02 -6 route add 2001:db8:25::/64 dev va expires 4294967295
ip -n rsc02 -6 route show
# expires 0: stored as already-expired; displayed without 'expires' only while remaining time rounds to 0
ip -n rsc02 -6 route add 2001:db8:26::/64 via 2001:db8:1::2 expires 0
sleep 1.5
ip -n rsc02 -6 route show 2001:db8:26::/64
ip -n rsc02 -6 route get 2001:db8:26::1
ip netns del rsc02
ip netns del rsc02p
