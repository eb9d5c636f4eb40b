// Package gc models IPv6 route aging (net/ipv6/ip6_fib.c): fib6_age and
// the two ways a GC pass finds the routes to age. Before the 2023 change
// "net/ipv6: Remove expired routes with a separated list of routes" a pass
// walked every node and route of every table (fib6_clean_all with
// fib6_age); after it, a pass walks only each table's list of routes that
// can expire (fib6_gc_all over tb6_gc_hlist). Times are jiffies.
package gc

import (
	"fmt"
	"math"

	"fib6lab/engine/fib6"
	"fib6lab/engine/kernel"
)

// Strategy selects how a GC pass finds routes to age.
type Strategy uint8

// The two strategies, before and after the 2023 GC-list change.
const (
	TrieWalk Strategy = iota // fib6_clean_all(net, fib6_age, &gc_args): whole trie
	GCList                   // fib6_gc_all: per-table tb6_gc_hlist
)

// Strategies lists every strategy in display order.
var Strategies = []Strategy{TrieWalk, GCList}

// String returns the strategy's name: "trie-walk" or "gc-list".
func (s Strategy) String() string {
	if s == GCList {
		return "gc-list"
	}
	return "trie-walk"
}

// StrategyOf returns the strategy a kernel with features f runs: the GC
// list when f.GCList, else the trie walk.
func StrategyOf(f kernel.Features) Strategy {
	if f.GCList {
		return GCList
	}
	return TrieWalk
}

// ParseStrategy parses "trie-walk" or "gc-list".
func ParseStrategy(name string) (Strategy, error) {
	for _, s := range Strategies {
		if s.String() == name {
			return s, nil
		}
	}
	return 0, fmt.Errorf("unknown GC strategy %q (want trie-walk or gc-list)", name)
}

// Args models struct fib6_gc_args: Timeout (jiffies) for exceptions that
// do not expire by themselves, and More, the count of routes and
// exceptions that will need a later pass. Kernel is not a kernel field:
// it is the features of the release whose fib6_age runs (the namespace's,
// read when the pass starts); its UnlinkIdle selects the 2026 rule
// (6af51e9f3133) that takes a route without expiry off the GC list once
// none of its exceptions is pending. Unlinked counts the routes that rule
// took off a GC list, and Horizon, when set, collects when a later pass
// could first find work (neither is a kernel field).
type Args struct {
	Timeout  int64
	More     int
	Kernel   kernel.Features
	Unlinked int
	Horizon  *Horizon
}

// Horizon is what a GC pass learns about the passes after it, so that the
// namespace can tell when a later pass is certain to find nothing to do
// (Quiet). Times are jiffies; math.MaxInt64 means never.
type Horizon struct {
	// Expiry is the earliest time at which a route or an RTF_EXPIRES
	// exception the pass kept is past its deadline: its deadline + 1.
	Expiry int64
	// Idle is the earliest dst.lastuse of the exceptions without
	// RTF_EXPIRES that the pass kept: a pass with timeout T at or after
	// Idle + T removes one.
	Idle int64
}

// NewHorizon returns a Horizon with nothing due.
func NewHorizon() *Horizon { return &Horizon{Expiry: math.MaxInt64, Idle: math.MaxInt64} }

// Quiet reports whether a pass at time now with timeout (jiffies) is
// certain to find nothing due, given that the pass that filled h changed
// nothing and nothing else changed since.
func (h *Horizon) Quiet(now, timeout int64) bool {
	return now < h.Expiry && (h.Idle == math.MaxInt64 || now-timeout < h.Idle)
}

// Last returns the latest time (jiffies) at which a pass with timeout is
// still certain to be quiet (see Quiet); math.MaxInt64 when always.
func (h *Horizon) Last(timeout int64) int64 {
	last := h.Expiry - 1
	if h.Idle != math.MaxInt64 {
		last = min(last, h.Idle+timeout-1)
	}
	return last
}

// due records that something kept by the pass falls due at time t.
func (h *Horizon) due(t int64) {
	if h != nil && t < h.Expiry {
		h.Expiry = t
	}
}

// idle records an exception aged by idle time, last used at lastUse.
func (h *Horizon) idle(lastUse int64) {
	if h != nil && lastUse < h.Idle {
		h.Idle = lastUse
	}
}

// ExceptionHorizon is implemented by the dst states (dst.Nexthop) that
// can tell, while they age their exceptions, when the survivors fall due:
// AgeExceptionsNext ages like fib6.DstState.AgeExceptions and also
// returns the earliest deadline + 1 of the survivors with RTF_EXPIRES and
// the earliest lastuse of the others (math.MaxInt64 when none).
type ExceptionHorizon interface {
	AgeExceptionsNext(now, timeout int64) (pending int, expiry, idle int64)
}

// Age models fib6_age: it reports true when rt has RTF_EXPIRES, a
// non-zero deadline and now is after it (the route must be deleted, in use
// or not); a route still waiting to expire adds one to More. A route that
// stays then ages its exceptions (AgeExceptions).
func Age(rt *fib6.Info, now int64, args *Args) bool {
	if rt.HasExpires() && rt.Expires != 0 {
		if now > rt.Expires {
			return true
		}
		args.More++
		args.Horizon.due(rt.Expires + 1)
	}
	AgeExceptions(rt, now, args)
	return false
}

// AgeExceptions models fib6_age_exceptions: rt6_age_exceptions adds the
// surviving exceptions to More; with args.Kernel.UnlinkIdle a route
// without expiry whose exceptions are all gone leaves its table's GC
// list.
func AgeExceptions(rt *fib6.Info, now int64, args *Args) {
	pending := 0
	if s := rt.DstState(); s != nil {
		pending = ageState(s, now, args)
	}
	args.More += pending
	if args.Kernel.UnlinkIdle && pending == 0 && !rt.HasExpires() && rt.Table != nil && rt.OnGCList() {
		rt.Table.RemoveGCList(rt)
		args.Unlinked++
	}
}

// ageState ages the exceptions of s and, when a Horizon is being
// collected, records when the survivors fall due; a state that cannot
// tell makes every later pass uncertain.
func ageState(s fib6.DstState, now int64, args *Args) int {
	h := args.Horizon
	if h == nil {
		return s.AgeExceptions(now, args.Timeout)
	}
	eh, ok := s.(ExceptionHorizon)
	if !ok {
		h.due(now)
		return s.AgeExceptions(now, args.Timeout)
	}
	pending, expiry, idle := eh.AgeExceptionsNext(now, args.Timeout)
	h.due(expiry)
	h.idle(idle)
	return pending
}

// PassStats counts what one GC pass looked at: nodes the walker stepped
// on (0 for the list walk), routes aged, and routes removed.
type PassStats struct {
	Visited int
	Checked int
	Removed int
}

func nodeID(rt *fib6.Info) uint32 {
	fn := rt.Node()
	if fn == nil {
		return 0
	}
	return fn.ID
}
