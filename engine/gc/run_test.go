package gc

import (
	"math"
	"slices"
	"testing"

	"fib6lab/engine/trace"
)

// TestAgainRepeatsAPass: a pass begun again on a done Run ages and
// traces what a pass begun with Start does, and a pass begun again
// allocates nothing.
func TestAgainRepeatsAPass(t *testing.T) {
	for _, s := range Strategies {
		rec := &trace.Recorder{}
		n := stepNet(rec)
		rec.Reset()
		a1 := Args{}
		r := Start(n, s, 100, &a1)
		r.Step(math.MaxInt)
		first, st1 := slices.Clone(rec.Events), r.Stats()
		rec.Reset()
		a2 := Args{}
		r.Again(100, &a2) // the five expired were removed: the same routes are left to age
		r.Step(math.MaxInt)
		st2 := r.Stats()
		if st1.Removed != 5 || st2.Removed != 0 || st2.Checked != st1.Checked-5 || a1.More != a2.More {
			t.Fatalf("%s: first pass %+v more %d, again %+v more %d", s, st1, a1.More, st2, a2.More)
		}
		if rec.Events[0] != first[0] || rec.Events[len(rec.Events)-1].Kind != trace.OpEnd {
			t.Errorf("%s: again traced %+v .. %+v, want OpBegin as Start's %+v .. OpEnd", s, rec.Events[0], rec.Events[len(rec.Events)-1], first[0])
		}
	}
	for s, checked := range map[Strategy]int{GCList: 20, TrieWalk: 3020} {
		n := stepNet(nil)
		a := Args{}
		r := Start(n, s, 0, &a)
		r.Step(math.MaxInt)
		allocs := testing.AllocsPerRun(100, func() {
			a = Args{}
			r.Again(0, &a)
			r.Step(math.MaxInt)
		})
		if allocs != 0 || r.Stats().Checked != checked {
			t.Errorf("%s begun again: %v allocations, %d routes checked; want 0 and %d", s, allocs, r.Stats().Checked, checked)
		}
	}
}
