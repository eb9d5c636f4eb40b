package app

import (
	"fmt"
	"strings"

	"fib6lab/engine/iproute2"
)

// Console and script commands run as jobs cut into slices that the frame
// loop grants, so that no command blocks a frame for long: a long command
// (gen routes 100000, a raw flood on kernel 6.1, a sleep across many GC
// passes) shows its progress and can be cancelled (Esc, the Cancel
// button, fib6lab.cancel()).
//
// Each lane's shell runs the command in a goroutine of its own. The
// engine calls netns.Yield every ~1024 units of work; there the lane's
// goroutine hands control back and waits for its next turn. The frame
// loop gives the two lanes turns one after the other (lock-step, so that
// a cancel cuts both at the same point) until the frame's slot is spent.
// Only one goroutine runs at any time and every hand-off is a channel
// operation, so the engine is never touched concurrently: the frame loop
// touches it only while both lanes wait.

// Per-frame limits of command work.
const (
	// MaxLinesPerFrame bounds the console or script lines that one frame
	// runs (lines that queue no events would otherwise run without end).
	MaxLinesPerFrame = 500
	// MaxTurnsPerFrame bounds the turns (each lane's run to its next
	// Yield, about 1024 units of work) that one frame grants a job.
	MaxTurnsPerFrame = 64
	// BulkBudget is the wall time (ns) a frame grants a bulk command, one
	// that runs untraced in every lane (Lane.bulk: gen routes 100000, the
	// page's fill to 1,000,000 routes): nothing animates meanwhile, so
	// the frame gives it more than ConsoleBudget and the page draws about
	// 20 frames a second, its progress line and Esc served at each.
	BulkBudget = 40_000_000
	// ReplayBudget is the wall time (ns) a frame grants a link's replay
	// (Sim.continueReplay): the page shows only its progress meanwhile,
	// so the frame gives it more than BulkBudget. A 24,000-line script
	// link replays in about as long as it took in one blocking call,
	// 6.4 s, at 5 or 6 frames a second, Esc served at each.
	ReplayBudget = 100_000_000
)

// turn is what a lane's goroutine reports when it hands control back: its
// progress at a Yield, or its end.
type turn struct {
	done, total int64 // work units done and to do (0: unknown)
	end         bool
	status      int
	panicked    any // a panic of the engine, raised again by step
}

// laneJob is one lane's run of a job's command.
type laneJob struct {
	lane   *Lane
	out    *capWriter
	resume chan bool // the answer to the lane's pending Yield: go on, or stop
	report chan turn
	last   turn // what the lane reported last
}

// job is a command running in both lanes, or in one (a line prefixed
// `left:` or `right:`, laneTarget).
type job struct {
	line      string
	name      string    // what the progress calls it (commandName)
	script    bool      // a line of the running script, not of the console
	lanes     []laneJob // the lanes it runs in, left first
	cancelled bool
	cut       int64 // with cancelled: a lane stops at its first Yield at or past this done
	panicked  any
}

// startJob starts the command cmd of console line line in the shells of
// lanes. Nothing runs before the first turn (step).
func startJob(lanes []*Lane, line, cmd string, script bool) *job {
	j := &job{line: line, name: commandName(lanes[0].Shell, cmd), script: script, lanes: make([]laneJob, len(lanes))}
	for i, l := range lanes {
		lj := &j.lanes[i]
		*lj = laneJob{lane: l, out: newCapWriter(MaxOutputLines), resume: make(chan bool), report: make(chan turn)}
		go lj.run(cmd)
	}
	return j
}

// run is a lane's goroutine: it waits for its first turn, runs line in
// the lane's shell with the namespace's Yield handing control back at
// every call, and reports its end (or its panic). A command stopped at
// the output cap (capWriter) exits 0, as the last command of a pipe into
// head does.
func (lj *laneJob) run(line string) {
	t := turn{end: true, status: exitInterrupted}
	ns := lj.lane.NS
	// a GC pass the command's clock starts runs whole: cut into frames
	// (netns.GCSlice), it would halt this lane's clock, and not the other's
	// when its pass ends in the first slice, mid-sleep
	slice := ns.GCSlice
	ns.GCSlice = 0
	defer func() {
		t.panicked = recover()
		ns.Yield, ns.GCSlice = nil, slice
		lj.report <- t
	}()
	if !<-lj.resume {
		return // cancelled before it started: nothing ran
	}
	// Work with no Yield set forgets the units counted so far: both lanes
	// count this command's units from zero, so that they yield at the
	// same points (see cancel)
	ns.Work(0, 0, 0)
	ns.Yield = func(done, total int64) bool {
		lj.lane.checkBulk()
		lj.report <- turn{done: done, total: total}
		return <-lj.resume
	}
	runCapped(lj.out, func() { t.status = lj.lane.Shell.Run(line, lj.out) })
	if lj.out.cut {
		t.status, lj.lane.Shell.Status = 0, 0
	}
}

