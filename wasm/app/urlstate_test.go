package app

import (
	"strings"
	"testing"
)

func TestShareEncodingRoundTrip(t *testing.T) {
	for _, sh := range []Share{
		{},
		{Scenario: "selftest", Pos: [2]int64{12, 7}, Line: 9, Jiffies: 4294969309, Speed: 0.0625, Pseudo: true},
		{Script: "# > hi\nip -6 route add 2001:db8::/64 dev eth0\n" + strings.Repeat("sleep 1\n", 500),
			Pos: [2]int64{1 << 40, 3}, Speed: 4096, Cam: [4]float64{12.5, -3, 4.25, 1}, Timeline: true, Present: true, Panel: "dst"},
	} {
		frag := sh.Encode()
		got, err := DecodeShare("#" + frag)
		if err != nil || got != sh {
			t.Fatalf("%q decoded as %+v, %v; want %+v", frag, got, err, sh)
		}
		if sh.Script != "" && len(frag) > len(sh.Script)/4 {
			t.Fatalf("script not compressed: %d bytes for %d", len(frag), len(sh.Script))
		}
	}
}

func TestShareDecodeRejectsGarbage(t *testing.T) {
	for _, frag := range []string{"p=1", "p=a.b", "x=!!!", "c=1,2", "j=zz", "sp=fast", "%zz"} {
		if _, err := DecodeShare(frag); err == nil {
			t.Errorf("%q decoded without error", frag)
		}
	}
}

func TestRestoreShowsTheSameStep(t *testing.T) {
	s := runScenario(t, "selftest")
	s.SeekStart()
	for range 40 {
		s.Step()
	}
	s.StepOp(true)
	s.StepBack()
	sh := s.Share()
	want := [2]string{fingerprint(s.Lanes[0]), fingerprint(s.Lanes[1])}
	o := DefaultOptions()
	o.Nanotime = fakeClock()
	r := NewSim(o)
	got, err := DecodeShare(sh.Encode())
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Restore(got); err != nil {
		t.Fatal(err)
	}
	if r.Positions() != sh.Pos || r.Narration() != s.Narration() || r.Playing {
		t.Fatalf("restored at %v (narration %q), want %v (%q)", r.Positions(), r.Narration(), sh.Pos, s.Narration())
	}
	for i, l := range r.Lanes {
		if got := fingerprint(l); strings.Replace(got, ptrOf(got), "", 1) != strings.Replace(want[i], ptrOf(want[i]), "", 1) {
			t.Fatalf("lane %d restored as\n%s\nwant\n%s", i, got, want[i])
		}
	}
}

// ptrOf returns the layout pointer a fingerprint starts with.
func ptrOf(fp string) string { p, _, _ := strings.Cut(fp, " "); return p }

func TestBareLinkStartsTheScenario(t *testing.T) {
	o := DefaultOptions()
	o.Nanotime = fakeClock()
	s := NewSim(o)
	if err := s.Restore(Share{Scenario: "exercise-lookup"}); err != nil {
		t.Fatal(err)
	}
	if s.ScenarioName() != "exercise-lookup" || s.teach.next != 0 || !s.Playing {
		t.Fatalf("scenario %q, line %d, playing %v", s.ScenarioName(), s.teach.next, s.Playing)
	}
	if err := s.Restore(Share{Scenario: "nosuch"}); err == nil {
		t.Fatal("unknown scenario restored")
	}
}
