package iproute2

import (
	"fib6lab/engine/errno"
	"fmt"
	"io"
	"net/netip"

	"fib6lab/engine/fib6"
	"fib6lab/engine/netns"
)

// noTable is the error of a dump or flush of a table that does not exist.
func noTable(verb string) error {
	return &exitErr{"Error: ipv6: FIB table does not exist.\n" + verb + " terminated\n", 2}
}

// routeShow models `ip -6 route show|list SELECTOR`: a dump of the
// selected table(s) in kernel order, one entry per route (an ECMP group
// prints once, with its nexthops), or with `cache` their exceptions.
func routeShow(sh *Shell, o ipOpts, args []string, _ uint16, out io.Writer) error {
	f, err := parseFilter(sh.NS, o, args)
	if err != nil {
		return err
	}
	n, msg, err := dumpRoutes(sh.NS, f)
	if err != nil {
		if o.json { // the array was opened before the dump failed
			err = &exitErr{err.(*exitErr).msg + "[", 2}
		}
		return err
	}
	printRoutes(o, out, sh.NS, f, n, msg)
	return nil
}

// dumpRoutes models the RTM_GETROUTE dump filter f asks for: how many
// messages it returns and how each is built (rt6_dump_route: a selected
// route, or with `cache` a live exception of one).
func dumpRoutes(ns *netns.Netns, f *routeFilter) (int, func(i int) *routeMsg, error) {
	if f.ipv4 { // no IPv4 routes here
		return 0, nil, nil
	}
	if f.cloned {
		cs, err := selectCached(ns, f, "Dump")
		return len(cs), func(i int) *routeMsg { return cachedRouteMsg(ns, cs[i].Route, cs[i].Dst) }, err
	}
	rts, err := selectRoutes(ns, f, "Dump")
	return len(rts), func(i int) *routeMsg { return fibRouteMsg(ns, rts[i], 0) }, err
}

// selectRoutes dumps the filter's tables as the kernel does (an ECMP
// group once, by its first member) and keeps the selected routes.
func selectRoutes(ns *netns.Netns, f *routeFilter, verb string) ([]*fib6.Info, error) {
	tables, err := dumpTables(ns, f, verb)
	if err != nil {
		return nil, err
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

// dumpTables returns the tables a dump of filter f walks: all, or the
// one it names, which must exist (noTable for verb otherwise).
func dumpTables(ns *netns.Netns, f *routeFilter, verb string) ([]*fib6.Table, error) {
	if f.table == 0 {
		return ns.FIB.Tables(), nil
	}
	if t := ns.FIB.Table(f.table); t != nil {
		return []*fib6.Table{t}, nil
	}
	return nil, noTable(verb)
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
		cs, err := selectCached(sh.NS, f, "Flush")
		for _, c := range cs {
			c.Path.Delete(c.Dst.Dst) // RTM_DELROUTE with RTM_F_CLONED
		}
		return err
	}
	text := o // the dump prints before any JSON object is opened
	text.json = false
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
		if o.stats > 1 {
			printRoutes(text, out, sh.NS, f, len(rts), func(i int) *routeMsg { return fibRouteMsg(sh.NS, rts[i], 0) })
		}
		if msg := flushRoutes(rts); msg != "" {
			return &exitErr{"Failed to send flush request: " + msg + "\n", 2}
		}
		if o.stats > 0 {
			fmt.Fprintf(out, "\n*** Round %d, deleting %d entries ***\n", round+1, len(rts))
		}
	}
}

// flushRoutes deletes the routes of a flush round as the kernel answers
// their RTM_DELROUTE requests, each the dumped message (an ECMP group's
// carries its first member's rtm_protocol): ip6_route_multipath_del
// deletes each hop through ip6_route_del, which passes over a route of
// another protocol, so such a member stays and the request fails with
// ESRCH; a route over a nexthop object is dumped with RTA_NH_ID beside
// its nexthop's RTA_GATEWAY, RTA_OIF or RTA_MULTIPATH, which
// rtm_to_fib6_config refuses together (EINVAL), so it stays. It returns
// the first failed request's error text ("" when every one succeeded);
// the others of the round are deleted either way.
func flushRoutes(rts []*fib6.Info) string {
	first := ""
	fail := func(e errno.Errno) {
		if first == "" {
			first = e.Error()
		}
	}
	for _, rt := range rts {
		if rt.NHID() != 0 {
			fail(errno.EINVAL)
			continue
		}
		for _, s := range rt.Siblings() {
			if rt.Protocol != 0 && s.Protocol != rt.Protocol {
				fail(errno.ESRCH)
				continue
			}
			rt.Table.Del(s)
		}
		rt.Table.Del(rt)
	}
	return first
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

// selectCached returns the live exceptions of the filter's table(s) that
// its selectors pick (prefix selectors apply to the /128 destination);
// a named table must exist, as for a dump of routes.
func selectCached(ns *netns.Netns, f *routeFilter, verb string) ([]netns.CachedRoute, error) {
	if _, err := dumpTables(ns, f, verb); err != nil {
		return nil, err
	}
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
	return out, nil
}
