# route get: from SRC is the source (printed as from), oif/dev, iif, mark, connected, /N warning, strict interface lookups, multicast source choice
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 route add 2001:db8:10::/48 via 2001:db8:1::2
ip -6 route get 2001:db8:1::5 from 2001:db8:1::1
ip -6 route get from 2001:db8:1::1 2001:db8:1::5
ip -6 route get 2001:db8:1::5 from 2001:db8:9::9
ip -6 route get 2001:db8:1::5 from 2001:db8:1::/64
ip -6 route get 2001:db8:1::5 from fe80::ff:fe00:1
ip -6 route get 2001:db8:1::5 from
ip -6 route get 2001:db8:10::1/64
ip -6 route get 2001:db8:10::1/128
ip -6 route get 2001:db8:10::1/129
ip -6 route get fe80::5 dev va
ip -6 route get fe80::5 oif va
ip -6 route get fe80::5 dev lo
ip -6 route get fe80::5 dev nosuch
ip -6 route get fe80::5 dev vb
ip -6 route get 2001:db8:10::1 oif lo
ip -6 route get 2001:db8:10::1 iif va
ip -6 route get 2001:db8:10::1 iif nosuch
ip -6 route get 2001:db8:10::1 iif va oif va
ip -6 route get 2001:db8:1::1 iif va
ip -6 route get 2001:db8:10::1 mark 5
ip -6 route get 2001:db8:10::1 mark abc
ip -6 route get 2001:db8:10::1 mark
ip -6 route get 2001:db8:10::1 connected
ip -6 route get 2001:db8:10::1 from 2001:db8:1::1 connected
ip -6 route get 2001:db8:10::1 table 100
ip -6 route get fibmatch 2001:db8:10::1 from 2001:db8:1::1
ip -6 route get fibmatch 2001:db8:10::1 oif va
ip -6 route get ff02::1
ip -6 route get ff0e::1
ip -6 route get ff05::1
ip -6 route get ::1 from 2001:db8:1::1
ip -6 route get 2001:db8:1::1 from 2001:db8:1::1
ip -6 route get to 2001:db8:10::1 from 2001:db8:1::1 iif lo
ip -6 route get 2001:db8:10::1 from ::
ip -6 route get 2001:db8:10::1 from ::/0
ip -6 route get 2001:db8:10::1 fr 2001:db8:1::1
ip -6 route get 2001:db8:10::1 f 2001:db8:1::1
ip -6 route get fib 2001:db8:10::1
ip -6 route get 2001:db8:10::1 i va
ip -6 route get 2001:db8:10::1 o va
ip -6 route get 2001:db8:10::1 m 5
ip -6 route get 2001:db8:10::1 c
ip -6 route get 2001:db8:10::1 co
ip -6 route get to
ip -6 route get 2001:db8:10::1 to
ip -6 route get 2001:db8:10::1 oif
ip -6 route get 2001:db8:10::1 iif
ip -6 route get ::/0
ip -6 route get default
ip -6 route get 2001:db8:10::1/0
ip -6 route get 2001:db8:10::1 from 2001:db8:1::1 oif lo
ip -6 route get 2001:db8:10::1 oif va from 2001:db8:1::1
ip -6 route get fe80::5 from 2001:db8:1::1 oif lo
ip -6 route get ::1 oif va
ip -6 route get ::1 oif lo
ip -6 route get 2001:db8:1::1 oif lo
ip -6 route get ff02::1 oif lo
ip -6 route get 2001:db8:10::1 iif va from 2001:db8:1::/64
ip -6 route get 2001:db8:10::1 mark 0x10 iif lo
ip -6 route get 2001:db8:10::1 iif vb
ip -6 route get fe80::5 iif va
ip -6 route get fe80::5 iif lo
ip -6 route get fibmatch 2001:db8:10::1 iif va
ip -6 route get 2001:db8:10::1 dev
ip -6 route get 2001:db8:10::1 mark 5 mark 4294967296
