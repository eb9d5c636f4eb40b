# lookups through resilient groups take the member of bucket hash % buckets, as the kernel first fills the bucket table (members in reverse order from bucket 0, each its weight's share); a get answered by a per-CPU copy another route sharing the member made goes through the member its own group chose (mpath and resilient groups sharing members)
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
sleep 3
sysctl -qw net.ipv4.fib_multipath_hash_seed=2
ip -6 nexthop add id 1 via 2001:db8:1::2 dev va
ip -6 nexthop add id 2 via 2001:db8:1::3 dev va
ip -6 nexthop add id 3 via 2001:db8:1::4 dev va
ip nexthop add id 12 group 1/2 type resilient buckets 8
ip nexthop add id 13 group 1,3/2/3 type resilient buckets 10
ip nexthop add id 14 group 3,2/1 type resilient buckets 9
ip -6 route add 2001:db8:102::/48 nhid 12
ip -6 route add 2001:db8:103::/48 nhid 13
ip -6 route add 2001:db8:104::/48 nhid 14
ip -6 route get 2001:db8:102::1
ip -6 route get 2001:db8:102::2
ip -6 route get 2001:db8:102::3
ip -6 route get 2001:db8:102::4
ip nexthop add id 15 group 2/3 type mpath
ip nexthop add id 16 group 3,3/1 type mpath
ip -6 route add 2001:db8:105::/48 nhid 15
ip -6 route add 2001:db8:106::/48 nhid 16
ip -6 route get 2001:db8:102::1
ip -6 route get 2001:db8:103::1
ip -6 route get 2001:db8:104::1
ip -6 route get 2001:db8:105::1
ip -6 route get 2001:db8:106::1
ip -6 route get 2001:db8:102::2
ip -6 route get 2001:db8:103::2
ip -6 route get 2001:db8:104::2
ip -6 route get 2001:db8:105::2
ip -6 route get 2001:db8:106::2
ip -6 route get 2001:db8:102::3
ip -6 route get 2001:db8:103::3
ip -6 route get 2001:db8:104::3
ip -6 route get 2001:db8:105::3
ip -6 route get 2001:db8:106::3
ip -6 route get 2001:db8:102::4
ip -6 route get 2001:db8:103::4
ip -6 route get 2001:db8:104::4
ip -6 route get 2001:db8:105::4
ip -6 route get 2001:db8:106::4
ip -6 route get 2001:db8:102::5
ip -6 route get 2001:db8:103::5
ip -6 route get 2001:db8:104::5
ip -6 route get 2001:db8:105::5
ip -6 route get 2001:db8:106::5
ip -6 route get 2001:db8:102::6
ip -6 route get 2001:db8:103::6
ip -6 route get 2001:db8:104::6
ip -6 route get 2001:db8:105::6
ip -6 route get 2001:db8:106::6
ip -6 route get 2001:db8:102::7
ip -6 route get 2001:db8:103::7
ip -6 route get 2001:db8:104::7
ip -6 route get 2001:db8:105::7
ip -6 route get 2001:db8:106::7
ip -6 route get 2001:db8:102::8
ip -6 route get 2001:db8:103::8
ip -6 route get 2001:db8:104::8
ip -6 route get 2001:db8:105::8
ip -6 route get 2001:db8:106::8
