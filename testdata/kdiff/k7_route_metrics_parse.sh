# the RTAX metrics of iproute_modify besides mtu, advmss and hoplimit:
# window, rtt, rttvar, ssthresh, cwnd, reordering, initcwnd, features
# ecn, rto_min, initrwnd, quickack, fastopen_no_cookie, with their
# abbreviations, locks, time units (get_time_rtt) and iproute2's
# refusals; what is stored is shown by k7_route_metrics_show (a replace
# keeps the route's other metrics out, a delete ignores them)
# topology: one veth end (va) in this namespace; the peer (vb) has IPv6 disabled
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 route add 2001:db8:c06::/64 dev va initcwnd 10 initrwnd 20 rtt 100 rttvar 50 window 1000 ssthresh 8 reordering 3 features ecn quickack 1 fastopen_no_cookie 1
ip -6 route add 2001:db8:c07::/64 dev va rtt 10ms rttvar 2s cwnd 5 rto_min 20ms
ip -6 route add 2001:db8:c08::/64 dev va rtt 1.5s rttvar 0.3ms rto_min 3S
ip -6 route add 2001:db8:c09::/64 dev va rtt lock 8 rttvar lock 4 window lock 9 initcwnd lock 3 quickack 0 fastopen_no_cookie 0 reordering lock 0
ip -6 route add 2001:db8:c0a::/64 dev va rtt 7 rttvar 3 rtt 9
ip -6 route add 2001:db8:c0b::/64 dev va rtt 1000000000 rttvar 4000000000
ip -6 route add 2001:db8:c0c::/64 dev va rtt 0x10 window 010 ssthresh 4294967295
ip -6 route add 2001:db8:c0d::/64 dev va rtt 99999999999 rttvar -1
ip -6 route add 2001:db8:c0e::/64 dev va wind 3 ini 4 initr 5 reo 6 rttv 7 ss 8 fe ecn qu 1 fa 1 cw 2 rt 9
ip -6 route add 2001:db8:c0f::/64 dev va r 3 i 4 w 5 q 1 s 6 f ecn c 7
ip -6 route add 2001:db8:c10::/64 dev va rtt 0.0001 rttvar 1.0 rto_min 0
ip -6 route add 2001:db8:c11::/64 dev va rtt 0ms rttvar 1msec rto_min 2.5secs
ip -6 route add 2001:db8:c12::/64 dev va rtt .5s rttvar 5000000.0s
ip -6 route add 2001:db8:c13::/64 dev va rtt abc
ip -6 route add 2001:db8:c13::/64 dev va rtt 5us
ip -6 route add 2001:db8:c13::/64 dev va rtt -1.5
ip -6 route add 2001:db8:c13::/64 dev va rtt 1e999.0
ip -6 route add 2001:db8:c13::/64 dev va rtt 99999999999999999999
ip -6 route add 2001:db8:c13::/64 dev va rtt
ip -6 route add 2001:db8:c13::/64 dev va rtt lock
ip -6 route add 2001:db8:c13::/64 dev va features foo
ip -6 route add 2001:db8:c13::/64 dev va features lock ecn
ip -6 route add 2001:db8:c13::/64 dev va features
ip -6 route add 2001:db8:c13::/64 dev va quickack 2
ip -6 route add 2001:db8:c13::/64 dev va quickack x
ip -6 route add 2001:db8:c13::/64 dev va quickack lock 1
ip -6 route add 2001:db8:c13::/64 dev va fastopen_no_cookie 2
ip -6 route add 2001:db8:c13::/64 dev va fastopen_no_cookie x
ip -6 route add 2001:db8:c13::/64 dev va initcwnd x
ip -6 route add 2001:db8:c13::/64 dev va window -5
ip -6 route add 2001:db8:c13::/64 dev va ssthresh 4294967296
ip -6 route add 2001:db8:c13::/64 dev va rto_min lock 5
ip -6 route add 2001:db8:c13::/64 dev va rto 5
ip -6 route add 2001:db8:c13::/64 dev va cwnd lock
ip -6 route del 2001:db8:c06::/64 rtt 5 window 7
ip -6 route replace 2001:db8:c07::/64 dev va window 5
ip -6 route show 2001:db8:c06::/64