// exitInterrupted is the status of a command cut short by a cancel: 128 +
// SIGINT, as bash reports it.
const exitInterrupted = 130

// step gives each lane still running one turn, in order, and reports
// whether both have ended. A lane's panic cancels the other lane and is
// raised again here once both have ended.
func (j *job) step() bool {
	ended := true
	for i := range j.lanes {
		lj := &j.lanes[i]
		if lj.last.end {
			continue
		}
		lj.resume <- !j.cancelled || lj.last.done < j.cut
		lj.last = <-lj.report
		if p := lj.last.panicked; p != nil && j.panicked == nil {
			j.panicked, j.cancelled = p, true
		}
		ended = ended && lj.last.end
	}
	if ended && j.panicked != nil {
		panic(j.panicked)
	}
	return ended
}

// cancel asks both lanes to stop at their next Yield, or, for a lane
// behind the other, at its first Yield at or past the other's progress:
// the lanes take turns and count the same units, so they stop at the
// same point and the namespaces stay alike. (Work that one lane counts
// and the other does not, a GC pass traced in one, can still cut them
// at different points; the console then says the namespaces diverged.)
func (j *job) cancel() {
	if j.cancelled {
		return
	}
	j.cancelled = true
	for _, lj := range j.lanes {
		if !lj.last.end {
			j.cut = max(j.cut, lj.last.done)
		}
	}
}

// Busy is the progress of the command running, for the page.
type Busy struct {
	Line        string // the command line
	Done, Total int64  // work units the first lane running has done, and in all (0: unknown)
	Cancelled   bool   // a cancel was asked; the command stops at its next Yield
	Script      bool   // a line of the running script, not of the console
	Text        string // e.g. "gen routes: 31,744 of 100,000"
}

// bulk reports whether the job runs untraced in every lane still
// running (Lane.bulk).
func (j *job) bulk() bool {
	for _, lj := range j.lanes {
		if !lj.last.end && !lj.lane.bulk {
			return false
		}
	}
	return true
}

// busy returns the job's progress: that of its first lane still running.
func (j *job) busy() Busy {
	t := j.lanes[len(j.lanes)-1].last
	for _, lj := range j.lanes {
		if !lj.last.end {
			t = lj.last
			break
		}
	}
	b := Busy{Line: j.line, Done: t.done, Total: t.total, Cancelled: j.cancelled, Script: j.script}
	switch {
	case t.total > 0:
		b.Text = j.name + ": " + Commas(int(t.done)) + " of " + Commas(int(t.total))
	case t.done > 0:
		b.Text = j.name + ": " + Commas(int(t.done))
	default:
		b.Text = j.name + ": starting"
	}
	if j.cancelled {
		b.Text += " (cancelling)"
	}
	return b
}

// commandName returns the first two words of line as the shell reads
// them, or the first when the second is an argument: "gen routes",
// "send raw", "sleep"; the line itself, cut at maxNameRunes characters,
// when it is not one simple command (a list, a loop) or is too long to
// read for a name.
func commandName(sh *iproute2.Shell, line string) string {
	if len(line) > maxNameLine {
		return shortName(line)
	}
	f, err := sh.Words(line)
	switch {
	case err != nil || len(f) == 0:
		return shortName(line)
	case len(f) == 1 || f[1] == "" || strings.ContainsAny(f[1][:1], "-0123456789:."):
		return shortName(f[0])
	}
	return shortName(f[0] + " " + f[1])
}

// Bounds of a command's name (commandName): the line length read for it,
// and the characters kept of a line that is not one simple command.
const (
	maxNameLine  = 4096
	maxNameRunes = 48
)

// shortName returns line cut at maxNameRunes characters, "…" marking the cut.
func shortName(line string) string {
	n := 0
	for i := range line {
		if n == maxNameRunes {
			return line[:i] + "…"
		}
		n++
	}
	return line
}

