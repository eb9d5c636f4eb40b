package iproute2

import (
	"fmt"
	"io"
	"net/netip"
	"strings"

	"fib6lab/engine/dst"
	"fib6lab/engine/fib6"
	"fib6lab/engine/netns"
)

// userHZ is USER_HZ, the clock-tick unit of rta_expires.
const userHZ = 100

// noTable is the error of a dump or flush of a table that does not exist.
func noTable(verb string) error {
	return &exitErr{"Error: ipv6: FIB table does not exist.\n" + verb + " terminated\n", 2}
}

// routeShow models `ip -6 route show|list SELECTOR`: a dump of the
// selected table(s) in kernel order, one entry per route (an ECMP group
// prints once, with its nexthops).
func routeShow(sh *Shell, o ipOpts, args []string, _ uint16, out io.Writer) error {
	f, err := parseFilter(sh.NS, o, args)
	if err != nil || f.ipv4 {
		return err
	}
	if f.cloned {
		for _, c := range selectCached(sh.NS, f) {
			io.WriteString(out, formatCached(sh.NS, c, f))
		}
		return nil
	}
	rts, err := selectRoutes(sh.NS, f, "Dump")
	if err != nil {
		return err
	}
	for _, rt := range rts {
		io.WriteString(out, formatRoute(sh.NS, rt, f))
	}
	return nil
}

// selectRoutes dumps the filter's tables as the kernel does (an ECMP
// group once, by its first member) and keeps the selected routes.
func selectRoutes(ns *netns.Netns, f *routeFilter, verb string) ([]*fib6.Info, error) {
	var tables []*fib6.Table
	if f.table == 0 {
		tables = ns.FIB.Tables()
	} else if t := ns.FIB.Table(f.table); t != nil {
		tables = []*fib6.Table{t}
	} else {
		return nil, noTable(verb)
	}
	var rts []*fib6.Info
	for _, t := range tables {
		for _, rt := range t.DumpNetlink() {
			if f.wants(rt) {
				rts = append(rts, rt)
			}
		}
	}
	return rts, nil
}

// formatRoute models print_route for an IPv6 route (kernel-model §7).
func formatRoute(ns *netns.Netns, rt *fib6.Info, f *routeFilter) string {
	var b strings.Builder
	if rt.Type != fib6.RTN_UNICAST {
		b.WriteString(nameOf(typeNames, uint32(rt.Type)) + " ")
	}
	b.WriteString(dstString(rt.Prefix()))
	sibs := rt.Siblings()
	if len(sibs) == 0 {
		b.WriteString(formatEncap(&rt.NH))
	}
	if len(sibs) == 0 {
		writeHop(&b, ns, rt, f)
	}
	writeTable(&b, rt, f.table == 0)
	if f.proto < 0 && rt.Protocol != rtprotBoot {
		fmt.Fprintf(&b, " proto %s", nameOf(protoNames, uint32(rt.Protocol)))
	}
	writeInfo(&b, ns, rt, len(sibs) == 0, f)
	b.WriteString("\n")
	if len(sibs) > 0 {
		for _, h := range append([]*fib6.Info{rt}, sibs...) {
			fmt.Fprintf(&b, "\tnexthop%s via %s dev %s weight %d %s\n", formatEncap(&h.NH), h.NH.Gw, devName(ns, h.NH.Dev), h.NH.Weight, hopFlags(h))
		}
	}
	return b.String()
}

// dstString prints a destination: "default" for ::/0, a host route
// without its /128.
func dstString(p netip.Prefix) string {
	s := p.String()
	if s == "::/0" {
		return "default"
	}
	return strings.TrimSuffix(s, "/128")
}

// writeHop prints " via GW dev D" for a single-path route, leaving out
// what the filter pins.
func writeHop(b *strings.Builder, ns *netns.Netns, rt *fib6.Info, f *routeFilter) {
	if rt.NH.Gw.IsValid() && !f.via.IsValid() {
		fmt.Fprintf(b, " via %s", rt.NH.Gw)
	}
	if f.dev == 0 {
		fmt.Fprintf(b, " dev %s", devName(ns, rt.NH.Dev))
	}
}

