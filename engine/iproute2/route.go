package iproute2

import (
	"errors"
	"fmt"
	"io"
	"math"
	"net/netip"
	"slices"
	"strconv"
	"strings"

	"fib6lab/engine/fib6"
	"fib6lab/engine/netns"
)

// routeVerb is one `ip route` command with the netlink flags iproute2
// sends for it.
type routeVerb struct {
	name    string
	alias   string // an exact-match alternative spelling
	run     func(sh *Shell, o ipOpts, args []string, flags uint16, out io.Writer) error
	nlflags uint16
	lists   bool // show and flush: they only read or delete what a dump lists
}

// routeVerbs are tried in iproute2's order for unique-prefix matching.
var routeVerbs = []routeVerb{
	{"add", "", routeModify, fib6.NLM_F_CREATE | fib6.NLM_F_EXCL, false},
	{"change", "chg", routeModify, fib6.NLM_F_REPLACE, false},
	{"replace", "", routeModify, fib6.NLM_F_CREATE | fib6.NLM_F_REPLACE, false},
	{"prepend", "", routeModify, fib6.NLM_F_CREATE, false},
	{"append", "", routeModify, fib6.NLM_F_CREATE | fib6.NLM_F_APPEND, false},
	{"delete", "", routeModify, 0, false},
	{"list", "", routeShow, 0, true},
	{"show", "", routeShow, 0, true},
	{"lst", "", routeShow, 0, true},
	{"get", "", routeGet, 0, false},
	{"flush", "", routeFlush, 0, true},
}

// runRoute models do_iproute: no command lists the main table.
func runRoute(sh *Shell, o ipOpts, args []string, out io.Writer) error {
	if len(args) == 0 {
		return routeShow(sh, o, nil, 0, out)
	}
	for _, v := range routeVerbs {
		if matches(args[0], v.name) || (v.alias != "" && args[0] == v.alias) {
			if o.family == 4 {
				if err := inetOnly(args[1:], v.lists); err != nil {
					return err
				}
			}
			return v.run(sh, o, args[1:], v.nlflags, out)
		}
	}
	return unknownCommand(args[0], "route")
}

// inetOnly models `ip -4 route`, which parses every address and prefix
// as IPv4: the first IPv6 one gets get_prefix's or get_addr's error. With
// none, a show or flush goes on (the model holds no IPv4 route, so it
// finds none) and the other verbs are refused: IPv4 routing is not
// modelled.
func inetOnly(args []string, lists bool) error {
	for i, a := range args {
		if wordFamily(a) != 6 {
			continue
		}
		what := "prefix" // get_prefix; a new route's via and src are get_addr's
		if !lists && i > 0 && (args[i-1] == "via" || args[i-1] == "src") {
			what = "address"
		}
		return &exitErr{fmt.Sprintf("Error: inet %s is expected rather than \"%s\".\n", what, a), 1}
	}
	if lists {
		return nil
	}
	return ipv4NotModelled
}

// wordFamily returns 4 or 6 when s is an IPv4 or IPv6 address or prefix,
// 0 otherwise.
func wordFamily(s string) int {
	addr, _, _ := strings.Cut(s, "/")
	a, err := netip.ParseAddr(addr)
	switch {
	case err != nil:
		return 0
	case a.Is4():
		return 4
	}
	return 6
}

// ipv4Prefix returns ipv4NotModelled when s is an IPv4 address or
// prefix (a route's destination without -6, which iproute2 takes as
// IPv4), nil otherwise.
func ipv4Prefix(s string) error {
	if wordFamily(s) == 4 {
		return ipv4NotModelled
	}
	return nil
}

var ipv4NotModelled = &exitErr{"fib6lab: IPv4 routes are not modelled (fib6lab models the IPv6 routing table)\n", 2}

