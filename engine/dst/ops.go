package dst

import (
	"math/rand/v2"
	"net/netip"

	"fib6lab/engine/fib6"
	"fib6lab/engine/kernel"
	"fib6lab/engine/lwtunnel"
	"fib6lab/engine/trace"
)

// Host is what the dst code needs from its namespace (struct net): the
// clock, the route sysctls, the GC entry points of net/ipv6/ip6_fib.c and
// the neighbour table. netns.Netns implements it.
type Host interface {
	// Now returns the current time in jiffies.
	Now() int64
	// Tunables returns the current net.ipv6.route.* values.
	Tunables() Tunables
	// LastGC returns net->ipv6.ip6_rt_last_gc (jiffies).
	LastGC() int64
	// RunGC models fib6_run_gc(expires, net, force).
	RunGC(expires int64, force bool)
	// ForceStartGC models fib6_force_start_gc.
	ForceStartGC()
	// DevMTU returns the IPv6 MTU (idev->cnf.mtu6, bytes) of device ifindex.
	DevMTU(ifindex int) uint32
	// IsRouter reports whether the neighbour entry for gw on device
	// ifindex exists with NTF_ROUTER (the test rt6_age_examine_exception
	// makes on gateway exceptions).
	IsRouter(ifindex int, gw netip.Addr) bool
	// Features returns the modelled release's behaviours; the dst code
	// reads MaxSize (ip6_dst_gc, dst_alloc) and LinkParent (exceptions).
	Features() kernel.Features
	// ResultType returns the route type a lookup that selected rt
	// reports (res->fib6_type; a route whose nexthop object is a
	// blackhole reports a blackhole), which a dst made for it keeps.
	ResultType(rt *fib6.Info) uint8
}

// Tunables are the net.ipv6.route.* sysctls the dst code reads. Counts
// are dst entries, times jiffies.
type Tunables struct {
	GCThresh      int64 // gc_thresh (ip6_dst_ops.gc_thresh)
	MaxSize       int64 // max_size; read only before 6.3
	GCMinInterval int64 // gc_min_interval(_ms)
	GCElasticity  int64 // gc_elasticity (a shift)
	GCTimeout     int64 // gc_timeout
	MTUExpires    int64 // mtu_expires
}

// CounterBatch is DST_PERCPU_COUNTER_BATCH (include/net/dst_ops.h): a
// CPU folds its local count into the shared one once it reaches ±32.
const CounterBatch = 32

// Stats counts what the namespace's dst_ops did, for display and tests.
type Stats struct {
	Allocs   int   // dsts made by dst_alloc
	Frees    int   // counted dsts freed
	Failures int   // dst_alloc refusals (route cache full, before 6.3)
	GCCalls  int   // ip6_dst_gc calls
	GCRuns   int   // of them, those that ran fib6_run_gc
	Peak     int64 // highest exact entry count seen
	// CacheHits and CacheMisses count dst_cache_get results of every
	// DstCache of the namespace.
	CacheHits, CacheMisses int
}

// Ops models the namespace's struct dst_ops (net->ipv6.ip6_dst_ops,
// include/net/dst_ops.h) together with the IPv6 state its gc function
// uses: the per-CPU entry counter (pcpuc_entries), ip6_rt_gc_expire, the
// ratelimit of the "Route cache is full" notice and the kernel log lines
// it produced. Create it with NewOps.
type Ops struct {
	Host Host
	FIB  *fib6.Net
	// GCExpire models net->ipv6.ip6_rt_gc_expire (jiffies): the timeout
	// ip6_dst_gc hands to fib6_run_gc, 30 s at start.
	GCExpire int64
	Stats    Stats
	// Log holds the kernel log lines the dst code printed, oldest first.
	Log []string
	// Encaps is the lwtunnel encap ops registry of the modelled kernel
	// (the kernel's global lwtun_encaps[]); routes with an encap build
	// their state through it. Nil: no encap types.
	Encaps *lwtunnel.Registry

	global int64   // percpu_counter.count
	local  []int64 // per-CPU deltas not yet folded
	window int64   // highest exact entry count since the last TakePeak
	notice Ratelimit
	rng    *rand.Rand
	nextID uint32
}

// NewOps returns the dst_ops of a namespace with ncpu simulated CPUs and
// tick rate hz, as ip6_route_net_init sets it up (ip6_rt_gc_expire = 30 s).
// seed makes the exception depth limits reproducible.
func NewOps(host Host, fib *fib6.Net, ncpu int, hz int64, seed uint64) *Ops {
	return &Ops{
		Host: host, FIB: fib, GCExpire: 30 * hz,
		local:  make([]int64, ncpu),
		notice: Ratelimit{Interval: 5 * hz, Burst: 10},
		rng:    rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
	}
}

// CPUs returns the number of simulated CPUs.
func (o *Ops) CPUs() int { return len(o.local) }

// add models dst_entries_add (percpu_counter_add_batch with
// CounterBatch) on cpu.
func (o *Ops) add(cpu int, v int64) {
	c := o.local[cpu] + v
	if c >= CounterBatch || c <= -CounterBatch {
		o.global += c
		o.local[cpu] = 0
	} else {
		o.local[cpu] = c
	}
	n := o.Entries()
	o.Stats.Peak, o.window = max(o.Stats.Peak, n), max(o.window, n)
}