// Busy returns the progress of the command running, or of a link's
// replay, and false when none runs.
func (s *Sim) Busy() (Busy, bool) {
	if s.replaying() {
		return s.replayBusy(), true
	}
	if s.job == nil {
		return Busy{}, false
	}
	return s.job.busy(), true
}

// stepJob gives the running job one turn; when it ends, its result is
// shown and returned. It reports whether the job ended. An engine panic
// ends it with a warning and the page's error.
func (s *Sim) stepJob() (r Result, ended bool) {
	defer func() {
		if p := recover(); p != nil {
			s.Err = fmt.Sprint("engine panic in console command: ", p)
			r, ended = Result{Output: "fib6lab: " + s.Err + "\n", Status: 1, Mismatch: true}, true
			if s.job == nil {
				s.Console.write(LineWarning, r.Output)
				return
			}
			s.endCommand(&r)
		}
	}()
	if !s.job.step() {
		return Result{}, false
	}
	return s.endCommand(nil), true
}

// continueJob gives the running job turns while the frame's slot lasts
// and reports whether it ended.
func (s *Sim) continueJob() bool {
	for range MaxTurnsPerFrame {
		if _, ended := s.stepJob(); ended {
			// the lines after it have the frame's ConsoleBudget only
			s.slot.end = min(s.slot.end, s.slot.start+ConsoleBudget)
			return true
		}
		if s.job.bulk() {
			s.slot.end = max(s.slot.end, s.slot.start+BulkBudget)
		}
		if s.slot.spent(s.opts.Nanotime()) {
			break
		}
	}
	return false
}

// Cancel stops the command running at its next Yield (it prints
// `fib6lab: interrupted after ...` and exits 130 in both namespaces) and
// drops the console lines queued after it, as Ctrl-C flushes what was
// typed ahead; a script running stops there, its lines cut there. A
// link's replay stops where it got to, paused, and so does its script.
// It reports whether there was anything to cancel.
func (s *Sim) Cancel() bool {
	c := &s.Console
	replay := s.replaying()
	found := s.job != nil || len(c.queue) > 0 || replay
	script := replay || s.job != nil && s.job.script
	if replay {
		s.cancelReplay()
	}
	s.stopJob()
	c.dropQueued("cancelled")
	if script && s.scriptBusy() {
		t := &s.teach
		if !replay { // its note said where it stopped
			c.write(LineNote, fmt.Sprintf("fib6lab: %s stopped at line %d of %d", scenarioLabel(t.scenario), t.next, len(t.lines)))
		}
		// a link to the page runs as many lines, and stops there too: a
		// scenario cut goes on as a script of the lines it ran
		t.lines = t.lines[:t.next]
		if t.scenario != RecordName {
			t.scenario, t.source = ScriptName, strings.Join(t.lines, "\n")+"\n"
		}
		s.endBatch()
	}
	return found
}

// stopJob cancels the command running, if any, and runs it to its end
// (the next Yield returns false, so that comes at once).
func (s *Sim) stopJob() {
	if s.job == nil {
		return
	}
	s.job.cancel()
	for s.job != nil {
		s.stepJob()
	}
}

// dropJob cancels the command running, if any, and lets it end without
// showing its result: the namespaces it ran in are being replaced (a
// scenario or script loaded), so a cut that left them different means
// nothing. A note says it was interrupted.
func (s *Sim) dropJob() {
	j := s.job
	if j == nil {
		return
	}
	s.job = nil
	j.cancel()
	func() {
		defer func() { _ = recover() }() // a lane's panic: those namespaces go anyway
		for !j.step() {
		}
	}()
	s.Console.write(LineNote, fmt.Sprintf("fib6lab: %s interrupted: the namespaces were replaced", j.name))
}

// slot is what one frame may still spend on commands: wall time from
// start until end (Nanotime; a bulk command moves end on, BulkBudget)
// and a number of lines.
type slot struct {
	start, end int64
	lines      int
}

// spent reports whether the slot is used up at wall time now.
func (sl *slot) spent(now int64) bool { return sl.lines <= 0 || now >= sl.end }

// newSlot starts the frame's slot: ConsoleBudget of wall time and
// MaxLinesPerFrame lines.
func (s *Sim) newSlot() {
	now := s.opts.Nanotime()
	s.slot = slot{start: now, end: now + ConsoleBudget, lines: MaxLinesPerFrame}
}

// consoleRunning returns 1 while a console line runs over frames, else 0.
func (s *Sim) consoleRunning() int {
	if s.job != nil && !s.job.script {
		return 1
	}
	return 0
}