// routeModify models iproute_modify for add/change/replace/prepend/append
// (nlflags != 0) and delete (nlflags == 0).
func routeModify(sh *Shell, o ipOpts, args []string, nlflags uint16, _ io.Writer) error {
	c, err := parseRoute(sh.NS, args, o.family != 6)
	if err != nil {
		return err
	}
	c.NLFlags = nlflags
	if s, ok := c.Encap.(*seg6Request); ok {
		if nlflags != 0 {
			return s.refuse()
		}
		// a kernel with SEG6 takes the type, and a delete ignores the encap
		c.EncapType, c.Encap = 0, nil
	}
	if nlflags == 0 {
		return sh.NS.RouteDel(c)
	}
	if c.Protocol == 0 {
		c.Protocol = rtprotBoot
	}
	err = sh.NS.RouteAdd(c)
	if errors.Is(err, netns.ErrSourceRoutes) || errors.Is(err, netns.ErrHopEncap) {
		return &exitErr{"fib6lab: " + err.Error() + "\n", 2}
	}
	return err
}

// rtprotBoot is RTPROT_BOOT, the protocol iproute2 sends for added routes
// without `proto`.
const rtprotBoot = 3

// routeArgs accumulates the keywords of one route request.
type routeArgs struct {
	c         *netns.RouteConfig
	hasDst    bool
	hasGw     bool
	tableSeen bool
	dev       string // `dev`/`oif`, looked up once the line is read
	hasDev    bool
	inet      bool // without -6: an IPv4 destination means an IPv4 route
}

// parseRoute turns the arguments of `ip -6 route add|del ...` into a
// RouteConfig, with iproute2's errors for malformed values.
func parseRoute(ns *netns.Netns, args []string, inet bool) (*netns.RouteConfig, error) {
	r := &routeArgs{c: &netns.RouteConfig{Type: fib6.RTN_UNICAST, Metrics: map[int]uint32{}}, inet: inet}
	var nh netns.NH
	hopsAt := -1 // where the nexthop list starts
	for i := 0; i < len(args); i++ {
		n, err := r.keyword(args, i, &nh)
		if err != nil {
			return nil, err
		}
		if n < 0 {
			hopsAt = i
			break
		}
		i += n
	}
	// as iproute_modify: the destination, then the device, then the
	// nexthop list, once the keywords before it are all read
	if !r.hasDst {
		return nil, &exitErr{"Error: destination is required.\n", 255}
	}
	if r.hasDev {
		var err error
		if nh.Dev, err = devIndex(ns, r.dev); err != nil {
			return nil, err
		}
	}
	if hopsAt >= 0 {
		hops, err := parseNexthops(ns, args[hopsAt:])
		if err != nil {
			return nil, err
		}
		for j := range hops { // ip6_route_multipath_add/del: a hop without a device or gateway takes the request's; `onlink` before the list is rtm_flags: every hop gets it
			if hops[j].Dev == 0 {
				hops[j].Dev = nh.Dev
			}
			if !hops[j].Gw.IsValid() {
				hops[j].Gw = nh.Gw
			}
			hops[j].Onlink = hops[j].Onlink || nh.Onlink
		}
		r.c.Nexthops, r.c.Multipath = hops, true
	}
	if r.c.Nexthops == nil && (nh.Gw.IsValid() || nh.Dev != 0 || nh.Onlink) {
		r.c.Nexthops = []netns.NH{nh}
	}
	switch {
	case r.tableSeen:
	case localTableType(r.c.Type):
		r.c.Table = fib6.RT_TABLE_LOCAL
	default: // rtm_table's default; `table 0` leaves it 0
		r.c.Table = fib6.RT_TABLE_MAIN
	}
	return r.c, nil
}

// localTableType reports whether iproute2 puts a route of type typ in
// table local when no table is given (local, broadcast, nat, anycast).
func localTableType(typ uint8) bool {
	switch typ {
	case fib6.RTN_LOCAL, rtnBroadcast, rtnNAT, fib6.RTN_ANYCAST:
		return true
	}
	return false
}

