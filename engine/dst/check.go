package dst

import "fib6lab/engine/fib6"

// Cookie models rt6_get_cookie (include/net/ip6_fib.h): a dst's own
// sernum when it has one (per-CPU copies of nexthop objects' paths), else
// the current fn_sernum of its route's node, 0 when the route is gone or
// not in a table.
func Cookie(e *Entry) uint32 {
	if e.Sernum != 0 {
		return e.Sernum
	}
	c, _ := routeCookie(e.From)
	return c
}

// routeCookie models fib6_get_cookie_safe: the serial number of rt's node
// and true, or false when rt is nil or not linked in a table.
func routeCookie(rt *fib6.Info) (uint32, bool) {
	if rt == nil {
		return 0, false
	}
	fn := rt.Node()
	if fn == nil {
		return 0, false
	}
	return fn.Sernum, true
}

// Check models ip6_dst_check (net/ipv6/route.c), dst_ops.check: whether
// dst e, cached with cookie, may still be used at time now.
//   - a dst with its own sernum (rt6_is_valid): the genid has not moved
//     since it was made;
//   - per-CPU copies and uncached clones whose route is known
//     (rt6_dst_from_check): not expired by their own deadline, obsolete
//     still FORCE_CHK, the route's node serial equal to cookie and the
//     route not expired;
//   - anything else, exceptions among them (rt6_check): the route exists
//     in a table with node serial equal to cookie, and rt6_check_expired
//     does not hold.
func Check(e *Entry, cookie uint32, now int64) bool {
	if e.Sernum != 0 {
		return e.Sernum == e.ops.FIB.Genid()
	}
	if e.From != nil && (e.RtFlags&fib6.RTF_PCPU != 0 || e.uncached) {
		return !(e.RtFlags&fib6.RTF_EXPIRES != 0 && now > e.Expires) &&
			e.Obsolete == ObsoleteForceChk && fib6Check(e.From, cookie, now)
	}
	c, ok := routeCookie(e.From)
	return ok && c == cookie && !e.Expired(now)
}

// fib6Check models fib6_check: rt's node serial equals cookie and rt has
// not expired.
func fib6Check(rt *fib6.Info, cookie uint32, now int64) bool {
	c, ok := routeCookie(rt)
	return ok && c == cookie && !rt.Expired(now)
}
