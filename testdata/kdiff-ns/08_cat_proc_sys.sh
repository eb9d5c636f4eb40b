# cat on /proc/sys files of a namespace: values, the write-only flush, the unreadable stable_secret, a directory
ip netns add h
ip netns exec h cat /proc/sys/net/ipv6/route/gc_interval /proc/sys/net/ipv6/conf/default/hop_limit
ip netns exec h cat /proc/sys/net/ipv6/route/flush
ip netns exec h cat /proc/sys/net/ipv6/conf/lo/stable_secret
ip netns exec h cat /proc/sys/net/ipv6/conf/lo
ip netns exec h cat /proc/sys/net/ipv6/conf/nosuch/mtu
ip netns exec h sysctl -w net.ipv6.conf.default.hop_limit=12
ip netns exec h cat /proc/sys/net/ipv6/conf/default/hop_limit
cat /proc/sys/net/ipv6/conf/default/hop_limit
ip netns del h
