package netns

import (
	"fib6lab/engine/gc"
	"fib6lab/engine/trace"
)

// Skipping ahead. The kernel re-arms the GC timer after every pass while
// routes or exceptions wait to expire, so a long sleep runs one pass per
// gc_interval (one per jiffy in the first quarter of each second with
// gc_interval 0), and before 6.3 every refused dst_alloc runs one more.
// A pass that deleted nothing, removed no exception and took no route off
// a GC list left the tables as it found them; the next pass over the same
// tables then checks, visits and counts exactly the same, and changes
// nothing either, until a route or exception it kept falls due (its
// gc.Horizon). Inside one Advance or FloodRaw call nothing but GC passes
// and timers changes the tables, so there such passes are counted without
// being run: the statistics, ip6_rt_last_gc and the GC timer end exactly
// as if each had run. Netns.Stepwise turns this off.

// quietPass is the last GC pass when it changed nothing: its statistics,
// gc_args.more and when a later pass could first find work.
type quietPass struct {
	stats gc.PassStats
	more  int
	h     gc.Horizon
}

// enter and leave bracket the engine calls inside which only GC passes
// and timers change the tables; outside them anything may, so the quiet
// pass is forgotten when the outermost call returns.
func (ns *Netns) enter() { ns.scope++ }

func (ns *Netns) leave() {
	ns.scope--
	if ns.scope == 0 {
		ns.quiet = nil
	}
}

// remember keeps pass p, which ended with statistics st, as the quiet
// pass when it changed nothing and ran inside enter/leave; otherwise the
// quiet pass is forgotten.
func (ns *Netns) remember(p *gcPass, st gc.PassStats) {
	ns.quiet = nil
	if ns.scope > 0 && st.Removed == 0 && p.args.Unlinked == 0 && ns.FIB.Stats.FibRtCache == p.cache {
		ns.quiet = &quietPass{stats: st, more: p.args.More, h: *p.args.Horizon}
	}
}

// replay accounts one fib6_run_gc pass now with timeout (jiffies) without
// running it when the quiet pass proves it would change nothing, and
// reports whether it did. A pass with a trace recorder attached always
// runs, so that its events are recorded (timer passes skipped by Advance
// aside).
func (ns *Netns) replay(timeout int64) bool {
	q, now := ns.quiet, ns.clock.now
	if q == nil || ns.Stepwise || ns.FIB.Trace != nil || !q.h.Quiet(now, timeout) {
		return false
	}
	ns.work++
	ns.repeat(q, 1, now)
	ns.rearmGC(now, q.more)
	return true
}

// repeat records n passes that repeat the quiet pass q, the last at time
// at, as if they had run.
func (ns *Netns) repeat(q *quietPass, n int, at int64) {
	ns.GC.Replayed = addSat(ns.GC.Replayed, n, 1)
	ns.recordPasses(q.stats, n, at)
}

// skipQuiet counts, without running them, the GC timer passes due from
// the timer's next firing up to `to` that the quiet pass proves change
// nothing: those before its horizon and before any other timer runs.
// The clock moves to the last of them; the statistics, ip6_rt_last_gc and
// the timer (expiry, firing time, arm count) end as if each had run, and a
// recorder gets one trace.GCSkipped event followed by the timer's
// TimerArm or TimerCancel. from is where the Advance started (for Work).
// It reports whether it skipped any; ErrInterrupted when Yield cancelled
// the count, the passes counted so far being applied. The timers of the
// other namespaces on the host bound the count as its own do (the clock
// runs them all in time order); driver is the namespace whose Advance
// runs (its Work is told the progress).
func (ns *Netns) skipQuiet(from, to int64, driver *Netns) (bool, error) {
	q, t := ns.quiet, &ns.gcTimer
	if q == nil || ns.Stepwise {
		return false, nil
	}
	limit := min(to, q.h.Last(ns.Sysctl.GCInterval))
	if o := ns.clock.nextExcept(t); o != nil {
		limit = min(limit, o.fires-1)
	}
	if t.fires > limit {
		return false, nil
	}
	r, err := ns.countTimerPasses(t.fires, limit, q.more > 0, func(at int64) error {
		return driver.Work(1, at-from, to-from)
	})
	ns.clock.now = r.last
	ns.repeat(q, r.n, r.last)
	ns.FIB.Trace.Emit(trace.Event{Kind: trace.GCSkipped, Val: int64(r.n)})
	ns.clock.del(t) // as running it does: a re-armed timer goes last
	ns.rearmGC(r.last, q.more)
	t.Armed += int64(r.n - 1)
	return true, err
}

// timerRun is a stretch of GC timer passes: n of them, the last at last
// (jiffies), after which the timer is armed for expires and runs at fires.
type timerRun struct {
	n                    int
	last, expires, fires int64
}

// countTimerPasses counts the GC timer's firings from its next one (at)
// up to limit, each re-arming it (rearm) or the first cancelling it. The
// re-arm (round_jiffies to whole seconds, then the wheel's rounding to
// its level's granularity 1<<shift) commutes with shifting the clock by
// a multiple of lcm(HZ, 1<<shift), so once a firing time repeats modulo
// that period (for the largest shift used since the times compared) the
// pattern repeats for ever: the whole cycles that fit are counted at
// once, the rest one by one, each firing reported to progress, which may
// stop the count with an error. Up to maxCadence firing times are kept to
// find the cycle (it is found when the first kept one inside it comes
// round again).
func (ns *Netns) countTimerPasses(at, limit int64, rearm bool, progress func(at int64) error) (timerRun, error) {
	r := timerRun{fires: at}
	seen := map[int64]timerRun{}
	maxShift, period := uint(0), ns.HZ
	for r.fires <= limit {
		if seen != nil {
			if p, ok := seen[r.fires%period]; ok {
				span := r.fires - p.fires
				k := (limit - r.fires) / span
				r.n += int(k) * (r.n - p.n)
				r.fires += k * span
				seen = nil
			} else if len(seen) < maxCadence {
				seen[r.fires%period] = r
			}
		}
		r.n++
		r.last = r.fires
		if !rearm {
			break
		}
		r.expires = ns.rearmExpiry(r.last)
		shift := wheelShift(r.expires - r.last)
		r.fires = wheelExpiry(r.expires, r.last)
		if shift > maxShift && seen != nil {
			maxShift, period = shift, lcm(ns.HZ, 1<<shift)
			clear(seen)
		}
		if err := progress(r.last); err != nil {
			return r, err
		}
	}
	return r, nil
}

// maxCadence bounds the firing times countTimerPasses keeps. Cycles are
// short at the usual tick rates (at most HZ/4 firings a second over
// lcm(HZ, 64) jiffies with gc_interval 0: 2,000 at HZ 1000).
const maxCadence = 1 << 16

// lcm returns the least common multiple of two positive numbers.
func lcm(a, b int64) int64 {
	x, y := a, b
	for y != 0 {
		x, y = y, x%y
	}
	return a / x * b
}
