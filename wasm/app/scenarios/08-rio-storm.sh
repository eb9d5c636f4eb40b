# A router announces 5,000 routes in Route Information options (RFC 4191): the GC list fills with routes nobody typed
# > The host holds 10,000 permanent routes (untraced setup)...
# batch
gen routes 10000 2001:db8:100::/64 via 2001:db8::2 dev eth0
# end
# > ...and a router, namespace r, on a veth link: wan here, lan in r (DAD off: link-local addresses are usable at once; RIO routes up to /64 accepted).
ip netns add r
sysctl -qw net.ipv6.conf.default.accept_dad=0 net.ipv6.conf.default.accept_ra_rt_info_max_plen=64
ip netns exec r sysctl -qw net.ipv6.conf.default.accept_dad=0
ip link add wan address 02:00:00:00:01:01 type veth peer name lan address 02:00:00:00:01:fe netns r
ip link set wan up
ip -n r link set lan up
sleep 1
# > One RA on a 1500-byte link holds at most 89 /64 Route Information options: the first RA, each of its routes added with expires 60.
ip netns exec r gen ra lan 89 2001:db8:8000::/64,60 lifetime 1800
# > 56 more RAs carry the other 4,911: 5,000 routes nobody typed, all on the GC list (too many events to animate one by one).
ip netns exec r gen ra lan 4911 2001:db8:8059::/64,60 lifetime 1800
ip -6 route show 2001:db8:8000::/64
cat /proc/net/rt6_stats
# > No RA refreshes them. The GC timer fires: the trie walk checks all 15,000 routes, the GC list only the 5,001 that can expire.
sleep 35
# > 60 s after the RAs the routes have expired: the next pass removes all 5,000 (the trie walk still checks every route).
sleep 30
ip -6 route show 2001:db8:8000::/64
cat /proc/net/rt6_stats
# > All 5,000 went in that one pass. Later passes (the RA default route can still expire) remove nothing.
