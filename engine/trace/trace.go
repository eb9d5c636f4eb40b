// Package trace holds the small typed events the engine emits while it works:
// nodes visited, bits tested, routes aged or removed, GC list entries walked.
// The front end plays them back one by one; tests assert on them.
//
// Events name nodes and routes by the numeric IDs the fib6 package assigns
// (fib6.Node.ID, fib6.Info.ID), so this package depends on no other
// engine package.
package trace

import "net/netip"

// Kind says what happened in one engine step.
type Kind uint8

// Event kinds. Bit, Node, Route and Val carry the step's details as noted.
const (
	OpBegin     Kind = iota + 1 // an operation starts; Val = Op
	OpEnd                       // an operation ends; Val = result (0 or -errno)
	NodeVisit                   // a walker or descent stands on Node (Bit = its fn_bit)
	BitTest                     // descent tested address bit Bit of Node; Val = 0 or 1
	Backtrack                   // lookup climbs from Node to its parent
	NodeMatch                   // Node's prefix covers the address: lookup answer
	NodeCreate                  // Node allocated (Bit = fn_bit)
	NodeFree                    // Node freed by fib6_repair_tree
	RouteLink                   // Route linked on Node's route list
	RouteUnlink                 // Route unlinked from Node (deleted or replaced)
	RouteAge                    // fib6_age examined Route; Val = jiffies left (<=0: expired)
	ListVisit                   // the GC list walk stands on Route
	GCPass                      // fib6_run_gc ran; Val = gc_args.more
	// TimerArm is the tracepoint timer:timer_start for the GC timer: it
	// was queued on the timer wheel (mod_timer on a timer not pending, or
	// pending in another wheel bucket). Val = expiry (jiffies), Node =
	// the jiffies the wheel bucket adds (bucket_expiry - expiry), Route =
	// the wheel bucket index (level*64 + slot).
	TimerArm
	// TimerCancel is timer:timer_cancel for the GC timer: it left the
	// wheel (timer_delete of a pending timer, a re-queue to another
	// bucket, or, recorded with Recorder.Tracepoints, its expiry).
	TimerCancel
	DstAlloc   // dst_alloc made a clone of Route; Val = exact dst count after
	DstRefused // dst_alloc refused: route cache full (before 6.3); Val = exact dst count
	DstFree    // a counted dst's last reference went, under Route; Val = exact dst count after
	DstGC      // ip6_dst_gc ran fib6_run_gc; Val = the timeout passed (ip6_rt_gc_expire)
	ExcInsert  // rt6_insert_exception under Route; Val = fib_rt_cache after
	ExcRemove  // rt6_remove_exception under Route; Val = fib_rt_cache after
	CacheHit   // dst_cache_get hit, dst of Route; Val = cpu
	CacheMiss  // dst_cache_get missed (empty or stale slot); Val = cpu
	// GCSkipped: Val GC timer passes (fib6_run_gc) that the clock did not
	// run one by one because each would have found nothing to do and
	// changed nothing (netns.Netns.Advance skips ahead). They count in the
	// namespace's GC statistics as if run; a TimerArm (or TimerCancel) with
	// the timer's state after the last of them follows.
	GCSkipped
	// TimerExpire is timer:timer_expire_entry: the GC timer's callback
	// (fib6_gc_timer_cb) starts (recorded with Recorder.Tracepoints).
	TimerExpire
	// TableLookup is the tracepoint fib6:fib6_table_lookup: one table
	// tried by a route lookup, with its answer. Val indexes
	// Recorder.Lookups.
	TableLookup
	RouteMTU // an event set Route's MTU metric (on Node); Val = the new MTU
	// RAReceive: ndisc_router_discovery took a Router Advertisement that
	// arrived on the device whose ifindex is Node; Route = the Prefix and
	// Route Information options it carries; Val = its router lifetime in
	// seconds. The routes it adds or changes follow as operations.
	RAReceive
	// PacketForward: ip6_forward sent a packet on, out of the device whose
	// ifindex is Node, along Route (fib6.Info.ID); Val = the hop limit it
	// leaves with.
	PacketForward
)

// Op names the operation an OpBegin/OpEnd pair brackets.
type Op int64

// Operations.
const (
	OpAdd       Op = iota + 1 // fib6_add
	OpDel                     // fib6_del
	OpLookup                  // fib6_node_lookup / fib6_table_lookup
	OpGCTrie                  // fib6_clean_all(fib6_age): the whole-trie GC walk
	OpGCList                  // fib6_gc_all: the per-table GC list walk
	OpMTUChange               // rt6_mtu_change: a device's MTU reaching its routes; Node = table main's root
)

