// Package kernel models which Linux release the engine behaves as: a
// release number and, derived from it in one place (For), every behaviour
// of the model that changed between releases. A namespace holds one
// Features value (netns.Netns.Features) and every engine package that
// behaves differently between releases reads it from there; none keeps a
// switch of its own. Stable backports are not modelled: a release behaves
// as its mainline tag.
package kernel

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Release is a kernel release, MAJOR.MINOR.
type Release struct{ Major, Minor int }

// Default is the release a new namespace models: that of the reference
// machine (Linux 6.18).
var Default = Release{Major: 6, Minor: 18}

// Oldest is the first release the model describes: 4.3, which brought
// lightweight tunnels and ILA (every piece the model has exists from it).
var Oldest = Release{Major: 4, Minor: 3}

// ErrTooOld refuses a release before Oldest.
var ErrTooOld = errors.New("kernel version predates " + Oldest.String() + ", the oldest modelled")

// String returns "MAJOR.MINOR".
func (r Release) String() string { return fmt.Sprintf("%d.%d", r.Major, r.Minor) }

// AtLeast reports whether r is release major.minor or later.
func (r Release) AtLeast(major, minor int) bool {
	return r.Major > major || (r.Major == major && r.Minor >= minor)
}

// Parse reads a release "MAJOR.MINOR"; a third component, the stable
// patch level, is accepted and ignored. Errors: "kernel version must be
// MAJOR.MINOR" for the wrong number of components, `bad kernel version
// "V"` for a component that is not a number from 0 to 255 (a byte of
// KERNEL_VERSION), ErrTooOld for a release before Oldest.
func Parse(v string) (Release, error) {
	parts := strings.Split(v, ".")
	if len(parts) < 2 || len(parts) > 3 {
		return Release{}, errors.New("kernel version must be MAJOR.MINOR")
	}
	var n [3]int
	for i, p := range parts {
		x, err := strconv.ParseUint(p, 10, 8) // KERNEL_VERSION: a byte each
		if err != nil {
			return Release{}, errors.New("bad kernel version " + strconv.Quote(v))
		}
		n[i] = int(x)
	}
	r := Release{Major: n[0], Minor: n[1]}
	if !r.AtLeast(Oldest.Major, Oldest.Minor) {
		return Release{}, ErrTooOld
	}
	return r, nil
}

// Features are the behaviours of a release that the model switches on,
// each named after the change that brought it. Build them with For; a
// front end may change a field once to compare one behaviour across a
// release (ip6sim --gc), but nothing keeps a copy of them.
type Features struct {
	Release Release
	// GCList: a GC pass walks each table's list of routes that can expire
	// (fib6_gc_all over tb6_gc_hlist). 3dec89b14d37 landed in 6.6, was
	// reverted before 6.7 and re-landed as 5eb902b8e719 in 6.9. False: the
	// pass walks the whole trie (fib6_clean_all with fib6_age).
	GCList bool
	// MaxSize: before af6d10345ca7 (6.3) ip6_dst_gc returns a verdict
	// against net.ipv6.route.max_size (default 4096), and dst_alloc fails
	// with the "Route cache is full" notice when it is over.
	MaxSize bool
	// LinkParent: cfe82469a00f (6.15) puts a route on its table's GC list
	// when an exception is inserted under it, even a permanent route.
	LinkParent bool
	// UnlinkIdle: 6af51e9f3133 + 4be7b99c253f (2026, in 6.18 stable) take
	// a route without expiry off the GC list once aging finds none of its
	// exceptions pending, and age the exceptions at once when an expiry
	// is cleared (fib6_may_remove_gc_list).
	UnlinkIdle bool
	// ILACache: ILA keeps a dst_cache per route and its encap ops have
	// destroy_state (2016, Linux 4.9).
	ILACache bool
	// NodeFreeRCU: node_free hands a trie node to call_rcu with
	// node_free_rcu, which frees it with kmem_cache_free (the tracepoint
	// kmem:kmem_cache_free, call_site node_free_rcu). From 6.13 ("ipv6:
	// replace call_rcu by kfree_rcu for simple kmem_cache_free callback",
	// October 2024) kfree_rcu frees nodes in bulk, with no per-object
	// event: on 6.18 node frees show only in rt6_stats' fib_nodes.
	NodeFreeRCU bool
	// MultipathFirst: from 4d0ab3a6885e (6.15, "ipv6: Start path
	// selection from the first nexthop") fib6_select_path compares the
	// flow's hash with the group's first member's share and goes on from
	// there; before, it started from the member the lookup preferred
	// (rt6_select), which kept every flow whose hash fell in the first
	// member's share on the preferred one.
	MultipathFirst bool
}

// For returns the features of release r:
//
//	>= 4.9          ILA routes keep a dst_cache (ILACache)
//	< 6.3           ip6_dst_gc verdict against max_size (MaxSize)
//	6.6, >= 6.9     GC pass walks the GC list (GCList); < 6.6, 6.7, 6.8 walk the trie
//	>= 6.15         an exception links its route on the GC list (LinkParent)
//	>= 6.18         idle permanent routes leave the GC list (UnlinkIdle)
//	< 6.13          trie nodes freed by node_free_rcu (NodeFreeRCU)
//	>= 6.15         ECMP path selection starts from the first member (MultipathFirst)
func For(r Release) Features {
	return Features{
		Release:     r,
		GCList:      r == Release{Major: 6, Minor: 6} || r.AtLeast(6, 9),
		MaxSize:     !r.AtLeast(6, 3),
		LinkParent:  r.AtLeast(6, 15),
		UnlinkIdle:  r.AtLeast(6, 18),
		ILACache:    r.AtLeast(4, 9),
		NodeFreeRCU: !r.AtLeast(6, 13),

		MultipathFirst: r.AtLeast(6, 15),
	}
}