// Route types fib6 has no constant for.
const (
	rtnBroadcast = 3  // RTN_BROADCAST
	rtnNAT       = 10 // RTN_NAT
	rtnXResolve  = 11 // RTN_XRESOLVE
)

// keyword handles args[i] and returns how many extra arguments it used,
// or -1 when the multipath nexthop list starts there.
func (r *routeArgs) keyword(args []string, i int, nh *netns.NH) (int, error) {
	c := r.c
	key := routeKeyword(args[i])
	if key == "nexthop" {
		return -1, nil
	}
	if key == "onlink" {
		nh.Onlink = true
		return 0, nil
	}
	if key == "encap" {
		return parseEncap(c, args, i)
	}
	if key == "lock" || rtaxOf(key) == nil && !takesValue(key) {
		return 0, r.destination(args, i)
	}
	val, err := needArg(args, i)
	if err != nil {
		return 0, err
	}
	if m := rtaxOf(key); m != nil {
		return r.metric(m, args, i)
	}
	switch key {
	case "congctl":
		return r.congctl(args, i)
	case "tos":
		tos, ok := dsfieldA2n(val)
		if !ok {
			return 0, invarg("\"tos\" value is invalid\n", val)
		}
		c.Tos = uint8(tos)
	case "scope": // rtm_scope, which IPv6 ignores
		if _, err := parseName(scopeNames, val, 256, "scope"); err != nil {
			return 0, invarg("invalid \"scope\" value\n", val)
		}
	case "via":
		if r.hasGw {
			return 0, invarg("use nexthop syntax to specify multiple via\n", "via")
		}
		r.hasGw = true
		gw, viaLen, n, err := parseVia(args, i)
		nh.Gw, c.Via = gw, viaLen > 0
		return n, err
	case "dev", "oif":
		r.dev, r.hasDev = val, true
	case "src":
		c.PrefSrc, err = parseAddr(val)
	case "expires":
		c.HasExpires = true
		c.Expires, err = parseU32(val, "expires")
	case "table":
		r.tableSeen = true
		c.Table, err = parseTable(val)
	case "proto":
		var p uint32
		p, err = parseName(protoNames, val, 256, "protocol")
		c.Protocol = uint8(p)
	case "pref":
		var p uint32
		p, err = parseName(prefNames, val, 256, "pref")
		c.Pref = uint8(p)
	case "nhid":
		c.HasNHID = true
		c.NHID, err = parseU32(val, "id")
	case "from": // RTA_SRC
		c.Src, err = parsePrefix(val)
	case "realms", "ttl-propagate", "as": // RTA_FLOW, RTA_TTL_PROPAGATE, RTA_NEWDST: IPv6 ignores them
		return ignoredAttr(key, args, i)
	default:
		c.Metric, err = parseU32(val, "metric")
	}
	return 1, err
}

// routeKeyword resolves the abbreviations iproute_modify takes for the
// keywords fib6lab adds to its first ones: `dsfield` (any prefix, and
// `tos`), `congctl` (from `co`: a lone `c` is cwnd's) and `protocol`
// (from `pro`: `p` and `pr` are priority's).
func routeKeyword(arg string) string {
	switch {
	case arg == "tos" || matches(arg, "dsfield"):
		return "tos"
	case arg != "c" && matches(arg, "congctl"):
		return "congctl"
	case len(arg) >= 3 && matches(arg, "realms"): // `r` and `re` are reordering's
		return "realms"
	case len(arg) >= 3 && matches(arg, "protocol"):
		return "proto"
	}
	return arg
}

// congctl parses `congctl [lock] NAME` (RTAX_CC_ALGO); the kernel
// checks the name.
func (r *routeArgs) congctl(args []string, i int) (int, error) {
	used := 1
	if args[i+1] == "lock" {
		if _, err := needArg(args, i+1); err != nil {
			return 0, err
		}
		r.c.Locks |= 1 << fib6.RTAX_CC_ALGO
		used = 2
	}
	r.c.CongCtl, r.c.HasCongCtl = args[i+used], true
	return used, nil
}

