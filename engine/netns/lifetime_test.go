package netns

import "testing"

// TestAddrChainMatchesSteps checks that addrChain, which skips whole
// cycles of the lifetime worker's idle re-arms, lands where running each
// re-arm in turn lands, at the usual tick rates, from several phases,
// for deadlines from seconds to years away.
func TestAddrChainMatchesSteps(t *testing.T) {
	for _, hz := range []int64{100, 250, 300, 1000} {
		for _, now := range []int64{InitialJiffies, InitialJiffies + 12345, InitialJiffies + 7*hz + 3} {
			for _, secs := range []int64{0, 1, 5, 119, 121, 1000, 3*86400 + 17, 400 * 86400} {
				deadline := now + secs*hz
				at := now
				var sched, fires int64
				for {
					next := min(roundJiffiesUp(at+addrCheckFrequency(hz), hz), deadline)
					sched = addrSched(next, at, hz)
					fires = wheelExpiry(sched, at)
					if fires+addrFuzzMinus(hz) >= deadline {
						break
					}
					at = fires
				}
				if s, f := addrChain(now, deadline, hz); s != sched || f != fires {
					t.Errorf("HZ %d, from %d, deadline in %d s: chain gives %d/%d, steps %d/%d", hz, now, secs, s, f, sched, fires)
				}
			}
		}
	}
}
