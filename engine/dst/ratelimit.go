package dst

import "strconv"

// Ratelimit models struct ratelimit_state with ___ratelimit
// (lib/ratelimit.c): at most Burst events per window of Interval jiffies.
// The window opens at the first event and a new one opens at the first
// event after it ends.
type Ratelimit struct {
	Interval int64 // jiffies (DEFAULT_RATELIMIT_INTERVAL = 5 s)
	Burst    int   // DEFAULT_RATELIMIT_BURST = 10

	begin   int64
	printed int
	missed  int
}

// Allow reports whether an event at time now (jiffies) may be printed.
// When it opens a new window after suppressing events, it also returns
// how many were suppressed (the "callbacks suppressed" count), else 0.
func (r *Ratelimit) Allow(now int64) (ok bool, suppressed int) {
	if r.begin == 0 {
		r.begin = now
	}
	if now > r.begin+r.Interval {
		suppressed = r.missed
		r.begin, r.printed, r.missed = now, 0, 0
	}
	if r.printed < r.Burst {
		r.printed++
		return true, suppressed
	}
	r.missed++
	return false, suppressed
}

func itoa(n int) string { return strconv.Itoa(n) }
