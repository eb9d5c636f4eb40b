// Package netns is the composition root of the engine: one simulated
// network namespace with its routing tables (fib6), the modelled kernel
// release (kernel.Features, which decides the GC strategy too), the GC
// timer (gc), the route sysctls and a virtual jiffies clock. It models
// the IPv6 routing parts of struct net / struct netns_ipv6.
package netns

import (
	"math"

	"fib6lab/engine/dst"
	"fib6lab/engine/fib6"
	"fib6lab/engine/gc"
	"fib6lab/engine/kernel"
	"fib6lab/engine/trace"
)

// DefaultHZ is the tick rate of the modelled kernel (CONFIG_HZ=250 on the
// reference machine).
const DefaultHZ = 250

// GCStats accumulates what the namespace's GC passes did. LastPassNanos is
// the engine time of the last pass run, measured only when Netns.Nanotime
// is set (the engine itself has no wall clock). Replayed counts the passes
// among Passes that were accounted without being run because they were
// certain to repeat a pass that changed nothing (skip.go); the other
// fields count them as if they had run.
type GCStats struct {
	Passes        int
	Visited       int // nodes stepped on by trie walks
	Checked       int // routes aged
	Removed       int // routes deleted
	Last          gc.PassStats
	LastPassNanos int64
	LastPassAt    int64 // jiffies
	Replayed      int
}

// Netns is one simulated namespace. Create it with New.
type Netns struct {
	HZ     int64
	FIB    *fib6.Net
	Sysctl Sysctls
	// Conf is the namespace's net.ipv6.conf.{all,default} (conf.go).
	Conf ConfSet
	GC   GCStats
	// Dst is the namespace's dst_ops with the route cache (dst.go).
	Dst *dst.Ops
	// Nanotime, when set, returns a monotonic wall time in ns; it is used
	// only to measure GC passes for display.
	Nanotime func() int64
	// MaxRoutes limits the routes RouteAdd links (0: DefaultMaxRoutes).
	MaxRoutes int
	// GCSlice, when > 0, makes a pass started by the GC timer run a slice
	// of about GCSlice steps at a time: Advance stops when the timer fires
	// and virtual time stands still until ContinueGC has run the rest, so
	// a front end can spread a whole-trie walk over many frames. 0 runs
	// every pass in one go, as the kernel does under its locks.
	GCSlice int
	// Yield, when set, is called by long-running work with its progress
	// and may cancel it (yield.go).
	Yield YieldFunc
	// Stepwise makes every GC pass run: none is skipped or replayed
	// (skip.go). The results are the same; tests compare the two.
	Stepwise bool
	// Unbatched makes floods and sends look every packet's route up
	// whole, without sharing fib6_node_lookup's answers (batch.go). The
	// results are the same; tests compare the two.
	Unbatched bool
	// Multipath holds the multipath hash sysctls (multipath.go).
	Multipath Multipath
	// BootSeed stands for the random seed the kernel draws at boot for
	// multipath hashing when fib_multipath_hash_seed is 0 (multipath.go).
	BootSeed uint32

	features    kernel.Features // the modelled release (SetKernel, Features)
	nh          nexthops        // nexthop objects (nexthop.go)
	host        *Host
	clock       *clock // the host's
	dead        bool   // destroyed (Destroy)
	ids         map[*Netns]int
	index       int // creation number on the host (0: the first)
	devs        []*Device
	byName      map[string]*Device // devs by name (Dev)
	lastIfindex int
	ndiscAllocs int // fib_rt_alloc share of the kernel's own ICMPv6 traffic (linkReadyDsts)
	gcTimer     Timer
	lastGC      int64   // ip6_rt_last_gc
	pass        *gcPass // the GC pass in progress, if any
	quiet       *quietPass
	scope       int   // nesting of the calls inside which quiet stays valid (skip.go)
	work        int64 // units of work since Yield was last called

	socks         []*udpSocket // open UDP sockets (udp.go)
	lastPort      int          // ephemeral ports handed out
	hasDfltRouter bool         // RT6_TABLE_HAS_DFLT_ROUTER of table main (anycast.go)
	addrTimer     Timer        // addr_chk_work: the address lifetime worker (lifetime.go)
}

