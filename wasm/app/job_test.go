package app

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"fib6lab/engine/iproute2"
	"fib6lab/engine/netns"
)

// genLine adds n /128 routes from 2001:db8:N::.
func genLine(n, net int) string {
	return fmt.Sprintf("gen routes %d 2001:db8:%x::/128 dev eth0", n, net)
}

// frameUntilIdle plays frames until no command runs and none is queued,
// and returns how many.
func frameUntilIdle(t testing.TB, s *Sim) int {
	t.Helper()
	f := 0
	for ; s.job != nil || s.Console.Queued() > 0; f++ {
		if f > 10000 {
			t.Fatalf("still busy after %d frames: %+v", f, s.State())
		}
		s.Frame(frame)
	}
	return f
}

func TestGenRunsOverFramesWithProgress(t *testing.T) {
	s := loadedSim(t, full(t)[:1000], 0)
	s.Submit(genLine(100000, 1))
	s.Frame(frame)
	b, ok := s.Busy()
	if !ok {
		t.Fatal("gen routes 100000 ended within one frame")
	}
	// the fake clock barely moves: the frame grants MaxTurnsPerFrame turns
	// of netns.YieldEvery routes each
	if per := int64(MaxTurnsPerFrame * netns.YieldEvery); b.Total != 100000 || b.Done < per-netns.YieldEvery || b.Done > per+netns.YieldEvery {
		t.Fatalf("after one frame: %+v, want about %d of 100000 done", b, per)
	}
	if !strings.HasPrefix(b.Text, "gen routes: ") || !strings.HasSuffix(b.Text, " of 100,000") {
		t.Fatalf("progress text %q", b.Text)
	}
	if st := s.State(); st.Busy == nil || st.Queued != 1 {
		t.Fatalf("state while busy: busy %v, queued %d", st.Busy, st.Queued)
	}
	if r := s.Exec("ip -6 route show"); r.Status != 1 || !strings.HasPrefix(r.Output, "fib6lab: busy: gen routes: ") {
		t.Fatalf("exec while busy: %+v", r)
	}
	frames := frameUntilIdle(t, s)
	if frames != 1 {
		t.Fatalf("the rest took %d frames, want 1", frames)
	}
	for _, l := range s.Lanes {
		if got := l.Routes(); got != 1000+s.KernelRoutes+100000 {
			t.Fatalf("%s: %d routes", l.ID, got)
		}
	}
	if s.Console.Mismatches != 0 {
		t.Fatal("the lanes diverged")
	}
}

