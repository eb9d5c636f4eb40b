package app

import (
	"fmt"
	"strings"

	"fib6lab/engine/iproute2"
)

// SetupScript is what the page runs in both namespaces before loading the
// table: eth0 (with eth1 its veth peer, IPv6 off) up with 2001:db8::1/64,
// so that the bulk-loaded routes via 2001:db8::2 dev eth0 are real ones
// and console commands can use eth0 as scripts do.
var SetupScript = []string{
	"ip link add eth0 address 02:00:00:00:00:01 type veth peer name eth1 address 02:00:00:00:00:02",
	"sysctl -q -w net.ipv6.conf.eth1.disable_ipv6=1",
	"ip link set lo up",
	"ip link set eth0 up",
	"ip link set eth1 up",
	"ip -6 addr add 2001:db8::1/64 dev eth0 nodad",
}

// Console limits: lines kept in the scrollback, lines waiting to run
// (those of a script: iproute2.MaxScriptLines), and the wall time that
// commands may take per frame.
const (
	MaxScrollback = 2000
	MaxQueued     = iproute2.MaxScriptLines
	ConsoleBudget = 8_000_000 // ns per frame
)

// LineKind says how the console shows a line.
type LineKind uint8

// Console line kinds.
const (
	LineInput   LineKind = iota // a command as typed, after the prompt
	LineOutput                  // what a command printed (status 0)
	LineError                   // what a failed command printed (same text, shown red)
	LineNote                    // a note of the page itself (capped output, queue limits)
	LineWarning                 // the two namespaces disagreed, or an internal error
)

// String returns the kind's name as the JS hook reports it.
func (k LineKind) String() string {
	return [...]string{"input", "output", "error", "note", "warning"}[k]
}

// ConsoleLine is one line of the console's scrollback; Seq numbers lines
// from 1 in the order they were written.
type ConsoleLine struct {
	Seq  int
	Kind LineKind
	Text string
}

// Result is what one console command did: its output as iproute2 prints
// it (capped at MaxOutputLines lines) and its exit status. When the two
// lanes printed something else or returned another status, Output holds
// each lane's output under a line naming the lane ("left · 6.1:"),
// Status is the first non-zero one, and Mismatch says whether that shows
// the namespaces diverged: it does not when the lanes model different
// releases, which may print differently (`kernel`, max_size, a flood).
type Result struct {
	Output   string // with Note at its end
	Note     string // the note that the output was cut at MaxOutputLines, or ""
	Status   int
	Mismatch bool
	split    []laneResult // each lane's when they differ, nil when they agree
}

// laneResult is what one lane printed for a command, with the line that
// names the lane.
type laneResult struct {
	head, out, note string
	status          int
}

// Console is the page's command console: every command runs in both
// lanes' namespaces through their iproute2 shells (a line prefixed
// `left:` or `right:` in that lane's only, laneTarget), and what they
// print goes to the scrollback, once when they agree.
type Console struct {
	History    History
	Mismatches int // commands whose two runs differed

	lines []ConsoleLine
	seq   int
	queue []string
	keys  []KeyHelp // the page's keys, for help (SetKeys)
}

// write appends text, split into lines, to the scrollback.
func (c *Console) write(kind LineKind, text string) {
	text = strings.TrimSuffix(text, "\n")
	for _, ln := range strings.Split(text, "\n") {
		c.seq++
		c.lines = append(c.lines, ConsoleLine{Seq: c.seq, Kind: kind, Text: Printable(ln)})
	}
	if over := len(c.lines) - MaxScrollback; over > 0 {
		c.lines = append(c.lines[:0], c.lines[over:]...)
	}
}

// Lines returns the scrollback lines numbered after since.
func (c *Console) Lines(since int) []ConsoleLine {
	for i, l := range c.lines {
		if l.Seq > since {
			return c.lines[i:]
		}
	}
	return nil
}

// Queued returns the number of submitted lines not run yet.
func (c *Console) Queued() int { return len(c.queue) }

// dropQueued drops the submitted lines not run yet, if any, with a note
// that says why ("fib6lab: cancelled; 2 queued lines dropped").
func (c *Console) dropQueued(why string) {
	if n := len(c.queue); n > 0 {
		c.queue = nil
		c.write(LineNote, fmt.Sprintf("fib6lab: %s; %s queued lines dropped", why, Commas(n)))
	}
}

