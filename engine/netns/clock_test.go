package netns

import "testing"

// TestWheelExpiry checks the timer wheel rounding: never early, late by
// at most the level granularity.
func TestWheelExpiry(t *testing.T) {
	const now = 1 << 32 // a multiple of every granularity
	cases := []struct{ delta, want int64 }{
		{1, 2}, {62, 63}, // level 0: one jiffy late
		{63, 64}, {100, 104}, // level 1: 8-jiffy buckets
		{750, 768},   // gc_interval 3 s at HZ 250: level 2, 64-jiffy buckets
		{7500, 7680}, // gc_interval 30 s: level 3, 512-jiffy buckets
	}
	for _, c := range cases {
		if got := wheelExpiry(now+c.delta, now) - now; got != c.want {
			t.Errorf("delta %d fires after %d, want %d", c.delta, got, c.want)
		}
	}
}

// TestModTimerBuckets: mod_timer on a pending timer leaves it in its
// wheel bucket when the expiry does not change or stays in that bucket
// (__mod_timer), and moves it otherwise; timer_delete reports whether the
// timer was pending.
func TestModTimerBuckets(t *testing.T) {
	const now = 1 << 32
	c := &clock{now: now}
	var tm Timer
	steps := []struct {
		expires int64
		want    wheelOp
	}{
		{now + 7500, wheelQueued}, // 30 s at HZ 250: level 3, 512-jiffy buckets
		{now + 7500, wheelSame},
		{now + 7501, wheelKept}, // same 512-jiffy bucket
		{now + 7000, wheelMoved},
	}
	for _, s := range steps {
		if got := c.mod(&tm, s.expires); got != s.want {
			t.Errorf("mod to +%d: %d, want %d", s.expires-now, got, s.want)
		}
	}
	if tm.Expires != now+7000 || tm.Fires() != now+7168 {
		t.Errorf("expires +%d fires +%d, want +7000 +7168", tm.Expires-now, tm.Fires()-now)
	}
	if !c.del(&tm) || c.del(&tm) {
		t.Error("del: want true for the pending timer, then false")
	}
}