func TestCancelStopsBothLanesAlike(t *testing.T) {
	s := loadedSim(t, full(t)[:1000], 10)
	// a GC pass first: the trie walk counts many more units of work than
	// the list walk, which must not shift where the lanes yield later
	for f := 0; s.Lanes[0].NS.GC.Passes == 0 || s.Pending() > 0; f++ {
		if f > 2000 {
			t.Fatal("no GC pass")
		}
		s.Frame(frame)
	}
	s.Submit(genLine(100000, 1) + "\n" + genLine(100000, 2) + "\necho after\n")
	s.Frame(frame)
	b, _ := s.Busy()
	if !s.Cancel() || s.job != nil || s.Console.Queued() != 0 {
		t.Fatalf("cancel left job %v, %d queued", s.job, s.Console.Queued())
	}
	added := s.Lanes[0].Routes() - 1000 - s.KernelRoutes
	if int64(added) != b.Done || added >= 100000 || s.Lanes[1].Routes() != s.Lanes[0].Routes() || s.Console.Mismatches != 0 {
		t.Fatalf("cancelled at %d: %d and %d routes, %d mismatches", b.Done, s.Lanes[0].Routes(), s.Lanes[1].Routes(), s.Console.Mismatches)
	}
	var got []string
	for _, l := range s.Console.Lines(0) {
		if l.Kind != LineInput {
			got = append(got, l.Kind.String()+": "+l.Text)
		}
	}
	want := []string{
		fmt.Sprintf("error: fib6lab: interrupted after %s of 100,000 routes", Commas(added)),
		"note: fib6lab: gen routes traced more than 131,072 events: not animated (the trie shows its result)",
		"note: fib6lab: cancelled; 2 queued lines dropped",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("console:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if s.Lanes[0].Shell.Status != 130 {
		t.Fatalf("$? = %d after the cancel, want 130", s.Lanes[0].Shell.Status)
	}
	exec(t, s, "ip -6 route show 2001:db8:1::/128", 0, "2001:db8:1:: dev eth0 metric 1024 pref medium\n")
	if s.Cancel() {
		t.Fatal("a second cancel found something to cancel")
	}
}

func TestBulkCommandIsASummary(t *testing.T) {
	s := loadedSim(t, full(t)[:1000], 0)
	settle(t, s)
	before := [2]int64{s.Lanes[0].queued, s.Lanes[1].queued}
	s.Submit(genLine(100000, 1))
	frameUntilIdle(t, s)
	for i, l := range s.Lanes {
		if got := l.queued - before[i]; got != 0 {
			t.Fatalf("%s: gen routes 100000 queued %d events (%.2f per route), want a summary", l.ID, got, float64(got)/100000)
		}
		if c := cap(l.rec.Events); c > keepRecorder {
			t.Fatalf("%s: recorder keeps room for %d events", l.ID, c)
		}
		if l.NS.FIB.Trace != l.rec {
			t.Fatalf("%s: trace not back on", l.ID)
		}
		if l.Layout.Nodes[0].Routes != int32(l.Routes()) {
			t.Fatalf("%s: layout shows %d routes of %d", l.ID, l.Layout.Nodes[0].Routes, l.Routes())
		}
	}
	want := fmt.Sprintf("fib6lab: gen routes traced more than %s events: not animated (the trie shows its result)", Commas(MaxCommandEvents))
	if ls := s.Console.Lines(0); ls[len(ls)-1].Text != want {
		t.Fatalf("last console line %q, want %q", ls[len(ls)-1].Text, want)
	}
	// a small command after it is animated as before
	s.Exec("ip -6 route add 2001:db8:ffff::/48 dev eth0")
	if s.Pending() == 0 {
		t.Fatal("an add after the bulk command queued nothing")
	}
}

// A dump visits every node (the walk is traced) but shows none: it is
// not bulk work however big the table.
func TestDumpOfABigTableIsNotBulk(t *testing.T) {
	s := loadedSim(t, full(t)[:40000], 0)
	settle(t, s)
	exec(t, s, "ip -6 route show 2001:db8:ffff::/48", 0, "")
	if ls := s.Console.Lines(0); ls[len(ls)-1].Kind != LineInput || s.Pending() != 0 {
		t.Fatalf("a dump of 40,000 routes: last line %+v, %d events queued", ls[len(ls)-1], s.Pending())
	}
	s.Exec("ip -6 route add 2001:db8:ffff::/48 dev eth0")
	if s.Pending() == 0 {
		t.Fatal("an add after the dump queued nothing")
	}
}

func TestConsoleLinesPerFrame(t *testing.T) {
	s := loadedSim(t, full(t)[:100], 0)
	s.Submit(strings.Repeat("echo x\n", MaxQueued/2))
	s.Submit(strings.Repeat("echo x\n", MaxQueued/2+5))
	if q := s.Console.Queued(); q != MaxQueued {
		t.Fatalf("queued %d of pastes of %d lines", q, MaxQueued+5)
	}
	want := "fib6lab: 50,005 lines pasted, 5 not queued: the console queues at most 100,000 lines and 16 MiB, as a script (50,000 lines wait already)"
	if ls := s.Console.Lines(0); ls[len(ls)-1].Text != want {
		t.Fatalf("note %q", ls[len(ls)-1].Text)
	}
	// a paste past the limits is not read to its end
	s.Submit(strings.Repeat("echo x\n", 3_000_000))
	want = "fib6lab: 21,000,000 bytes pasted, none of it queued: the console queues at most 100,000 lines and 16 MiB, as a script (100,000 lines wait already)"
	if ls := s.Console.Lines(0); ls[len(ls)-1].Text != want || s.Console.Queued() != MaxQueued {
		t.Fatalf("note %q, %d queued", ls[len(ls)-1].Text, s.Console.Queued())
	}
	s.Console.queue = s.Console.queue[:MaxQueued-2]
	s.Submit(strings.Repeat("echo x\n", 3_000_000))
	want = "fib6lab: 21,000,000 bytes pasted, the lines after the first 2 not queued: the console queues at most 100,000 lines and 16 MiB, as a script (99,998 lines wait already)"
	if ls := s.Console.Lines(0); ls[len(ls)-1].Text != want || s.Console.Queued() != MaxQueued {
		t.Fatalf("note %q, %d queued", ls[len(ls)-1].Text, s.Console.Queued())
	}
	s.Frame(frame)
	if ran := MaxQueued - s.Console.Queued(); ran != MaxLinesPerFrame {
		t.Fatalf("one frame ran %d lines, want %d", ran, MaxLinesPerFrame)
	}
}

func TestScriptLinesPerFrameAndLimit(t *testing.T) {
	s := loadedSim(t, full(t)[:100], 0)
	s.RunScript(strings.Repeat("echo x\n", iproute2.MaxScriptLines+5))
	if n := len(s.teach.lines); n != iproute2.MaxScriptLines {
		t.Fatalf("script kept %d lines", n)
	}
	want := "fib6lab: script too long: stopped before line 100001 (limits: 100000 lines, 16777216 bytes)"
	if ls := s.Console.Lines(0); ls[len(ls)-1].Text != want {
		t.Fatalf("note %q, want %q", ls[len(ls)-1].Text, want)
	}
	s.Frame(frame)
	if s.teach.next != MaxLinesPerFrame {
		t.Fatalf("one frame ran %d script lines, want %d", s.teach.next, MaxLinesPerFrame)
	}
}

// TestScriptLimitsAsTheCLI checks that the page cuts a script where
// ip6sim -f (iproute2.Shell.RunScript) does: at physical lines, with the
// bytes of the newlines the text has.
func TestScriptLimitsAsTheCLI(t *testing.T) {
	pad := strings.Repeat("#", 1022) + "\n" // 1,023 bytes
	cuts := 0
	for name, text := range map[string]string{
		"a continued line crossing the line limit": strings.Repeat("#\n", iproute2.MaxScriptLines-1) + "echo a \\\nLAST\n",
		"exactly the byte limit, no final newline": strings.Repeat(pad, iproute2.MaxScriptBytes/1023) + strings.Repeat("#", iproute2.MaxScriptBytes%1023-len("\necho LAST")) + "\necho LAST",
		"one byte over, no final newline":          strings.Repeat(pad, iproute2.MaxScriptBytes/1023) + strings.Repeat("#", iproute2.MaxScriptBytes%1023-len("\necho LAST")) + "\necho LAST2",
		"the line limit exactly":                   strings.Repeat("true\n", iproute2.MaxScriptLines),
	} {
		var out strings.Builder
		iproute2.NewShell(netns.New(0)).RunScript(strings.NewReader(text), &out)
		want := ""
		if i := strings.Index(out.String(), "fib6lab: script too long"); i >= 0 {
			want = strings.TrimSuffix(out.String()[i:], "\n")
			cuts++
		}
		all, _ := scriptLines(text)
		_, got := scriptLimit(all, strings.HasSuffix(text, "\n"))
		if got != want {
			t.Errorf("%s: the page says %q, the CLI %q", name, got, want)
		}
	}
	if cuts != 2 {
		t.Errorf("the CLI cut %d of the scripts, want 2", cuts)
	}
}

func TestScriptCommandRunsOverFrames(t *testing.T) {
	s := loadedSim(t, full(t)[:100], 0)
	s.RunScript("# batch\n" + genLine(100000, 1) + "\n# end\nip -6 route add 2001:db8:ffff::/48 dev eth0\n")
	s.Frame(frame)
	if b, ok := s.Busy(); !ok || !b.Script || s.State().Queued != 0 {
		t.Fatalf("the script's gen is not running over frames: %+v", b)
	}
	for f := 0; s.scriptBusy() || s.job != nil; f++ {
		if f > 100 {
			t.Fatalf("script not done: %+v", s.State())
		}
		s.Frame(frame)
	}
	if got := s.Lanes[0].Routes(); got != s.KernelRoutes+100001 {
		t.Fatalf("%d routes after the script", got)
	}
	if s.teach.batch || s.Lanes[0].NS.FIB.Trace == nil || s.Pending() == 0 {
		t.Fatal("trace not back on after the batch, or the add after it not queued")
	}
}

func TestCancelStopsTheScript(t *testing.T) {
	s := loadedSim(t, full(t)[:100], 0)
	s.RunScript(genLine(100000, 1) + "\necho not reached\n")
	s.Frame(frame)
	s.Cancel()
	if s.scriptBusy() || s.job != nil {
		t.Fatal("script still running after a cancel")
	}
	if ls := s.Console.Lines(0); ls[len(ls)-1].Text != "fib6lab: your script stopped at line 1 of 2" {
		t.Fatalf("last line %q", ls[len(ls)-1].Text)
	}
	// a link to the page runs the script as far and stops there (it said
	// it ran all, and then the rest)
	if sh := s.Share(); sh.Line != 1 || sh.Script != genLine(100000, 1)+"\n" {
		t.Fatalf("a link to the page runs %d lines of the script %q, want 1 of the first line", sh.Line, sh.Script)
	}
}

func TestSetSpeedRefusesBadValues(t *testing.T) {
	s := loadedSim(t, full(t)[:10], 0)
	for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, -1, 1.0 / 32, 5000} {
		if err := s.SetSpeed(v); err == nil || s.Speed != DefaultOptions().Speed {
			t.Fatalf("SetSpeed(%v): err %v, speed %v", v, err, s.Speed)
		}
	}
	for _, v := range []float64{math.NaN(), math.Inf(1), 0, 0.5, 101} {
		if err := s.SetTimeRate(v); err == nil || s.TimeRate != DefaultOptions().TimeRate {
			t.Fatalf("SetTimeRate(%v): err %v, rate %v", v, err, s.TimeRate)
		}
	}
	if err := s.SetSpeed(64); err != nil || s.Speed != 64 {
		t.Fatalf("SetSpeed(64): %v, %v", err, s.Speed)
	}
	if err := s.SetSpeed(math.NaN()); err == nil || err.Error() != "speed NaN is out of range: 0.0625 to 4096 events per frame" {
		t.Fatalf("error %v", err)
	}
}