func writeTable(b *strings.Builder, rt *fib6.Info, allTables bool) {
	if allTables && rt.Table != nil && rt.Table.ID != fib6.RT_TABLE_MAIN {
		fmt.Fprintf(b, " table %s", nameOf(tableNames, rt.Table.ID))
	}
}

// writeInfo prints src, metric, nexthop flags, expires, RTAX metrics and
// pref, in iproute2's order.
func writeInfo(b *strings.Builder, ns *netns.Netns, rt *fib6.Info, single bool, f *routeFilter) {
	if rt.Extra != nil && rt.Extra.PrefSrc.IsValid() {
		fmt.Fprintf(b, " src %s", rt.Extra.PrefSrc)
	}
	if f.metric < 0 {
		fmt.Fprintf(b, " metric %d", rt.Metric)
	}
	if single {
		if fl := hopFlags(rt); fl != "" {
			b.WriteString(" " + strings.TrimSuffix(fl, " "))
		}
	}
	writeTail(b, ns, rt, rt.HasExpires(), rt.Expires, rt.Metric_(fib6.RTAX_MTU), f.iif)
}

// writeTail prints expires (when set and not exactly due), the RTAX
// metrics with mtu as the MTU, the input interface of a `get ... iif`
// answer (when iif is not empty), and pref.
func writeTail(b *strings.Builder, ns *netns.Netns, rt *fib6.Info, hasExpires bool, expires int64, mtu uint32, iif string) {
	if ticks := expiresTicks(ns, hasExpires, expires); ticks != 0 {
		fmt.Fprintf(b, " expires %dsec", ticks/userHZ)
	}
	writeMetrics(b, rt, mtu)
	if iif != "" {
		b.WriteString(" iif " + iif)
	}
	fmt.Fprintf(b, " pref %s", prefName(rt))
}

// expiresTicks models rtnl_put_cacheinfo: the time left until expires
// (jiffies) in USER_HZ ticks, truncated, sign kept, clamped to INT_MAX.
func expiresTicks(ns *netns.Netns, hasExpires bool, expires int64) int64 {
	if !hasExpires {
		return 0
	}
	left := expires - ns.Now()
	mag := left
	if mag < 0 {
		mag = -mag
	}
	ticks := min(mag*userHZ/ns.HZ, 1<<31-1)
	if left < 0 {
		return -ticks
	}
	return ticks
}

// writeMetrics prints the route's RTAX metrics, with mtu in place of its
// MTU metric (a dst's own MTU).
func writeMetrics(b *strings.Builder, rt *fib6.Info, mtu uint32) {
	var metrics [fib6.RTAX_MAX + 1]uint32
	var locks uint32
	if rt.Extra != nil {
		metrics, locks = rt.Extra.Metrics, rt.Extra.Locks
	}
	metrics[fib6.RTAX_MTU] = mtu
	for _, m := range []struct {
		name string
		i    int
	}{{"mtu", fib6.RTAX_MTU}, {"advmss", fib6.RTAX_ADVMSS}, {"hoplimit", fib6.RTAX_HOPLIMIT}} {
		v := metrics[m.i]
		if v == 0 {
			continue
		}
		lock := ""
		if locks&(1<<m.i) != 0 {
			lock = "lock "
		}
		fmt.Fprintf(b, " %s %s%d", m.name, lock, v)
	}
}

// hopFlags prints the RTNH_F_* flags of a nexthop, each followed by a
// space.
func hopFlags(rt *fib6.Info) string {
	s := ""
	if rt.NH.Flags&fib6.RTNH_F_DEAD != 0 {
		s += "dead "
	}
	if rt.NH.Flags&fib6.RTNH_F_ONLINK != 0 {
		s += "onlink "
	}
	if rt.NH.Flags&fib6.RTNH_F_LINKDOWN != 0 {
		s += "linkdown "
	}
	return s
}

func prefName(rt *fib6.Info) string {
	return nameOf(prefNames, (rt.Flags&fib6.RTF_PREF_MASK)>>27)
}

func devName(ns *netns.Netns, idx int) string {
	if d := ns.DevByIndex(idx); d != nil {
		return d.Name
	}
	return fmt.Sprintf("if%d", idx)
}

