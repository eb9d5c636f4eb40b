# net.ipv6.conf.{all,default,DEV}: new devices copy default, all spreads only some knobs, ranges and errors, per namespace
ip netns add h
sysctl net.ipv6.conf.default.forwarding net.ipv6.conf.all.accept_dad net.ipv6.conf.default.accept_dad net.ipv6.conf.lo.accept_dad net.ipv6.conf.lo.use_tempaddr
sysctl -w net.ipv6.conf.default.hop_limit=33 net.ipv6.conf.default.accept_ra=2 net.ipv6.conf.default.router_solicitation_delay=3
ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02 netns h
sysctl net.ipv6.conf.va.hop_limit net.ipv6.conf.va.accept_ra net.ipv6.conf.va.router_solicitation_delay
ip netns exec h sysctl net.ipv6.conf.vb.hop_limit net.ipv6.conf.default.hop_limit
sysctl -w net.ipv6.conf.all.forwarding=1
sysctl net.ipv6.conf.default.forwarding net.ipv6.conf.va.forwarding net.ipv6.conf.lo.forwarding
ip netns exec h sysctl net.ipv6.conf.all.forwarding net.ipv6.conf.vb.forwarding
sysctl -w net.ipv6.conf.all.hop_limit=7
sysctl net.ipv6.conf.default.hop_limit net.ipv6.conf.va.hop_limit
sysctl -w net.ipv6.conf.all.force_forwarding=1
sysctl net.ipv6.conf.default.force_forwarding net.ipv6.conf.va.force_forwarding
sysctl -w net.ipv6.conf.all.ignore_routes_with_linkdown=1 net.ipv6.conf.all.addr_gen_mode=1
sysctl net.ipv6.conf.default.ignore_routes_with_linkdown net.ipv6.conf.va.ignore_routes_with_linkdown net.ipv6.conf.default.addr_gen_mode net.ipv6.conf.va.addr_gen_mode
sysctl -w net.ipv6.conf.va.addr_gen_mode=2
sysctl -w net.ipv6.conf.va.hop_limit=0
sysctl -w net.ipv6.conf.va.hop_limit=256
sysctl -w net.ipv6.conf.va.mtu=1279
sysctl -w net.ipv6.conf.va.mtu=1501
sysctl -w net.ipv6.conf.va.mtu=1280
sysctl -w net.ipv6.conf.all.mtu=9000
sysctl -w net.ipv6.conf.va.ioam6_id=65536
sysctl -w net.ipv6.conf.va.ra_defrtr_metric=0
sysctl -w net.ipv6.conf.va.ra_defrtr_metric=4294967295
sysctl -w net.ipv6.conf.va.router_solicitations=-2
sysctl -w net.ipv6.conf.va.mldv1_unsolicited_report_interval=1001
sysctl -w net.ipv6.conf.all.mc_forwarding=1
sysctl net.ipv6.conf.va.stable_secret
sysctl net.ipv6.conf.va
sysctl -N net.ipv6.conf.default
ip link set va mtu 1000
sysctl net.ipv6.conf.va.hop_limit
ip link set va mtu 1500
sysctl net.ipv6.conf.va.hop_limit net.ipv6.conf.va.mtu net.ipv6.conf.va.forwarding
ip netns exec h sysctl -a -r 'ipv6\.conf\.(all|default)\.(forwarding|hop_limit|accept_dad)$'
ip netns del h