// A raw flood on 6.1 over the full table forces a GC pass for every
// refused dst_alloc. Once it runs untraced (a bulk command) the engine
// counts the passes that change nothing without running them, so it runs
// over a few frames like any other command, however it is quoted.
func TestRawFloodBefore63RunsOverFrames(t *testing.T) {
	if testing.Short() {
		t.Skip("full table")
	}
	s := loadedSim(t, full(t), 0)
	exec(t, s, "kernel 6.1", 0, "")
	var out [2]string
	for i, line := range []string{"send raw 2001:db8::1000 count 100000 inflight 10000", `'send' r\aw 2001:db8::1000 count 100000 inflight 10000`} {
		passes := s.Lanes[0].NS.GC.Passes
		s.Submit(line)
		s.Frame(frame)
		if b, ok := s.Busy(); !ok || b.Total != 100000 || !strings.HasPrefix(b.Text, "send raw: ") {
			t.Fatalf("%s: not running over frames: %+v", line, b)
		}
		frameUntilIdle(t, s)
		ls := s.Console.Lines(0)
		for j := len(ls) - 1; ls[j].Kind != LineInput; j-- {
			if strings.HasPrefix(ls[j].Text, "raw: ") {
				out[i] = ls[j].Text
			}
		}
		if got := s.Lanes[0].NS.GC.Passes - passes; got < 50000 || s.Console.Mismatches != 0 {
			t.Fatalf("%s: %d GC passes, %d mismatches", line, got, s.Console.Mismatches)
		}
	}
	if out[0] != "raw: 41280 sent, 58720 failed (ENETUNREACH), peak dst entries 4128" || out[1] != out[0] {
		t.Fatalf("flood results %q", out)
	}
}

