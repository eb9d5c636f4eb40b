#!/bin/sh
# k6_pmtu_nhid: a PMTU exception under routes that share a nexthop
# object lives in the object's fib6_nh: `route show cache` lists it under
# every route using the object; deleting another route keeps it, deleting
# the route it was made for (or the object) removes it.
# Topology: k6h (host, va 2001:db8:1::1) -- k6r (router) -- k6b (host
# 2001:db8:2::2); the router-to-k6b link has MTU 1280, so a 1400-byte
# UDP datagram from k6h to k6b comes back as an ICMPv6 Packet Too Big.
cleanup() { for n in k6h k6r k6b; do ip netns del $n 2>/dev/null; done; }
trap cleanup EXIT
cleanup
for n in k6h k6r k6b; do
	ip netns add $n
	ip netns exec $n sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
	ip -n $n link set lo up
done
ip -n k6h link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns k6r
ip -n k6r link add vc address 02:00:00:00:00:03 mtu 1280 type veth peer name vd address 02:00:00:00:00:04 mtu 1280 netns k6b
ip -n k6h link set va up
ip -n k6r link set vb up
ip -n k6r link set vc up
ip -n k6b link set vd up
ip -n k6h -6 addr add 2001:db8:1::1/64 dev va nodad
ip -n k6r -6 addr add 2001:db8:1::2/64 dev vb nodad
ip -n k6r -6 addr add 2001:db8:2::1/64 dev vc nodad
ip -n k6b -6 addr add 2001:db8:2::2/64 dev vd nodad
ip netns exec k6r sysctl -qw net.ipv6.conf.all.forwarding=1
ip -n k6b -6 route add default via 2001:db8:2::1
# run: the host's command, echoed, then its output and status
run() { echo "\$ $*"; ip netns exec k6h "$@" 2>&1; echo "[rc=$?]"; }
# udp: one UDP datagram of $2 bytes from the host to $1 port 9
udp() { ip netns exec k6h python3 -c 'import socket,sys; socket.socket(socket.AF_INET6, socket.SOCK_DGRAM).sendto(b"x"*int(sys.argv[2]), (sys.argv[1], 9))' "$1" "$2"; sleep 0.3; }
run sysctl -w net.ipv6.route.mtu_expires=600
run ip nexthop add id 1 via 2001:db8:1::2 dev va
run ip -6 route add 2001:db8:2::/64 nhid 1
run ip -6 route add 2001:db8:3::/64 nhid 1 metric 7
udp 2001:db8:2::2 1400
run ip -6 route get 2001:db8:2::2
run ip -6 route show cache
run cat /proc/net/rt6_stats
run ip -6 route del 2001:db8:3::/64
run ip -6 route show cache
run ip -6 route del 2001:db8:2::/64
run ip -6 route show cache
run cat /proc/net/rt6_stats
run ip -6 route add 2001:db8:2::/64 nhid 1
udp 2001:db8:2::2 1400
run ip -6 route show cache
run ip nexthop del id 1
run ip -6 route show cache
run cat /proc/net/rt6_stats
