package iproute2

import (
	"fmt"
	"io"
	"net/netip"
	"strings"

	"fib6lab/engine/errno"
	"fib6lab/engine/fib6"
	"fib6lab/engine/netns"
)

// IP protocol numbers a get may name (IPPROTO_*).
const (
	ipprotoTCP    = 6
	ipprotoUDP    = 17
	ipprotoICMPv6 = 58
)

// getRequest is one `ip -6 route get` request as iproute2 builds it.
type getRequest struct {
	dst       netip.Addr
	hasDst    bool
	from      netip.Prefix // RTA_SRC and rtm_src_len; invalid when not given
	iif, oif  string
	fibmatch  bool
	connected bool
	inet      bool // without -6: an IPv4 destination means an IPv4 lookup
	warnings  string
	// ipproto, sport and dport are RTA_IP_PROTO, RTA_SPORT and
	// RTA_DPORT; hasProto says ipproto was given.
	ipproto      uint8
	hasProto     bool
	sport, dport uint16
	tos          uint8 // RTA_TOS (dsfield): the flow's traffic class
}

// getKeywords are the keywords of `ip route get` in the order iproute2
// tries them for a prefix match; the bool says whether one value follows.
var getKeywords = []struct {
	word  string
	value bool
}{
	{"dsfield", true}, {"from", true}, {"iif", true}, {"mark", true}, {"oif", true},
	{"connected", false}, {"vrf", true}, {"uid", true}, {"fibmatch", false}, {"sport", true}, {"dport", true},
	{"ipproto", true},
}

// getKeyword returns the keyword arg abbreviates ("dev" only in full, as
// oif; "tos" in full, as dsfield), or "".
func getKeyword(arg string) (string, bool) {
	switch arg {
	case "dev":
		return "oif", true
	case "tos":
		return "dsfield", true
	}
	for _, k := range getKeywords {
		if matches(arg, k.word) {
			return k.word, k.value
		}
	}
	return "", false
}

// parseGet models the argument loop of iproute_get: keywords by prefix,
// `to` and any other word naming the destination (a later one wins).
func parseGet(args []string, inet bool) (*getRequest, error) {
	r := &getRequest{inet: inet}
	for i := 0; i < len(args); i++ {
		key, hasValue := getKeyword(args[i])
		if args[i] == "to" {
			key, hasValue = "", false
		}
		if key == "" || hasValue {
			if args[i] == "to" || hasValue {
				if _, err := needArg(args, i); err != nil {
					return nil, err
				}
				i++
			}
			if err := r.set(key, args[i]); err != nil {
				return nil, err
			}
			continue
		}
		r.fibmatch = r.fibmatch || key == "fibmatch"
		r.connected = r.connected || key == "connected"
	}
	if !r.hasDst {
		return nil, &exitErr{"need at least a destination address\n", 1}
	}
	return r, nil
}

// set applies one keyword's value ("" for the destination).
func (r *getRequest) set(key, val string) error {
	var err error
	switch key {
	case "":
		if err = ipv4Prefix(val); err != nil && r.inet {
			return err
		}
		var p netip.Prefix
		if p, err = parsePrefix(val); err == nil {
			r.dst, r.hasDst = p.Addr(), true
			if p.Bits() != 128 {
				r.warnings += fmt.Sprintf("Warning: /%d as prefix is invalid, only /128 (or none) is supported.\n", p.Bits())
			}
		}
	case "from":
		r.from, err = parsePrefix(val)
		if val == "default" || val == "any" || val == "all" {
			r.from = netip.Prefix{} // no RTA_SRC
		}
	case "iif":
		r.iif = val
	case "oif":
		r.oif = val
	case "mark":
		if v, ok := cParseUint(val); !ok || v > 1<<32-1 {
			err = invarg("invalid mark value", val)
		}
	case "vrf": // name_is_vrf: the model has no VRF device
		err = invarg("Invalid VRF\n", val)
	case "uid": // RTA_UID: the flow's owner, which no IPv6 route selects on
		if _, ok := getUnsigned(val, 0, 1<<32-1); !ok {
			err = invarg("invalid UID\n", val)
		}
	case "dsfield": // RTA_TOS of a get: the flow's traffic class, which no IPv6 route selects on
		v, ok := dsfieldA2n(val)
		if !ok {
			err = invarg("TOS value is invalid\n", val)
		}
		r.tos = uint8(v)
	default:
		err = r.setL4(key, val)
	}
	return err
}

// setL4 parses `sport`, `dport` (get_be16, any base) and `ipproto`
// (inet_proto_a2n).
func (r *getRequest) setL4(key, val string) error {
	if key == "ipproto" {
		p, ok := inetProtoA2n(val)
		if !ok {
			return invarg("Invalid \"ipproto\" value\n", val)
		}
		r.ipproto, r.hasProto = p, true
		return nil
	}
	v, ok := getUnsigned(val, 0, 0xffff)
	if !ok {
		return invarg("invalid "+key+"\n", val)
	}
	if key == "sport" {
		r.sport = uint16(v)
	} else {
		r.dport = uint16(v)
	}
	return nil
}

// errIPProto is rtm_getroute_parse_ip_proto's refusal of a protocol
// other than TCP, UDP and ICMPv6 for IPv6.
var errIPProto = errno.WithMsg(errno.EOPNOTSUPP, "Unsupported ip proto")

