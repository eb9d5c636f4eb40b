package iproute2

import (
	"fmt"
	"net/netip"
	"slices"
	"strconv"
	"strings"

	"fib6lab/engine/errno"
	"fib6lab/engine/ila"
	"fib6lab/engine/lwtunnel"
	"fib6lab/engine/netns"
)

// encapTypeOf parses an `encap TYPE` name as iproute2's read_encap_type
// does; ok is false for a name it does not know.
func encapTypeOf(name string) (lwtunnel.EncapType, bool) {
	for t := lwtunnel.EncapMPLS; t <= lwtunnel.EncapMax; t++ {
		if t.String() == name {
			return t, true
		}
	}
	return lwtunnel.EncapNone, false
}

// parseEncap models lwt_parse_encap for `encap TYPE ...` at args[i] and
// returns how many more arguments it used. TYPE must be followed by at
// least two words. ILA, MPLS and SEG6 arguments are parsed as iproute2
// parses them, with its messages; the kernel model has ILA only, so an
// MPLS request fails there as on a kernel without mpls_iptunnel
// (EOPNOTSUPP) and a SEG6 one is refused by routeModify. Another type is
// refused here: its arguments are not parsed.
func parseEncap(c *netns.RouteConfig, args []string, i int) (int, error) {
	name, err := needArg(args, i)
	if err != nil {
		return 0, err
	}
	t, ok := encapTypeOf(name)
	if !ok {
		return 0, invarg("\"encap type\" value is invalid\n", name)
	}
	if _, err := needArg(args, i+1); err != nil {
		return 0, err
	}
	if i+3 >= len(args) {
		return 0, &exitErr{"Error: unexpected end of line after \"encap\"\n", 255}
	}
	c.EncapType = t
	var n int
	switch t {
	case lwtunnel.EncapILA:
		a := &ila.Attrs{}
		c.Encap = a
		n, err = parseILA(a, args, i+2)
	case lwtunnel.EncapMPLS:
		n, err = parseMPLS(args, i+2)
	case lwtunnel.EncapSEG6:
		s := &seg6Request{}
		c.Encap = s
		n, err = s.parse(args, i+2)
	default:
		return 0, encapNotModelled(t)
	}
	return 1 + n, err
}

// encapNotModelled refuses an encapsulation fib6lab has no model of.
func encapNotModelled(t lwtunnel.EncapType) error {
	return &exitErr{fmt.Sprintf("fib6lab: encap %s is not modelled here (fib6lab models only encap ila routes)\n", t), 2}
}

// parseMPLS models parse_encap_mpls from args[i]: a label stack, then
// `ttl N` (0 to 255) at most once. It returns the words used.
func parseMPLS(args []string, i int) (int, error) {
	if err := mplsPton(args[i]); err != nil {
		return 0, err
	}
	used, ttl := 1, false
	for j := i + 1; j < len(args) && args[j] == "ttl"; j += 2 {
		v, err := needArg(args, j)
		if err != nil {
			return 0, err
		}
		if ttl {
			return 0, garbage("ttl", v)
		}
		if n, ok := cParseUint(v); !ok || n > 255 {
			return 0, invarg("\"ttl\" value is invalid\n", v)
		}
		ttl, used = true, used+2
	}
	return used, nil
}

// mplsMaxLabels is how many labels fit in iproute2's inet_prefix (256
// bytes of 4-byte labels).
const mplsMaxLabels = 64

// mplsPton models get_addr for AF_MPLS (mpls_pton): labels separated by
// '/', each a strtoul number (base 0) below 2^20, at most 64 of them.
func mplsPton(s string) error {
	bad := &exitErr{fmt.Sprintf("Error: mpls address is expected rather than \"%s\".\n", s), 1}
	rest := s
	for n := 0; n < mplsMaxLabels; n++ {
		v, end, digits := cStrtoul(rest)
		if v >= 1<<20 || !digits {
			return bad
		}
		switch {
		case end == "":
			return nil
		case end[0] != '/':
			return bad
		}
		rest = end[1:]
	}
	bad.msg = "Error: too many labels.\n" + bad.msg
	return bad
}

// seg6Request is what parse_encap_seg6 reads: the mode (-1 when not
// given) and the segments; fib6lab models no SEG6 tunnel, so it only
// decides how the request fails.
type seg6Request struct {
	mode int
	segs []netip.Addr
}

// seg6Modes are SEG6_IPTUN_MODE_* by number.
var seg6Modes = []string{"inline", "encap", "l2encap", "encap.red", "l2encap.red"}