// A sleep past the GC timer runs the pass whole in both lanes, so both
// clocks sleep the full time (a pass cut into frames would halt the
// trie-walk lane's clock and not the list walk's, whose pass ends at
// once), and the pass is animated.
func TestSleepKeepsTheLanesInStep(t *testing.T) {
	s := loadedSim(t, full(t)[:20000], 10)
	start := s.Jiffies()
	exec(t, s, "sleep 40", 0, "")
	for _, l := range s.Lanes {
		if got := l.NS.Now() - start; got != 40*l.NS.HZ || l.NS.GC.Passes != 1 || l.NS.GCInProgress() {
			t.Fatalf("%s: clock moved %d jiffies, %d passes, in progress %v", l.ID, got, l.NS.GC.Passes, l.NS.GCInProgress())
		}
	}
	if walk := s.Lanes[0]; walk.Pending() < 20000 || walk.bulk {
		t.Fatalf("the trie walk of 20,000 routes queued %d events (bulk %v)", walk.Pending(), walk.bulk)
	}
}

// The frame loop's clock: the trie walk's pass runs over frames and halts
// its lane's clock, the list walk's ends at once; the lanes meet again.
func TestFramesKeepTheLanesInStep(t *testing.T) {
	s := loadedSim(t, full(t)[:20000], 10)
	for f := 0; s.Lanes[0].NS.GC.Passes == 0 || s.gcBusy() || s.Pending() > 0; f++ {
		if f > 2000 {
			t.Fatal("no GC pass")
		}
		s.Frame(frame)
	}
	for range 10 {
		s.Frame(frame)
	}
	if a, b := s.Lanes[0].NS.Now(), s.Lanes[1].NS.Now(); a != b {
		t.Fatalf("clocks %d and %d after the pass", a, b)
	}
}