// keys are the flow keys of the request looked up through fl (the
// multipath hash reads them): an input lookup through iif
// (ip6_route_input_lookup), else an output one (ip6_route_output, whose
// flowi6_iif is the loopback).
func (r *getRequest) keys(fl fib6.Flow) netns.FlowKeys {
	fk := netns.FlowKeys{Dst: r.dst, Proto: r.ipproto, Sport: r.sport, Dport: r.dport, Iif: netns.LoopbackIfindex, Tclass: r.tos}
	if r.from.IsValid() {
		fk.Src = r.from.Addr()
	}
	if r.iif != "" {
		fk.Input, fk.Iif = true, fl.Oif
	}
	return fk
}

// flow resolves the request's devices into the lookup flow the kernel
// builds: an input lookup through iif, else an output one through oif
// (strict for destinations that need it or without a source address).
func (r *getRequest) flow(ns *netns.Netns) (fib6.Flow, error) {
	strict := r.dst.IsMulticast() || r.dst.IsLinkLocalUnicast() || r.dst.IsLoopback()
	name := r.oif
	if r.iif != "" {
		name = r.iif
	} else if !r.from.IsValid() || r.from.Addr().IsUnspecified() {
		strict = true
	}
	if name == "" {
		return fib6.Flow{}, nil
	}
	idx, err := devIndex(ns, name)
	return fib6.Flow{Oif: idx, Strict: strict}, err
}

// validate models inet6_rtm_valid_getroute_req on the source prefix.
func (r *getRequest) validate() error {
	switch {
	case !r.from.IsValid() || r.from.Bits() == 128:
		return nil
	case r.from.Bits() == 0:
		return netlinkErr(errno.WithMsg(errno.EINVAL, "ipv6: rtm_src_len and rtm_dst_len must be 128 for IPv6"))
	}
	return netlinkErr(errno.WithMsg(errno.EINVAL, "ipv6: Invalid values in header for get route request"))
}

// routeGet models `ip -6 route get [fibmatch] ADDR [from SRC] [iif|oif
// DEV] ...`: a lookup through the policy rules; the answer prints as the
// route's dst copy (`ADDR from SRC ... src S ...`) or, with fibmatch, as
// the matched route.
func routeGet(sh *Shell, o ipOpts, args []string, _ uint16, out io.Writer) error {
	r, err := parseGet(args, o.family != 6)
	if err != nil {
		return err
	}
	fl, err := r.flow(sh.NS)
	if err != nil {
		return err
	}
	io.WriteString(out, r.warnings)
	if err := r.validate(); err != nil {
		return err
	}
	if p := r.ipproto; r.hasProto && p != ipprotoTCP && p != ipprotoUDP && p != ipprotoICMPv6 {
		return errIPProto
	}
	fk := r.keys(fl)
	rt, hop, flags, err := sh.NS.LookupKeys(fk, fl)
	if err != nil {
		return err
	}
	if r.iif != "" && rt.Dst.Hi>>56 == 0xff {
		// rt6_fill_node hands an input lookup's answer for a multicast
		// route to ip6mr_get_route, which finds no multicast routing
		// entry (none is modelled) and fails: the message fails as a
		// whole (nla_put_failure)
		return errno.EMSGSIZE
	}
	if r.connects(rt) {
		// iproute2 renames the answer's RTA_PREFSRC to RTA_SRC and then
		// sends its first request again, so the lookup is made again as
		// it was and both answers print (printGet)
		sh.NS.LookupKeys(fk, fl)
	}
	return printGet(sh.NS, o, out, rt, hop, flags, r, fl)
}

// connects reports whether `connected` (without `from`) makes iproute2
// ask a second time: the answer must carry RTA_SRC or RTA_PREFSRC. A
// dst's answer always has RTA_SRC (the flow's source); a fibmatch answer
// has neither unless the matched route rt has a preferred source.
func (r *getRequest) connects(rt *fib6.Info) bool {
	return r.connected && !r.from.IsValid() && (!r.fibmatch || rt.Extra != nil && rt.Extra.PrefSrc.IsValid())
}

// printGet prints the answer to r, found through flow fl: the message
// rt6_fill_node builds for the dst (with flags, the lookup's
// fib6_result.fib6_flags; hop, its path) or, with fibmatch, for the
// matched route rt. With `connected` and no `from`, iproute2 asks again (connects) and
// prints that answer too (after the JSON array of the first is closed:
// in text), or, for a fibmatch answer without a source, gives up with
// "Failed to connect the route" (the JSON array left open).
func printGet(ns *netns.Netns, o ipOpts, out io.Writer, rt *fib6.Info, hop fib6.Nexthop, flags uint32, r *getRequest, fl fib6.Flow) error {
	iif := 0 // RTA_IIF: the device an input lookup came in through
	if r.iif != "" {
		iif = fl.Oif
	}
	msg := func(int) *routeMsg { return getRouteMsg(ns, rt, hop, flags, r, iif) }
	if r.fibmatch {
		msg = func(int) *routeMsg { return fibRouteMsg(ns, rt, iif) }
	}
	f := &routeFilter{proto: -1, typ: -1, metric: -1, details: o.details}
	if r.connected && !r.from.IsValid() && !r.connects(rt) {
		var b strings.Builder
		printRoutes(o, &b, ns, f, 1, msg)
		first := b.String()
		if o.json {
			first = strings.TrimSuffix(first, "]\n")
		}
		io.WriteString(out, first)
		return &exitErr{"Failed to connect the route\n", 1}
	}
	printRoutes(o, out, ns, f, 1, msg)
	if r.connects(rt) {
		text := o
		text.json = false
		printRoutes(text, out, ns, f, 1, msg)
	}
	return nil
}
