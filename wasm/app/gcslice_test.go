package app

import (
	"testing"
	"time"
)

func TestNextGCSlice(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		steps        int
		took, budget time.Duration
		want         int
	}{
		{4096, 2 * ms, 4 * ms, 8192},       // twice as many fit
		{4096, 16 * ms, 4 * ms, 2048},      // at most halved a frame
		{4096, 5 * ms, 4 * ms, 3276},       // scaled
		{4096, 0, 4 * ms, 8192},            // too fast to measure: doubled
		{300, 10 * ms, 4 * ms, minGCSlice}, // floor
		{maxGCSlice, ms, 4 * ms, maxGCSlice},
	} {
		if got := nextGCSlice(c.steps, c.took, c.budget); got != c.want {
			t.Errorf("nextGCSlice(%d, %v, %v) = %d, want %d", c.steps, c.took, c.budget, got, c.want)
		}
	}
}
