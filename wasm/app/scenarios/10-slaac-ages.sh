# A SLAAC address ages out: its valid lifetime ends, the address goes, its prefix route stays, expired, until the GC pass removes it
# > A router, namespace r, on a veth link: wan here, lan in r (DAD off: addresses are usable at once).
ip netns add r
sysctl -qw net.ipv6.conf.default.accept_dad=0
ip netns exec r sysctl -qw net.ipv6.conf.default.accept_dad=0
ip link add wan address 02:00:00:00:01:01 type veth peer name lan address 02:00:00:00:01:fe netns r
ip link set wan up
ip -n r link set lan up
sleep 1
# > The router advertises 2001:db8:77::/64 with the A and L flags: valid 40 s, preferred 20 s. The host makes a SLAAC address from its MAC and a prefix route that expires with it.
ip netns exec r ra lan pio 2001:db8:77::/64,40,20,LA
ip -6 addr show dev wan
ip -6 route show dev wan
# > Past its preferred lifetime the address is deprecated (addrconf_verify): still valid, no longer chosen as a source.
sleep 25
ip -6 addr show dev wan
# > Past its valid lifetime the address goes; its prefix route stays, expired, until the GC timer's next pass removes it.
sleep 20
ip -6 addr show dev wan
ip -6 route show dev wan
sleep 30
ip -6 route show dev wan
