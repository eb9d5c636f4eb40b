package netns

import (
	"slices"

	"fib6lab/engine/errno"
)

// tcpCongestion lists the TCP congestion control algorithms of the
// reference kernel, as tcp_available_congestion_control shows them
// (built in; it has no modules to load others). A route's RTAX_CC_ALGO
// metric holds an algorithm's key: here its position in this list,
// from 1 (the kernel uses a hash of the name).
var tcpCongestion = []string{"reno", "bbr", "cubic"}

// tcpCANameMax is TCP_CA_NAME_MAX: a name is cut to 15 bytes.
const tcpCANameMax = 16

var errUnknownCA = errno.WithMsg(errno.EINVAL, "Unknown tcp congestion algorithm")

// congCtlKey models the RTAX_CC_ALGO part of ip_metrics_convert: the
// name (cut as nla_strscpy cuts it) must be an algorithm the kernel has
// (tcp_ca_get_key_by_name). It returns the key, 0 when the request has
// no congctl. Error: EINVAL "Unknown tcp congestion algorithm".
func congCtlKey(c *RouteConfig) (uint32, error) {
	if !c.HasCongCtl {
		return 0, nil
	}
	name := c.CongCtl
	if len(name) > tcpCANameMax-1 {
		name = name[:tcpCANameMax-1]
	}
	i := slices.Index(tcpCongestion, name)
	if i < 0 {
		return 0, errUnknownCA
	}
	return uint32(i + 1), nil
}

// CongCtlName returns the name of the algorithm with key (the value of
// a route's RTAX_CC_ALGO metric), as tcp_ca_get_name_by_key does, or ""
// for a key no algorithm has.
func CongCtlName(key uint32) string {
	if key == 0 || int(key) > len(tcpCongestion) {
		return ""
	}
	return tcpCongestion[key-1]
}
