package app

import (
	"fmt"

	"fib6lab/engine/trace"
)

// Listing is the pseudo-code panel's text for one kernel function: our
// own short pseudo-code of what the model does (not kernel code).
type Listing struct {
	Func  string   // the kernel function it models
	Lines []string // pseudo-code, one statement a line
}

// Listing indexes into Listings.
const (
	lsNone = iota
	lsAdd
	lsLookup
	lsDel
	lsGCTrie
	lsGCList
	lsRunGC
	lsDstAlloc
	lsDstGC
	lsILA
	lsExc
)

// Listings are the pseudo-code listings, by the constants above.
var Listings = [...]Listing{
	lsNone: {},
	lsAdd: {"fib6_add / fib6_add_1", []string{
		"fn := table root",
		"descend: does fn's prefix cover addr/plen?",
		"  no: split here, new node(s) for the prefix",
		"  plen == fn.fn_bit: this is the node",
		"  dir := bit fn.fn_bit of addr; fn := child(dir)",
		"  no child: new leaf node, fn_bit = plen",
		"link the route on the node (fib6_add_rt2node)",
		"a replaced route leaves the node",
		"expiring route: join GC list, start GC timer",
		"return 0 or -errno",
	}},
	lsLookup: {"fib6_node_lookup", []string{
		"fn := table root",
		"while child on side (bit fn.fn_bit of daddr):",
		"  fn := that child      (prefixes ignored)",
		"loop: fn has routes and its prefix covers daddr?",
		"  yes: answer fn",
		"  no: fn := fn.parent   (backtrack)",
		"return the answer (or the root)",
	}},
	lsDel: {"fib6_del / fib6_repair_tree", []string{
		"find the route on its node's list",
		"unlink it; fix walkers standing on it",
		"node empty? clear RTINFO, repair the tree:",
		"  fewer than 2 children: splice node out, free it",
		"  parent holds routes: stop, else go up",
		"  2 children: borrow a leaf from a child",
		"purge exceptions, leave the GC list; return",
	}},
	lsGCTrie: {"fib6_clean_all(fib6_age) — fib6_walk", []string{
		"gc_args.more := 0; walker at the root",
		"post-order step: left, right, node, up",
		"for each route of the node: fib6_age(route)",
		"  expires and now after expires: delete",
		"  expires in the future: gc_args.more++",
		"  no expiry: keep",
		"  fib6_del(route); walker re-positioned",
		"walk done",
	}},
	lsGCList: {"fib6_gc_all / fib6_gc_table", []string{
		"gc_args.more := 0; for each table:",
		"for each route on tb6_gc_hlist:",
		"  fib6_age(route)",
		"  now after expires: delete",
		"  still to expire: gc_args.more++",
		"  permanent, no exceptions left: keep",
		"  fib6_del(route), off the list",
		"all lists done",
	}},
	lsRunGC: {"fib6_run_gc", []string{
		"lock fib6_gc_lock (or retry in 1 s)",
		"age all tables (walk or GC list)",
		"ip6_rt_last_gc := now",
		"gc_args.more > 0: re-arm timer, now + gc_interval",
		"else: cancel the GC timer",
	}},
	lsDstAlloc: {"dst_alloc", []string{
		"entries > gc_thresh: ip6_dst_gc()",
		"before 6.3: entries > max_size: fail",
		"  \"Route cache is full\" (rate-limited)",
		"entries++; new dst",
		"last reference gone: entries--",
	}},
	lsDstGC: {"ip6_dst_gc", []string{
		"too soon and entries <= max_size: return",
		"fib6_run_gc(++ip6_rt_gc_expire, net, true)",
		"expired exceptions go",
		"ip6_rt_gc_expire decays (>> elasticity)",
	}},
	lsILA: {"ila_output", []string{
		"translate daddr: identifier -> locator",
		"dst := dst_cache_get(route's cache, cookie)",
		"  hit: cached dst still valid, use it",
		"  miss: look up the translated daddr; cache it",
		"dst_output(skb)",
	}},
	lsExc: {"rt6_insert_exception", []string{
		"PMTU / redirect: find the route's bucket",
		"insert RTF_CACHE exception; route on GC list",
		"fib6_force_start_gc()",
		"exception removed (aged, flushed or purged)",
	}},
}

// lineRule lights line of a listing for an event of kind (when cond, if
// set, holds for the event).
type lineRule struct {
	kind trace.Kind
	cond func(trace.Event) bool
	line int
}

