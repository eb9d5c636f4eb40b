package app

import (
	"fmt"
	"slices"

	"fib6lab/engine/iproute2"
	"fib6lab/wasm/share"
)

// ViewState is what the page shows besides the simulation: the shared camera
// and which panels are on.
type ViewState struct {
	Cam       Camera
	Pseudo    bool // pseudo-code panels
	Timeline  bool // the player's time line
	Presenter bool // large high-contrast text
	Help      bool // the shortcuts overlay
	NoLegend  bool // the legend of the marks is hidden (K); it is shown by default

	pending [4]float64 // camera from a link, applied once the viewport is known
}

// ApplyPendingCamera sets the camera from a restored link once the front
// end has given it a viewport (Camera.SetViewport; call it after that)
// and the link is replayed, so that the camera is placed over the trie
// the link shows rather than clamped to the one replayed so far.
func (s *Sim) ApplyPendingCamera() {
	if !s.replaying() && s.teach.link.pending == nil {
		s.teach.View.ApplyPending()
	}
}

// ApplyPending sets the camera from a restored link once the front end
// has given it a viewport (Camera.SetViewport); call it after that.
func (v *ViewState) ApplyPending() {
	c := &v.Cam
	if v.pending == [4]float64{} || c.fitSX == 0 {
		return
	}
	p := v.pending
	c.X0, c.Y0, c.SX, c.SY = p[0], p[1], c.fitSX*p[2], c.fitSY*p[3]
	c.clamp()
	v.pending = [4]float64{}
}

// ZoomFactors returns the camera's zoom over the fit, across and down (1
// before the first viewport).
func (v *ViewState) ZoomFactors() (float64, float64) {
	c := &v.Cam
	if c.fitSX == 0 || c.fitSY == 0 {
		return 1, 1
	}
	return c.SX / c.fitSX, c.SY / c.fitSY
}

// TheView returns the page's view, which the front end draws from and
// changes.
func (s *Sim) TheView() *ViewState { return &s.teach.View }

// typedLog is what the page keeps for links: the commands typed in the
// console since the scenario, script or demo started (within a link's
// limits, share.Link.Check: bytes counts their records'), and a link waiting
// for the full table to load (restoreDemo).
type typedLog struct {
	typed   []share.Typed
	bytes   int
	full    bool
	pending *share.Link
	replay  *linkReplay // a link's replay that goes on in the next frames
}

// noteTyped records line, typed in the console, as running now.
func (s *Sim) noteTyped(line string) {
	s.logTyped(share.Typed{Line: s.teach.next, Jiffies: s.Jiffies(), Behind: s.Pending() > 0, Text: line})
}

// logTyped appends t to the typed commands links carry. Past a link's
// limits it records nothing more and says so once.
func (s *Sim) logTyped(t share.Typed) {
	g := &s.teach.link
	n := len(t.Record())
	if g.full || len(g.typed) >= iproute2.MaxScriptLines || g.bytes+n > share.MaxScript {
		if !g.full {
			s.Console.write(LineNote, fmt.Sprintf("fib6lab: links to this page carry no more typed commands (at most %s lines, %s KiB); this one and the next are left out",
				Commas(iproute2.MaxScriptLines), Commas(share.MaxScript>>10)))
		}
		g.full = true
		return
	}
	g.typed, g.bytes = append(g.typed, t), g.bytes+n
}

// maxLinkPasses bounds the clock moves with GC passes that a link's
// replay makes to catch up with its clock and its typed commands' (each
// pass may walk the whole trie; passes that change nothing cost little).
const maxLinkPasses = 2000

