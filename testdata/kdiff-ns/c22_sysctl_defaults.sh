# c22: default net.ipv6.route.* values in a fresh namespace (kernel 6.18.44).  'flush' is (translated from ../shared/cases/multi-ns/c22_sysctl_defaults.sh)
ip netns add rsc22
ip netns exec rsc22 sysctl net.ipv6.route.gc_elasticity net.ipv6.route.gc_interval net.ipv6.route.gc_min_interval net.ipv6.route.gc_min_interval_ms net.ipv6.route.gc_thresh net.ipv6.route.gc_timeout net.ipv6.route.max_size net.ipv6.route.min_adv_mss net.ipv6.route.mtu_expires net.ipv6.route.skip_notify_on_dev_down
ip netns exec rsc22 cat /proc/sys/net/ipv6/route/flush
ip netns exec rsc22 sysctl net.ipv6.conf.default.accept_ra net.ipv6.conf.default.accept_ra_defrtr net.ipv6.conf.default.accept_ra_pinfo net.ipv6.conf.default.accept_ra_rt_info_max_plen net.ipv6.conf.default.accept_ra_min_lft net.ipv6.conf.default.ra_defrtr_metric net.ipv6.conf.default.forwarding
ip netns del rsc22
