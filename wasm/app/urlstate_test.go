package app

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"fib6lab/engine/netns"
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

// hostileScript is the link script: a route that expires in 63
// years keeps the GC timer re-arming every 30 s for ever.
const hostileScript = "ip -6 route add 2001:db8:9::/64 dev eth0 expires 2000000000\n"

func TestRestoreRefusesOutOfRangeLinks(t *testing.T) {
	for _, c := range []struct {
		frag, want string
	}{
		{"j=9000000000000000000&n=1&p=0.0", "clock 9000000000000000000 jiffies is out of range"},
		{"j=9223372036854775807&n=1&p=0.0", "clock 9223372036854775807 jiffies is out of range"},
		{"j=12&n=1", "clock 12 jiffies is out of range"},
		{"n=-1", "line -1 is out of range"},
		{"n=100001", "line 100001 is out of range (0 to 100000)"},
		{"p=-5.0&n=1", "player position -5.0 is negative"},
		{"sp=NaN", "speed NaN is out of range"},
		{"sp=1e9", "speed 1e+09 is out of range"},
		{"c=NaN,0,1,1", "camera in the link: want finite numbers and positive zooms"},
		{"c=0,0,0,1", "camera in the link: want finite numbers and positive zooms"},
	} {
		frag := c.frag + "&x=" + deflate(hostileScript)
		sh, err := DecodeShare(frag)
		if err != nil {
			t.Fatalf("%s: decode: %v", c.frag, err)
		}
		o := DefaultOptions()
		o.Nanotime = fakeClock()
		s := NewSim(o)
		err = s.Restore(sh)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: Restore = %v, want %q", c.frag, err, c.want)
		}
		if s.Err != "link: "+fmt.Sprint(err) {
			t.Errorf("%s: Err = %q, want the link error for the banner", c.frag, s.Err)
		}
		if s.teach.next != 0 {
			t.Errorf("%s: ran %d script lines of a refused link", c.frag, s.teach.next)
		}
	}
}

// TestRestoreFarClockSkipsIdlePasses restores the hostile script at a
// clock 10^8 s on: the GC timer would fire 3.3 million times, each pass
// changing nothing, so the engine skips them and Restore returns after a
// handful of clock advances with the pass count exact.
func TestRestoreFarClockSkipsIdlePasses(t *testing.T) {
	o := DefaultOptions()
	o.Nanotime = fakeClock()
	s := NewSim(o)
	j := int64(netns.InitialJiffies) + 100_000_000*s.Lanes[0].NS.HZ
	if err := s.Restore(Share{Script: hostileScript, Line: 1, Jiffies: j}); err != nil {
		t.Fatal(err)
	}
	if s.Jiffies() != j {
		t.Fatalf("clock at %d, want %d", s.Jiffies(), j)
	}
	if p := s.Lanes[0].NS.GC.Passes; p < 3_000_000 {
		t.Fatalf("%d GC passes counted over 10^8 s with a 30 s timer", p)
	}
}

func FuzzDecodeShare(f *testing.F) {
	f.Add(Share{Scenario: "selftest", Pos: [2]int64{12, 7}, Line: 9, Jiffies: 4294969309, Speed: 0.0625, Pseudo: true}.Encode())
	f.Add(Share{Script: hostileScript, Line: 1, Jiffies: 9e18, Speed: 4096, Cam: [4]float64{1, 2, 3, 4}}.Encode())
	f.Add("j=9223372036854775807&n=1&p=0.0&x=" + deflate(hostileScript))
	f.Add("x=" + deflate("sleep 1\n") + "&n=1&j=4294967297&c=1,1,NaN,1&f=ptP&v=dst")
	f.Fuzz(func(t *testing.T, frag string) {
		sh, err := DecodeShare(frag)
		if err != nil {
			return
		}
		again, err := DecodeShare(sh.Encode())
		if err != nil || !sameShare(again, sh) {
			t.Fatalf("%q: decoded %+v, re-encoded and decoded %+v, %v", frag, sh, again, err)
		}
		o := DefaultOptions()
		o.Nanotime = fakeClock()
		s := NewSim(o)
		if err := s.Restore(sh); err == nil && sh.Jiffies != 0 && s.teach.scenario != "" && s.Jiffies() < sh.Jiffies {
			t.Fatalf("%q: restored without error at clock %d, want %d", frag, s.Jiffies(), sh.Jiffies)
		}
	})
}

// sameShare compares two links, taking NaN camera values as equal.
func sameShare(a, b Share) bool {
	for i := range a.Cam {
		if math.IsNaN(a.Cam[i]) && math.IsNaN(b.Cam[i]) {
			a.Cam[i], b.Cam[i] = 0, 0
		}
	}
	return a == b
}
