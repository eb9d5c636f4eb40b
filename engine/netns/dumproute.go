package netns

import (
	"fib6lab/engine/errno"
	"fib6lab/engine/fib6"
)

// RouteAddShown adds a route as `ip -6 route show` on another machine
// showed it (loading a dump): as RouteAdd, except that a single-path
// route takes c.Metric as given, 0 included (the kernel's own local
// routes have metric 0, which a request cannot ask for: 0 there means
// the default, 1024), and that a local or anycast route is made as the
// kernel makes it (RTF_LOCAL or RTF_ANYCAST with RTF_NONEXTHOP, never
// linkdown). Errors are RouteAdd's.
func (ns *Netns) RouteAddShown(c *RouteConfig) error {
	if len(c.Nexthops) > 1 || c.Metric != 0 && c.Type != fib6.RTN_LOCAL && c.Type != fib6.RTN_ANYCAST {
		return ns.RouteAdd(c)
	}
	if c.Tos != 0 {
		return errTos
	}
	if err := checkNHID(c); err != nil {
		return err
	}
	if ns.FIB.Stats.FibRtEntries+1 > ns.maxRoutes() {
		return errno.ENOMEM
	}
	var h NH
	if len(c.Nexthops) == 1 {
		h = c.Nexthops[0]
	}
	rt, err := ns.routeInfoCreate(c, h)
	if err != nil {
		return err
	}
	rt.Metric = c.Metric
	switch c.Type {
	case fib6.RTN_LOCAL:
		rt.Flags |= fib6.RTF_NONEXTHOP | fib6.RTF_LOCAL
		rt.NH.Flags &^= fib6.RTNH_F_LINKDOWN
	case fib6.RTN_ANYCAST:
		rt.Flags |= fib6.RTF_NONEXTHOP | fib6.RTF_ANYCAST
		rt.NH.Flags &^= fib6.RTNH_F_LINKDOWN
	}
	if err := ns.AddRoute(c.Table, rt, c.NLFlags); err != nil {
		ns.releaseUnlinked([]*fib6.Info{rt})
		return err
	}
	return nil
}