// ignoredAttr checks the value of a keyword whose attribute IPv6 routes
// ignore, as iproute2 parses it (`realms [FROM/]TO`, `ttl-propagate
// enabled|disabled`, `as [to] ADDRESS`), and returns how many arguments
// it used.
func ignoredAttr(key string, args []string, i int) (int, error) {
	val, err := needArg(args, i)
	if err != nil {
		return 0, err
	}
	switch key {
	case "realms":
		if !realmsOK(val) {
			return 0, invarg("\"realm\" value is invalid\n", val)
		}
	case "ttl-propagate":
		if !matches(val, "enabled") && !matches(val, "disabled") {
			return 0, invarg("\"ttl-propagate\" value is invalid\n", val)
		}
	default:
		used := 1
		if val == "to" {
			if val, err = needArg(args, i+1); err != nil {
				return 0, err
			}
			used = 2
		}
		if val != "default" && val != "any" && val != "all" { // get_addr's words for ::
			_, err = parseAddr(val)
		}
		return used, err
	}
	return 1, nil
}

// realmsOK models get_rt_realms_or_raw: FROM/TO realms (a name from
// rt_realms or a number up to 255; TO may be empty), one realm, or any
// 32-bit number.
func realmsOK(s string) bool {
	realm := func(v string) bool { _, ok := idOf(realmNames, v, 256); return ok }
	from, to, slash := strings.Cut(s, "/")
	if !slash {
		from, to = "", s
	}
	if (!slash || realm(from)) && (to == "" || realm(to)) {
		return true
	}
	v, ok := cParseUint(s)
	return ok && v <= math.MaxUint32
}

// takesValue lists the keywords followed by one value.
func takesValue(key string) bool {
	switch key {
	case "via", "dev", "oif", "src", "expires", "table", "proto", "pref", "preference", "tos", "scope", "congctl", "nhid",
		"from", "realms", "ttl-propagate", "as":
		return true
	}
	return matches(key, "metric") || matches(key, "priority")
}

// destination handles `[to] [TYPE] PREFIX`.
func (r *routeArgs) destination(args []string, i int) error {
	s := args[i]
	if s == "to" {
		if _, err := needArg(args, i); err != nil {
			return err
		}
		return nil
	}
	if t, ok := rtntypeA2n(s); ok && (s[0] < '0' || s[0] > '9') {
		if _, err := needArg(args, i); err != nil {
			return err
		}
		r.c.Type = t
		return nil
	}
	if r.hasDst {
		return garbage("to", s)
	}
	if err := ipv4Prefix(s); err != nil && r.inet {
		return err
	}
	p, err := parsePrefix(s)
	r.c.Dst, r.hasDst = p, err == nil
	return err
}

// Sizes of the netlink request iproute2 builds for a multipath route:
// the RTA_MULTIPATH attribute is assembled in a 4096-byte buffer (a
// struct rtnexthop of 8 bytes per hop, an RTA_GATEWAY of 20 bytes per
// `via`) and then added to a request of at most 4096 bytes after its
// 28-byte header and the destination attribute.
const (
	mpBufSize    = 4096
	rtnhSize     = 8
	gatewayAttr  = 20
	flowAttr     = 8  // a hop's RTA_FLOW (realms)
	newdstAttr   = 20 // a hop's RTA_NEWDST (as)
	reqBound     = 4096
	reqHeader    = 16 + 12
	dstAttrBytes = 20
)

// errNexthop is the trailer iproute2 prints when a nexthop does not parse.
func errNexthop(msg string) error {
	return &exitErr{msg + "Error: cannot parse nexthop\n", 255}
}

