package app

import (
	"os"
	"strings"
	"testing"
)

// TestLoadRecordReplays loads the engine's small record: its dump, then
// its events as a script that plays to the end, the route added and
// deleted, each lookup run as `ip -6 route get` with the kernel's answer
// narrated.
func TestLoadRecordReplays(t *testing.T) {
	text, err := os.ReadFile("../../engine/iproute2/testdata/record-small.txt")
	if err != nil {
		t.Fatal(err)
	}
	s := loadedSim(t, full(t)[:1000], 0)
	if err := s.LoadDump(string(text)); err != nil {
		t.Fatal(err)
	}
	untilReady(t, s)
	if st := s.ScenarioState(); st.ID != RecordName || st.Lines != 19 {
		t.Fatalf("scenario state %+v, want the record's 19 lines (7 sleeps, 7 commands, 5 narrations)", st)
	}
	for i := 0; i < 60*60 && !s.ScenarioState().Done; i++ {
		s.Frame(frame)
	}
	if st := s.ScenarioState(); !st.Done || st.Line != 19 {
		t.Fatalf("after a minute of frames: %+v, want done", st)
	}
	var out []string
	for _, l := range s.Console.Lines(0) {
		out = append(out, l.Text)
	}
	got := strings.Join(out, "\n")
	for _, want := range []string{
		"— replaying your record: 7 events over 3.490 s —",
		"2001:db8:2::5 from :: via fe80::1 dev va",
		"ip -6 route del 2001:db8:1::/64 dev va metric 1024 pref medium",
		"RTNETLINK answers: Network is unreachable",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("console lacks %q:\n%s", want, got)
		}
	}
	for _, l := range s.Lanes {
		// 2::/64 (expired, left for the GC timer due at 30 s), 3::/64 and
		// fe80::/64 on va and vb; 1::/64 deleted
		if l.Routes() != 4 || l.NS.GC.Removed != 0 {
			t.Errorf("lane %s: %d routes in table main, GC removed %d; want 4 and 0", l.ID, l.Routes(), l.NS.GC.Removed)
		}
	}
	if s.Share().Scenario != "" {
		t.Errorf("a link names scenario %q: it cannot carry the record", s.Share().Scenario)
	}
}

// TestLoadRecordBadKeepsTable: a bad record names its line, the table
// stays.
func TestLoadRecordBadKeepsTable(t *testing.T) {
	s := loadedSim(t, full(t)[:1000], 0)
	before := s.State()
	err := s.LoadDump("# fib6lab record 1\nstart 1.000000\n[dump]\n2001:db8::/64 dev eth0\n[packets]\n")
	if err == nil || !strings.HasPrefix(err.Error(), "record line 5: unknown section [packets]") {
		t.Fatalf("error %v", err)
	}
	if st := s.State(); st.Routes != before.Routes {
		t.Errorf("routes %d after a bad record, want %d", st.Routes, before.Routes)
	}
}
