// Package gc models IPv6 route aging (net/ipv6/ip6_fib.c): fib6_age and
// the two ways a GC pass finds the routes to age. Before the 2023 change
// "net/ipv6: Remove expired routes with a separated list of routes" a pass
// walked every node and route of every table (fib6_clean_all with
// fib6_age); after it, a pass walks only each table's list of routes that
// can expire (fib6_gc_all over tb6_gc_hlist). Times are jiffies.
package gc

import (
	"fmt"

	"fib6lab/engine/fib6"
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
// exceptions that will need a later pass. UnlinkIdle is a model switch,
// not a kernel field: it selects the 2026 rule (6af51e9f3133) that takes
// a route without expiry off the GC list once none of its exceptions is
// pending.
type Args struct {
	Timeout    int64
	More       int
	UnlinkIdle bool
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
	}
	AgeExceptions(rt, now, args)
	return false
}

// AgeExceptions models fib6_age_exceptions: rt6_age_exceptions adds the
// surviving exceptions to More; with UnlinkIdle a route without expiry
// whose exceptions are all gone leaves its table's GC list.
func AgeExceptions(rt *fib6.Info, now int64, args *Args) {
	pending := 0
	if s := rt.DstState(); s != nil {
		pending = s.AgeExceptions(now, args.Timeout)
	}
	args.More += pending
	if args.UnlinkIdle && pending == 0 && !rt.HasExpires() && rt.Table != nil {
		rt.Table.RemoveGCList(rt)
	}
}

// PassStats counts what one GC pass looked at: nodes the walker stepped
// on (0 for the list walk), routes aged, and routes removed.
type PassStats struct {
	Visited int
	Checked int
	Removed int
}

func nodeID(rt *fib6.Info) uint32 {
	if rt.Node == nil {
		return 0
	}
	return rt.Node.ID
}