func expired(e trace.Event) bool   { return e.Val < 0 }
func expiring(e trace.Event) bool  { return e.Val > 0 }
func permanent(e trace.Event) bool { return e.Val == 0 }
func positive(e trace.Event) bool  { return e.Val > 0 }

// lineRules map the events of each listing to its lines; the first rule
// that matches wins.
var lineRules = [len(Listings)][]lineRule{
	lsAdd: {{trace.OpBegin, nil, 0}, {trace.NodeVisit, nil, 1}, {trace.BitTest, nil, 4},
		{trace.NodeCreate, nil, 5}, {trace.RouteLink, nil, 6}, {trace.RouteUnlink, nil, 7},
		{trace.TimerArm, nil, 8}, {trace.OpEnd, nil, 9}},
	lsLookup: {{trace.OpBegin, nil, 0}, {trace.BitTest, nil, 1}, {trace.NodeVisit, nil, 2},
		{trace.NodeMatch, nil, 4}, {trace.Backtrack, nil, 5}, {trace.OpEnd, nil, 6}},
	lsDel: {{trace.OpBegin, nil, 0}, {trace.NodeVisit, nil, 0}, {trace.RouteUnlink, nil, 1},
		{trace.NodeFree, nil, 3}, {trace.OpEnd, nil, 6}},
	lsGCTrie: {{trace.OpBegin, nil, 0}, {trace.NodeVisit, nil, 1}, {trace.RouteAge, expired, 3},
		{trace.RouteAge, expiring, 4}, {trace.RouteAge, permanent, 5}, {trace.RouteUnlink, nil, 6},
		{trace.OpEnd, nil, 7}},
	lsGCList: {{trace.OpBegin, nil, 0}, {trace.ListVisit, nil, 1}, {trace.RouteAge, expired, 3},
		{trace.RouteAge, expiring, 4}, {trace.RouteAge, permanent, 5}, {trace.RouteUnlink, nil, 6},
		{trace.OpEnd, nil, 7}},
	lsRunGC:    {{trace.GCPass, nil, 2}, {trace.TimerArm, nil, 3}, {trace.TimerCancel, nil, 4}},
	lsDstAlloc: {{trace.DstRefused, nil, 1}, {trace.DstAlloc, nil, 3}, {trace.DstFree, nil, 4}},
	lsDstGC:    {{trace.DstGC, nil, 1}},
	lsILA:      {{trace.CacheHit, nil, 2}, {trace.CacheMiss, nil, 3}},
	lsExc:      {{trace.ExcInsert, nil, 1}, {trace.ExcRemove, nil, 3}},
}

// kindListing is the listing an event outside any operation belongs to.
var kindListing = map[trace.Kind]int{
	trace.GCPass: lsRunGC, trace.TimerArm: lsRunGC, trace.TimerCancel: lsRunGC,
	trace.DstAlloc: lsDstAlloc, trace.DstRefused: lsDstAlloc, trace.DstFree: lsDstAlloc,
	trace.DstGC: lsDstGC, trace.CacheHit: lsILA, trace.CacheMiss: lsILA,
	trace.ExcInsert: lsExc, trace.ExcRemove: lsExc,
}

// opListing is the listing of each operation.
var opListing = map[trace.Op]int{trace.OpAdd: lsAdd, trace.OpLookup: lsLookup, trace.OpDel: lsDel,
	trace.OpGCTrie: lsGCTrie, trace.OpGCList: lsGCList}

// opFunc names the kernel function of an operation.
func opFunc(op trace.Op) string {
	if i, ok := opListing[op]; ok {
		return Listings[i].Func
	}
	return fmt.Sprintf("op %d", op)
}

// lineOf returns the line of listing ls that event e lights, or -1.
func lineOf(ls int, e trace.Event) int {
	for _, r := range lineRules[ls] {
		if r.kind == e.Kind && (r.cond == nil || r.cond(e)) {
			return r.line
		}
	}
	return -1
}

// listingOf returns the listing event e is shown in, given the listing
// of the operation around it (top, lsNone outside operations): the
// operation's when it has a line for e, else the event's own.
func listingOf(top int, e trace.Event) int {
	if top != lsNone && lineOf(top, e) >= 0 {
		return top
	}
	if ls, ok := kindListing[e.Kind]; ok {
		return ls
	}
	return top
}

// track updates the player's and the panel's display state for event e,
// before the lane shows it.
func (l *Lane) track(e trace.Event) {
	t := &l.teach
	top := lsNone
	if t.depth > 0 {
		top = t.top0
	}
	switch e.Kind {
	case trace.OpBegin:
		if t.depth == 0 {
			t.top0 = opListing[trace.Op(e.Val)]
			top = t.top0
			if isGCOp(e.Val) {
				t.more = 0
			}
		}
		t.depth++
	case trace.OpEnd:
		t.depth = max(t.depth-1, 0)
	}
	t.countGC(e)
	t.last, t.listing = e, listingOf(top, e)
}