// Share returns what a link to the page as shown now carries: while a
// link replays, that link with the panels shown now.
func (s *Sim) Share() share.Link {
	v := &s.teach.View
	if s.replaying() {
		sh := s.teach.link.replay.sh
		sh.Pseudo, sh.Timeline, sh.Present, sh.NoLegend = v.Pseudo, v.Timeline, v.Presenter, v.NoLegend
		return sh
	}
	sh := share.Link{Typed: slices.Clone(s.teach.link.typed), Pos: s.Positions(), Line: s.teach.next, Jiffies: s.Jiffies(),
		Paused: !s.Playing, Speed: s.Speed, Pseudo: v.Pseudo, Timeline: v.Timeline, Present: v.Presenter, NoLegend: v.NoLegend}
	switch s.teach.scenario {
	case ScriptName:
		sh.Script = s.teach.source
	case RecordName: // a link carries no machine's table, as for a dump
	default:
		sh.Scenario = s.teach.scenario
	}
	if c := v.Cam; c.fitSX != 0 {
		sh.Cam = [4]float64{c.X0, c.Y0, c.SX / c.fitSX, c.SY / c.fitSY}
	}
	return sh
}

// Restore makes the page show what sh describes: it runs the scenario or
// script again from an empty table (scripts play the same every time),
// runs as many of its lines and the typed commands where they came,
// plays everything, moves the clock to the time, and stands at the
// positions, paused or playing as the link was. A bare link (no lines
// run, no position, no clock, nothing typed) just starts the scenario. A link to
// the full-table demo is replayed once the table is loaded (restoreDemo).
// Console lines still queued are dropped, with a note: they were typed
// for the page the link replaces.
//
// An error (unknown scenario, too much to replay) is also left in Err,
// so the page's banner shows it.
func (s *Sim) Restore(sh share.Link) (err error) {
	defer func() {
		if err != nil {
			s.Err = "link: " + err.Error()
		}
	}()
	if err := sh.Check(s.Lanes[0].NS.HZ, [2]float64{Speeds[0], Speeds[len(Speeds)-1]}); err != nil {
		return err
	}
	s.Console.dropQueued("a link was opened") // they were typed for the page the link replaces
	demo := sh.Scenario == "" && sh.Script == ""
	switch {
	case sh.Scenario != "":
		if err := s.LoadScenario(sh.Scenario); err != nil {
			return err
		}
	case sh.Script != "":
		s.RunScript(sh.Script)
	}
	if sh.Speed > 0 {
		s.SetSpeed(sh.Speed)
	}
	v := &s.teach.View
	v.Pseudo, v.Timeline, v.Presenter, v.NoLegend = sh.Pseudo, sh.Timeline, sh.Present, sh.NoLegend
	v.pending = sh.Cam
	if demo {
		s.restoreDemo(sh)
		return nil
	}
	return s.replay(sh)
}

// restoreDemo keeps sh to replay once the full table is loaded
// (resumeLink): the demo's history starts with the load, so a page that
// has loaded it already, or shows something else (a scenario, a script,
// a dump), starts it again.
func (s *Sim) restoreDemo(sh share.Link) {
	if s.Loaded > 0 || s.teach.scenario != "" {
		s.restart(s.demo)
	}
	s.teach.link.pending = &sh
}

// resumeLink replays the link restoreDemo kept, once the table is in;
// an error goes to Err for the page's banner.
func (s *Sim) resumeLink() {
	sh := s.teach.link.pending
	if sh == nil {
		return
	}
	s.teach.link.pending = nil
	if err := s.replay(*sh); err != nil {
		s.Err = "link: " + err.Error()
	}
}

// replay starts running what sh says ran (catchUp) and, once that is
// done, seeks the positions and pauses or plays; a bare link only sets
// the play state. What ReplayBudget of wall time does not replay goes on
// in the next frames (continueReplay), paused meanwhile, the page busy
// with it (Busy) and able to cancel it (Cancel).
func (s *Sim) replay(sh share.Link) error {
	if sh.Line == 0 && sh.Pos == [2]int64{} && len(sh.Typed) == 0 && sh.Jiffies == 0 {
		s.Playing = !sh.Paused
		return nil
	}
	s.Playing = false
	s.teach.link.replay = &linkReplay{sh: sh, typed: sh.Typed, start: [2]int64{s.Lanes[0].head(), s.Lanes[1].head()}}
	return s.continueReplay(s.opts.Nanotime() + ReplayBudget)
}

