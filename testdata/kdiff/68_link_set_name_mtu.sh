# ip link set: name renames (routes print the new name), mtu below 1280 stops IPv6 on the device and 1280 brings it back, garbage and duplicate words fail as iproute2
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3  # let the kernel finish bringing IPv6 up on va (carrier, link-local)
ip -6 route add 2001:db8:10::/48 via 2001:db8:1::2
ip link set va foo
ip link set dev va foo
ip link set va up foo
ip link set va name
ip link set va name vb
ip link set va name lo
ip link set va name "a b"
ip link set va name aaaaaaaaaaaaaaaa
ip link set va name a/b
ip link set va name va
ip link set va name vz
ip -6 route show table all
ip -6 route get 2001:db8:10::1
ip link set va up
ip link set vz name va2 up
ip link set dev va2 name vz
ip link set vz down name vy
ip -6 route show table all
ip link set vy up name vz
sleep 3
ip -6 route show table all
ip link set vz va
ip link set vz dev vz
ip link set dev vz dev vz
ip link set up
ip link set vz nam vq
ip link set vz mtu
ip link set vz mtu abc
ip link set vz mtu 67
ip link set vz mtu 65536
ip link set vz mtu -1
ip link set vz mtu 0x500
ip link set nosuch name x
ip link set vz name vq name vr
ip link set vz mtu 1279
ip -6 route show table all
ip link set vz mtu 1280
sleep 3
ip -6 route show table all
ip link set vz mtu 65535
ip link set vz address 02:00:00:00:00:09
ip link set vz arp off
ip link set dev vz txqueuelen 5
ip link set vz name va
ip -6 route show table all
