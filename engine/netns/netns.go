// Package netns is the composition root of the engine: one simulated
// network namespace with its routing tables (fib6), the GC strategy and
// timer (gc), the route sysctls and a virtual jiffies clock. It models the
// IPv6 routing parts of struct net / struct netns_ipv6.
package netns

import (
	"fib6lab/engine/dst"
	"fib6lab/engine/fib6"
	"fib6lab/engine/gc"
	"fib6lab/engine/trace"
)

// DefaultHZ is the tick rate of the modelled kernel (CONFIG_HZ=250 on the
// reference machine).
const DefaultHZ = 250

// GCStats accumulates what the namespace's GC passes did. LastPassNanos is
// the engine time of the last pass, measured only when Netns.Nanotime is
// set (the engine itself has no wall clock).
type GCStats struct {
	Passes        int
	Visited       int // nodes stepped on by trie walks
	Checked       int // routes aged
	Removed       int // routes deleted
	Last          gc.PassStats
	LastPassNanos int64
	LastPassAt    int64 // jiffies
}

// Netns is one simulated namespace. Create it with New.
type Netns struct {
	HZ       int64
	FIB      *fib6.Net
	Sysctl   Sysctls
	Strategy gc.Strategy
	GC       GCStats
	// Dst is the namespace's dst_ops with the route cache (dst.go).
	Dst *dst.Ops
	// Kernel is the modelled release (SetKernel).
	Kernel Kernel
	// Nanotime, when set, returns a monotonic wall time in ns; it is used
	// only to measure GC passes for display.
	Nanotime func() int64
	// MaxRoutes limits the routes RouteAdd links (0: DefaultMaxRoutes).
	MaxRoutes int

	clock       clock
	devs        []*Device
	lastIfindex int
	gcTimer     Timer
	lastGC      int64 // ip6_rt_last_gc
}

// New returns a fresh namespace with tick rate hz (DefaultHZ if 0) and
// GC strategy s: tables main and local, default sysctls, the clock at
// InitialJiffies.
func New(hz int64, s gc.Strategy) *Netns {
	if hz <= 0 {
		hz = DefaultHZ
	}
	ns := &Netns{HZ: hz, FIB: fib6.NewNet(), Strategy: s, Sysctl: defaultSysctls(hz)}
	ns.clock.now = InitialJiffies
	ns.FIB.Now = ns.Now
	ns.initDst()
	ns.gcTimer.Fn = func() { ns.RunGC(0, true) }
	ns.newDev("lo", KindLoopback, [6]byte{})
	return ns
}

// SetTrace makes the namespace emit trace events to r (nil: none).
func (ns *Netns) SetTrace(r *trace.Recorder) { ns.FIB.Trace = r }

// Now returns the current time in jiffies.
func (ns *Netns) Now() int64 { return ns.clock.now }

// Uptime returns the jiffies elapsed since the namespace was created.
func (ns *Netns) Uptime() int64 { return ns.clock.now - InitialJiffies }

// Advance moves the clock forward by d jiffies, running every timer that
// falls due (GC passes among them) at its own time.
func (ns *Netns) Advance(d int64) {
	if d > 0 {
		ns.clock.advanceTo(ns.clock.now + d)
	}
}

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
	if err := ns.FIB.NewTable(id).Add(rt, nlflags); err != nil {
		return err
	}
	ns.startGC(rt)
	return nil
}

// startGC models fib6_start_gc: arm the GC timer gc_interval from now if
// it is not pending and rt can expire. A pending timer is never shortened.
func (ns *Netns) startGC(rt *fib6.Info) {
	if !ns.gcTimer.pending && rt.HasExpires() {
		ns.clock.mod(&ns.gcTimer, ns.clock.now+ns.Sysctl.GCInterval)
		ns.FIB.Trace.Emit(trace.Event{Kind: trace.TimerArm, Val: ns.gcTimer.Expires})
	}
}

// ForceStartGC models fib6_force_start_gc: like startGC without the
// RTF_EXPIRES condition (used when an exception is inserted).
func (ns *Netns) ForceStartGC() {
	if !ns.gcTimer.pending {
		ns.clock.mod(&ns.gcTimer, ns.clock.now+ns.Sysctl.GCInterval)
		ns.FIB.Trace.Emit(trace.Event{Kind: trace.TimerArm, Val: ns.gcTimer.Expires})
	}
}

// RunGC models fib6_run_gc(expires, net, force): one aging pass with
// timeout expires (jiffies; 0 means gc_interval) using the namespace's
// strategy; then the GC timer is re-armed at round_jiffies(now +
// gc_interval) when routes remain to age, or cancelled. In this
// single-threaded model the GC lock is never contended, so force only
// documents the caller's intent.
func (ns *Netns) RunGC(expires int64, force bool) {
	_ = force
	args := gc.Args{Timeout: expires, UnlinkIdle: ns.Kernel.UnlinkIdle}
	if expires == 0 {
		args.Timeout = ns.Sysctl.GCInterval
	}
	var start int64
	if ns.Nanotime != nil {
		start = ns.Nanotime()
	}
	now := ns.clock.now
	st := gc.Pass(ns.FIB, ns.Strategy, now, &args)
	if ns.Nanotime != nil {
		ns.GC.LastPassNanos = ns.Nanotime() - start
	}
	ns.lastGC = now
	ns.recordPass(st, now)
	ns.FIB.Trace.Emit(trace.Event{Kind: trace.GCPass, Val: int64(args.More)})
	if args.More > 0 {
		ns.clock.mod(&ns.gcTimer, roundJiffies(now+ns.Sysctl.GCInterval, now, ns.HZ))
		ns.FIB.Trace.Emit(trace.Event{Kind: trace.TimerArm, Val: ns.gcTimer.Expires})
	} else {
		ns.clock.del(&ns.gcTimer)
		ns.FIB.Trace.Emit(trace.Event{Kind: trace.TimerCancel})
	}
}

func (ns *Netns) recordPass(st gc.PassStats, now int64) {
	ns.GC.Passes++
	ns.GC.Visited += st.Visited
	ns.GC.Checked += st.Checked
	ns.GC.Removed += st.Removed
	ns.GC.Last = st
	ns.GC.LastPassAt = now
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
