package fib6

// DstState is the trie's view of the dst side of a route's nexthop
// (struct fib6_nh in include/net/ip6_fib.h: the per-CPU copies rt6i_pcpu
// and the exception bucket array rt6i_exception_bucket). Package dst
// implements it; fib6 keeps it opaque so that it does not import dst.
type DstState interface {
	// AgeExceptions models rt6_age_exceptions (net/ipv6/route.c): age
	// every exception at time now (jiffies) with timeout (jiffies) for
	// those without RTF_EXPIRES, and return how many are still pending.
	AgeExceptions(now, timeout int64) int
	// Purge models rt6_flush_exceptions plus fib6_drop_pcpu_from, run by
	// fib6_purge_rt when the route leaves the trie.
	Purge()
}

// DstState returns the route's nexthop dst state, or nil when it has none.
func (rt *Info) DstState() DstState {
	if rt.Extra == nil {
		return nil
	}
	return rt.Extra.Dst
}

// SetDstState attaches s as the route's nexthop dst state.
func (rt *Info) SetDstState(s DstState) {
	rt.extra().Dst = s
}

// purgeDst runs the Purge step of fib6_purge_rt for rt, then drops the
// route's reference to its lwtunnel state (fib6_nh_release, which the
// kernel runs when the last fib6_info reference goes; the model frees a
// route as it leaves the trie).
func purgeDst(rt *Info) {
	if s := rt.DstState(); s != nil {
		s.Purge()
	}
	ReleaseLwt(rt)
}

// ReleaseLwt drops rt's reference to its lwtunnel state (lwtstate_put in
// fib_nh_common_release) and forgets it; used for routes that leave the
// trie and for routes a failed request built but never linked.
func ReleaseLwt(rt *Info) {
	rt.NH.Lwt.Put()
	rt.NH.Lwt = nil
}

// UpdateSernum models fib6_update_sernum (net/ipv6/ip6_fib.c): give the
// node of a linked route one fresh serial number, as inserting an
// exception does. A route that is not in the trie is left alone.
func (n *Net) UpdateSernum(rt *Info) {
	if fn := rt.Node(); fn != nil {
		fn.Sernum = n.newSernum()
	}
}
