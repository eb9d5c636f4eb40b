package netns

import "fib6lab/engine/trace"

// Timer models a kernel struct timer_list on the virtual jiffies clock:
// Expires is the requested expiry (jiffies) and Fn runs when the clock
// reaches the timer wheel bucket that holds it (see wheelExpiry), while
// the timer is pending, in context Ctx (the softirq of a timer callback,
// or the worker of a delayed work item). Armed counts the mod_timer calls
// that armed it.
type Timer struct {
	Expires int64
	Fn      func()
	Ctx     trace.Ctx
	Armed   int64
	pending bool
	fires   int64
	bucket  int64  // wheel bucket index (wheelIndex) while pending
	ns      *Netns // the namespace whose timer it is (modTimer)
}

// Fires returns the jiffy at which a pending timer will run.
func (t *Timer) Fires() int64 { return t.fires }

// wheelExpiry models where the timer wheel (kernel/time/timer.c,
// calc_wheel_index) files a timer armed at now for expires: the level is
// chosen by the distance (level n holds distances from 63<<3(n-1) jiffies
// with a granularity of 8^n jiffies), and the expiry is rounded up to the
// next bucket boundary of that level, so a timer never fires early and
// fires up to one granularity late (a 30 s timer at HZ 250: up to 512
// jiffies, about 2 s). Even a level-0 timer runs one jiffy after expires,
// and one armed for a time already past (a negative gc_interval) runs at
// the next tick.
func wheelExpiry(expires, now int64) int64 {
	if expires < now { // a time already past waits in the current bucket: the next tick
		expires = now
	}
	shift := wheelShift(expires - now)
	return (expires>>shift + 1) << shift
}

// wheelShift is the granularity shift of the wheel level that holds a
// timer delta jiffies ahead.
func wheelShift(delta int64) uint {
	shift := uint(0)
	for lvl := uint(1); lvl < wheelLevels && delta >= 63<<(3*(lvl-1)); lvl++ {
		shift = 3 * lvl
	}
	return shift
}

// wheelLevels is LVL_DEPTH for HZ > 100.
const wheelLevels = 9

// wheelIndex models calc_wheel_index: the bucket, level*64 + slot, that
// holds a timer armed at now for expires; a time already past goes to
// the current level-0 slot.
func wheelIndex(expires, now int64) int64 {
	if expires < now {
		return now & 63
	}
	shift := wheelShift(expires - now)
	return int64(shift/3)*64 + (expires>>shift+1)&63
}

// wheelOp is what mod_timer did on the timer wheel, which decides the
// tracepoints it fires.
type wheelOp uint8

// Outcomes of clock.mod (kernel/time/timer.c, __mod_timer).
const (
	wheelSame   wheelOp = iota // pending with that expiry already: nothing done
	wheelKept                  // pending, the new expiry in the same bucket: updated in place
	wheelQueued                // not pending: queued (timer_start)
	wheelMoved                 // pending in another bucket: dequeued and queued again (timer_cancel, timer_start)
)

// Pending models timer_pending.
func (t *Timer) Pending() bool { return t.pending }

// clock is the host's virtual jiffies counter and the timers of all its
// namespaces.
type clock struct {
	now    int64
	timers []*Timer
	halted bool // a timer callback asked advanceTo to stop where it is
}

// InitialJiffies is the clock's value when a namespace is created: the
// kernel's INITIAL_JIFFIES for a 64-bit machine (2^32 - 300 s at any HZ
// that divides it) plus five minutes of uptime, so that "0 = never" values
// never collide with a real time.
const InitialJiffies = 1 << 32

// modTimer arms t, a timer of namespace ns, at expires on the host's
// clock (mod_timer), reporting what the timer wheel did.
func (ns *Netns) modTimer(t *Timer, expires int64) wheelOp {
	t.ns = ns
	return ns.clock.mod(t, expires)
}

// mod models mod_timer: (re)arm t at expires, lengthening or shortening.
// As __mod_timer does, a pending timer whose expiry does not change, or
// whose new expiry falls in the bucket that holds it, stays where it is
// (only its expiry is updated); otherwise it is queued in the bucket of
// the new expiry.
func (c *clock) mod(t *Timer, expires int64) wheelOp {
	t.Armed++
	bucket := wheelIndex(expires, c.now)
	op := wheelQueued
	switch {
	case t.pending && expires == t.Expires:
		return wheelSame
	case t.pending && bucket == t.bucket:
		t.Expires = expires
		return wheelKept
	case t.pending:
		op = wheelMoved
	default:
		t.pending = true
		c.timers = append(c.timers, t)
	}
	t.Expires, t.bucket = expires, bucket
	t.fires = wheelExpiry(expires, c.now)
	return op
}

// del models timer_delete: cancel t if pending, reporting whether it was
// (only then does the kernel trace timer_cancel).
func (c *clock) del(t *Timer) bool {
	if !t.pending {
		return false
	}
	t.pending = false
	for i, x := range c.timers {
		if x == t {
			c.timers = append(c.timers[:i], c.timers[i+1:]...)
			break
		}
	}
	return true
}

// next returns the pending timer that runs first (the earliest armed of
// those that run at the same jiffy), or nil.
func (c *clock) next() *Timer { return c.nextExcept(nil) }

// nextExcept is next among the pending timers other than x.
func (c *clock) nextExcept(x *Timer) *Timer {
	var first *Timer
	for _, t := range c.timers {
		if t != x && (first == nil || t.fires < first.fires) {
			first = t
		}
	}
	return first
}

// advanceTo moves the host's clock to `to`, running every timer of every
// namespace that falls due on the way at its own expiry time, earliest
// first; GC timer passes that the last pass proves quiet are counted in
// one step (skipQuiet). A callback that sets halted stops it at that
// time. After each timer it reports one unit of work, the jiffies moved
// of the whole way, to ns.Work; ErrInterrupted stops it at the last timer
// run.
func (ns *Netns) advanceTo(to int64) error {
	c := ns.clock
	from := c.now
	for {
		t := c.next()
		if t == nil || t.fires > to {
			break
		}
		owner := t.ns
		if owner == nil {
			owner = ns
		}
		if t != &owner.gcTimer {
			owner.quiet = nil // its callback may change the tables
		} else if skipped, err := owner.skipQuiet(from, to, ns); skipped || err != nil {
			if err != nil {
				return err
			}
			continue
		}
		if t.fires > c.now {
			c.now = t.fires
		}
		owner.expire(t)
		if c.halted {
			c.halted = false
			return nil
		}
		if err := ns.Work(1, c.now-from, to-from); err != nil {
			return err
		}
	}
	if to > c.now {
		c.now = to
	}
	return nil
}