// linkReplay is a link's replay under way: the link, the typed commands
// it has not run yet, the clock moves with GC passes it made
// (maxLinkPasses) and the lanes' heads when it began (beforePos).
type linkReplay struct {
	sh     share.Link
	typed  []share.Typed
	passes int
	start  [2]int64
}

// continueReplay replays the link until wall time until (Nanotime), and,
// once it is all replayed, ends the lazy layouts, seeks the link's
// positions and plays or pauses as it says. An error of the replay (an
// engine panic included), not one the page shows for something else,
// ends it.
func (s *Sim) continueReplay(until int64) error {
	r := s.teach.link.replay
	s.teach.link.replay = nil // its own commands are not refused as busy
	done := false
	err := recovered(func() (err error) {
		done, err = s.catchUp(r, until)
		return err
	})
	if err != nil {
		s.setLazy(false)
		s.Playing = false
		return err
	}
	if !done {
		s.teach.link.replay = r
		return nil
	}
	s.setLazy(false)
	s.SeekTo(r.sh.Pos)
	s.Playing = !r.sh.Paused
	return nil
}

// replaying reports whether a link's replay goes on over frames.
func (s *Sim) replaying() bool { return s.teach.link.replay != nil }

// replayBusy is Busy while a link replays: the script lines and typed
// commands it has run of those it carries, then the clock's catching up
// with the link's. It counts as a script's (Busy.Script): the console's
// lines queued meanwhile all wait.
func (s *Sim) replayBusy() Busy {
	r := s.teach.link.replay
	lines := min(r.sh.Line, len(s.teach.lines))
	b := Busy{Line: "link", Total: int64(lines + len(r.sh.Typed)), Script: true}
	b.Done = int64(min(s.teach.next, lines) + len(r.sh.Typed) - len(r.typed))
	b.Text = "replaying the link: " + Commas(int(b.Done)) + " of " + Commas(int(b.Total)) + " commands"
	if ns := s.Lanes[0].NS; b.Done == b.Total && r.sh.Jiffies > ns.Now() {
		boot := ns.Now() - ns.Uptime()
		b.Text = fmt.Sprintf("replaying the link: its clock, %s s of %s", Commas(int(ns.Uptime()/ns.HZ)), Commas(int((r.sh.Jiffies-boot)/ns.HZ)))
	}
	return b
}

// cancelReplay stops a link's replay where it got to, paused, and says
// so in the console.
func (s *Sim) cancelReplay() {
	b := s.replayBusy()
	s.teach.link.replay = nil
	s.setLazy(false)
	s.Playing = false
	s.Console.write(LineNote, fmt.Sprintf("fib6lab: link replay stopped after %s of %s commands", Commas(int(b.Done)), Commas(int(b.Total))))
}

