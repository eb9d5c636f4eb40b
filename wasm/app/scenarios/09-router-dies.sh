# The default router dies: its last RA says router lifetime 0, and the default route it gave goes at once
# > A router, namespace r, between this host (wan, its end lan) and an upstream network, namespace isp (r's isp0, isp's r0); DAD off, r forwards.
ip netns add r
ip netns add isp
sysctl -qw net.ipv6.conf.default.accept_dad=0
ip netns exec r sysctl -qw net.ipv6.conf.default.accept_dad=0 net.ipv6.conf.all.forwarding=1
ip netns exec isp sysctl -qw net.ipv6.conf.default.accept_dad=0
ip link add wan address 02:00:00:00:01:01 type veth peer name lan address 02:00:00:00:01:fe netns r
ip -n r link add isp0 address 02:00:00:00:02:01 type veth peer name r0 address 02:00:00:00:02:fe netns isp
ip link set wan up
ip -n r link set lan up
ip -n r link set isp0 up
ip -n isp link set r0 up
ip -n r -6 addr add 2001:db8:f::1/64 dev lan
ip -n r -6 addr add 2001:db8:e::1/64 dev isp0
ip -n isp -6 addr add 2001:db8:e::2/64 dev r0
ip -n isp -6 route add default via 2001:db8:e::1
sleep 1
# lane right r
# > The right lane now shows the router's namespace r; the left lane this host. The router announces itself for 1,800 s and the prefix 2001:db8:f::/64 (SLAAC).
ip netns exec r ra lan lifetime 1800 pio 2001:db8:f::/64,3600,1800,LA
ip -6 route show default
# > A datagram to the upstream network leaves by the default route; r forwards it (ip6_forward, in the right lane).
udp 2001:db8:e::2 size 100
ip -6 route get 2001:db8:e::2
# > The router goes down: its daemon sends a last RA with router lifetime 0, and the host deletes the default route at once (no GC needed).
ip netns exec r ra lan lifetime 0
ip -6 route show default
udp 2001:db8:e::2 size 100
ip -6 route get 2001:db8:e::2
