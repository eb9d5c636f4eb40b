package dst

import (
	"math"

	"fib6lab/engine/fib6"
)

// Shared is the dst state (fib6.DstState) of a route that uses a nexthop
// object (fib6_info.nh): the route has no fib6_nh of its own, and what
// the kernel does to "its" dsts it does to each path of the object
// (nexthop_for_each_fib6_nh), whose fib6_nh every route using the object
// shares. Paths returns the object's current paths (one for a single
// nexthop, one per member of a group); it follows replacements and
// group changes.
type Shared struct {
	Route *fib6.Info
	Paths func() []*Nexthop
}

// AgeExceptions models rt6_age_exceptions for a route with a nexthop
// object: every exception of every path is aged, whichever route it was
// made for, and the survivors are counted.
func (s *Shared) AgeExceptions(now, timeout int64) int {
	pending, _, _ := s.AgeExceptionsNext(now, timeout)
	return pending
}

// AgeExceptionsNext is AgeExceptions that also says when the survivors
// fall due (gc.ExceptionHorizon): the earliest of the paths' answers.
func (s *Shared) AgeExceptionsNext(now, timeout int64) (pending int, expiry, idle int64) {
	expiry, idle = math.MaxInt64, math.MaxInt64
	for _, nh := range s.Paths() {
		p, e, i := nh.AgeExceptionsNext(now, timeout)
		pending += p
		expiry, idle = min(expiry, e), min(idle, i)
	}
	return pending, expiry, idle
}

// Purge models fib6_purge_rt for the route: on each path only the
// exceptions and per-CPU copies made for this route let go of it.
func (s *Shared) Purge() {
	for _, nh := range s.Paths() {
		nh.purgeFrom(s.Route)
	}
}

// PathsOf returns the fib6_nh dst states a route's lookups use: its own
// (when it has made one), or its nexthop object's paths.
func PathsOf(rt *fib6.Info) []*Nexthop {
	switch s := rt.DstState().(type) {
	case *Nexthop:
		return []*Nexthop{s}
	case *Shared:
		return s.Paths()
	}
	return nil
}

// path models the choice of res->nh for route rt and hop (the path a
// lookup selected, or fib6_nh_find_match on a dst's device and gateway):
// rt's own fib6_nh (made on first use), or the path of its nexthop
// object with hop's device and gateway; nil when the object has none.
func (o *Ops) path(rt *fib6.Info, hop fib6.Nexthop) *Nexthop {
	if _, ok := rt.DstState().(*Shared); ok {
		return findPath(rt, hop)
	}
	return o.Nexthop(rt)
}

// findPath is path without making a route's own fib6_nh: nil when it has
// none yet.
func findPath(rt *fib6.Info, hop fib6.Nexthop) *Nexthop {
	s, ok := rt.DstState().(*Shared)
	if !ok {
		return NexthopOf(rt)
	}
	for _, nh := range s.Paths() {
		if nh.hop.Dev == hop.Dev && nh.hop.Gw == hop.Gw {
			return nh
		}
	}
	return nil
}