// routeFlush models `ip -6 route flush SELECTOR`: rounds of a dump and
// an RTM_DELROUTE with the full spec of every selected route (whole ECMP
// groups) until a dump selects nothing. With -s it reports the rounds,
// with -s -s it also prints each route it deletes.
func routeFlush(sh *Shell, o ipOpts, args []string, _ uint16, out io.Writer) error {
	if len(args) == 0 {
		return &exitErr{"\"ip route flush\" requires arguments.\n", 1}
	}
	f, err := parseFilter(sh.NS, o, args)
	if err != nil || f.ipv4 {
		return err
	}
	if f.cloned {
		for _, c := range selectCached(sh.NS, f) {
			dst.NexthopOf(c.Route).Delete(c.Dst.Dst) // RTM_DELROUTE with RTM_F_CLONED
		}
		return nil
	}
	for round := 0; ; round++ {
		rts, err := selectRoutes(sh.NS, f, "Flush")
		if err != nil {
			return err
		}
		if len(rts) == 0 {
			if o.stats > 0 {
				io.WriteString(out, flushDone(round))
			}
			return nil
		}
		for _, rt := range rts {
			if o.stats > 1 {
				io.WriteString(out, formatRoute(sh.NS, rt, f))
			}
			for _, s := range rt.Siblings() {
				rt.Table.Del(s)
			}
			rt.Table.Del(rt)
		}
		if o.stats > 0 {
			fmt.Fprintf(out, "\n*** Round %d, deleting %d entries ***\n", round+1, len(rts))
		}
	}
}

// flushDone is the -s summary of a flush that took rounds rounds.
func flushDone(rounds int) string {
	switch rounds {
	case 0:
		return "Nothing to flush.\n"
	case 1:
		return "*** Flush is complete after 1 round ***\n"
	}
	return fmt.Sprintf("*** Flush is complete after %d rounds ***\n", rounds)
}

// exceptionFor returns rt's live exception for daddr, or nil.
func exceptionFor(rt *fib6.Info, daddr netip.Addr) *dst.Entry {
	if nh := dst.NexthopOf(rt); nh != nil {
		return nh.Lookup(daddr)
	}
	return nil
}

// dstGateway returns a dst's gateway as rt6_fill_node reports it: only
// with RTF_GATEWAY.
func dstGateway(e *dst.Entry) netip.Addr {
	if e.RtFlags&fib6.RTF_GATEWAY == 0 {
		return netip.Addr{}
	}
	return e.Gateway
}

// selectCached returns the live exceptions of the filter's table(s) that
// its selectors pick (prefix selectors apply to the /128 destination).
func selectCached(ns *netns.Netns, f *routeFilter) []netns.CachedRoute {
	var out []netns.CachedRoute
	for _, c := range ns.Cache() {
		p := netip.PrefixFrom(c.Dst.Dst, 128)
		if f.table != 0 && c.Route.Table.ID != f.table {
			continue
		}
		if f.wantsPrefix(p) && f.wantsRoute(c.Route) {
			out = append(out, c)
		}
	}
	return out
}

// formatCached prints one exception as `ip -6 route show cache` does
// (rt6_fill_node of the clone: its /128, gateway, expiry and MTU, the
// route's device, metric and pref; no "cache" word for IPv6, and, as for
// every RTM_F_CLONED entry, no proto).
func formatCached(ns *netns.Netns, c netns.CachedRoute, f *routeFilter) string {
	var b strings.Builder
	rt, e := c.Route, c.Dst
	b.WriteString(e.Dst.String())
	b.WriteString(formatEncap(&rt.NH))
	if gw := dstGateway(e); gw.IsValid() && !f.via.IsValid() {
		fmt.Fprintf(&b, " via %s", gw)
	}
	if f.dev == 0 {
		fmt.Fprintf(&b, " dev %s", devName(ns, e.Dev))
	}
	writeTable(&b, rt, f.table == 0)
	fmt.Fprintf(&b, " metric %d", rt.Metric)
	writeTail(&b, ns, rt, e.RtFlags&fib6.RTF_EXPIRES != 0, e.Expires, e.MTU, "")
	b.WriteString("\n")
	return b.String()
}