// TakePeak returns the highest exact entry count (dst_entries_get_slow)
// since the last call, or since NewOps, and starts the next window at
// today's count. It has no kernel counterpart: it lets a display that
// samples the count between commands show how high a flood rose and
// fell within one.
func (o *Ops) TakePeak() int64 {
	p := max(o.window, o.Entries())
	o.window = o.Entries()
	return p
}

// EntriesFast models dst_entries_get_fast (percpu_counter_read_positive):
// the shared count only, which lags the truth by up to 31 per CPU.
func (o *Ops) EntriesFast() int64 { return max(o.global, 0) }

// Entries models dst_entries_get_slow (percpu_counter_sum_positive): the
// exact count, column 6 of /proc/net/rt6_stats.
func (o *Ops) Entries() int64 {
	s := o.global
	for _, c := range o.local {
		s += c
	}
	return max(s, 0)
}

// Alloc models dst_alloc(&ip6_dst_ops, dev, DST_OBSOLETE_FORCE_CHK,
// flags) on cpu (net/core/dst.c): a counted allocation finding the fast
// count above gc_thresh first calls ip6_dst_gc; before 6.3 a "full"
// verdict prints the rate-limited notice and the allocation fails (nil).
// The new dst has one reference, obsolete FORCE_CHK and lastuse = now.
func (o *Ops) Alloc(cpu int, noCount bool) *Entry {
	if !noCount && o.EntriesFast() > o.Host.Tunables().GCThresh {
		if o.GC() {
			o.Stats.Failures++
			o.printNotice()
			o.emit(trace.Event{Kind: trace.DstRefused, Val: o.Entries()})
			return nil
		}
	}
	o.nextID++
	e := &Entry{ops: o, cpu: cpu, ID: o.nextID, Refs: 1, Obsolete: ObsoleteForceChk,
		NoCount: noCount, LastUse: o.Host.Now()}
	o.Stats.Allocs++
	if !noCount {
		o.add(cpu, 1)
	}
	return e
}

// destroy models dst_destroy's accounting for a dst whose last reference
// went: a counted dst leaves the entry counter on the CPU that made it.
// The free of one not counted (a per-CPU copy) is traced (DstFree) when
// the recorder asks for tracepoints.
func (o *Ops) destroy(e *Entry) {
	if e.NoCount {
		if o.tracepoints() {
			e.emit(trace.DstFree, o.Entries())
		}
		return
	}
	o.Stats.Frees++
	o.add(e.cpu, -1)
	e.emit(trace.DstFree, o.Entries())
}

// GC models ip6_dst_gc (net/ipv6/route.c), the dst_ops gc function. Unless
// the last fib6 GC pass is younger than gc_min_interval, it runs
// fib6_run_gc with timeout ++ip6_rt_gc_expire (forced) and, when the exact
// count is then below gc_thresh, resets ip6_rt_gc_expire to gc_timeout/2;
// either way ip6_rt_gc_expire then decays by itself >> gc_elasticity.
// Before 6.3 (Features.MaxSize) the skip also needs the count to be within
// max_size, and the result is the verdict "still above max_size"; after,
// it is always false.
func (o *Ops) GC() bool {
	tun, verdict := o.Host.Tunables(), o.Host.Features().MaxSize
	o.Stats.GCCalls++
	entries := o.EntriesFast()
	if verdict && entries > tun.MaxSize {
		entries = o.Entries()
	}
	recent := o.Host.Now() < o.Host.LastGC()+tun.GCMinInterval
	if !recent || (verdict && entries > tun.MaxSize) {
		o.GCExpire++
		o.Stats.GCRuns++
		o.emit(trace.Event{Kind: trace.DstGC, Val: o.GCExpire})
		o.Host.RunGC(o.GCExpire, true)
		entries = o.Entries()
		if entries < tun.GCThresh {
			o.GCExpire = tun.GCTimeout / 2
		}
	}
	o.GCExpire -= o.GCExpire >> uint(tun.GCElasticity)
	return verdict && entries > tun.MaxSize
}

// NoticeText is the line dst_alloc printed before 6.3 when ip6_dst_gc
// reported the route cache full.
const NoticeText = "Route cache is full: consider increasing sysctl net.ipv6.route.max_size."

// printNotice models pr_notice_ratelimited in dst_alloc: NoticeText at
// most 10 times per 5 s; the first line after a window with suppressed
// ones is preceded by "dst_alloc: N callbacks suppressed".
func (o *Ops) printNotice() {
	ok, missed := o.notice.Allow(o.Host.Now())
	if missed > 0 {
		o.Log = append(o.Log, "dst_alloc: "+itoa(missed)+" callbacks suppressed")
	}
	if ok {
		o.Log = append(o.Log, NoticeText)
	}
}

// Notices counts the NoticeText lines in Log.
func (o *Ops) Notices() int {
	n := 0
	for _, l := range o.Log {
		if l == NoticeText {
			n++
		}
	}
	return n
}

// depthLimit is the per-insertion bucket depth limit of
// rt6_insert_exception: FIB6_MAX_DEPTH (5) plus a random 0..4.
func (o *Ops) depthLimit() int { return maxDepth + o.rng.IntN(5) }

func (o *Ops) emit(e trace.Event) { o.FIB.Trace.Emit(e) }

// tracepoints reports whether the recorder wants the events that only
// mirror kernel tracepoints (trace.Recorder.Tracepoints).
func (o *Ops) tracepoints() bool { r := o.FIB.Trace; return r != nil && r.Tracepoints }
