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