// Event is one engine step. It is 24 bytes so that a full-table walk
// (about 500,000 steps) fits in a few megabytes.
type Event struct {
	Kind  Kind
	Bit   uint8  // fn_bit or the tested address bit (0..128)
	Ctx   Ctx    // where the kernel runs the step (Recorder.Ctx when emitted)
	Node  uint32 // fib6.Node.ID, 0 if none
	Route uint32 // fib6.Info.ID, 0 if none
	Val   int64
}

// Ctx is the kernel context a step runs in, which decides which task a
// tracepoint names and whether a tracer filtering on the command's
// processes (set_event_pid) sees it.
type Ctx uint8

// Contexts.
const (
	CtxProcess Ctx = iota // the command's own process (a system call)
	CtxSoftirq            // a timer callback in softirq (fib6_gc_timer_cb)
	CtxWorker             // a workqueue item (linkwatch, addrconf DAD work)
)

// Lookup is what fib6:fib6_table_lookup records for one table tried
// (include/trace/events/fib6.h): the flow (struct flowi6) and the answer
// (the fib6_result's nexthop device and gateway, and the errno its route
// type stands for: ip6_rt_type_to_error).
type Lookup struct {
	Table     uint32
	Oif, Iif  int // ifindexes; iif 1 (loopback) for output lookups
	Proto     uint8
	Src, Dst  netip.Addr
	Sport     uint16 // only for TCP and UDP flows
	Dport     uint16
	Flowlabel uint32 // flowi6 flowlabel word (tos = its traffic class)
	Scope     uint8
	Flags     uint8  // flowi6_flags
	Dev       string // answer's nexthop device name, "-" for none
	Gw        netip.Addr
	Err       int32 // 0 or -errno
}

// Recorder keeps events up to Limit; past it, events are counted in Dropped
// and not kept, so memory stays bounded. A nil *Recorder ignores everything,
// which is how benchmarks run untraced.
//
// Tracepoints asks the engine for the events that mirror kernel
// tracepoints and carry more than an Event holds (TableLookup, whose
// details go to Lookups). With Clock set, each kept event's time (jiffies)
// is kept in Stamps, parallel to Events: code that edits Events must not
// use Clock. Ctx is stamped on each event; the engine sets it while it
// runs deferred work (timer callbacks, work items).
type Recorder struct {
	Events  []Event
	Limit   int // maximum events kept; 0 means DefaultLimit
	Dropped int // events not kept because Limit was reached

	Tracepoints bool
	Lookups     []Lookup
	Clock       func() int64
	Stamps      []int64
	Ctx         Ctx
}

// DefaultLimit is the number of events a Recorder keeps when Limit is 0:
// enough for a whole-trie GC pass over two copies of the full table.
const DefaultLimit = 4 << 20

// Emit records e, or counts it as dropped when the recorder is full.
func (r *Recorder) Emit(e Event) {
	if r == nil {
		return
	}
	limit := r.Limit
	if limit == 0 {
		limit = DefaultLimit
	}
	if len(r.Events) >= limit {
		r.Dropped++
		return
	}
	e.Ctx = r.Ctx
	r.Events = append(r.Events, e)
	if r.Clock != nil {
		r.Stamps = append(r.Stamps, r.Clock())
	}
}

// EmitLookup records a TableLookup event with its details l.
func (r *Recorder) EmitLookup(l Lookup) {
	if r == nil {
		return
	}
	n := len(r.Events)
	r.Emit(Event{Kind: TableLookup, Val: int64(len(r.Lookups))})
	if len(r.Events) > n {
		r.Lookups = append(r.Lookups, l)
	}
}

// Enter sets the context of the events emitted until the returned
// function restores the one before (deferred work nests in a command).
func (r *Recorder) Enter(c Ctx) (restore func()) {
	if r == nil {
		return func() {}
	}
	old := r.Ctx
	r.Ctx = c
	return func() { r.Ctx = old }
}

// Reset forgets all events, keeping the storage for reuse.
func (r *Recorder) Reset() {
	if r == nil {
		return
	}
	r.Events = r.Events[:0]
	r.Lookups = r.Lookups[:0]
	r.Stamps = r.Stamps[:0]
	r.Dropped = 0
}
