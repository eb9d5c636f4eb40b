# ip -6 route get: fibmatch with connected asks again only when the matched route has a preferred source (else iproute2 gives up: Failed to connect the route); vrf names a VRF device, which the model has none of; the copy of a subnet-router anycast route the kernel made is through lo, a user's anycast route keeps its device
# topology: one veth end (va) in this namespace, its peer (vb) up with IPv6 off
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3
ip -6 route add 2001:db8:10::/48 via 2001:db8:1::2
ip -6 route add 2001:db8:11::/48 via 2001:db8:1::2 src 2001:db8:1::1
ip -6 route get fibmatch 2001:db8:10::1 connected
ip -6 route get fibmatch 2001:db8:11::1 connected
ip -6 route get 2001:db8:10::1 connected
ip -j -6 route get fibmatch 2001:db8:10::1 connected
ip -j -6 route get fibmatch 2001:db8:11::1 connected
ip -6 route get fibmatch 2001:db8:1::5 connected
ip -6 route get 2001:db8:10::1 vrf foo
ip -6 route get 2001:db8:10::1 vrf va
ip -6 route get vrf lo 2001:db8:10::1
ip -6 route get 2001:db8:10::1 vrf
sysctl -qw net.ipv6.conf.all.forwarding=1
ip -6 route get 2001:db8:1::
ip -6 route get fe80:: oif va
ip -j -6 route get 2001:db8:1::
ip -6 route get 2001:db8:1:: iif va
ip -6 route add anycast 2001:db8:1::7 dev va
ip -6 route get 2001:db8:1::7