// Submit queues text to run over the next frames (the page's Enter and
// paste), one command per logical line (iproute2.LogicalLines: a
// backslash-newline or a newline inside quotes continues the line). The
// queue holds at most MaxQueued lines and MaxScriptBytes bytes, the
// limits of a script; lines past them are not queued, and a note says
// so. The last MaxHistory lines go into the history. The page's help,
// alone and with nothing waiting, answers at once.
func (s *Sim) Submit(text string) {
	c := &s.Console
	lines, more := scriptLines(text)
	room, bytes, endsNL := MaxQueued-len(c.queue), 0, strings.HasSuffix(text, "\n")
	for i := range lines {
		if bytes += lineBytes(lines, i, endsNL); bytes > iproute2.MaxScriptBytes {
			room = min(room, i)
			break
		}
	}
	if len(lines) > room {
		what := fmt.Sprintf("%s lines pasted, %s not queued", Commas(len(lines)), Commas(len(lines)-room))
		switch {
		case more && room == 0: // not read to the end
			what = fmt.Sprintf("%s bytes pasted, none of it queued", Commas(len(text)))
		case more:
			what = fmt.Sprintf("%s bytes pasted, the lines after the first %s not queued", Commas(len(text)), Commas(room))
		}
		c.write(LineNote, fmt.Sprintf("fib6lab: %s: the console queues at most %s lines and %s MiB, as a script (%s lines wait already)",
			what, Commas(MaxQueued), Commas(iproute2.MaxScriptBytes>>20), Commas(len(c.queue))))
		lines = lines[:room]
	}
	for _, ln := range lines[max(len(lines)-MaxHistory, 0):] {
		c.History.Add(ln)
	}
	if len(lines) == 1 && isHelp(lines[0]) && len(c.queue) == 0 && s.job == nil {
		c.help(lines[0]) // at once, even while the table loads
		return
	}
	c.queue = append(c.queue, lines...)
}

// laneTarget splits a console line into the command and the lanes it
// runs in: "left: CMD" runs CMD in the left lane only, "right: CMD" in
// the right one (LaneIDs), any other line in both.
func laneTarget(line string) (cmd string, run [2]bool) {
	trimmed := strings.TrimLeft(line, " \t")
	for i, id := range LaneIDs {
		if rest, ok := strings.CutPrefix(trimmed, id+":"); ok {
			run[i] = true
			return rest, run
		}
	}
	return line, [2]bool{true, true}
}

// scriptLines splits pasted text into command lines as bash reads them
// (iproute2.LogicalLines: a backslash-newline, a quote or an unfinished
// list continues a line), reading no more of it than a script's limits
// let run (iproute2.LogicalLinesUpTo): more reports that text goes on
// past the lines returned, which then exceed a limit. An unfinished quote
// at the end stays the last line, for the shell to refuse; empty text is
// one empty line (Enter on an empty prompt).
func scriptLines(text string) (lines []string, more bool) {
	lines, more, _ = iproute2.LogicalLinesUpTo(text, iproute2.MaxScriptLines, iproute2.MaxScriptBytes)
	if len(lines) == 0 {
		return []string{""}, false
	}
	return lines, more
}

// work runs console lines within the frame's slot: the command running
// goes on, then queued lines start one by one, each a job (job.go) noted
// for links (noteTyped), or the page's help.
func (s *Sim) work() {
	c := &s.Console
	for !s.slot.spent(s.opts.Nanotime()) {
		if s.job != nil {
			if !s.continueJob() {
				return
			}
			continue
		}
		if len(c.queue) == 0 {
			break
		}
		line := c.queue[0]
		c.queue[0] = ""
		c.queue = c.queue[1:]
		if isHelp(line) {
			s.slot.lines--
			c.help(line)
		} else if s.laneCommand(line) {
			s.noteTyped(line)
		} else if _, ok := s.beginCommand(line, false); ok {
			s.noteTyped(line)
		}
	}
	if len(c.queue) == 0 {
		c.queue = nil // let a big paste's storage go
	}
}

