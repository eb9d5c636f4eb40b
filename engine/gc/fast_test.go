package gc

import (
	"fmt"
	"math"
	"math/rand/v2"
	"net/netip"
	"slices"
	"testing"

	"fib6lab/engine/fib6"
	"fib6lab/engine/kernel"
	"fib6lab/engine/trace"
)

// fakeDst is a route's dst state in the fast-path test: it has pending
// exceptions for its first passes and records, in its run's log, when it
// is aged (the route and the nodes visited so far) and when it is purged.
type fakeDst struct {
	id      uint32
	pending int
	log     *[]string
	run     **Run
}

func (d *fakeDst) AgeExceptions(now, timeout int64) int {
	*d.log = append(*d.log, fmt.Sprintf("age %d at %s", d.id, position(*d.run)))
	if d.pending > 0 {
		d.pending--
	}
	return d.pending
}

func (d *fakeDst) Purge() { *d.log = append(*d.log, fmt.Sprintf("purge %d", d.id)) }

// position is how far a pass has gone: the nodes its trie walk has
// visited, or for a list walk the table and the next entry.
func position(r *Run) string {
	if r.cleaner != nil {
		s := fmt.Sprint(r.cleaner.Visiting())
		if w := r.cleaner.Walker(); w != nil && w.Node() != nil {
			s += fmt.Sprintf("@%d", w.Node().ID)
		}
		return s
	}
	next := uint32(0)
	if r.next != nil {
		next = r.next.ID
	}
	return fmt.Sprintf("table %d next %d", r.ti, next)
}

// randomNet builds the same random FIB for a given seed: tables sharing
// hash buckets, nested prefixes, ECMP groups, routes expired, expiring
// later or permanent, some with a dst state whose exceptions keep them on
// the GC list, some whose expiry was cleared while they stayed listed.
func randomNet(seed uint64, rec *trace.Recorder, log *[]string, run **Run) *fib6.Net {
	r := rand.New(rand.NewPCG(seed, 7))
	n := fib6.NewNet()
	n.Trace = rec
	tables := []*fib6.Table{n.Table(fib6.RT_TABLE_MAIN), n.NewTable(510), n.NewTable(1), n.NewTable(100)}
	gws := []netip.Addr{netip.MustParseAddr("fe80::1"), netip.MustParseAddr("fe80::2"), netip.MustParseAddr("fe80::3")}
	routes := 50 + r.IntN(400)
	for range routes {
		var a [16]byte
		a[0], a[1] = 0x20, 0x01
		for i := 2; i < 16; i++ {
			a[i] = byte(r.IntN(4)) // few distinct values: deep shared prefixes
		}
		plen := []int{16, 24, 32, 48, 56, 64, 96, 128}[r.IntN(8)]
		p := netip.PrefixFrom(netip.AddrFrom16(a), plen).Masked()
		tb := tables[r.IntN(len(tables))]
		rt := n.NewRoute(p, gws[r.IntN(len(gws))], 2, uint32(1024+r.IntN(2)))
		switch r.IntN(5) {
		case 0:
			rt.SetExpires(int64(r.IntN(200))) // due at 100 or not
		case 1:
			rt.SetExpires(1000)
		}
		flags := uint16(fib6.NLM_F_CREATE | fib6.NLM_F_APPEND) // ECMP groups on equal metrics
		if r.IntN(3) == 0 {
			flags = fib6.NLM_F_CREATE
		}
		if tb.Add(rt, flags) != nil {
			continue
		}
		if r.IntN(6) == 0 {
			rt.SetDstState(&fakeDst{id: rt.ID, pending: r.IntN(3), log: log, run: run})
			tb.AddGCList(rt) // as an exception insert does
		}
		if rt.OnGCList() && r.IntN(8) == 0 {
			rt.ClearExpires() // stays listed, as fib6_may_remove_gc_list may leave it
		}
	}
	return n
}

// snapshot is what a FIB looks like after a pass: every table's nodes in
// walk order and its routes, its GC list, the trie counters.
func snapshot(n *fib6.Net) string {
	s := fmt.Sprintf("%+v\n", n.Stats)
	for _, tb := range n.Tables() {
		if err := tb.Check(); err != nil {
			s += "check: " + err.Error() + "\n"
		}
		s += fmt.Sprintf("table %d:", tb.ID)
		for _, rt := range tb.Dump() {
			s += fmt.Sprintf(" %d/%d@%d", rt.ID, rt.Flags, rt.Node().ID)
		}
		s += " gc:"
		for _, rt := range tb.GCList() {
			s += fmt.Sprintf(" %d", rt.ID)
		}
		s += "\n"
	}
	return s
}