// parseNexthops models parse_nexthops: `nexthop [via GW] [dev D] [weight
// W] [onlink]` repeated, with its messages and its netlink buffer bounds
// (which also bound how many nexthops one command can give).
func parseNexthops(ns *netns.Netns, args []string) ([]netns.NH, error) {
	var hops []netns.NH
	rtaLen := 4
	for i := 0; i < len(args); i++ {
		if args[i] != "nexthop" {
			return nil, &exitErr{fmt.Sprintf("Error: \"nexthop\" or end of line is expected instead of \"%s\"\n", args[i]), 255}
		}
		if i+1 >= len(args) { // `nexthop nexthop ...` is a hop with nothing of its own
			return nil, &exitErr{"Error: unexpected end of line after \"nexthop\"\n", 255}
		}
		hops = append(hops, netns.NH{})
		nh := &hops[len(hops)-1]
		rtaLen += rtnhSize
		for i+1 < len(args) && args[i+1] != "nexthop" {
			i++
			key := args[i]
			if key == "onlink" {
				nh.Onlink = true
				continue
			}
			if key == "as" || matches(key, "realms") {
				name, size := "as", newdstAttr
				if key != "as" {
					name, size = "realms", flowAttr
				}
				n, err := ignoredAttr(name, args, i)
				if err != nil {
					return nil, err
				}
				if rtaLen, err = hopAttr(rtaLen, size); err != nil {
					return nil, err
				}
				i += n
				continue
			}
			if key == "encap" {
				var hop netns.RouteConfig
				n, err := parseEncap(&hop, args, i)
				if err != nil {
					return nil, err
				}
				nh.Encap, i = hop.EncapType, i+n
				continue
			}
			if key != "via" && key != "dev" && key != "weight" {
				return nil, &exitErr{fmt.Sprintf("Error: \"nexthop\" or end of line is expected instead of \"%s\"\n", key), 255}
			}
			val, err := needArg(args, i)
			if err != nil {
				return nil, err
			}
			i++
			switch key {
			case "via":
				var n, viaLen int
				if nh.Gw, viaLen, n, err = parseVia(args, i-1); err != nil {
					return nil, err
				}
				i += n - 1
				size := gatewayAttr
				if viaLen > 0 { // rtattr and family, the address, aligned
					size = (4 + 2 + viaLen + 3) &^ 3
				}
				rtaLen, err = hopAttr(rtaLen, size)
			case "dev":
				if d := ns.Dev(val); d != nil {
					nh.Dev = d.Index
				} else {
					err = errNexthop(noDevice(val).Error())
				}
			default:
				w, e := strconv.ParseUint(val, 0, 32)
				if e != nil || w < 1 || w > 256 {
					err = invarg("\"weight\" is invalid\n", val)
				}
				nh.Weight = uint32(w)
			}
			if err != nil {
				return nil, err
			}
		}
	}
	if reqHeader+dstAttrBytes+rtaLen > reqBound {
		return nil, &exitErr{fmt.Sprintf("addattr_l ERROR: message exceeded bound of %d\n", reqBound), 1}
	}
	return hops, nil
}

// hopAttr adds an attribute of size bytes to a multipath buffer holding
// rtaLen (rta_addattr_l, which aligns to 4 bytes first), or fails as
// parse_nexthops does past the buffer.
func hopAttr(rtaLen, size int) (int, error) {
	if (rtaLen+3)&^3+size > mpBufSize {
		return 0, errNexthop("rta_addattr_l: Error! max allowed bound 4096 exceeded\n")
	}
	return rtaLen + size, nil
}

