package netns

// Timer models a kernel struct timer_list on the virtual jiffies clock:
// Expires is the requested expiry (jiffies) and Fn runs when the clock
// reaches the timer wheel bucket that holds it (see wheelExpiry), while
// the timer is pending.
type Timer struct {
	Expires int64
	Fn      func()
	pending bool
	fires   int64
}

// Fires returns the jiffy at which a pending timer will run.
func (t *Timer) Fires() int64 { return t.fires }

// wheelExpiry models where the timer wheel (kernel/time/timer.c,
// calc_wheel_index) files a timer armed at now for expires: the level is
// chosen by the distance (level n holds distances from 63<<3(n-1) jiffies
// with a granularity of 8^n jiffies), and the expiry is rounded up to the
// next bucket boundary of that level, so a timer never fires early and
// fires up to one granularity late (a 30 s timer at HZ 250: up to 512
// jiffies, about 2 s). Even a level-0 timer runs one jiffy after expires.
func wheelExpiry(expires, now int64) int64 {
	delta := expires - now
	shift := uint(0)
	for lvl := uint(1); lvl < wheelLevels && delta >= 63<<(3*(lvl-1)); lvl++ {
		shift = 3 * lvl
	}
	return (expires>>shift + 1) << shift
}

// wheelLevels is LVL_DEPTH for HZ > 100.
const wheelLevels = 9

// Pending models timer_pending.
func (t *Timer) Pending() bool { return t.pending }

// clock is the namespace's virtual jiffies counter and its timers.
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

// mod models mod_timer: (re)arm t at expires, lengthening or shortening.
func (c *clock) mod(t *Timer, expires int64) {
	t.Expires = expires
	t.fires = wheelExpiry(expires, c.now)
	if t.pending {
		return
	}
	t.pending = true
	c.timers = append(c.timers, t)
}

// del models timer_delete: cancel t if pending.
func (c *clock) del(t *Timer) {
	if !t.pending {
		return
	}
	t.pending = false
	for i, x := range c.timers {
		if x == t {
			c.timers = append(c.timers[:i], c.timers[i+1:]...)
			return
		}
	}
}

// next returns the pending timer that runs first, or nil.
func (c *clock) next() *Timer {
	var first *Timer
	for _, t := range c.timers {
		if first == nil || t.fires < first.fires {
			first = t
		}
	}
	return first
}

// advanceTo moves the clock to `to`, firing every timer that falls due on
// the way at its own expiry time, earliest first; a callback that sets
// halted stops it at that time.
func (c *clock) advanceTo(to int64) {
	for {
		t := c.next()
		if t == nil || t.fires > to {
			break
		}
		if t.fires > c.now {
			c.now = t.fires
		}
		c.del(t)
		t.Fn()
		if c.halted {
			c.halted = false
			return
		}
	}
	if to > c.now {
		c.now = to
	}
}
