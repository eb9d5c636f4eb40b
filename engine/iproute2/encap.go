package iproute2

import (
	"fmt"
	"strconv"
	"strings"

	"fib6lab/engine/fib6"
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

// parseEncap handles `encap TYPE ...` at args[i] and returns how many
// extra arguments it used. Only ILA has its arguments parsed; another
// known type is sent bare (the model's kernel has no ops for it, so the
// request fails with EOPNOTSUPP).
func parseEncap(c *netns.RouteConfig, args []string, i int) (int, error) {
	name, err := needArg(args, i)
	if err != nil {
		return 0, err
	}
	t, ok := encapTypeOf(name)
	if !ok {
		return 0, invarg("\"encap type\" value is invalid\n", name)
	}
	c.EncapType = t
	if t != lwtunnel.EncapILA {
		return 1, nil
	}
	a := &ila.Attrs{}
	c.Encap = a
	n, err := parseILA(a, args, i+2)
	return 1 + n, err
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

// formatEncap prints a nexthop's encap as print_encap does after the
// destination (kernel-model §6.6): iproute2 ends the destination with a
// space and prints ` encap ila ` and each of the four fields with a space
// before and after it, so they end up two spaces apart; here the trailing
// space is left to the next field's leading one. Empty without an encap.
func formatEncap(nh *fib6.Nexthop) string {
	s := nh.Lwt
	if s == nil {
		return ""
	}
	reg := s.Registry()
	t, attrs, ok := reg.FillEncap(s)
	if !ok {
		return ""
	}
	e, isILA := attrs.(ila.Encap)
	if !isILA {
		return "  encap " + t.String()
	}
	return fmt.Sprintf("  encap ila  %s  csum-mode %s  ident-type %s  hook-type %s",
		e.Locator, e.CsumMode, e.IdentType, e.HookType)
}