// parseVia models `via [FAMILY] ADDRESS` after args[i] (read_family,
// then get_addr): an inet6 address is the gateway (RTA_GATEWAY); an
// address of another family (inet, mpls, link; bridge has none) goes in
// RTA_VIA, whose address length viaLen gives (0 for RTA_GATEWAY), and
// the gateway returned is then the zero Addr. n is how many arguments
// after args[i] it read.
func parseVia(args []string, i int) (gw netip.Addr, viaLen, n int, err error) {
	val, err := needArg(args, i)
	if err != nil {
		return gw, 0, 0, err
	}
	family := "inet6"
	if slices.Contains([]string{"inet", "inet6", "mpls", "link", "bridge"}, val) {
		family, n = val, 1
		if val, err = needArg(args, i+1); err != nil {
			return gw, 0, 0, err
		}
	}
	n++
	switch family {
	case "inet6":
		gw, err = parseAddr(val)
		return gw, 0, n, err
	case "mpls":
		err = mplsPton(val)
		return gw, 4 * (strings.Count(val, "/") + 1), n, err
	case "link":
		viaLen, err = llAddr(val)
		return gw, viaLen, n, err
	}
	if a, e := netip.ParseAddr(val); family == "inet" && e == nil && a.Is4() {
		return gw, 4, n, nil
	}
	return gw, 0, n, &exitErr{fmt.Sprintf("Error: %s address is expected rather than \"%s\".\n", family, val), 1}
}

// llAddr models ll_addr_a2n as get_addr reads a `link` address: bytes in
// hexadecimal separated by colons. It returns how many there are, or
// its two messages.
func llAddr(s string) (int, error) {
	parts := strings.Split(s, ":")
	for _, b := range parts {
		v, _, digits := cStrtoulBase(b, 16) // sscanf %x: a sign makes it negative
		if !digits || v > 255 || strings.HasPrefix(strings.TrimLeft(b, cBlanks), "-") {
			return 0, &exitErr{fmt.Sprintf("\"%s\" is invalid lladdr.\nError: link address is expected rather than \"%s\".\n", b, s), 1}
		}
	}
	return len(parts), nil
}

func devIndex(ns *netns.Netns, name string) (int, error) {
	d := ns.Dev(name)
	if d == nil {
		return 0, noDevice(name)
	}
	return d.Index, nil
}

// parseU32 models get_u32 with iproute2's invalid-value message.
func parseU32(s, what string) (uint32, error) {
	v, ok := cParseUint(s)
	if !ok || v > 1<<32-1 {
		return 0, invarg("\""+what+"\" value is invalid\n", s)
	}
	return uint32(v), nil
}

// parseName parses a name from tab or a number below limit.
func parseName(tab map[uint32]string, s string, limit uint64, what string) (uint32, error) {
	v, ok := idOf(tab, s, limit)
	if !ok {
		return 0, invarg("\""+what+"\" value is invalid\n", s)
	}
	return v, nil
}

func parseTable(s string) (uint32, error) {
	return parseName(tableNames, s, 1<<32, "table")
}

// routeFilter models iproute2's route filter for show/flush/get output:
// which table(s), prefix selectors and the fields the filter pins (and so
// does not print).
type routeFilter struct {
	ns        *netns.Netns
	table     uint32 // 0 = all
	root      netip.Prefix
	match     netip.Prefix
	exact     netip.Prefix
	proto     int // -1 = any
	via       netip.Addr
	src       netip.Prefix // `src`: RTA_PREFSRC inside it (none counts as ::)
	dev       int
	typ       int // -1 = any
	ipv4      bool
	tableSeen bool
	cloned    bool  // `cached` / `cloned` or a prefix of either: list route exceptions instead
	metric    int64 // -1 = any
	none      bool  // a selector no IPv6 route can meet (scope, from, iif, mark, realms)
	scopeSet  bool  // `scope` given: the scope is not printed
	details   bool  // ip -d: type, table main, proto boot and scope printed too
}

