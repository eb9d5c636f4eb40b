package app_test

import (
	"fmt"
	"net/netip"
	"regexp"
	"strings"
	"testing"

	"fib6lab/engine/gc"
	"fib6lab/engine/trace"
	"fib6lab/render/scene"
	"fib6lab/wasm/app"
)

// headerTitle is a lane header's title as the GC view draws it: the
// lane's release and the GC strategy it names.
var headerTitle = regexp.MustCompile(`^(\d+\.\d+) · (trie walk|GC list)$`)

var headerStrategy = map[string]gc.Strategy{"trie walk": gc.TrieWalk, "GC list": gc.GCList}

// TestLaneHeaderNamesTheStrategyItsTraceRan: after every scenario, and
// after `kernel V` for V in 4.8, 6.1, 6.12 and 6.18 typed for both lanes
// and for each lane alone (left:, right:), each lane's header, as the GC
// view draws it, names the lane's release and the GC strategy that the
// lane's next pass runs, as read from that pass's trace events.
func TestLaneHeaderNamesTheStrategyItsTraceRan(t *testing.T) {
	for _, sc := range app.Scenarios() {
		t.Run(sc.Name, func(t *testing.T) {
			o := app.DefaultOptions()
			var clock int64
			o.Prefixes, o.Nanotime = []netip.Prefix{}, func() int64 { clock += 1000; return clock }
			s := app.NewSim(o)
			if err := s.LoadScenario(sc.Name); err != nil {
				t.Fatal(err)
			}
			settle(t, s, "the scenario")
			want := scenarioKernels(sc.Text)
			checkLanes(t, s, want, "at the end of the scenario")
			for _, target := range []string{"", "left: ", "right: "} {
				for _, v := range []string{"4.8", "6.1", "6.12", "6.18"} {
					line := target + "kernel " + v
					s.Submit(line)
					settle(t, s, line)
					for i, id := range app.LaneIDs {
						if target == "" || target == id+": " {
							want[i] = v
						}
					}
					checkLanes(t, s, want, "after "+line)
				}
			}
		})
	}
}

// settle runs frames until s is idle with everything shown.
func settle(t *testing.T, s *app.Sim, what string) {
	t.Helper()
	if !s.Settle(20000) || s.Err != "" {
		t.Fatalf("%s: not settled in 20,000 frames, error %q", what, s.Err)
	}
}

// scenarioKernels returns the releases the lanes run at the end of a
// scenario script: app.LaneKernels, changed by its `kernel V` lines (in
// one lane with a left: or right: prefix).
func scenarioKernels(text string) [2]string {
	want := app.LaneKernels
	for _, line := range strings.Split(text, "\n") {
		run := [2]bool{true, true}
		for i, id := range app.LaneIDs {
			if rest, ok := strings.CutPrefix(line, id+":"); ok {
				line, run = rest, [2]bool{i == 0, i == 1}
			}
		}
		if f := strings.Fields(line); len(f) == 2 && f[0] == "kernel" {
			for i := range want {
				if run[i] {
					want[i] = f[1]
				}
			}
		}
	}
	return want
}

// checkLanes runs a GC pass in both lanes ("run GC now"), plays it, and
// checks that lane i's header names release want[i] and the strategy its
// pass ran according to its trace.
func checkLanes(t *testing.T, s *app.Sim, want [2]string, when string) {
	t.Helper()
	var heads [2]int64
	for i, l := range s.Lanes {
		heads[i] = l.Position()
	}
	s.RunGC()
	settle(t, s, when+": run GC now")
	titles := laneTitles(t, s)
	for i, l := range s.Lanes {
		evs := l.Events()
		ran, err := passStrategy(evs[len(evs)-int(l.Position()-heads[i]):])
		if err != nil {
			t.Fatalf("%s: %s lane: %v", when, l.ID, err)
		}
		m := headerTitle.FindStringSubmatch(titles[i])
		if m[1] != want[i] || headerStrategy[m[2]] != ran {
			t.Fatalf("%s: %s lane's header says %q, its pass ran %v; want release %s", when, l.ID, titles[i], ran, want[i])
		}
	}
}

// laneTitles builds the GC view as the page draws it and returns the two
// lane headers' titles, left first.
func laneTitles(t *testing.T, s *app.Sim) []string {
	t.Helper()
	var p scene.Page
	b := scene.NewBuilder(1600, 900)
	p.Build(b, s, &s.TheView().Cam, 1600, 900)
	var titles, texts []string
	for _, it := range b.S.Tagged("header") {
		if it.Kind == scene.KindText {
			texts = append(texts, it.Text)
			if headerTitle.MatchString(it.Text) {
				titles = append(titles, it.Text)
			}
		}
	}
	if len(titles) != 2 {
		t.Fatalf("no two lane titles among the header texts %q", texts)
	}
	return titles
}

// passStrategy returns the strategy of the last GC pass in evs, read from
// its events: a trie walk begins with OpGCTrie and steps on nodes
// (NodeVisit), a list walk begins with OpGCList and steps on list entries
// only (ListVisit, none for an empty list).
func passStrategy(evs []trace.Event) (gc.Strategy, error) {
	begin := -1
	for i, e := range evs {
		if e.Kind == trace.OpBegin && (trace.Op(e.Val) == trace.OpGCTrie || trace.Op(e.Val) == trace.OpGCList) {
			begin = i
		}
	}
	if begin < 0 {
		return 0, fmt.Errorf("no GC pass among %d events", len(evs))
	}
	nodes, entries := 0, 0
	for _, e := range evs[begin:] {
		switch e.Kind {
		case trace.NodeVisit:
			nodes++
		case trace.ListVisit:
			entries++
		}
		if e.Kind == trace.GCPass {
			break
		}
	}
	op := trace.Op(evs[begin].Val)
	switch {
	case op == trace.OpGCTrie && nodes > 0 && entries == 0:
		return gc.TrieWalk, nil
	case op == trace.OpGCList && nodes == 0:
		return gc.GCList, nil
	}
	return 0, fmt.Errorf("GC pass %v stepped on %d nodes and %d list entries", op, nodes, entries)
}
