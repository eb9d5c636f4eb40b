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

// getRequest is one `ip -6 route get` request as iproute2 builds it.
type getRequest struct {
	dst       netip.Addr
	hasDst    bool
	from      netip.Prefix // RTA_SRC and rtm_src_len; invalid when not given
	iif, oif  string
	fibmatch  bool
	connected bool
	warnings  string
}

// getKeywords are the keywords of `ip route get` in the order iproute2
// tries them for a prefix match; the bool says whether one value follows.
var getKeywords = []struct {
	word  string
	value bool
}{
	{"from", true}, {"iif", true}, {"mark", true}, {"oif", true},
	{"fibmatch", false}, {"connected", false},
}

// getKeyword returns the keyword arg abbreviates ("dev" only in full, as
// oif), or "".
func getKeyword(arg string) (string, bool) {
	if arg == "dev" {
		return "oif", true
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
func parseGet(args []string) (*getRequest, error) {
	r := &getRequest{}
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
	}
	return err
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
func routeGet(sh *Shell, _ ipOpts, args []string, _ uint16, out io.Writer) error {
	r, err := parseGet(args)
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
	rt, _, err := sh.NS.LookupFlow(r.dst, fl)
	if err != nil {
		if err == errno.EINVAL && r.fibmatch {
			err = nil
		} else {
			return err
		}
	}
	if r.fibmatch {
		io.WriteString(out, formatRoute(sh.NS, rt, &routeFilter{proto: -1, typ: -1, metric: -1, iif: r.iif}))
		return nil
	}
	answer := formatGet(sh.NS, rt, r)
	if r.connected && !r.from.IsValid() {
		// iproute2 prints the answer, then asks again from its source
		answer += answer
	}
	io.WriteString(out, answer)
	return nil
}

// formatGet prints the dst a lookup of r.dst returns (rt6_fill_node for
// an RTM_GETROUTE answer): the route's copy (no expiry printed, as
// checked against the kernel), or its exception for the destination with
// the exception's gateway, expiry and MTU (an RTM_F_CLONED answer, which
// iproute2 prints without proto). An input lookup (iif) prints no chosen
// source address, only the route's own.
func formatGet(ns *netns.Netns, rt *fib6.Info, r *getRequest) string {
	daddr := r.dst
	gw, hasExp, exp, mtu := rt.NH.Gw, false, int64(0), rt.Metric_(fib6.RTAX_MTU)
	e := exceptionFor(rt, daddr)
	if e != nil {
		gw, hasExp, exp, mtu = dstGateway(e), e.RtFlags&fib6.RTF_EXPIRES != 0, e.Expires, e.MTU
	}
	var b strings.Builder
	if rt.Type != fib6.RTN_UNICAST {
		b.WriteString(nameOf(typeNames, uint32(rt.Type)) + " ")
	}
	from := netip.IPv6Unspecified()
	if r.from.IsValid() {
		from = r.from.Addr()
	}
	fmt.Fprintf(&b, "%s from %s", daddr, from)
	b.WriteString(formatEncap(&rt.NH))
	if gw.IsValid() {
		fmt.Fprintf(&b, " via %s", gw)
	}
	dev := devName(ns, rt.NH.Dev)
	if rt.Type == fib6.RTN_LOCAL {
		dev = "lo"
	}
	fmt.Fprintf(&b, " dev %s", dev)
	writeTable(&b, rt, true)
	if rt.Protocol != rtprotBoot && e == nil { // an exception is RTM_F_CLONED: iproute2 prints no proto
		fmt.Fprintf(&b, " proto %s", nameOf(protoNames, uint32(rt.Protocol)))
	}
	if src := getSource(ns, rt, daddr, r.iif == ""); src.IsValid() {
		fmt.Fprintf(&b, " src %s", src)
	}
	fmt.Fprintf(&b, " metric %d", rt.Metric)
	if fl := hopFlags(rt); fl != "" {
		b.WriteString(" " + strings.TrimSuffix(fl, " "))
	}
	writeTail(&b, ns, rt, hasExp, exp, mtu, r.iif)
	b.WriteString("\n")
	return b.String()
}

// getSource is the src of a get answer: the route's preferred source, or
// for an output lookup the address source selection picks.
func getSource(ns *netns.Netns, rt *fib6.Info, daddr netip.Addr, output bool) netip.Addr {
	if rt.Extra != nil && rt.Extra.PrefSrc.IsValid() {
		return rt.Extra.PrefSrc
	}
	if !output {
		return netip.Addr{}
	}
	a, _ := ns.SourceAddr(daddr, ns.DevByIndex(rt.NH.Dev))
	return a
}