// parseFilter models the selector parsing of iproute_list_flush.
func parseFilter(ns *netns.Netns, o ipOpts, args []string) (*routeFilter, error) {
	f := &routeFilter{ns: ns, table: fib6.RT_TABLE_MAIN, proto: -1, typ: -1, metric: -1, ipv4: o.family == 4, details: o.details}
	for i := 0; i < len(args); i++ {
		if matches(args[i], "cached") || matches(args[i], "cloned") {
			f.cloned = true
			continue
		}
		key := selectorName(args[i])
		if key == "to" {
			continue
		}
		if !isSelector(key) {
			if o.family != 6 && ipv4Prefix(key) != nil {
				f.ipv4 = true // an IPv4 dump: the model holds no IPv4 route
				continue
			}
			p, err := parsePrefix(key)
			if err != nil {
				return nil, err
			}
			f.exact = p
			continue
		}
		val, err := needArg(args, i)
		if err != nil {
			return nil, err
		}
		i++
		if o.family != 6 && ipv4Prefix(val) != nil && slices.Contains([]string{"root", "match", "exact", "via", "src", "from"}, key) {
			f.ipv4 = true
			continue
		}
		if key == "via" && val == "inet6" {
			if val, err = needArg(args, i); err != nil {
				return nil, err
			}
			i++
		}
		if err := f.selector(key, val); err != nil {
			return nil, err
		}
	}
	if o.family == 0 && !f.exact.IsValid() && !f.root.IsValid() && !f.match.IsValid() && !f.via.IsValid() {
		f.ipv4 = true
	}
	return f, nil
}

func isSelector(key string) bool {
	switch key {
	case "table", "root", "match", "exact", "proto", "via", "dev", "oif", "type", "metric", "scope", "from", "tos",
		"vrf", "src", "iif", "mark", "realms":
		return true
	}
	return false
}

// selectorName resolves the abbreviations iproute2 accepts for the show
// and flush selectors (`tab`, `ro`, `ma`, `ex`, `priority`, `r` for
// realms, ...), in the order iproute_list_flush_or_save tries them.
func selectorName(arg string) string {
	if arg == "tos" || matches(arg, "dsfield") {
		return "tos"
	}
	if arg == "preference" {
		return "metric"
	}
	for _, w := range []string{"table", "vrf", "metric", "priority", "scope", "realms", "from", "root", "match", "exact"} {
		if matches(arg, w) {
			if w == "priority" {
				return "metric"
			}
			return w
		}
	}
	return arg
}

func (f *routeFilter) selector(key, val string) error {
	var err error
	switch key {
	case "table":
		f.tableSeen = true
		if val == "all" {
			f.table = 0
			return nil
		}
		f.table, err = parseName(tableNames, val, 1<<32, "table")
		if err != nil {
			err = invarg("table id value is invalid\n", val)
		}
	case "metric":
		var m uint32
		m, err = parseU32(val, "metric")
		f.metric = int64(m)
	case "scope": // "all" selects any scope and leaves it printed
		sc, ok := idOf(scopeNames, val, 256)
		switch {
		case ok:
			f.none = f.none || sc != 0 // IPv6 routes have scope universe
			f.scopeSet = true
		case val != "all":
			err = invarg("invalid \"scope\"\n", val)
		}
	case "tos":
		tos, ok := dsfieldA2n(val)
		if !ok {
			err = invarg("TOS value is invalid\n", val)
		}
		f.none = f.none || tos != 0 // IPv6 routes have tos 0
	case "from":
		var p netip.Prefix
		p, err = parsePrefix(val)
		f.none = f.none || p.Bits() > 0 // IPv6 routes here have no source prefix
	case "root":
		f.root, err = parsePrefix(val)
	case "match":
		f.match, err = parsePrefix(val)
	case "exact":
		f.exact, err = parsePrefix(val)
	case "proto":
		var p uint32
		p, err = parseName(protoNames, val, 256, "protocol")
		if err != nil {
			err = invarg("invalid \"protocol\"\n", val)
		}
		f.proto = int(p)
	case "via":
		var p netip.Prefix
		p, err = parsePrefix(val)
		f.via = p.Addr()
	case "type":
		var t uint32
		t, err = parseName(typeNames, val, 256, "type")
		if err != nil {
			err = invarg("node type value is invalid\n", val)
		}
		f.typ = int(t)
	case "src":
		f.src, err = parsePrefix(val)
	default:
		return f.unmatched(key, val)
	}
	return err
}

