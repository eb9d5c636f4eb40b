package iproute2

import (
	"math"
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
	rtnXResolve: "xresolve",
}

// rtntypeWords are the route type words of rtnl_rtntype_a2n in the order
// it tries them, each taken exactly or (abbrev) as any prefix.
var rtntypeWords = []struct {
	word   string
	abbrev bool
	id     uint8
}{
	{"local", false, fib6.RTN_LOCAL}, {"nat", false, rtnNAT},
	{"broadcast", true, rtnBroadcast}, {"brd", false, rtnBroadcast},
	{"anycast", true, fib6.RTN_ANYCAST}, {"multicast", true, fib6.RTN_MULTICAST},
	{"prohibit", true, fib6.RTN_PROHIBIT}, {"unreachable", true, fib6.RTN_UNREACHABLE},
	{"blackhole", true, fib6.RTN_BLACKHOLE}, {"xresolve", true, rtnXResolve},
	{"unicast", true, fib6.RTN_UNICAST}, {"throw", false, fib6.RTN_THROW},
}

// rtntypeA2n models rtnl_rtntype_a2n (ip/rtm_map.c): a route type word
// (most may be abbreviated: `u` is unreachable, `x` xresolve) or a
// number up to 255.
func rtntypeA2n(s string) (uint8, bool) {
	for _, w := range rtntypeWords {
		if s == w.word || w.abbrev && matches(s, w.word) {
			return w.id, true
		}
	}
	v, ok := cParseUint(s)
	return uint8(v), ok && v <= 255
}

// scopeNames are the route scopes iproute2 names (rt_scopes).
var scopeNames = map[uint32]string{0: "global", 200: "site", 253: "link", 254: "host", 255: "nowhere"}

// realmNames are the route realms iproute2 names (rt_realms).
var realmNames = map[uint32]string{0: "cosmos"}

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
// friends use it: leading blanks and a sign are skipped, "0x" means hex
// and a leading 0 octal, and the whole string must be digits. A '-'
// negates modulo 2^64, so that "-0" is 0 and any other negative number
// is too big for the callers' bounds, as in iproute2. It fails on
// overflow of 64 bits.
func cParseUint(s string) (uint64, bool) {
	v, rest, ok := cStrtoul(s)
	return v, ok && rest == "" && v != math.MaxUint64
}

// cBlanks are the bytes C's isspace takes in the C locale.
const cBlanks = " \t\n\v\f\r"

// cStrtoul models strtoul(s, &end, 0): leading white space, a sign (a
// '-' negates modulo 2^64), "0x" before a hex digit for hex and a
// leading 0 for octal. It returns the value (ULONG_MAX on overflow), the
// unparsed rest and whether there were digits.
func cStrtoul(s string) (v uint64, rest string, digits bool) {
	return cStrtoulBase(s, 0)
}

// cStrtoulBase is cStrtoul with strtoul's base argument: 0 as above, 16
// (an optional "0x" prefix) or 10.
func cStrtoulBase(s string, base uint64) (v uint64, rest string, digits bool) {
	p := strings.TrimLeft(s, cBlanks)
	neg := false
	if p != "" && (p[0] == '+' || p[0] == '-') {
		neg, p = p[0] == '-', p[1:]
	}
	hexPrefix := len(p) > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && digitValue(p[2]) < 16
	switch {
	case hexPrefix && (base == 0 || base == 16):
		base, p = 16, p[2:]
	case base == 0 && p != "" && p[0] == '0':
		base = 8
	case base == 0:
		base = 10
	}
	over := false
	k := 0
	for ; k < len(p) && digitValue(p[k]) < base; k++ {
		d := digitValue(p[k])
		over = over || v > (math.MaxUint64-d)/base
		v = v*base + d
	}
	switch {
	case k == 0:
		return 0, s, false
	case over:
		v = math.MaxUint64
	case neg:
		v = -v
	}
	return v, p[k:], true
}

// digitValue is the value of a digit in bases up to 16, or 99.
func digitValue(c byte) uint64 {
	switch {
	case c >= '0' && c <= '9':
		return uint64(c - '0')
	case c >= 'a' && c <= 'f':
		return uint64(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return uint64(c-'A') + 10
	}
	return 99
}
