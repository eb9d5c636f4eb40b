# a route through a nexthop object follows the object when `ip nexthop
# replace` moves it to another device; a plain route on that device must
# still go when the device goes down (rt6_sync_down_dev walks every table
# with routes on it).
# topology: a veth pair, both ends in this namespace
ip link add v0 address 02:00:00:00:00:01 type veth peer name v1 address 02:00:00:00:00:02
ip link set v0 up
ip link set v1 up
ip -6 nexthop add id 1 dev v0
ip -6 route add 2001:db8::/64 nhid 1 table 100
ip -6 route add 2001:db8:2::/64 dev v1 table 100
ip -6 nexthop replace id 1 dev v1
ip -6 route show table 100
ip -6 route del 2001:db8::/64 table 100
ip link set v1 down
ip -6 route show table 100
ip nexthop show