// TestFastPathMatchesTraced: on random tables, a GC pass run untraced
// (the fast path: Run.sweep for the trie walk, the tables taken in place
// for the list walk) steps exactly as the traced pass does, for both
// strategies and both GC list rules: after every slice of the same
// budgets the same nodes visited, the walker on the same node (the list
// walk on the same entry), the same routes checked and removed; routes
// with a dst state aged at the same point of the walk and purged in the
// same order; the same gc_args and horizon; and the same FIB afterwards.
// The traced pass's NodeVisit events are as many as the nodes it counts.
func TestFastPathMatchesTraced(t *testing.T) {
	for seed := range uint64(40) {
		for _, s := range Strategies {
			for _, unlink := range []bool{false, true} {
				name := fmt.Sprintf("seed %d %s unlink %v", seed, s, unlink)
				rec := &trace.Recorder{}
				var logT, logF []string
				var runT, runF *Run
				nT, nF := randomNet(seed, rec, &logT, &runT), randomNet(seed, nil, &logF, &runF)
				if a, b := snapshot(nT), snapshot(nF); a != b {
					t.Fatalf("%s: the two builds differ:\n%s\n%s", name, a, b)
				}
				budgets := rand.New(rand.NewPCG(seed, 9))
				var stepsT, stepsF []string
				for pass := range 3 { // the first removes, the later ones find less
					rec.Reset()
					argsT := Args{Timeout: 20, Kernel: kernel.Features{UnlinkIdle: unlink}, Horizon: NewHorizon()}
					argsF := argsT
					argsF.Horizon = NewHorizon()
					runT, runF = Start(nT, s, 100+int64(pass), &argsT), Start(nF, s, 100+int64(pass), &argsF)
					for done := false; !done; {
						b := []int{1, 2, 7, 50, math.MaxInt}[budgets.IntN(5)]
						dT, dF := runT.Step(b), runF.Step(b)
						stepsT = append(stepsT, fmt.Sprintf("%v %+v %s", dT, runT.Stats(), position(runT)))
						stepsF = append(stepsF, fmt.Sprintf("%v %+v %s", dF, runF.Stats(), position(runF)))
						done = dT && dF
					}
					if argsT.More != argsF.More || argsT.Unlinked != argsF.Unlinked || *argsT.Horizon != *argsF.Horizon {
						t.Fatalf("%s pass %d: args traced %+v %+v, fast %+v %+v", name, pass, argsT, *argsT.Horizon, argsF, *argsF.Horizon)
					}
					visits := 0
					for _, e := range rec.Events {
						if e.Kind == trace.NodeVisit {
							visits++
						}
					}
					if st := runT.Stats(); visits != st.Visited {
						t.Fatalf("%s pass %d: %d NodeVisit events for %d nodes visited", name, pass, visits, st.Visited)
					}
				}
				if !slices.Equal(stepsT, stepsF) {
					t.Fatalf("%s: steps differ:\ntraced %q\nfast   %q", name, stepsT, stepsF)
				}
				if !slices.Equal(logT, logF) {
					t.Fatalf("%s: dst states aged or purged differently:\ntraced %q\nfast   %q", name, logT, logF)
				}
				if a, b := snapshot(nT), snapshot(nF); a != b {
					t.Fatalf("%s: FIB after the passes:\ntraced %s\nfast   %s", name, a, b)
				}
			}
		}
	}
}

// TestFastPathRemoves checks that the random tables exercise what the
// fast path must get right: removals, several of them in one node, and
// dst states aged and purged during the walk.
func TestFastPathRemoves(t *testing.T) {
	removed, multi, aged, purged := 0, 0, 0, 0
	for seed := range uint64(40) {
		var log []string
		var run *Run
		n := randomNet(seed, nil, &log, &run)
		before := map[uint32]int{}
		for _, tb := range n.Tables() {
			for _, rt := range tb.Dump() {
				before[rt.Node().ID]++
			}
		}
		args := Args{Timeout: 20}
		run = Start(n, TrieWalk, 100, &args)
		run.Step(math.MaxInt)
		removed += run.Stats().Removed
		after := map[uint32]int{}
		for _, tb := range n.Tables() {
			for _, rt := range tb.Dump() {
				after[rt.Node().ID]++
			}
		}
		for id, c := range before {
			if c-after[id] > 1 {
				multi++
			}
		}
		for _, l := range log {
			if l[0] == 'a' {
				aged++
			} else {
				purged++
			}
		}
	}
	if removed < 100 || multi == 0 || aged < 100 || purged == 0 {
		t.Errorf("random tables too tame: %d removed, %d nodes losing several routes, %d dst states aged, %d purged", removed, multi, aged, purged)
	}
}