// TestBulkBudgetEndsWithTheCommand: the lines queued after a bulk
// command, in the frame it ends in, have ConsoleBudget, not BulkBudget.
func TestBulkBudgetEndsWithTheCommand(t *testing.T) {
	s := loadedSim(t, full(t)[:1000], 0)
	var ns int64
	const tick = 200_000 // the clock moves 0.2 ms at each reading
	s.opts.Nanotime = func() int64 { ns += tick; return ns }
	var adds strings.Builder
	for k := range 400 {
		fmt.Fprintf(&adds, "ip -6 route add 2001:db8:%x::/48 dev eth0\n", 0x1000+k)
	}
	s.Submit(genLine(100000, 1) + "\n" + adds.String())
	for s.job == nil || s.job.line != genLine(100000, 1) || !s.job.bulk() {
		s.Frame(frame)
	}
	for s.job != nil && s.job.line == genLine(100000, 1) {
		s.Frame(frame)
	}
	if got := s.slot.end - s.slot.start; got > ConsoleBudget {
		t.Fatalf("the frame the gen ended in ran the next lines for %d ns, want at most %d", got, int64(ConsoleBudget))
	}
}

func TestBulkCommandGetsBulkBudget(t *testing.T) {
	s := loadedSim(t, full(t)[:1000], 0)
	var ns int64
	const tick = 1_000_000 // the clock moves 1 ms at each reading
	s.opts.Nanotime = func() int64 { ns += tick; return ns }
	s.Submit(genLine(100000, 1))
	s.Frame(frame)
	if !s.Lanes[0].bulk || !s.Lanes[1].bulk {
		t.Fatal("gen routes 100000 still traced after a frame")
	}
	before, _ := s.Busy()
	s.Frame(frame)
	after, _ := s.Busy()
	// each turn reads the clock at least once: a traced command's frame
	// stops after ConsoleBudget/tick turns, a bulk one's after BulkBudget/tick
	turns := (after.Done - before.Done) / netns.YieldEvery
	if turns <= ConsoleBudget/tick || turns > BulkBudget/tick {
		t.Fatalf("a bulk frame ran %d turns (%d -> %d), want more than %d and at most %d",
			turns, before.Done, after.Done, ConsoleBudget/tick, BulkBudget/tick)
	}
}

func TestCommandName(t *testing.T) {
	sh := iproute2.NewShell(netns.New(0))
	long := strings.Repeat("true; ", 200000) + "true"
	for _, c := range []struct{ line, want string }{
		{"gen routes 100 2001:db8::/128 dev eth0", "gen routes"},
		{"sleep 5", "sleep"},
		{"send raw 2001:db8::1 count 10", "send raw"},
		{"true; sleep 1", "true; sleep 1"},
		{"for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do echo $i; done", "for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do…"},
		{long, "true; true; true; true; true; true; true; true; …"},
		{"echo 'été " + strings.Repeat("é", 60) + "'", "echo été " + strings.Repeat("é", 39) + "…"},
	} {
		if got := commandName(sh, c.line); got != c.want {
			t.Errorf("commandName(%.40q) = %q, want %q", c.line, got, c.want)
		}
	}
}
