package netns

// Timer models a kernel struct timer_list on the virtual jiffies clock:
// Fn runs when the clock reaches Expires (jiffies) while the timer is
// pending.
type Timer struct {
	Expires int64
	Fn      func()
	pending bool
}

// Pending models timer_pending.
func (t *Timer) Pending() bool { return t.pending }

// clock is the namespace's virtual jiffies counter and its timers.
type clock struct {
	now    int64
	timers []*Timer
}

// InitialJiffies is the clock's value when a namespace is created: the
// kernel's INITIAL_JIFFIES for a 64-bit machine (2^32 - 300 s at any HZ
// that divides it) plus five minutes of uptime, so that "0 = never" values
// never collide with a real time.
const InitialJiffies = 1 << 32

// mod models mod_timer: (re)arm t at expires, lengthening or shortening.
func (c *clock) mod(t *Timer, expires int64) {
	t.Expires = expires
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

// next returns the earliest pending timer, or nil.
func (c *clock) next() *Timer {
	var first *Timer
	for _, t := range c.timers {
		if first == nil || t.Expires < first.Expires {
			first = t
		}
	}
	return first
}

// advanceTo moves the clock to `to`, firing every timer that falls due on
// the way at its own expiry time, earliest first.
func (c *clock) advanceTo(to int64) {
	for {
		t := c.next()
		if t == nil || t.Expires > to {
			break
		}
		if t.Expires > c.now {
			c.now = t.Expires
		}
		c.del(t)
		t.Fn()
	}
	if to > c.now {
		c.now = to
	}
}
