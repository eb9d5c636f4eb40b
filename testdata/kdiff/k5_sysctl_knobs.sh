# k5: sysctls read and written: net.ipv4.fib_multipath_hash_seed (u32), net.ipv6.fib_multipath_hash_policy (0-3) and _fields (1-0xfff), net.ipv6.conf.*.keep_addr_on_down (int, devices copy default); cat of /proc/sys files
# topology: two veth pairs va/vb, vc/vd; the peers have IPv6 off
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip link add vc address 02:00:00:00:00:03 type veth peer name vd address 02:00:00:00:00:04
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
sysctl -qw net.ipv6.conf.vd.disable_ipv6=1
ip link set lo up
ip link set va up
ip link set vb up
ip link set vc up
ip link set vd up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
ip -6 addr add 2001:db8:3::1/64 dev vc nodad
sleep 3  # link-local addresses finish DAD
sysctl net.ipv4.fib_multipath_hash_seed net.ipv6.fib_multipath_hash_policy net.ipv6.fib_multipath_hash_fields
sysctl -w net.ipv4.fib_multipath_hash_seed=-1
sysctl -w net.ipv4.fib_multipath_hash_seed=4294967295
sysctl -w net.ipv4.fib_multipath_hash_seed=4294967296
sysctl -w net.ipv4.fib_multipath_hash_seed=0x10
sysctl -w net.ipv4.fib_multipath_hash_seed=abc
sysctl -w net.ipv4.fib_multipath_hash_seed=010
sysctl -w "net.ipv4.fib_multipath_hash_seed=5 6"
sysctl -w net.ipv4.fib_multipath_hash_seed=-0
sysctl net.ipv4.fib_multipath_hash_seed
sysctl -w net.ipv6.fib_multipath_hash_policy=4
sysctl -w net.ipv6.fib_multipath_hash_policy=-1
sysctl -w net.ipv6.fib_multipath_hash_policy=3
sysctl -w net.ipv6.fib_multipath_hash_fields=0
sysctl -w net.ipv6.fib_multipath_hash_fields=0xfff
sysctl -w net.ipv6.fib_multipath_hash_fields=0x1000
sysctl -w net.ipv6.fib_multipath_hash_fields=-1
sysctl net.ipv6.fib_multipath_hash_policy net.ipv6.fib_multipath_hash_fields
sysctl net.ipv6.conf.all.keep_addr_on_down net.ipv6.conf.default.keep_addr_on_down net.ipv6.conf.va.keep_addr_on_down
sysctl -w net.ipv6.conf.all.keep_addr_on_down=-5
sysctl -w net.ipv6.conf.all.keep_addr_on_down=2147483648
sysctl -w net.ipv6.conf.default.keep_addr_on_down=1
sysctl -w net.ipv6.conf.va.keep_addr_on_down=x
ip link add ve type veth peer name vf
sysctl net.ipv6.conf.all.keep_addr_on_down net.ipv6.conf.ve.keep_addr_on_down net.ipv6.conf.va.keep_addr_on_down
sysctl net.ipv6.conf.vd.keep_addr_on_down
cat /proc/sys/net/ipv6/route/flush
cat /proc/sys/net/ipv6/route/gc_interval
cat /proc/sys/net/ipv4/fib_multipath_hash_seed
cat /proc/sys/net/ipv6/conf/ve/keep_addr_on_down
cat /proc/sys/net/ipv6/route
cat /proc/sys/net/ipv6/route/nosuch
cat /proc/sys/net/ipv6/route/flush /proc/sys/net/ipv6/route/gc_thresh