// Exec runs one command line now, to its end, in both namespaces (or the
// one its prefix names, laneTarget); it writes it and its Result to the
// scrollback and returns that. The events it causes are queued for playback,
// labelled with the line. An engine panic is recovered into the result
// and the page's error. While a command runs (sliced over frames) it
// runs nothing and says so.
func (s *Sim) Exec(line string) Result {
	if b, ok := s.Busy(); ok {
		return Result{Output: fmt.Sprintf("fib6lab: busy: %s; wait for it or cancel it (Esc)\n", b.Text), Status: 1}
	}
	if s.laneCommand(line) {
		return Result{}
	}
	if r, ok := s.beginCommand(line, false); !ok {
		return r
	}
	for {
		if r, ended := s.stepJob(); ended {
			return r
		}
	}
}

// beginCommand writes line to the scrollback and starts it as the job
// (job.go), unless the table is still loading: then it returns that
// result and false. A GC pass running in slices is finished first, so
// that the command's events are its own, and the memory budget sets how
// many routes the namespaces may grow to (limitRoutes).
func (s *Sim) beginCommand(line string, script bool) (Result, bool) {
	c := &s.Console
	c.write(LineInput, line)
	s.slot.lines--
	if !s.ready {
		r := Result{Output: "fib6lab: the table is still loading; try again in a moment\n", Status: 1}
		c.write(LineNote, r.Output)
		return r, false
	}
	s.finishGC()
	s.limitRoutes()
	cmd, run := laneTarget(line)
	var lanes []*Lane
	for i, l := range s.Lanes {
		if run[i] {
			l.beginCommand(line)
			lanes = append(lanes, l)
		}
	}
	s.job = startJob(lanes, line, cmd, script)
	return Result{}, true
}

// endCommand ends the job that ended: it queues the events each lane
// traced (a bulk command's are summarised, see Lane.endCommand), shows
// the result (r, or the job's own when r is nil) with the notes it calls
// for, and returns it.
func (s *Sim) endCommand(r *Result) Result {
	j := s.job
	s.job = nil
	var res Result
	if r != nil {
		res = *r
	} else {
		res = j.result()
	}
	bulk := false
	for _, lj := range j.lanes {
		bulk = lj.lane.endCommand(!s.teach.batch) || bulk
	}
	s.show(res)
	if bulk {
		s.Console.write(LineNote, fmt.Sprintf("fib6lab: %s traced more than %s events: not animated (the trie shows its result)",
			j.name, Commas(MaxCommandEvents)))
	}
	s.noteBudget(res)
	if s.teach.batch && !s.scriptBusy() {
		s.endBatch()
	}
	return res
}

// result returns the output and status of the lanes the job ran in: the
// first lane's when the others printed the same (by hash) and returned
// the same status, else every lane's under its name (Result).
func (j *job) result() Result {
	a := &j.lanes[0]
	note := a.out.note()
	r := Result{Output: a.out.String() + note, Note: note, Status: a.last.status}
	same, kernels := true, true
	for _, b := range j.lanes[1:] {
		same = same && a.last.status == b.last.status && a.out.sum.Sum64() == b.out.sum.Sum64() && a.out.cut == b.out.cut
		kernels = kernels && a.lane.Kernel() == b.lane.Kernel()
	}
	if same {
		return r
	}
	r.Output, r.Note, r.Status, r.Mismatch = "", "", 0, kernels
	for _, lj := range j.lanes {
		lr := laneResult{head: lj.lane.ID + " · " + lj.lane.Kernel().String() + ":", out: lj.out.String(),
			note: lj.out.note(), status: lj.last.status}
		r.split = append(r.split, lr)
		r.Output += lr.head + "\n" + lr.out + lr.note
		if r.Status == 0 {
			r.Status = lr.status
		}
	}
	return r
}

// show writes a command's result to the scrollback: its output, or each
// lane's under a note naming the lane, and a warning when the lanes
// diverged.
func (s *Sim) show(r Result) {
	c := &s.Console
	if r.split == nil {
		c.output(r.Status, strings.TrimSuffix(r.Output, r.Note), r.Note)
	}
	for _, lr := range r.split {
		c.write(LineNote, lr.head)
		c.output(lr.status, lr.out, lr.note)
	}
	if r.Mismatch {
		c.Mismatches++
		c.write(LineWarning, "warning: the two lanes run the same release but printed different things or returned another status; their namespaces have diverged")
	}
}

// output writes what a command printed, in red when its status is not 0,
// and the note that it was cut.
func (c *Console) output(status int, out, note string) {
	kind := LineOutput
	if status != 0 {
		kind = LineError
	}
	if out != "" {
		c.write(kind, out)
	}
	if note != "" {
		c.write(LineNote, note)
	}
}
