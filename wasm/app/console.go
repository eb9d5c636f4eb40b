package app

import (
	"fmt"
	"strings"
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

// Console limits: lines kept in the scrollback, lines waiting to run, and
// the wall time queued lines may take per frame.
const (
	MaxScrollback = 2000
	MaxQueued     = 20000
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
// it (capped at MaxOutputLines lines), its exit status, and whether the
// gc-list lane printed something else or returned another status.
type Result struct {
	Output   string // with Note at its end
	Note     string // the note that the output was cut at MaxOutputLines, or ""
	Status   int
	Mismatch bool
}

// Console is the page's command console: every command runs in both
// lanes' namespaces through their iproute2 shells, and what the trie-walk
// lane's shell prints goes to the scrollback.
type Console struct {
	History    History
	Mismatches int // commands whose two runs differed

	lines []ConsoleLine
	seq   int
	queue []string
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

// Submit queues text, one command per line, to run over the next frames
// (the page's Enter and paste); lines past MaxQueued are refused with a
// note. Each line goes into the history.
func (s *Sim) Submit(text string) {
	c := &s.Console
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	if len(lines) > 1 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	room := MaxQueued - len(c.queue)
	if len(lines) > room {
		c.write(LineNote, fmt.Sprintf("console: %s lines pasted, only %s more fit in the queue (limit %s); the rest are dropped",
			Commas(len(lines)), Commas(room), Commas(MaxQueued)))
		lines = lines[:room]
	}
	for _, ln := range lines {
		c.History.Add(ln)
	}
	c.queue = append(c.queue, lines...)
}

// work runs queued console lines until ConsoleBudget of wall time is spent
// (at least one line per frame).
func (s *Sim) work() {
	c := &s.Console
	start := s.opts.Nanotime()
	for len(c.queue) > 0 {
		line := c.queue[0]
		c.queue[0] = ""
		c.queue = c.queue[1:]
		s.Exec(line)
		if s.opts.Nanotime()-start >= ConsoleBudget {
			break
		}
	}
	if len(c.queue) == 0 {
		c.queue = nil // let a big paste's storage go
	}
}

// Exec runs one command line now in both namespaces, writes it and the
// trie-walk lane's output to the scrollback and returns that output.
// The events it causes are queued for playback, labelled with the line.
// An engine panic is recovered into the result and the page's error.
func (s *Sim) Exec(line string) (r Result) {
	c := &s.Console
	c.write(LineInput, line)
	defer func() {
		if p := recover(); p != nil {
			s.Err = fmt.Sprint("engine panic in console command: ", p)
			r = Result{Output: "fib6lab: " + s.Err + "\n", Status: 1, Mismatch: true}
			c.write(LineWarning, r.Output)
		}
	}()
	if !s.ready {
		r = Result{Output: "fib6lab: the table is still loading; try again in a moment\n", Status: 1}
		c.write(LineNote, r.Output)
		return r
	}
	if msg := s.refuse(line); msg != "" {
		r = Result{Output: msg, Status: 1}
		s.show(r)
		return r
	}
	r = s.runBoth(line)
	s.show(r)
	return r
}

// MaxRawRoutes is the size of table main past which the console refuses
// `send raw` on a kernel before 6.3: there every failed dst allocation
// forces a GC pass over every route (ip6_dst_gc -> fib6_run_gc once the
// entries exceed max_size), thousands of full-table passes for one
// command.
const MaxRawRoutes = 20000

// refuse returns the console's message refusing line before it runs, ""
// to run it. It decides on both lanes alike (they hold the same routes).
func (s *Sim) refuse(line string) string {
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "send" || f[1] != "raw" {
		return ""
	}
	routes, old := 0, false
	for _, l := range s.Lanes {
		routes = max(routes, l.Routes())
		k := l.NS.Kernel
		old = old || k.Major < 6 || (k.Major == 6 && k.Minor < 3)
	}
	if !old || routes <= MaxRawRoutes {
		return ""
	}
	return fmt.Sprintf("fib6lab: send raw on a %s-route table would run a GC pass over every route for each failed allocation (kernel before 6.3); "+
		"try the route cache view or the raw-flood scenario\n", Commas(routes))
}

// runBoth runs line in both lanes' shells and compares their (capped)
// outputs, by hash, and their statuses. A command stopped at the output
// cap exits 0, as the last command of a pipe into head does.
func (s *Sim) runBoth(line string) Result {
	var w [2]*capWriter
	var st [2]int
	for i, l := range s.Lanes {
		w[i] = newCapWriter(MaxOutputLines)
		l.markCommand(line)
		runCapped(w[i], func() { st[i] = l.Shell.Run(line, w[i]) })
		if w[i].cut {
			st[i], l.Shell.Status = 0, 0
		}
		l.drain()
	}
	same := st[0] == st[1] && w[0].sum.Sum64() == w[1].sum.Sum64() && w[0].cut == w[1].cut
	note := w[0].note()
	return Result{Output: w[0].String() + note, Note: note, Status: st[0], Mismatch: !same}
}

// show writes a command's result to the scrollback.
func (s *Sim) show(r Result) {
	c := &s.Console
	kind := LineOutput
	if r.Status != 0 {
		kind = LineError
	}
	if out := strings.TrimSuffix(r.Output, r.Note); out != "" {
		c.write(kind, out)
	}
	if r.Note != "" {
		c.write(LineNote, r.Note)
	}
	if r.Mismatch {
		c.Mismatches++
		c.write(LineWarning, "warning: the gc-list namespace printed something else or returned another status; the two namespaces have diverged")
	}
}
