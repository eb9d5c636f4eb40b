// Package fib6 models the Linux IPv6 forwarding information base
// (net/ipv6/ip6_fib.c, include/net/ip6_fib.h): the fib6_node radix trie,
// fib6_info routes ordered by metric on route-bearing nodes, per-namespace
// tables, insertion with the kernel's EEXIST/replace/ECMP rules, deletion
// with fib6_repair_tree, longest-prefix lookup with backtracking, the
// resumable post-order fib6_walker and the per-table GC list
// (tb6_gc_hlist). Times are jiffies supplied by the owner through Net.Now.
package fib6

import (
	"net/netip"

	"fib6lab/engine/lwtunnel"
	"fib6lab/engine/trace"
)

// fib6_node flags (fn_flags, include/net/ip6_fib.h).
const (
	RTN_TL_ROOT = 0x1 // root of a table
	RTN_ROOT    = 0x2 // root of a tree
	RTN_RTINFO  = 0x4 // node owns routes
)

// Route flags (fib6_flags, include/uapi/linux/ipv6_route.h).
const (
	RTF_UP        = 0x1
	RTF_GATEWAY   = 0x2
	RTF_DYNAMIC   = 0x10
	RTF_MODIFIED  = 0x20
	RTF_REJECT    = 0x200
	RTF_DEFAULT   = 0x10000
	RTF_ADDRCONF  = 0x40000
	RTF_PREFIX_RT = 0x80000
	RTF_ANYCAST   = 0x100000
	RTF_NONEXTHOP = 0x200000
	RTF_EXPIRES   = 0x400000
	RTF_ROUTEINFO = 0x800000
	RTF_CACHE     = 0x1000000
	RTF_PCPU      = 0x40000000
	RTF_LOCAL     = 0x80000000
	RTF_PREF_MASK = 0x18000000 // router preference, bits 27-28
)

// Router preference values as stored in RTF_PREF bits (ICMPV6_ROUTER_PREF_*).
const (
	PrefMedium  = 0x0
	PrefHigh    = 0x1
	PrefInvalid = 0x2
	PrefLow     = 0x3
)

// Route types (rtm_type, include/uapi/linux/rtnetlink.h).
const (
	RTN_UNICAST     = 1
	RTN_LOCAL       = 2
	RTN_ANYCAST     = 4
	RTN_MULTICAST   = 5
	RTN_BLACKHOLE   = 6
	RTN_UNREACHABLE = 7
	RTN_PROHIBIT    = 8
	RTN_THROW       = 9
)

// Nexthop flags (rtnh_flags).
const (
	RTNH_F_DEAD     = 0x1
	RTNH_F_ONLINK   = 0x4
	RTNH_F_LINKDOWN = 0x10
)

// Well-known table ids (enum rt_class_t).
const (
	RT_TABLE_UNSPEC  = 0
	RT_TABLE_COMPAT  = 252
	RT_TABLE_DEFAULT = 253
	RT_TABLE_MAIN    = 254
	RT_TABLE_LOCAL   = 255
)

// IP6_RT_PRIO_USER is the metric of user routes given without one.
const IP6_RT_PRIO_USER = 1024

// Nexthop models the inline struct fib6_nh of a route: output device
// (ifindex, 0 = none), optional gateway, ECMP weight (rtnh_hops+1),
// RTNH_F_* flags and the lightweight-tunnel state (fib_nh_lws) the route
// holds one reference to. Its fields are ordered so that it packs into
// 40 bytes.
type Nexthop struct {
	Flags  uint8   // first: a lookup reads it with the route's first bytes
	Gw     Gateway // the zero Gateway when the route has no gateway
	Weight uint32
	Dev    int
	Lwt    *lwtunnel.State // nil without an encap
}

// Address families of a gateway (AF_INET, AF_INET6).
const (
	afInet  = 2
	afInet6 = 10
)