// gcPass is a fib6_run_gc pass that has started and not finished; cache
// is fib_rt_cache when it started.
type gcPass struct {
	run   *gc.Run
	args  gc.Args
	now   int64
	cache int
}

// New returns a fresh namespace on a host of its own with tick rate hz
// (DefaultHZ if 0), as NewHost(hz).NewNetns() does.
func New(hz int64) *Netns { return NewHost(hz).NewNetns() }

// NewNetns models setup_net for a namespace created on the host
// (unshare(CLONE_NEWNET), `ip netns add`): it behaves as kernel.Default,
// with tables main and local, default route, multipath hash and conf
// sysctls (the compiled-in values: net.core.devconf_inherit_init_net is
// 0) and a down loopback device.
func (h *Host) NewNetns() *Netns {
	ns := &Netns{HZ: h.HZ, FIB: fib6.NewNet(), Sysctl: defaultSysctls(h.HZ), host: h, clock: &h.clock, index: h.seq,
		Multipath: Multipath{Fields: hashFieldsInit}, BootSeed: defaultBootSeed}
	h.seq++
	h.nets = append(h.nets, ns)
	ns.Conf = newConfSet(h.HZ)
	ns.FIB.Now = ns.Now
	ns.initDst()
	ns.gcTimer.Fn, ns.gcTimer.Ctx = ns.gcTimerFired, trace.CtxSoftirq
	ns.gcTimer.ns = ns
	ns.addrTimer.Fn, ns.addrTimer.Ctx = ns.addrVerify, trace.CtxWorker
	ns.newDev("lo", KindLoopback, [6]byte{})
	return ns
}

// SetTrace makes the namespace emit trace events to r (nil: none).
func (ns *Netns) SetTrace(r *trace.Recorder) { ns.FIB.Trace = r }

// Now returns the current time in jiffies.
func (ns *Netns) Now() int64 { return ns.clock.now }

// Uptime returns the jiffies elapsed since the namespace was created.
func (ns *Netns) Uptime() int64 { return ns.clock.now - InitialJiffies }

// Advance moves the clock forward by d jiffies (at most to MaxJiffies),
// running every timer that falls due (GC passes among them) at its own
// time, and returns the jiffies it moved. GC timer passes certain to
// change nothing are counted without being run (skip.go). With GCSlice
// set it stops where a GC pass starts, and moves nothing while a pass is
// in progress. Yield is called as timers run, with the jiffies moved of
// d; when it cancels, the clock stays at the last timer run and the error
// is ErrInterrupted.
//
// The clock is the host's: every namespace's timers run on the way, in
// time order, and ns only drives the advance (its Yield is asked).
func (ns *Netns) Advance(d int64) (int64, error) {
	if d <= 0 || ns.host.gcInProgress() {
		return 0, nil
	}
	from := ns.clock.now
	for _, n := range ns.host.nets {
		n.enter()
	}
	err := ns.advanceTo(from + min(d, MaxJiffies-from))
	for _, n := range ns.host.nets {
		n.leave()
	}
	return ns.clock.now - from, err
}

// gcInProgress reports whether a namespace of the host has a GC pass
// started and not finished (GCSlice): the clock stands still until it
// ends.
func (h *Host) gcInProgress() bool {
	for _, n := range h.nets {
		if n.pass != nil {
			return true
		}
	}
	return false
}

// MaxJiffies is the end of the virtual clock: Advance goes no further, so
// that a deadline of 2^32 s (the largest `expires`) at any tick rate up to
// 10^9 still fits in an int64.
const MaxJiffies = 1 << 62

// MaxAdvance returns how many jiffies the clock can still move.
func (ns *Netns) MaxAdvance() int64 { return MaxJiffies - ns.clock.now }

// GCTimer returns the GC timer (ip6_fib_timer) for inspection.
func (ns *Netns) GCTimer() *Timer { return &ns.gcTimer }

// NextTimer returns when (jiffies) the first pending timer will run.
func (ns *Netns) NextTimer() (int64, bool) {
	if t := ns.clock.next(); t != nil {
		return t.fires, true
	}
	return 0, false
}

// AddRoute models ip6_ins_rt/fib6_add on table id (created on demand, 0 =
// main) followed by fib6_start_gc on success. Errors are fib6.Table.Add's.
func (ns *Netns) AddRoute(id uint32, rt *fib6.Info, nlflags uint16) error {
	ns.FinishGC()
	if err := ns.FIB.NewTable(id).Add(rt, nlflags); err != nil {
		return err
	}
	ns.startGC(rt)
	return nil
}

