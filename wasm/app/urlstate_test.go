package app

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"fib6lab/engine/netns"
	"fib6lab/wasm/share"
)

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
// table is in and the link replayed), and checks that r shows what s
// shows (sameAsShared).
func reopen(t *testing.T, s, r *Sim) {
	t.Helper()
	sh := s.Share()
	got, err := share.Decode(sh.Encode())
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Restore(got); err != nil {
		t.Fatal(err)
	}
	untilReady(t, r)
	untilReplayed(t, r)
	sameAsShared(t, s, r, sh)
}

// untilReplayed plays frames of r until a link's replay is done, failing
// on an error; it returns the frames it took.
func untilReplayed(t *testing.T, r *Sim) int {
	t.Helper()
	n := 0
	for ; r.replaying(); n++ {
		if n > 10_000 {
			t.Fatal("the link did not replay in 10,000 frames")
		}
		r.Frame(frame)
		if r.Err != "" {
			t.Fatal(r.Err)
		}
	}
	return n
}

// sameAsShared checks that r shows what s showed when it shared sh: the
// same player positions, play state, clock, lanes, routes and typed
// commands.
func sameAsShared(t *testing.T, s, r *Sim, sh share.Link) {
	t.Helper()
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
	if err := s.Restore(share.Link{Scenario: "exercise-lookup"}); err != nil {
		t.Fatal(err)
	}
	if s.ScenarioName() != "exercise-lookup" || s.teach.next != 0 || !s.Playing {
		t.Fatalf("scenario %q, line %d, playing %v", s.ScenarioName(), s.teach.next, s.Playing)
	}
	if err := s.Restore(share.Link{Scenario: "nosuch"}); err == nil {
		t.Fatal("unknown scenario restored")
	}
}

// hostileScript is the link script: a route that expires in 63
// years keeps the GC timer re-arming every 30 s for ever.
const hostileScript = "ip -6 route add 2001:db8:9::/64 dev eth0 expires 2000000000\n"

