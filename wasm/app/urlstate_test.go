package app

import (
	"fmt"
	"math"
	"reflect"
	"slices"
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
		{Scenario: "exercise-lookup", Line: 7, Jiffies: 4294969309, Paused: true, NoLegend: true, Typed: []Typed{
			{Line: 0, Jiffies: 4294967296, Text: "ip -6 route add 2001:db8:77::/64 dev eth0"},
			{Line: 7, Jiffies: 4294969000, Behind: true, Text: "echo 'two\nlines' \"q\" \\ é \xff"},
			{Line: 7, Jiffies: 4294969309, Text: ""}}},
	} {
		frag := sh.Encode()
		got, err := DecodeShare("#" + frag)
		if err != nil || !sameShare(got, sh) {
			t.Fatalf("%q decoded as %+v, %v; want %+v", frag, got, err, sh)
		}
		if sh.Script != "" && len(frag) > len(sh.Script)/4 {
			t.Fatalf("script not compressed: %d bytes for %d", len(frag), len(sh.Script))
		}
	}
}

func TestShareDecodeRejectsGarbage(t *testing.T) {
	for _, frag := range []string{"p=1", "p=a.b", "x=!!!", "c=1,2", "j=zz", "sp=fast", "%zz", "t=!!!",
		"t=" + deflate("1 2 0"), "t=" + deflate("1 2 0 unquoted"), "t=" + deflate("a 2 0 \"x\""), "t=" + deflate("1 b 0 \"x\""),
		"t=" + deflate("1 2 \"x\""), "t=" + deflate("1 2 2 \"x\""), "t=" + deflate("\n"), "t=" + deflate("0 4294967296 0 \"ok\"\n\n"), "s=selftest&x=" + deflate("sleep 1")} {
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
	o := DefaultOptions()
	o.Nanotime = fakeClock()
	r := NewSim(o)
	reopen(t, s, r)
	if r.Narration() != s.Narration() {
		t.Fatalf("restored narration %q, want %q", r.Narration(), s.Narration())
	}
}

// reopen shares s, restores the link in r (playing frames until r's
// table is in), and checks that r shows what s shows: the same player
// positions, play state, clock, lanes, routes and typed commands.
func reopen(t *testing.T, s, r *Sim) {
	t.Helper()
	sh := s.Share()
	got, err := DecodeShare(sh.Encode())
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Restore(got); err != nil {
		t.Fatal(err)
	}
	untilReady(t, r)
	if r.Positions() != sh.Pos || r.Playing != s.Playing || r.Jiffies() != s.Jiffies() {
		t.Fatalf("restored at %v, playing %v, clock %d; want %v, %v, %d", r.Positions(), r.Playing, r.Jiffies(), sh.Pos, s.Playing, s.Jiffies())
	}
	for i, l := range r.Lanes {
		got, want := fingerprint(l), fingerprint(s.Lanes[i])
		if strings.Replace(got, ptrOf(got), "", 1) != strings.Replace(want, ptrOf(want), "", 1) {
			t.Fatalf("lane %d restored as\n%s\nwant\n%s", i, got, want)
		}
		if l.Routes() != s.Lanes[i].Routes() {
			t.Fatalf("lane %d restored with %d routes, want %d", i, l.Routes(), s.Lanes[i].Routes())
		}
	}
	if again := r.Share(); !reflect.DeepEqual(again.Typed, sh.Typed) {
		t.Fatalf("the restored page's link carries %+v, want %+v", again.Typed, sh.Typed)
	}
}

// typeLines submits text to s's console and runs frames until it ran.
func typeLines(t *testing.T, s *Sim, text string) {
	t.Helper()
	s.Submit(text)
	for i := 0; s.Console.Queued() > 0 || s.job != nil; i++ {
		if i > 100 {
			t.Fatal("typed lines did not run in 100 frames")
		}
		s.Frame(frame)
	}
}

// typedScript is what TestPausedLinkReopensWithTypedCommands types.
const typedScript = "ip -6 route add 2001:db8:77::/64 dev eth0\nip -6 route get 2001:db8:77::1\nhelp"

func TestPausedLinkReopensWithTypedCommands(t *testing.T) {
	o := DefaultOptions()
	o.Nanotime = fakeClock()
	s := NewSim(o)
	if err := s.LoadScenario("exercise-lookup"); err != nil {
		t.Fatal(err)
	}
	for i := 0; s.Playing; i++ { // to the exercise's question
		if i > 5000 {
			t.Fatal("the exercise did not pause")
		}
		s.Frame(frame)
	}
	typeLines(t, s, typedScript)
	for range 7 {
		s.Step()
	}
	s.StepBack()
	sh := s.Share()
	if !sh.Paused || len(sh.Typed) != 2 || sh.Typed[0].Line == 0 || sh.Typed[1].Text != "ip -6 route get 2001:db8:77::1" {
		t.Fatalf("link: paused %v, typed %+v", sh.Paused, sh.Typed)
	}
	r := NewSim(o)
	reopen(t, s, r)
	var typed []string
	for _, l := range r.Console.Lines(0) {
		if l.Kind == LineInput {
			typed = append(typed, l.Text)
		}
	}
	if !slices.Contains(typed, sh.Typed[0].Text) || !slices.Contains(typed, sh.Typed[1].Text) {
		t.Fatalf("restored console shows %q, want the typed commands", typed)
	}
	if r.Console.History.Prev("") != sh.Typed[1].Text {
		t.Fatal("the typed commands are not in the restored console's history")
	}
}

func TestDemoLinkReplaysOnceTheTableIsIn(t *testing.T) {
	ps := full(t)[:2000]
	s := loadedSim(t, ps, 5)
	typeLines(t, s, "ip -6 route add 2001:db8:77::/64 dev eth0 expires 40")
	for i := 0; s.Lanes[1].NS.GC.Passes < 2; i++ { // the demo routes' pass and the typed one's
		if i > 10_000 {
			t.Fatal("no second GC pass in 10,000 frames")
		}
		s.Frame(frame)
	}
	s.Pause()
	s.StepOp(true)
	s.StepBack()
	o := s.opts
	o.Nanotime = fakeClock()
	r := NewSim(o)
	reopen(t, s, r)
	// a link restored on a page that loaded the table already starts again
	s.Play()
	reopen(t, s, loadedSim(t, ps, 5))
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

func TestLinkTypedCommandsBoundedLikeAScript(t *testing.T) {
	long := Typed{Jiffies: netns.InitialJiffies, Text: strings.Repeat("a", 1000)}
	sh := Share{Line: 1, Typed: slices.Repeat([]Typed{long}, 1100)}
	if err := sh.check(250); err == nil || err.Error() != "typed commands longer than 1048576 bytes" {
		t.Fatalf("1,100 commands of 1,000 bytes: %v", err)
	}
	if _, err := DecodeShare("t=" + deflate(typedText(sh.Typed))); err == nil {
		t.Fatal("a link of 1.1 MB of typed commands decoded")
	}
	sh.Typed = sh.Typed[:1000]
	if err := sh.check(250); err != nil {
		t.Fatalf("1,000 commands of 1,000 bytes: %v", err)
	}
	sh.Typed = slices.Repeat([]Typed{{Jiffies: netns.InitialJiffies}}, 100_001)
	if err := sh.check(250); err == nil || err.Error() != "100001 typed commands: a link holds at most 100000" {
		t.Fatalf("100,001 commands: %v", err)
	}
}

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
		{"n=1&t=" + deflate("2 4294967296 0 \"ip -6 route\"\n"), "typed command 1: after script line 2, out of order (0 to 1)"},
		{"n=3&t=" + deflate("2 4294967296 0 \"a\"\n1 4294967296 1 \"b\"\n"), "typed command 2: after script line 1, out of order (2 to 3)"},
		{"n=1&t=" + deflate("0 12 0 \"a\"\n"), "typed command 1: clock 12 jiffies, out of order (4294967296 to"},
		{"n=1&j=4294967400&t=" + deflate("0 4294967500 0 \"a\"\n"), "typed command 1: clock 4294967500 jiffies, out of order (4294967296 to 4294967400)"},
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
	f.Add("x=" + deflate("sleep 1\n") + "&n=1&j=4294967297&c=1,1,NaN,1&f=ptPn&v=dst&paused=1")
	f.Add(Share{Scenario: "exercise-lookup", Line: 3, Paused: true, Typed: []Typed{{Line: 1, Jiffies: 4294967296, Text: "ip -6 route get 2001:db8::1"}}}.Encode())
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
	return reflect.DeepEqual(a, b)
}