// Gateway models a nexthop's gateway as struct fib_nh_common holds it:
// the 16 bytes of the address (fib_nh_gw6; an IPv4 gateway as its
// IPv4-mapped form) and its family (fib_nh_gw_family: 0 without a
// gateway, AF_INET or AF_INET6), in 17 bytes where a netip.Addr takes
// 24. The zero Gateway is no gateway. Gateways carry no zone.
type Gateway struct {
	addr   [16]byte
	family uint8
}

// GatewayOf returns a as a Gateway (the zero Gateway for the zero Addr;
// a's zone, if any, is dropped).
func GatewayOf(a netip.Addr) Gateway {
	switch {
	case a.Is4():
		return Gateway{addr: a.As16(), family: afInet}
	case a.Is6():
		return Gateway{addr: a.As16(), family: afInet6}
	}
	return Gateway{}
}

// Addr returns the gateway's address, the zero Addr without a gateway.
func (g Gateway) Addr() netip.Addr {
	switch g.family {
	case afInet:
		return netip.AddrFrom16(g.addr).Unmap()
	case afInet6:
		return netip.AddrFrom16(g.addr)
	}
	return netip.Addr{}
}

// IsValid reports whether there is a gateway (fib_nh_gw_family != 0).
func (g Gateway) IsValid() bool { return g.family != 0 }

// String returns the gateway's address as netip.Addr prints it
// ("invalid IP" without a gateway).
func (g Gateway) String() string { return g.Addr().String() }

// Extra holds the rarely set parts of a route, kept out of line so that a
// full table of plain routes stays small: preferred source (fib6_prefsrc)
// and RTAX_* metrics (index = RTAX_* value) with their lock bits, the
// nexthop's dst state, the id of the nexthop object the route uses
// (fib6_info.nh; 0 = its own inline fib6_nh, which NH then is; with an
// object NH mirrors the object's first path for code that reads one hop),
// and the route's links to other routes: its ECMP group (fib6_siblings,
// fib6_nsiblings) and its table's GC list (gc_link), which only routes in
// a group or with an expiry have.
type Extra struct {
	PrefSrc netip.Addr
	Metrics [RTAX_MAX + 1]uint32
	Locks   uint32   // bit i set = metric i locked (RTAX_LOCK)
	Dst     DstState // the nexthop's cached dsts; see exceptions_hook.go
	NHID    uint32

	nsiblings        int32  // fib6_nsiblings: other members of the ECMP group
	sibNext, sibPrev *Info  // fib6_siblings ring; nil when alone
	gcNext           *Info  // gc_link in tb6_gc_hlist
	gcPprev          **Info // nil when not on the GC list
}

// extra returns the route's Extra, allocating it on first use.
func (rt *Info) extra() *Extra {
	if rt.Extra == nil {
		rt.Extra = &Extra{}
	}
	return rt.Extra
}

// RTAX_* metric indexes (include/uapi/linux/rtnetlink.h). Units as the
// kernel stores them: RTAX_RTT in 1/8 ms, RTAX_RTTVAR in 1/4 ms,
// RTAX_RTO_MIN in ms, the windows in segments, MTU and advmss in bytes.
const (
	RTAX_MTU                = 2
	RTAX_WINDOW             = 3
	RTAX_RTT                = 4
	RTAX_RTTVAR             = 5
	RTAX_SSTHRESH           = 6
	RTAX_CWND               = 7
	RTAX_ADVMSS             = 8
	RTAX_REORDERING         = 9
	RTAX_HOPLIMIT           = 10
	RTAX_INITCWND           = 11
	RTAX_FEATURES           = 12 // RTAX_FEATURE_* bits
	RTAX_RTO_MIN            = 13
	RTAX_INITRWND           = 14
	RTAX_QUICKACK           = 15
	RTAX_CC_ALGO            = 16 // holds a congestion control key (netns.CongCtlName)
	RTAX_FASTOPEN_NO_COOKIE = 17
	RTAX_MAX                = 17
)