// unmatched parses the selectors of attributes no IPv6 route dump
// carries, so that only a zero value lets a route through: `iif DEV`
// (RTA_IIF), `mark N` (RTA_MARK), `realms R` (RTA_FLOW), and `vrf NAME`,
// which no device of the model is (but "default" without a device of
// that name is table main); and `dev`.
func (f *routeFilter) unmatched(key, val string) error {
	ns := f.ns
	switch key {
	case "iif":
		_, err := devIndex(ns, val)
		f.none = true
		return err
	case "mark":
		m, ok := getUnsigned(val, 0, 1<<32-1)
		if !ok {
			return invarg("invalid mark value", val)
		}
		f.none = f.none || m != 0
	case "realms":
		r, ok := parseRealms(val)
		if !ok {
			return invarg("invalid realms\n", val)
		}
		f.none = f.none || r != 0
	case "vrf":
		if val != "default" || ns.Dev(val) != nil {
			return invarg("Invalid VRF\n", val)
		}
		f.table, f.typ = fib6.RT_TABLE_MAIN, -1
	default:
		var err error
		f.dev, err = devIndex(ns, val)
		return err
	}
	return nil
}

// parseRealms models get_rt_realms_or_raw: FROM/TO realms (names or
// numbers up to 255, FROM in the upper 16 bits), or a raw 32-bit number.
func parseRealms(s string) (uint32, bool) {
	from, to, slash := strings.Cut(s, "/")
	if !slash {
		from, to = "", s
	}
	var r uint32
	ok := true
	if slash {
		var f uint32
		f, ok = idOf(realmNames, from, 256)
		r = f << 16
	}
	if ok && to != "" {
		t, tok := idOf(realmNames, to, 256)
		r, ok = r|t, tok
	}
	if ok {
		return r, true
	}
	v, ok := getUnsigned(s, 0, 1<<32-1)
	return uint32(v), ok
}

// wants reports whether the filter selects rt.
func (f *routeFilter) wants(rt *fib6.Info) bool {
	return f.wantsPrefix(rt.Prefix()) && f.wantsRoute(rt)
}

// wantsPrefix applies the root, match and exact selectors to p.
func (f *routeFilter) wantsPrefix(p netip.Prefix) bool {
	return !(f.root.IsValid() && (p.Bits() < f.root.Bits() || !f.root.Contains(p.Addr())) ||
		f.match.IsValid() && (p.Bits() > f.match.Bits() || !p.Contains(f.match.Addr())) ||
		f.exact.IsValid() && p != f.exact.Masked())
}

// wantsRoute applies the proto, type, via, dev and src selectors to rt,
// as iproute2 applies them to the route's dump message (fibRouteMsg): its
// rtm_type (blackhole for a route over a blackhole nexthop object); an
// ECMP route, or one over a nexthop group, carries no RTA_GATEWAY or
// RTA_OIF of its own (its hops are in RTA_MULTIPATH), so via and dev
// never select it. A dump of table main alone also hides local-type
// routes: iproute2 does so for IPv6 until it has seen a route of another
// table (ip6_multiple_tables).
func (f *routeFilter) wantsRoute(rt *fib6.Info) bool {
	switch {
	case f.none, f.metric >= 0 && uint32(f.metric) != rt.Metric,
		f.table == fib6.RT_TABLE_MAIN && rt.Type == fib6.RTN_LOCAL,
		f.proto >= 0 && uint8(f.proto) != rt.Protocol:
		return false
	case f.typ < 0 && !f.via.IsValid() && f.dev == 0 && !f.src.IsValid():
		return true
	}
	m := fibRouteMsg(f.ns, rt, 0)
	src := m.prefsrc
	if !src.IsValid() {
		src = netip.IPv6Unspecified()
	}
	return !(f.typ >= 0 && uint8(f.typ) != m.typ ||
		f.via.IsValid() && (m.hops != nil || m.hop.Gw.Addr() != f.via) ||
		f.dev != 0 && (m.hops != nil || m.hop.Dev != f.dev) ||
		f.src.IsValid() && !f.src.Contains(src))
}
