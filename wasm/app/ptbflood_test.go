package app

import "testing"

// smallPTB is a small deterministic PTB flood: 400 permanent routes, 5 new
// PMTU exceptions a second for 70 s, each living 10 s; the GC timer
// (gc_interval 30 s) fires in ticks 31 and 62.
var smallPTB = PTBConfig{Routes: 400, PerTick: 5, Ticks: 70, TickSecs: 1, MTUExpires: 10, MTU: 1400}

// TestPTBFloodLanes: on 6.1 every pass checks every route and reaps the
// expired exceptions; on 6.12 the list walk never sees the permanent
// routes' exceptions, which linger; on 6.18 the list holds exactly the
// routes with exceptions, growing between passes and shrinking at each.
func TestPTBFloodLanes(t *testing.T) {
	f := NewPTBFlood(smallPTB)
	for !f.Done() {
		f.Step()
	}
	type pass struct{ tick, checked, reaped, listedBefore, listedAfter int }
	want := map[string]struct {
		passes              []pass
		listed, cache, live int
	}{
		"6.1":  {[]pass{{31, 405, 105, 0, 0}, {62, 405, 260, 0, 0}}, 0, 90, 50},
		"6.12": {[]pass{{31, 0, 0, 0, 0}, {62, 0, 0, 0, 0}}, 0, 350, 50},
		"6.18": {[]pass{{31, 155, 105, 150, 50}, {62, 205, 260, 200, 50}}, 90, 90, 50},
	}
	for _, l := range f.Lanes {
		w := want[l.Kernel().String()]
		if l.Err != "" || l.Created != 350 || l.Refused != 0 || len(l.Samples) != 70 {
			t.Fatalf("%s: err %q created %d refused %d samples %d", l.Kernel(), l.Err, l.Created, l.Refused, len(l.Samples))
		}
		var got []pass
		for i, s := range l.Samples {
			if s.Passes == 0 {
				continue
			}
			if s.Passes != 1 {
				t.Errorf("%s tick %d: %d passes", l.Kernel(), i+1, s.Passes)
			}
			got = append(got, pass{i + 1, s.Checked, s.Reaped, l.Samples[i-1].Listed, s.Listed})
		}
		if len(got) != len(w.passes) {
			t.Fatalf("%s: passes %+v, want %+v", l.Kernel(), got, w.passes)
		}
		for i := range got {
			if got[i] != w.passes[i] {
				t.Errorf("%s: pass %d %+v, want %+v", l.Kernel(), i, got[i], w.passes[i])
			}
		}
		last := l.Last()
		if last.Listed != w.listed || last.Cache != w.cache || last.Live != w.live || last.Reaped != 350-w.cache {
			t.Errorf("%s: last %+v, want listed %d cache %d live %d", l.Kernel(), last, w.listed, w.cache, w.live)
		}
	}
	// the trie walk pays for every route of both tables
	if old := f.Lanes[0]; old.LastPassChecked() != old.NS.RT6Stats().FibRtEntries {
		t.Errorf("6.1 checked %d of %d routes", old.LastPassChecked(), old.NS.RT6Stats().FibRtEntries)
	}
	// 6.18: between passes every route with an exception is listed
	for i, s := range f.Lanes[2].Samples {
		if s.Listed != s.Cache {
			t.Errorf("6.18 tick %d: listed %d, exceptions %d", i+1, s.Listed, s.Cache)
		}
	}
}

func TestDstViewMode(t *testing.T) {
	v := NewDstView()
	if v.Mode != DstModeRaw || v.PTB != nil || v.SetMode("bogus") {
		t.Fatalf("mode %q, ptb %v", v.Mode, v.PTB)
	}
	if !v.SetMode(DstModePTB) || v.PTB == nil || v.PTB.Config != DefaultPTB {
		t.Fatal("ptb mode not built")
	}
	for range 2*PTBFrames + 1 {
		v.Frame(0)
	}
	if v.PTB.Tick != 3 || v.Lanes[0].Floods != 0 {
		t.Errorf("ptb ticks %d, raw floods %d", v.PTB.Tick, v.Lanes[0].Floods)
	}
	p := v.PTB
	if !v.SetMode(DstModeRaw) || !v.SetMode(DstModePTB) || v.PTB != p {
		t.Error("switching back rebuilt an unfinished flood")
	}
	v.SetMode(DstModeRaw)
	v.Frame(0)
	if v.Lanes[0].Floods != 1 || v.PTB.Tick != 3 {
		t.Errorf("raw floods %d, ptb ticks %d", v.Lanes[0].Floods, v.PTB.Tick)
	}
}