// AddRoutes adds rts to table id, each as AddRoute adds it (a GC pass in
// progress finishes first, once), in the order fib6.Table.AddBatch takes
// (the order given, or address order for a large untraced batch out of
// it, which it sorts rts into in place); when an add fails, failed is
// called with the route and the error and the adds go on while it
// returns true; it must not change the namespace's routes (AddBatch
// stamps the serial numbers at the end).
func (ns *Netns) AddRoutes(id uint32, rts []fib6.Info, nlflags uint16, failed func(rt *fib6.Info, err error) bool) {
	ns.FinishGC()
	ns.FIB.NewTable(id).AddBatch(rts, nlflags, func(rt *fib6.Info, err error) bool {
		if err != nil {
			return failed(rt, err)
		}
		if rt.HasExpires() {
			ns.startGC(rt)
		}
		return true
	})
}

// startGC models fib6_start_gc: arm the GC timer gc_interval from now if
// it is not pending and rt can expire. A pending timer is never shortened.
func (ns *Netns) startGC(rt *fib6.Info) {
	if !ns.gcTimer.pending && rt.HasExpires() {
		ns.modGCTimer(ns.clock.now + ns.Sysctl.GCInterval)
	}
}

// ForceStartGC models fib6_force_start_gc: like startGC without the
// RTF_EXPIRES condition (used when an exception is inserted).
func (ns *Netns) ForceStartGC() {
	if !ns.gcTimer.pending {
		ns.modGCTimer(ns.clock.now + ns.Sysctl.GCInterval)
	}
}

// modGCTimer models mod_timer on the GC timer (ip6_fib_timer) for
// expires (jiffies) with the tracepoints the timer wheel fires: a
// TimerArm (timer_start) when it queues the timer, preceded by a
// TimerCancel when it moves a pending one to another bucket; nothing
// when the timer stays in its bucket.
func (ns *Netns) modGCTimer(expires int64) {
	t := &ns.gcTimer
	switch ns.modTimer(t, expires) {
	case wheelMoved:
		ns.FIB.Trace.Emit(trace.Event{Kind: trace.TimerCancel})
		fallthrough
	case wheelQueued:
		ns.FIB.Trace.Emit(trace.Event{Kind: trace.TimerArm, Node: uint32(t.fires - t.Expires), Route: uint32(t.bucket), Val: t.Expires})
	}
}

// delGCTimer models timer_delete on the GC timer: a pending timer leaves
// the wheel (TimerCancel); one not pending is left alone, untraced.
func (ns *Netns) delGCTimer() {
	if ns.clock.del(&ns.gcTimer) {
		ns.FIB.Trace.Emit(trace.Event{Kind: trace.TimerCancel})
	}
}

// expire models the timer wheel running t (expire_timers): t leaves the
// wheel (detach_timer, timer_cancel for the GC timer), then its callback
// runs in the timer's context (timer_expire_entry for the GC timer).
func (ns *Netns) expire(t *Timer) {
	defer ns.FIB.Trace.Enter(t.Ctx)()
	ns.clock.del(t)
	if r := ns.FIB.Trace; t == &ns.gcTimer && r != nil && r.Tracepoints {
		r.Emit(trace.Event{Kind: trace.TimerCancel})
		r.Emit(trace.Event{Kind: trace.TimerExpire})
	}
	t.Fn()
}

// RunGC models fib6_run_gc(expires, net, force): one aging pass with
// timeout expires (jiffies; 0 means gc_interval) using the namespace's
// strategy; then the GC timer is re-armed at round_jiffies(now +
// gc_interval) when routes remain to age, or cancelled. A pass in
// progress completes first. In this single-threaded model the GC lock is
// never contended, so force only documents the caller's intent.
func (ns *Netns) RunGC(expires int64, force bool) {
	_ = force
	ns.FinishGC()
	if ns.replay(ns.passTimeout(expires)) {
		return
	}
	ns.beginPass(expires)
	ns.FinishGC()
}