// catchUp runs the first sh.Line lines of the script and the typed
// commands, each typed one after the lines it followed, with the clock
// where it was and before or after the events queued earlier are shown
// (Typed.Behind), playing everything each queues, then moves the clock
// to sh.Jiffies (the engine skips the GC timer's firings that change
// nothing), for the link r replays. It reports whether it got to the end
// before wall time until (it takes at least one step); it refuses to
// make more than maxLinkPasses clock moves with GC passes. Each move
// takes both lanes to the same time, the GC passes it starts run whole
// (netns.GCSlice 0: a pass cut into frames would stop one lane's clock
// at it), so that the lanes stay together wherever the replay stops.
func (s *Sim) catchUp(r *linkReplay, until int64) (bool, error) {
	sh := r.sh
	defer s.wholeGCPasses()()
	for step := 0; step == 0 || s.opts.Nanotime() < until; step++ {
		s.finishGC()
		lines, to := min(sh.Line, len(s.teach.lines)), sh.Jiffies
		s.setLazy(len(r.typed)+lines-s.teach.next > s.keptLayouts() && s.beforePos(sh.Pos, r.start))
		due := len(r.typed) > 0 && s.teach.next >= min(r.typed[0].Line, lines)
		if due {
			to = r.typed[0].Jiffies
		}
		switch {
		case due && s.Jiffies() >= to && (r.typed[0].Behind || s.Pending() == 0):
			s.logTyped(r.typed[0])
			s.Console.History.Add(r.typed[0].Text)
			s.Exec(r.typed[0].Text)
			r.typed = r.typed[1:]
		case s.Pending() > 0:
			s.play(s.Pending())
			s.refresh()
		case !due && s.teach.next < lines:
			s.scriptLine()
		case s.Jiffies() < to:
			if s.advanceTo(s.clockStep(to, r.passes)) {
				if r.passes++; r.passes > maxLinkPasses {
					return false, fmt.Errorf("replaying it would take more than %d clock moves with GC passes", maxLinkPasses)
				}
			}
		default:
			return true, nil
		}
	}
	return false, nil
}

// setLazy starts or ends a replay's lazy layouts. While the link has
// more commands left than the player would keep layouts for
// (keptLayouts), and neither of its positions is reached (beforePos), a
// command's trie is not laid out: its history is dropped once the replay
// comes to the commands it keeps, where each lane lays its trie out
// again, as it is after the last command run. Laying out the full table
// for each of 1,000 typed adds took about a minute in the page.
func (s *Sim) setLazy(on bool) {
	for _, l := range s.Lanes {
		switch {
		case on:
			l.lazy = true
		case l.lazy:
			l.lazy = false
			l.refresh()
			l.checkpoint()
			if k := len(l.hist.checks) - 1; k > 0 {
				l.dropBefore(k)
			}
		}
	}
}

// keptLayouts returns how many layouts of table main as it is now the
// player's history keeps (trimHistory).
func (s *Sim) keptLayouts() int {
	lay := s.Lanes[0].Layout
	if lay == nil {
		return MaxLayouts
	}
	return min(MaxLayouts, MaxLayoutNodes/max(len(lay.Nodes), 1))
}

// beforePos reports whether each lane's position in pos is one its
// replay has not queued the events of yet, or the start of its history
// (at or before start, the heads when the replay began), which a player
// that dropped the history of the first commands has moved with it.
func (s *Sim) beforePos(pos, start [2]int64) bool {
	for i, l := range s.Lanes {
		if l.head() > pos[i] && pos[i] > start[i] {
			return false
		}
	}
	return true
}

// stepTimers is how many clock moves with GC passes of a link's replay
// stop at each timer (clockStep).
const stepTimers = 64

// clockStep returns the time catchUp moves the clock to on its way to
// to, after passes moves with GC passes: for the first stepTimers, the
// next timer only, as the page does (it holds the clock while a pass is
// shown, and lays the trie out again after it, so that a pass is shown
// over the trie it walked); then all the way (the engine skips the
// passes that change nothing).
func (s *Sim) clockStep(to int64, passes int) int64 {
	now := s.Jiffies()
	for _, l := range s.Lanes {
		if at, ok := l.NS.NextTimer(); ok && at > now && at < to && passes <= stepTimers {
			to = at
		}
	}
	return to
}

// wholeGCPasses makes the GC passes the lanes' clocks start run whole
// (netns.GCSlice 0) and returns what gives them their slices back.
func (s *Sim) wholeGCPasses() func() {
	var was [2]int
	for i, l := range s.Lanes {
		was[i], l.NS.GCSlice = l.NS.GCSlice, 0
	}
	return func() {
		for i, l := range s.Lanes {
			l.NS.GCSlice = was[i]
		}
	}
}
