package iproute2

import (
	"fmt"
	"io"
	"net/netip"
	"strconv"
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
	if err != nil {
		return err
	}
	var msgs []*routeMsg // with -j
	switch {
	case f.ipv4: // no IPv4 routes here
	case f.cloned:
		for _, c := range selectCached(sh.NS, f) {
			msgs = append(msgs, routeCachedMsg(sh.NS, c, f))
			if !o.json {
				io.WriteString(out, oneline(o, formatCached(sh.NS, c, f)))
			}
		}
	default:
		rts, err := selectRoutes(sh.NS, f, "Dump")
		if err != nil {
			if o.json { // the array was opened before the dump failed
				err = &exitErr{err.(*exitErr).msg + "[", 2}
			}
			return err
		}
		for _, rt := range rts {
			msgs = append(msgs, routeDumpMsg(sh.NS, rt, f))
			if !o.json {
				io.WriteString(out, oneline(o, formatRoute(sh.NS, rt, f)))
			}
		}
	}
	if o.json {
		io.WriteString(out, jsonList(o, len(msgs), func(w *jsonWriter, i int) { msgs[i].write(w) }))
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
	if typ := ns.ResultType(rt); typ != fib6.RTN_UNICAST || f.details {
		b.WriteString(nameOf(typeNames, uint32(typ)) + " ")
	}
	b.WriteString(dstString(rt.Prefix()))
	if id := rt.NHID(); id != 0 {
		fmt.Fprintf(&b, " nhid %d", id)
	}
	hops := multipathHops(ns, rt)
	if len(hops) == 0 {
		b.WriteString(formatEncap(&rt.NH))
		writeHop(&b, ns, rt, f)
	}
	writeOrigin(&b, rt, f.table == 0, f.proto < 0, !f.scopeSet, f.details)
	writeInfo(&b, ns, rt, len(hops) == 0, f)
	if f.details {
		b.WriteString(nexthopInfo(ns, rt))
	}
	b.WriteString("\n")
	for _, h := range hops {
		b.WriteString("\tnexthop" + formatEncap(&h))
		if h.Gw.IsValid() {
			fmt.Fprintf(&b, " via %s", h.Gw)
		}
		fmt.Fprintf(&b, " dev %s weight %d %s\n", devName(ns, h.Dev), h.Weight, nhFlags(h))
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

// writeTable prints the route's table unless the filter named one
// (allTables false): main only with -d (details).
func writeTable(b *strings.Builder, rt *fib6.Info, allTables, details bool) {
	if allTables && rt.Table != nil && (rt.Table.ID != fib6.RT_TABLE_MAIN || details) {
		fmt.Fprintf(b, " table %s", nameOf(tableNames, rt.Table.ID))
	}
}

// writeOrigin prints the table, the protocol (unless boot, or the
// filter pins it: showProto false) and the scope (always universe for
// IPv6, so only with -d, unless the filter pins it) of a route that is
// not a cached clone, as print_route does.
func writeOrigin(b *strings.Builder, rt *fib6.Info, allTables, showProto, showScope, details bool) {
	writeTable(b, rt, allTables, details)
	if showProto && (rt.Protocol != rtprotBoot || details) {
		fmt.Fprintf(b, " proto %s", nameOf(protoNames, uint32(rt.Protocol)))
	}
	if showScope && details {
		b.WriteString(" scope global")
	}
}

// oneline models _SL_ under -o: the line breaks inside a record print as
// '\'; its final newline stays.
func oneline(o ipOpts, rec string) string {
	if !o.oneline || rec == "" {
		return rec
	}
	return strings.ReplaceAll(rec[:len(rec)-1], "\n", "\\") + "\n"
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
	for _, m := range shownMetrics {
		v := metrics[m.i]
		if v == 0 {
			continue
		}
		lock := ""
		if locks&(1<<m.i) != 0 {
			lock = "lock "
		}
		fmt.Fprintf(b, " %s %s%s", m.name, lock, metricValue(m.i, v))
	}
}

// shownMetrics are the RTAX metrics routes carry here, in the order
// print_rta_metrics prints them, with their iproute2 names.
var shownMetrics = []struct {
	name string
	i    int
}{{"mtu", fib6.RTAX_MTU}, {"advmss", fib6.RTAX_ADVMSS}, {"hoplimit", fib6.RTAX_HOPLIMIT}, {"congctl", fib6.RTAX_CC_ALGO}}

// metricValue prints a metric's value: a number, or for RTAX_CC_ALGO
// the algorithm's name (RTA_METRICS carries the name).
func metricValue(i int, v uint32) string {
	if i == fib6.RTAX_CC_ALGO {
		return netns.CongCtlName(v)
	}
	return strconv.FormatUint(uint64(v), 10)
}

// hopFlags prints the RTNH_F_* flags of a route's nexthop, each followed
// by a space.
func hopFlags(rt *fib6.Info) string { return nhFlags(rt.NH) }

// nhFlags prints the RTNH_F_* flags of a hop, each followed by a space.
func nhFlags(h fib6.Nexthop) string {
	s := ""
	if h.Flags&fib6.RTNH_F_DEAD != 0 {
		s += "dead "
	}
	if h.Flags&fib6.RTNH_F_ONLINK != 0 {
		s += "onlink "
	}
	if h.Flags&fib6.RTNH_F_LINKDOWN != 0 {
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
			c.Path.Delete(c.Dst.Dst) // RTM_DELROUTE with RTM_F_CLONED
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

// exceptionFor returns rt's live exception for daddr, or nil: from its
// own fib6_nh, or from the first path of its nexthop object that has one
// (a group's paths are taken in order, not by the flow's hash).
func exceptionFor(rt *fib6.Info, daddr netip.Addr) *dst.Entry {
	for _, nh := range dst.PathsOf(rt) {
		if e := nh.Lookup(daddr); e != nil {
			return e
		}
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
	writeTable(&b, rt, f.table == 0, f.details) // RTM_F_CLONED: no proto, no scope
	fmt.Fprintf(&b, " metric %d", rt.Metric)
	writeTail(&b, ns, rt, e.RtFlags&fib6.RTF_EXPIRES != 0, e.Expires, e.MTU, "")
	b.WriteString("\n")
	return b.String()
}
