# print_rta_metrics for every RTAX metric a route can carry: in index
# order (mtu window rtt rttvar ssthresh cwnd advmss reordering hoplimit
# initcwnd features rto_min initrwnd quickack congctl fastopen_no_cookie),
# a locked one even when 0, rtt and rttvar in ms (the kernel keeps 1/8 and
# 1/4 ms), from 1000 ms on in s (%g), features as ecn; in show, get,
# fibmatch, -d, -o and -j
# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 route add 2001:db8:c06::/64 dev va initcwnd 10 initrwnd 20 rtt 100 rttvar 50 window 1000 ssthresh 8 reordering 3 features ecn quickack 1 fastopen_no_cookie 1
ip -6 route add 2001:db8:c07::/64 dev va rtt 10ms rttvar 2s cwnd 5 rto_min 20ms mtu 1400 advmss 1300 hoplimit 9 congctl cubic
ip -6 route add 2001:db8:c08::/64 dev va rtt 1.5s rttvar 0.3ms rto_min 3s
ip -6 route add 2001:db8:c09::/64 dev va rtt lock 8 rttvar lock 4 window lock 9 initcwnd lock 3 quickack 0 fastopen_no_cookie 0 reordering lock 0
ip -6 route add 2001:db8:c0a::/64 dev va rtt 7 rttvar 3 rtt 9
ip -6 route add 2001:db8:c0b::/64 dev va rtt 1000000000 rttvar 4000000000
ip -6 route add 2001:db8:c0c::/64 dev va rtt 0x10 window 010 ssthresh 4294967295
ip -6 route add 2001:db8:c0d::/64 dev va rtt 99999999999 rttvar -1
ip -6 route add 2001:db8:c10::/64 dev va rtt 0.0001 rttvar 1.0 rto_min 0
ip -6 route add 2001:db8:c11::/64 dev va rtt 0ms rttvar 1msec rto_min 2.5secs
ip -6 route add 2001:db8:c12::/64 dev va rtt .5s rttvar 5000000.0s
ip -6 route show
ip -6 route get 2001:db8:c06::1
ip -6 route get fibmatch 2001:db8:c07::1
ip -d -6 route show 2001:db8:c09::/64
ip -o -6 route show 2001:db8:c08::/64
ip -j -6 route show 2001:db8:c06::/64
ip -j -6 route show 2001:db8:c07::/64
ip -j -6 route show 2001:db8:c09::/64
ip -6 route replace 2001:db8:c07::/64 dev va window 5
ip -6 route show 2001:db8:c07::/64