// countGC keeps the cumulative GC counts and gc_args.more.
func (t *teachView) countGC(e trace.Event) {
	inGC := t.depth > 0 && (t.top0 == lsGCTrie || t.top0 == lsGCList)
	switch {
	case e.Kind == trace.GCPass:
		t.shown.Passes++
		t.more = int(e.Val)
	case !inGC:
	case e.Kind == trace.NodeVisit:
		t.shown.Visited++
	case e.Kind == trace.RouteAge:
		t.shown.Checked++
		if e.Val > 0 {
			t.more++
		}
	case e.Kind == trace.RouteUnlink:
		t.shown.Removed++
	}
}

// PseudoView is what the pseudo-code panel shows for a lane: the listing
// of the function running, the line lit and the live values.
type PseudoView struct {
	Func   string   // kernel function, "" when nothing was shown yet
	Lines  []string // the listing
	Line   int      // line lit, -1 none
	Values []string // live values ("fn_bit = 48", ...)
	First  int      // Lines[0]'s index in the whole listing (a window of it shown)
}

// Pseudo returns the pseudo-code panel of the lane at its position.
func (l *Lane) Pseudo() PseudoView {
	t := &l.teach
	if t.listing == lsNone {
		return PseudoView{Line: -1}
	}
	ls := Listings[t.listing]
	return PseudoView{Func: ls.Func, Lines: ls.Lines, Line: lineOf(t.listing, t.last),
		Values: l.values(t.last)}
}

// values returns the live values of event e.
func (l *Lane) values(e trace.Event) []string {
	t := &l.teach
	hz := l.NS.HZ
	now := l.Timeline().Jiffies
	var v []string
	switch e.Kind {
	case trace.NodeVisit, trace.NodeCreate, trace.NodeFree:
		v = append(v, fmt.Sprintf("node #%d  fn_bit = %d", e.Node, e.Bit))
	case trace.BitTest:
		v = append(v, fmt.Sprintf("node #%d tests address bit %d = %d", e.Node, e.Bit, e.Val))
	case trace.Backtrack:
		v = append(v, fmt.Sprintf("node #%d does not cover daddr: up", e.Node))
	case trace.NodeMatch:
		v = append(v, fmt.Sprintf("node #%d answers  fn_bit = %d", e.Node, e.Bit))
	case trace.RouteAge:
		v = append(v, ageValue(e, hz), fmt.Sprintf("route #%d /%d", e.Route, e.Bit))
	case trace.TimerArm:
		v = append(v, fmt.Sprintf("timer at jiffies %d (now %d, in %.2f s)", e.Val, now, float64(e.Val-now)/float64(hz)))
	case trace.DstAlloc, trace.DstFree:
		v = append(v, fmt.Sprintf("dst entries = %d", e.Val))
	case trace.DstRefused:
		v = append(v, fmt.Sprintf("dst entries = %d > max_size: refused", e.Val))
	case trace.DstGC:
		v = append(v, fmt.Sprintf("ip6_rt_gc_expire = %d jiffies", e.Val))
	case trace.CacheHit:
		v = append(v, fmt.Sprintf("cpu %d: cookie still valid: hit (route #%d)", e.Val, e.Route))
	case trace.CacheMiss:
		v = append(v, fmt.Sprintf("cpu %d: slot empty or cookie stale: miss", e.Val))
	case trace.ExcInsert, trace.ExcRemove:
		v = append(v, fmt.Sprintf("fib_rt_cache = %d", e.Val))
	case trace.OpEnd:
		v = append(v, fmt.Sprintf("result %d", e.Val))
	}
	if t.listing == lsGCTrie || t.listing == lsGCList || t.listing == lsRunGC {
		v = append(v, fmt.Sprintf("gc_args.more = %d", t.more))
	}
	return v
}

// ageValue describes fib6_age's test: expires against now.
func ageValue(e trace.Event, hz int64) string {
	switch {
	case e.Val < 0:
		return fmt.Sprintf("expires - now = %d jiffies (%.2f s ago): delete", e.Val, float64(-e.Val)/float64(hz))
	case e.Val > 0:
		return fmt.Sprintf("expires - now = %d jiffies (%.2f s left): more++", e.Val, float64(e.Val)/float64(hz))
	}
	return "no RTF_EXPIRES: keep"
}