// parse models parse_encap_seg6 from args[i]: `mode M`, `segs A,B,...`
// (after mode) and `hmac N`, each at most once, in any order; the first
// other word ends the encap. It returns the words used.
func (r *seg6Request) parse(args []string, i int) (int, error) {
	r.mode = -1
	seen := map[string]bool{}
	j := i
	for ; j < len(args) && (args[j] == "mode" || args[j] == "segs" || args[j] == "hmac"); j += 2 {
		key := args[j]
		v, err := needArg(args, j)
		if err != nil {
			return 0, err
		}
		if seen[key] {
			return 0, garbage(key, v)
		}
		seen[key] = true
		switch key {
		case "mode":
			if r.mode = slices.Index(seg6Modes, v); r.mode < 0 {
				return 0, invarg("\"mode\" value is invalid\n", v)
			}
		case "segs":
			if r.mode < 0 {
				return 0, invarg("\"segs\" provided before \"mode\"\n", v)
			}
			if err := r.parseSegs(v); err != nil {
				return 0, err
			}
		} // hmac: get_u32 with its result unchecked
	}
	return j - i, nil
}

// parseSegs models parse_srh's reading of the segment list: the first
// 1023 bytes, split at commas (empty pieces skipped), each an IPv6
// address (get_addr).
func (r *seg6Request) parseSegs(v string) error {
	v = v[:min(len(v), 1023)]
	for _, s := range strings.Split(v, ",") {
		if s == "" {
			continue
		}
		a, err := parseAddr(s)
		if err != nil {
			return err
		}
		r.segs = append(r.segs, a)
	}
	return nil
}

// refuse is how fib6lab answers a SEG6 route request: one without a
// mode fails in the kernel (seg6_build_state: EINVAL); fib6lab models no
// SEG6 tunnel, so it refuses the others plainly.
func (r *seg6Request) refuse() error {
	if r.mode < 0 {
		return errno.EINVAL
	}
	return encapNotModelled(lwtunnel.EncapSEG6)
}

// parseILA models parse_encap_ila from args[i]: the locator, then any of
// csum-mode, ident-type and hook-type with their values (a repeated one
// wins); the first other word ends the encap. It returns the words used.
func parseILA(a *ila.Attrs, args []string, i int) (int, error) {
	loc, err := needArg(args, i-1)
	if err != nil {
		return 0, err
	}
	l, ok := parseLocator(loc)
	if !ok {
		return 0, &exitErr{fmt.Sprintf("Bad locator: %s\n", loc), 1}
	}
	a.Locator = &l
	used := 1
	for j := i + 1; j < len(args); j += 2 {
		key := args[j]
		if key != "csum-mode" && key != "ident-type" && key != "hook-type" {
			break
		}
		val, err := needArg(args, j)
		if err != nil {
			return 0, err
		}
		if err := setILA(a, key, val); err != nil {
			return 0, err
		}
		used += 2
	}
	return used, nil
}

// setILA stores one ILA keyword's value, with iproute2's error for a name
// it does not take.
func setILA(a *ila.Attrs, key, val string) error {
	bad := invarg("\""+key+"\" value is invalid\n", val)
	switch key {
	case "csum-mode":
		m, ok := ilaName(val, []ila.CsumMode{ila.CsumAdjustTransport, ila.CsumNeutralMap, ila.CsumNoAction, ila.CsumNeutralMapAuto})
		if !ok {
			return bad
		}
		a.CsumMode = &m
	case "ident-type":
		t, ok := ilaName(val, []ila.IdentType{ila.IdentLUID, ila.IdentUseFormat})
		if !ok {
			return bad
		}
		a.IdentType = &t
	default:
		h, ok := ilaName(val, []ila.HookType{ila.HookRouteOutput, ila.HookRouteInput})
		if !ok {
			return bad
		}
		a.HookType = &h
	}
	return nil
}

// ilaName returns the value among vals whose name is s.
func ilaName[T fmt.Stringer](s string, vals []T) (T, bool) {
	for _, v := range vals {
		if v.String() == s {
			return v, true
		}
	}
	var zero T
	return zero, false
}

// parseLocator models iproute2's get_addr64: up to four groups of hex
// digits (strtoul base 16, so leading blanks, '+' and "0x" pass) of at
// most 0xffff separated by ':', no "::". Groups not given are zero (the
// C code leaves them uninitialised; they read as zero in practice).
func parseLocator(s string) (ila.Locator, bool) {
	groups := strings.Split(s, ":")
	if len(groups) > 4 {
		return 0, false
	}
	var l ila.Locator
	for i, g := range groups {
		g = strings.TrimLeft(g, " \t\n\v\f\r")
		g = strings.TrimPrefix(g, "+")
		if len(g) > 2 && (g[:2] == "0x" || g[:2] == "0X") {
			g = g[2:]
		}
		v, err := strconv.ParseUint(g, 16, 64)
		if err != nil || v > 0xffff || strings.ContainsAny(g, "+-_") {
			return 0, false
		}
		l |= ila.Locator(v) << (48 - 16*i)
	}
	return l, true
}
