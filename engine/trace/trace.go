// Package trace holds the small typed events the engine emits while it works:
// nodes visited, bits tested, routes aged or removed, GC list entries walked.
// The front end plays them back one by one; tests assert on them.
//
// Events name nodes and routes by the numeric IDs the fib6 package assigns
// (fib6.Node.ID, fib6.Info.ID), so this package depends on nothing.
package trace

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
	TimerArm                    // GC timer armed; Val = expiry in jiffies
	TimerCancel                 // GC timer cancelled
	DstAlloc                    // dst_alloc made a clone of Route; Val = exact dst count after
	DstRefused                  // dst_alloc refused: route cache full (before 6.3); Val = exact dst count
	DstFree                     // a counted dst's last reference went, under Route; Val = exact dst count after
	DstGC                       // ip6_dst_gc ran fib6_run_gc; Val = the timeout passed (ip6_rt_gc_expire)
	ExcInsert                   // rt6_insert_exception under Route; Val = fib_rt_cache after
	ExcRemove                   // rt6_remove_exception under Route; Val = fib_rt_cache after
	CacheHit                    // dst_cache_get hit, dst of Route; Val = cpu
	CacheMiss                   // dst_cache_get missed (empty or stale slot); Val = cpu
	// GCSkipped: Val GC timer passes (fib6_run_gc) that the clock did not
	// run one by one because each would have found nothing to do and
	// changed nothing (netns.Netns.Advance skips ahead). They count in the
	// namespace's GC statistics as if run; a TimerArm (or TimerCancel) with
	// the timer's state after the last of them follows.
	GCSkipped
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
	Node  uint32 // fib6.Node.ID, 0 if none
	Route uint32 // fib6.Info.ID, 0 if none
	Val   int64
}

// Recorder keeps events up to Limit; past it, events are counted in Dropped
// and not kept, so memory stays bounded. A nil *Recorder ignores everything,
// which is how benchmarks run untraced.
type Recorder struct {
	Events  []Event
	Limit   int // maximum events kept; 0 means DefaultLimit
	Dropped int // events not kept because Limit was reached
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
	r.Events = append(r.Events, e)
}

// Reset forgets all events, keeping the storage for reuse.
func (r *Recorder) Reset() {
	if r == nil {
		return
	}
	r.Events = r.Events[:0]
	r.Dropped = 0
}
