# The default router dies: its last RA says router lifetime 0, and the default route it gave goes at once
# > A router, namespace r, on a veth link: wan here, lan in r (DAD off: link-local addresses are usable at once).
ip netns add r
sysctl -qw net.ipv6.conf.default.accept_dad=0
ip netns exec r sysctl -qw net.ipv6.conf.default.accept_dad=0 net.ipv6.conf.all.forwarding=1
ip link add wan address 02:00:00:00:01:01 type veth peer name lan address 02:00:00:00:01:fe netns r
ip link set wan up
ip -n r link set lan up
ip -n r -6 addr add 2001:db8:f::1/64 dev lan
sleep 1
# > The router announces itself for 1,800 s: a default route via its link-local address, proto ra, with that lifetime.
ip netns exec r ra lan lifetime 1800 pio 2001:db8:f::/64,3600,1800
ip -6 route show default
# > A lookup of a remote address is answered by the default route at the root.
ip -6 route get 2001:4860::1
# > The router goes down: its daemon sends a last RA with router lifetime 0, and the host deletes the default route now (no GC needed).
ip netns exec r ra lan lifetime 0
ip -6 route show default
ip -6 route get 2001:4860::1