// RTAX_FEATURE_ECN is the RTAX_FEATURES bit `features ecn` sets, the
// one feature iproute2 names.
const RTAX_FEATURE_ECN = 1

// Info models struct fib6_info (include/net/ip6_fib.h): one route, in
// 112 bytes (unsafe.Sizeof). The fields are ordered so that they pack,
// and so that what a lookup reads of a route (the prefix, flags, metric,
// the next route and the nexthop's flags) lies in its first 41 bytes:
// one cache line for most routes. The configuration is Dst..Metric,
// NH, Expires and Extra's exported fields; the other fields are
// maintained by the trie and are read-only outside this package. The
// ECMP sibling ring and the GC list link are in Extra, which plain routes
// do not have.
type Info struct {
	Dst      Key
	DstLen   uint8
	Type     uint8  // RTN_*
	Protocol uint8  // RTPROT_*
	Flags    uint32 // RTF_*
	Metric   uint32 // fib6_metric (priority)
	Ref      int32  // fib6_ref: the node's link plus borrowing nodes
	Next     *Info  // fib6_next: next route on the node, by metric
	NH       Nexthop
	Expires  int64 // absolute jiffies; meaningful with RTF_EXPIRES
	Extra    *Extra

	Table *Table  // fib6_table
	node  NodeIdx // fib6_node: owning node in Table's Net arena, 0 once unlinked
	ID    uint32  // trace identity, unique per Net
}

// Prefix returns the route's destination prefix.
func (rt *Info) Prefix() netip.Prefix {
	return netip.PrefixFrom(rt.Dst.Addr(), int(rt.DstLen))
}

// HasExpires reports whether the route carries RTF_EXPIRES.
func (rt *Info) HasExpires() bool { return rt.Flags&RTF_EXPIRES != 0 }

// Expired models rt6_check_expired for a fib6_info: it has RTF_EXPIRES and
// now is after its deadline (time_after, strict).
func (rt *Info) Expired(now int64) bool {
	return rt.Flags&RTF_EXPIRES != 0 && now > rt.Expires
}

// OnGCList reports whether the route is linked on its table's tb6_gc_hlist.
func (rt *Info) OnGCList() bool { return rt.Extra != nil && rt.Extra.gcPprev != nil }

// NSiblings returns the number of other members of the route's ECMP
// group (fib6_nsiblings), 0 when it is alone.
func (rt *Info) NSiblings() int {
	if rt.Extra == nil {
		return 0
	}
	return int(rt.Extra.nsiblings)
}

// Siblings returns the other members of the route's ECMP group in ring
// order (fib6_siblings), or nil.
func (rt *Info) Siblings() []*Info {
	var s []*Info
	if rt.Extra == nil {
		return nil
	}
	for it := rt.Extra.sibNext; it != nil && it != rt; it = it.Extra.sibNext {
		s = append(s, it)
	}
	return s
}

// QualifiesForECMP models rt6_qualify_for_ecmp: a gateway route that was
// not learned from a router advertisement and uses no nexthop object.
func (rt *Info) QualifiesForECMP() bool {
	return rt.NH.Gw.IsValid() && rt.Flags&RTF_ADDRCONF == 0 && rt.NHID() == 0
}

// NHID returns the id of the nexthop object the route uses (rt->nh->id),
// 0 when it has its own fib6_nh.
func (rt *Info) NHID() uint32 {
	if rt.Extra == nil {
		return 0
	}
	return rt.Extra.NHID
}

// NodeIdx names a node in its Net's node arena; 0 means none.
type NodeIdx uint32