// gcTimerFired is the GC timer's callback, fib6_run_gc(0, net, true); with
// GCSlice it runs only the first slice and halts the clock.
func (ns *Netns) gcTimerFired() {
	if ns.GCSlice <= 0 {
		ns.RunGC(0, true)
		return
	}
	ns.FinishGC()
	ns.beginPass(0)
	if !ns.ContinueGC(ns.GCSlice) {
		ns.clock.halted = true
	}
}

// passTimeout is the gc_args timeout of fib6_run_gc(expires): expires, or
// gc_interval when 0.
func (ns *Netns) passTimeout(expires int64) int64 {
	if expires == 0 {
		return ns.Sysctl.GCInterval
	}
	return expires
}

func (ns *Netns) beginPass(expires int64) {
	p := &gcPass{now: ns.clock.now, cache: ns.FIB.Stats.FibRtCache,
		args: gc.Args{Timeout: ns.passTimeout(expires), Kernel: ns.features, Horizon: gc.NewHorizon()}}
	ns.GC.LastPassNanos = 0
	ns.pass = p
	p.run = gc.Start(ns.FIB, ns.GCStrategy(), p.now, &p.args)
}

// GCInProgress reports whether a GC pass has started and not finished.
func (ns *Netns) GCInProgress() bool { return ns.pass != nil }

// ContinueGC runs about steps more steps of the GC pass in progress (see
// GCSlice) and reports whether no pass is left in progress. When the pass
// completes, the GC timer is re-armed or cancelled as fib6_run_gc does.
func (ns *Netns) ContinueGC(steps int) bool {
	p := ns.pass
	if p == nil {
		return true
	}
	var start int64
	if ns.Nanotime != nil {
		start = ns.Nanotime()
	}
	done := p.run.Step(steps)
	if ns.Nanotime != nil {
		ns.GC.LastPassNanos += ns.Nanotime() - start
	}
	if done {
		ns.pass = nil
		ns.endPass(p)
	}
	return done
}

// FinishGC runs the GC pass in progress, if any, to its end: what taking
// the GC lock would wait for.
func (ns *Netns) FinishGC() { ns.ContinueGC(math.MaxInt) }

func (ns *Netns) endPass(p *gcPass) {
	st := p.run.Stats()
	ns.work += int64(st.Visited+st.Checked) + 1
	ns.remember(p, st)
	ns.recordPasses(st, 1, p.now)
	ns.FIB.Trace.Emit(trace.Event{Kind: trace.GCPass, Val: int64(p.args.More)})
	ns.rearmGC(p.now, p.args.More)
}

// rearmGC is the end of fib6_run_gc at time now: the GC timer re-armed at
// round_jiffies(now + gc_interval) when more routes or exceptions wait
// (more > 0), else cancelled.
func (ns *Netns) rearmGC(now int64, more int) {
	if more > 0 {
		ns.modGCTimer(ns.rearmExpiry(now))
	} else {
		ns.delGCTimer()
	}
}

// rearmExpiry is the expiry fib6_run_gc gives the GC timer after a pass
// at time now: round_jiffies(now + gc_interval).
func (ns *Netns) rearmExpiry(now int64) int64 {
	return roundJiffies(now+ns.Sysctl.GCInterval, now, ns.HZ)
}

// recordPasses records n passes with stats st each, the last at time now
// (jiffies): ip6_rt_last_gc and the GC statistics, whose totals saturate
// at math.MaxInt.
func (ns *Netns) recordPasses(st gc.PassStats, n int, now int64) {
	ns.lastGC = now
	g := &ns.GC
	g.Passes = addSat(g.Passes, n, 1)
	g.Visited = addSat(g.Visited, n, st.Visited)
	g.Checked = addSat(g.Checked, n, st.Checked)
	g.Removed = addSat(g.Removed, n, st.Removed)
	g.Last = st
	g.LastPassAt = now
}

// addSat returns sum + n*each, saturating at math.MaxInt (all >= 0).
func addSat(sum, n, each int) int {
	if each != 0 && n > (math.MaxInt-sum)/each {
		return math.MaxInt
	}
	return sum + n*each
}

// roundJiffies models round_jiffies on CPU 0: j rounded to a whole second
// (down when less than a quarter second past it, else up), or j itself if
// the rounded time would not be after now.
func roundJiffies(j, now, hz int64) int64 {
	rem := j % hz
	r := j - rem
	if rem >= hz/4 {
		r += hz
	}
	if r <= now {
		return j
	}
	return r
}
