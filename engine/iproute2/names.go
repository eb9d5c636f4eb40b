package iproute2

import (
	"strconv"
	"strings"

	"fib6lab/engine/fib6"
)

// protoNames is /etc/iproute2/rt_protos as shipped with iproute2 6.1
// (route protocol numbers, RTPROT_*).
var protoNames = map[uint32]string{
	0: "unspec", 1: "redirect", 2: "kernel", 3: "boot", 4: "static", 8: "gated",
	9: "ra", 10: "mrt", 11: "zebra", 12: "bird", 13: "dnrouted", 14: "xorp",
	15: "ntk", 16: "dhcp", 18: "keepalived", 42: "babel", 99: "openr", 186: "bgp",
	187: "isis", 188: "ospf", 189: "rip", 192: "eigrp",
}

// tableNames is /etc/iproute2/rt_tables (routing table ids).
var tableNames = map[uint32]string{
	0: "unspec", 253: "default", 254: "main", 255: "local",
}

// typeNames are the route types (RTN_*) iproute2 names.
var typeNames = map[uint32]string{
	fib6.RTN_UNICAST: "unicast", fib6.RTN_LOCAL: "local", rtnBroadcast: "broadcast",
	fib6.RTN_ANYCAST: "anycast", fib6.RTN_MULTICAST: "multicast",
	fib6.RTN_BLACKHOLE: "blackhole", fib6.RTN_UNREACHABLE: "unreachable",
	fib6.RTN_PROHIBIT: "prohibit", fib6.RTN_THROW: "throw", rtnNAT: "nat",
}

// scopeNames are the route scopes iproute2 names (rt_scopes).
var scopeNames = map[uint32]string{0: "global", 200: "site", 253: "link", 254: "host", 255: "nowhere"}

// prefNames are the router preference words (ICMPV6_ROUTER_PREF_*).
var prefNames = map[uint32]string{
	fib6.PrefLow: "low", fib6.PrefMedium: "medium", fib6.PrefHigh: "high",
}

// nameOf prints id by name from tab, or as a decimal number.
func nameOf(tab map[uint32]string, id uint32) string {
	if s, ok := tab[id]; ok {
		return s
	}
	return strconv.FormatUint(uint64(id), 10)
}

// idOf parses a name from tab or a number below limit, as
// rtnl_rtprot_a2n/rtnl_rttable_a2n do.
func idOf(tab map[uint32]string, s string, limit uint64) (uint32, bool) {
	for id, name := range tab {
		if name == s {
			return id, true
		}
	}
	v, ok := cParseUint(s)
	if !ok || v >= limit {
		return 0, false
	}
	return uint32(v), true
}

// cParseUint models strtoul(s, &end, 0) as iproute2's get_u32 and
// friends use it: leading blanks and a '+' are skipped, "0x" means hex
// and a leading 0 octal, and the whole string must be digits (no Go
// extras such as "0b", "0o" or '_'). It fails on overflow of 64 bits.
func cParseUint(s string) (uint64, bool) {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	s = strings.TrimPrefix(s, "+")
	base := 10
	switch {
	case len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'):
		s, base = s[2:], 16
	case len(s) > 1 && s[0] == '0':
		s, base = s[1:], 8
	}
	if s == "" || strings.ContainsAny(s, "_+-") {
		return 0, false
	}
	v, err := strconv.ParseUint(s, base, 64)
	return v, err == nil
}