// Node models struct fib6_node. Nodes live in an arena per Net (see
// arena.go) and hold no Go pointers: parent and children are arena
// indices, and the route list head (fib6_node.leaf) is kept in a side
// array, read with Net.Leaf or Table.Leaf. A *Node stays valid while the
// node is linked (arena chunks never move), but a freed node's slot is
// cleared and reused, and Compact renumbers every node. The kernel's
// rr_ptr is not modelled (nothing reads it). Fields are maintained by the
// trie and are read-only outside this package. A lookup's descent reads
// the first 10 bytes alone (children, fn_bit, flags): they come first, so
// that a node's descent fields cross a cache line less often (one node in
// eight at the arena's 28-byte stride, where after the parent index they
// crossed three in eight).
type Node struct {
	Left, Right NodeIdx
	FnBit       uint8 // prefix length this node stands for
	FnFlags     uint8 // RTN_*
	Parent      NodeIdx
	Self        NodeIdx // this node's own arena index
	Sernum      uint32  // fn_sernum
	ID          uint32  // trace identity, unique per Net
}

// Node returns the node the route is linked on, or nil once unlinked.
func (rt *Info) Node() *Node {
	if rt.node == 0 {
		return nil
	}
	return rt.Table.net.arena.at(rt.node)
}

// Routes returns the routes of an RTINFO node in list order (nil for an
// intermediate node, whose leaf is only borrowed).
func (n *Net) Routes(fn *Node) []*Info {
	if fn.FnFlags&RTN_RTINFO == 0 {
		return nil
	}
	var rs []*Info
	for rt := n.leaf(fn); rt != nil; rt = rt.Next {
		rs = append(rs, rt)
	}
	return rs
}

// Routes returns the routes of an RTINFO node of this table (Net.Routes).
func (t *Table) Routes(fn *Node) []*Info { return t.net.Routes(fn) }

// Stats models struct rt6_statistics: the counters of /proc/net/rt6_stats
// that the trie maintains.
type Stats struct {
	FibNodes           int // fib_nodes: trie nodes, roots excluded
	FibRouteNodes      int // fib_route_nodes: RTINFO nodes, roots excluded
	FibRtEntries       int // fib_rt_entries: linked routes
	FibRtCache         int // fib_rt_cache: live exceptions
	FibDiscardedRoutes int // fib_discarded_routes
}

// Table models struct fib6_table: id, embedded root node, flags and the
// GC list head (tb6_gc_hlist).
type Table struct {
	ID      uint32
	root    NodeIdx // the table's root node (tb6_root)
	Entries int     // routes linked in this table (the null entry excluded)
	net     *Net
	gcHead  *Info
	gcLen   int        // routes on the GC list
	onDev   []int32    // linked routes by their nexthop's ifindex (NH.Dev); see RoutesOnDev
	last    lastAdd    // where the last add went (add1's shortcut)
	jump    *jumpIndex // untraced lookups' shortcut into the trie; nil until one is built
}

// lastAdd is the node the table's last add linked its route on, with the
// route's prefix and the arena's generation then (see Table.descentStart).
type lastAdd struct {
	node NodeIdx
	key  Key
	gen  uint32
}

// Net models the routing part of struct netns_ipv6: the table hash
// (FIB6_TABLE_HASHSZ buckets), fib6_null_entry, the serial number counter,
// rt6_stats and the registered walkers. Now returns the current time in
// jiffies; Trace (may be nil) receives one event per step.
type Net struct {
	Stats     Stats
	NullEntry *Info
	Now       func() int64
	Trace     *trace.Recorder
	// MayRemoveGCList, when set, decides whether a route whose expiry was
	// cleared leaves the GC list (fib6_may_remove_gc_list); nil unlinks it.
	MayRemoveGCList func(rt *Info)

	arena      arena
	buckets    [tableHashSize][]*Table
	order      []*Table // every table in dump order (the buckets concatenated)
	sernum     uint32
	walkers    []*Walker
	nextNodeID uint32
	nextRtID   uint32
}

// tableHashSize is FIB6_TABLE_HASHSZ with CONFIG_IPV6_MULTIPLE_TABLES.
const tableHashSize = 256