// TestRestoreRefusesOutOfRangeLinks: a link that share.Link.Check refuses
// runs nothing and leaves its error for the page's banner.
func TestRestoreRefusesOutOfRangeLinks(t *testing.T) {
	for _, c := range []struct {
		l    share.Link
		want string
	}{
		{share.Link{Script: hostileScript, Line: 1, Jiffies: 9e18}, "clock 9000000000000000000 jiffies is out of range"},
		{share.Link{Script: hostileScript, Speed: math.NaN()}, "speed NaN is out of range"},
		{share.Link{Script: hostileScript, Line: 1, Typed: []share.Typed{{Line: 2, Jiffies: netns.InitialJiffies, Text: "ip -6 route"}}},
			"typed command 1: after script line 2, out of order (0 to 1)"},
	} {
		o := DefaultOptions()
		o.Nanotime = fakeClock()
		s := NewSim(o)
		err := s.Restore(c.l)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%+v: Restore = %v, want %q", c.l, err, c.want)
		}
		if s.Err != "link: "+fmt.Sprint(err) {
			t.Errorf("%+v: Err = %q, want the link error for the banner", c.l, s.Err)
		}
		if s.teach.next != 0 {
			t.Errorf("%+v: ran %d script lines of a refused link", c.l, s.teach.next)
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
	if err := s.Restore(share.Link{Script: hostileScript, Line: 1, Jiffies: j}); err != nil {
		t.Fatal(err)
	}
	if s.Jiffies() != j {
		t.Fatalf("clock at %d, want %d", s.Jiffies(), j)
	}
	if p := s.Lanes[0].NS.GC.Passes; p < 3_000_000 {
		t.Fatalf("%d GC passes counted over 10^8 s with a 30 s timer", p)
	}
}

// TestLinkClockKeepsTheLanesTogether reopens a script link 100,000 s on
// (over 3,000 GC timer firings) whose trie-walk passes take more than a
// frame's slice, so that the left lane's clock stops at each while the
// right lane's goes on. Both lanes count the same passes and stop at the
// link's clock: each clock move takes both lanes to the same time (a
// move relative to the left lane's clock had taken the right lane past
// it every time: 649 passes against 170,570 after 20,000 s, the clock
// 4,288 jiffies past).
func TestLinkClockKeepsTheLanesTogether(t *testing.T) {
	var b strings.Builder
	b.WriteString(hostileScript)
	for i := range 3000 {
		fmt.Fprintf(&b, "ip -6 route add 3fff:1:%x::/64 dev eth0\n", i)
	}
	o := DefaultOptions()
	o.Nanotime = fakeClock()
	s := NewSim(o)
	j := int64(netns.InitialJiffies) + 100_000*s.Lanes[0].NS.HZ
	sh := share.Link{Script: b.String(), Line: 3001, Jiffies: j, Paused: true}
	if err := s.Restore(sh); err != nil {
		t.Fatal(err)
	}
	untilReplayed(t, s)
	l, r := s.Lanes[0].NS, s.Lanes[1].NS
	if l.Now() != j || r.Now() != j || l.GC.Passes != r.GC.Passes || l.GC.Passes < 3000 {
		t.Fatalf("clocks %d and %d, want %d; GC passes %d and %d, want over 3,000 each", l.Now(), r.Now(), j, l.GC.Passes, r.GC.Passes)
	}
	// cancelled as soon as one lane reached the link's clock, the lanes
	// stand at the same time (the left lane's passes, cut into frames, had
	// held its clock hours behind the right one's)
	o.Nanotime = func() func() int64 {
		var ns int64
		return func() int64 { ns += 2e6; return ns }
	}()
	c := NewSim(o)
	if err := c.Restore(sh); err != nil {
		t.Fatal(err)
	}
	for i := 0; c.replaying() && c.Lanes[1].NS.Now() < j; i++ {
		if i > 10_000 {
			t.Fatalf("the replay did not end: line %d, %d passes", c.teach.next, c.Lanes[0].NS.GC.Passes)
		}
		c.Frame(frame)
	}
	c.Cancel()
	l, r = c.Lanes[0].NS, c.Lanes[1].NS
	if l.Now() != r.Now() || l.GC.Passes != r.GC.Passes {
		t.Fatalf("cancelled: clocks %d and %d, GC passes %d and %d; want them alike", l.Now(), r.Now(), l.GC.Passes, r.GC.Passes)
	}
}

// TestLinkCameraWaitsForTheReplay: a link's camera is placed once its
// replay is done, over the trie the link shows; placed over the first
// frames' trie, still empty, it was clamped to that trie's width.
func TestLinkCameraWaitsForTheReplay(t *testing.T) {
	var b strings.Builder
	for i := range 1500 {
		fmt.Fprintf(&b, "ip -6 route add 3fff:1:%x::/64 dev eth0\n", i)
	}
	o := DefaultOptions()
	o.Nanotime = func() func() int64 {
		var ns int64
		return func() int64 { ns += 5e6; return ns }
	}()
	s := NewSim(o)
	if err := s.Restore(share.Link{Script: b.String(), Line: 1500, Paused: true, Cam: [4]float64{1000, 0, 8, 1}}); err != nil {
		t.Fatal(err)
	}
	v := s.TheView()
	for s.replaying() {
		v.Cam.SetViewport(float64(s.Lanes[0].Layout.Slots), 1280, 400)
		s.ApplyPendingCamera()
		if v.pending == [4]float64{} {
			t.Fatalf("the camera was placed at line %d of the replay", s.teach.next)
		}
		s.Frame(frame)
	}
	v.Cam.SetViewport(float64(s.Lanes[0].Layout.Slots), 1280, 400)
	s.ApplyPendingCamera()
	if v.pending != [4]float64{} || v.Cam.X0 != 1000 {
		t.Fatalf("camera at x0 %g (pending %v), want 1000 (trie %d slots wide)", v.Cam.X0, v.pending, s.Lanes[0].Layout.Slots)
	}
}

// TestLinkDropsQueuedLines: console lines still queued when a link is
// restored were typed for the page it replaces: they are dropped with a
// note, not run on the link's page.
func TestLinkDropsQueuedLines(t *testing.T) {
	s := runScenario(t, "selftest")
	sh, err := share.Decode(s.Share().Encode())
	if err != nil {
		t.Fatal(err)
	}
	o := DefaultOptions()
	o.Nanotime = fakeClock()
	r := NewSim(o)
	r.Submit("ip -6 route add 2001:db8:66::/64 dev eth0\nip -6 route add 2001:db8:67::/64 dev eth0")
	if err := r.Restore(sh); err != nil {
		t.Fatal(err)
	}
	untilReady(t, r)
	untilReplayed(t, r)
	if r.Console.Queued() != 0 || !slices.ContainsFunc(r.Console.Lines(0), func(l ConsoleLine) bool {
		return l.Text == "fib6lab: a link was opened; 2 queued lines dropped"
	}) {
		t.Fatalf("%d lines queued after the link was opened, or no note", r.Console.Queued())
	}
	sameAsShared(t, s, r, sh)
}

// TestLinkOfManyTypedCommandsBetweenPasses: a link whose typed commands
// came at 2,100 different times with no GC pass between them restores;
// only clock moves with passes count toward maxLinkPasses (every move
// did, and the link was refused).
func TestLinkOfManyTypedCommandsBetweenPasses(t *testing.T) {
	typed := make([]share.Typed, 2100)
	for i := range typed {
		typed[i] = share.Typed{Line: 1, Jiffies: int64(netns.InitialJiffies) + 10*int64(i+1), Text: "true"}
	}
	o := DefaultOptions()
	o.Nanotime = fakeClock()
	s := NewSim(o)
	sh := share.Link{Script: "true\n", Line: 1, Typed: typed, Jiffies: typed[len(typed)-1].Jiffies, Paused: true}
	if err := s.Restore(sh); err != nil {
		t.Fatal(err)
	}
	untilReplayed(t, s)
	if s.Jiffies() != sh.Jiffies || len(s.Share().Typed) != len(typed) {
		t.Fatalf("clock %d, want %d; %d typed commands, want %d", s.Jiffies(), sh.Jiffies, len(s.Share().Typed), len(typed))
	}
}

// TestDemoLinkOnAScriptRestartsTheDemo: a link to the full-table demo
// (no scenario, no script) restored on a page showing a script replays
// on the demo, not on the script's table.
func TestDemoLinkOnAScriptRestartsTheDemo(t *testing.T) {
	ps := full(t)[:2000]
	s := loadedSim(t, ps, 5)
	typeLines(t, s, "ip -6 route add 2001:db8:77::/64 dev eth0")
	s.Pause()
	r := loadedSim(t, ps, 5)
	r.RunScript("ip -6 route add 2001:db8:1::/64 dev eth0\n")
	for range 20 {
		r.Frame(frame)
	}
	if r.teach.scenario != ScriptName {
		t.Fatalf("the page shows %q, want the script", r.teach.scenario)
	}
	reopen(t, s, r)
	if r.teach.scenario != "" || r.Lanes[0].Routes() != s.Lanes[0].Routes() {
		t.Fatalf("restored on %q with %d routes, want the demo's %d", r.teach.scenario, r.Lanes[0].Routes(), s.Lanes[0].Routes())
	}
}

// FuzzRestore: a link that decodes restores without a panic, and one
// restored without error stands at its clock.
func FuzzRestore(f *testing.F) {
	f.Add(share.Link{Scenario: "selftest", Pos: [2]int64{12, 7}, Line: 9, Jiffies: 4294969309, Speed: 0.0625, Pseudo: true}.Encode())
	f.Add(share.Link{Script: hostileScript, Line: 1, Jiffies: 9e18, Speed: 4096, Cam: [4]float64{1, 2, 3, 4}}.Encode())
	f.Add(share.Link{Scenario: "exercise-lookup", Line: 3, Paused: true, Typed: []share.Typed{{Line: 1, Jiffies: 4294967296, Text: "ip -6 route get 2001:db8::1"}}}.Encode())
	f.Fuzz(func(t *testing.T, frag string) {
		sh, err := share.Decode(frag)
		if err != nil {
			return
		}
		o := DefaultOptions()
		o.Nanotime = fakeClock()
		s := NewSim(o)
		err = s.Restore(sh)
		for i := 0; err == nil && s.replaying() && i < 1000; i++ {
			s.Frame(frame)
			if s.Err != "" {
				err = errors.New(s.Err)
			}
		}
		if err == nil && sh.Jiffies != 0 && s.teach.scenario != "" && s.Jiffies() < sh.Jiffies {
			t.Fatalf("%q: restored without error at clock %d, want %d", frag, s.Jiffies(), sh.Jiffies)
		}
	})
}

// TestLinkOfManyCommandsLaysOutTheLastOnes reopens a link of the full
// table's demo with 20 route adds, each typed once the last one was
// shown: the player keeps the layouts of about 13 such commands, so the
// replay lays out only the last ones (lazy layouts) and must still show
// what the page showed, at its position and a step back.
func TestLinkOfManyCommandsLaysOutTheLastOnes(t *testing.T) {
	s := loadedSim(t, full(t), 0)
	for i := range 20 {
		typeLines(t, s, fmt.Sprintf("ip -6 route add 2001:db8:%x::/48 dev eth0", i+1))
		s.play(s.Pending())
		s.refresh()
	}
	s.Pause()
	if n := s.keptLayouts(); n >= 20 {
		t.Fatalf("the player keeps %d layouts of the full table", n)
	}
	sh := s.Share()
	if len(sh.Typed) != 20 || sh.Typed[19].Behind {
		t.Fatalf("link: typed %+v", sh.Typed)
	}
	r := loadedSim(t, full(t), 0)
	reopen(t, s, r)
	if r.Lanes[0].hist.base == 0 || r.Lanes[0].hist.base < s.Lanes[0].hist.base {
		t.Errorf("the replay kept history from %d, the page from %d", r.Lanes[0].hist.base, s.Lanes[0].hist.base)
	}
	for range 30 {
		s.StepBack()
	}
	reopen(t, s, loadedSim(t, full(t), 0))
}

// TestLongLinkReplaysOverFrames reopens a link on a page whose clock lets
// a frame's ReplayBudget replay a few of its steps only: Restore returns
// with the page paused and busy with the replay, which refuses console
// commands and steps as it does for a running command and shares the
// link it replays, and the frames
// carry it on to what the link shows. A cancel stops it where it got to,
// paused, with a note, its script cut there and the console's queued
// lines dropped, and the page takes commands again.
func TestLongLinkReplaysOverFrames(t *testing.T) {
	s := runScenario(t, "selftest")
	for range 40 {
		s.StepBack()
	}
	sh, err := share.Decode(s.Share().Encode())
	if err != nil {
		t.Fatal(err)
	}
	o := DefaultOptions()
	o.Nanotime = func() func() int64 { // 5 ms a call: a few steps a frame
		var ns int64
		return func() int64 { ns += 5e6; return ns }
	}()
	r := NewSim(o)
	if err := r.Restore(sh); err != nil {
		t.Fatal(err)
	}
	b, busy := r.Busy()
	if !busy || r.Playing || b.Done >= b.Total || b.Total != int64(sh.Line) || !strings.HasPrefix(b.Text, "replaying the link: ") {
		t.Fatalf("after Restore: busy %v %+v, playing %v; want the replay under way, paused", busy, b, r.Playing)
	}
	if !reflect.DeepEqual(r.Share(), sh) {
		t.Fatalf("a link shared during the replay: %+v, want the one replaying", r.Share())
	}
	if res := r.Exec("ip -6 route show"); res.Status != 1 || !strings.Contains(res.Output, "busy: replaying the link: ") {
		t.Fatalf("a command during the replay: %+v", res)
	}
	if r.Step(); r.StepMessage() != "busy: "+b.Text {
		t.Fatalf("a step during the replay: %q", r.StepMessage())
	}
	// a link refused meanwhile, and its error, leave the replay going on;
	// expiring routes asked for wait for its end, as for a command
	if err := r.Restore(share.Link{Pos: [2]int64{-1, 0}}); err == nil || !r.replaying() {
		t.Fatalf("a bad link during the replay: %v, replaying %v", err, r.replaying())
	}
	if r.Frame(frame); !r.replaying() || !strings.HasPrefix(r.Err, "link: player position") {
		t.Fatalf("a frame after a bad link: replaying %v, error %q", r.replaying(), r.Err)
	}
	r.Err = ""
	if r.AddExpiring(5, 128, 60); r.ExpiringPending() != 5 {
		t.Fatalf("expiring routes asked for during the replay: %d pending, want 5", r.ExpiringPending())
	}
	r.expiring = expiringQueue{}
	if n := 1 + untilReplayed(t, r); n < 2 { // the frame after the bad link, and more
		t.Fatalf("the replay took %d frames, want it cut over several", n)
	}
	sameAsShared(t, s, r, sh)

	c := NewSim(o)
	if err := c.Restore(sh); err != nil || !c.replaying() {
		t.Fatalf("restore: %v, replaying %v", err, c.replaying())
	}
	c.Frame(frame)
	c.Submit("ip -6 route add 2001:db8:5::/64 dev eth0\nip -6 route show")
	b, _ = c.Busy()
	if !c.Cancel() || c.replaying() || c.Playing || c.Lanes[0].lazy || c.Lanes[1].lazy {
		t.Fatalf("after a cancel: replaying %v, playing %v, lazy %v %v", c.replaying(), c.Playing, c.Lanes[0].lazy, c.Lanes[1].lazy)
	}
	want := []string{fmt.Sprintf("fib6lab: link replay stopped after %s of %s commands", Commas(int(b.Done)), Commas(int(b.Total))),
		"fib6lab: cancelled; 2 queued lines dropped"}
	if lines := c.Console.Lines(0); lines[len(lines)-2].Text != want[0] || lines[len(lines)-1].Text != want[1] || c.Console.Queued() != 0 {
		t.Fatalf("the console ends with %q, %q, want %q", lines[len(lines)-2].Text, lines[len(lines)-1].Text, want)
	}
	if c.scriptBusy() || c.Share().Line != c.teach.next || c.teach.next != int(b.Done) {
		t.Fatalf("after a cancel: script busy %v, a link to the page runs %d lines, %d ran", c.scriptBusy(), c.Share().Line, c.teach.next)
	}
	// a link to the page shows it as it stopped: the scenario goes on as
	// a script of the lines it ran
	if sh := c.Share(); sh.Scenario != "" || len(c.teach.lines) != c.teach.next || sh.Script != strings.Join(c.teach.lines, "\n")+"\n" {
		t.Fatalf("a link to the cancelled page: scenario %q, %d of %d lines", sh.Scenario, c.teach.next, len(c.teach.lines))
	}
	reopen(t, c, NewSim(o))
	if res := c.Exec("ip -6 route show table main"); res.Status != 0 {
		t.Fatalf("a command after the cancel: %+v", res)
	}
}
