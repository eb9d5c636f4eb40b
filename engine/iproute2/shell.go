// Package iproute2 is the user surface of the engine: it parses and runs
// the command lines a person types at a Linux shell to configure IPv6
// routing (`ip -6 route ...`, `ip link ...`, `ip -6 addr ...`, `sysctl`,
// `sleep`, `echo`) against a simulated namespace, and prints what
// iproute2 6.1 and procps sysctl print on Linux 6.18, with their exit
// statuses.
package iproute2

import (
	"bufio"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"fib6lab/engine/netns"
	"fib6lab/engine/trace"
	"fib6lab/engine/world"
)

// CommandCost is the virtual time one executed command takes, in
// nanoseconds: real commands take a few milliseconds, so a route added
// with `expires 2` reads `1sec` when listed right after.
const CommandCost = 2_000_000

// Shell models bash running simple commands and lists of them (`;`,
// `&&`, `||`) in a network namespace: it keeps `$?` (Status), the line
// count and the sub-jiffy remainder of the virtual time its commands
// have taken.
type Shell struct {
	// NS is the namespace commands run in: World.Init, or the one
	// `ip netns exec NS bash` entered.
	NS *netns.Netns
	// World is the machine: the namespaces `ip netns` names, on one clock.
	World  *world.World
	Status int // exit status of the last command, as $?
	// Line is the number of lines read so far, as bash counts them for
	// its "bash: line N:" messages when it reads a script from stdin
	// (while a command runs: the line bash names for it).
	Line int

	syntaxErr   bool // the last Run stopped at a syntax error
	interrupted bool // the last command was cut short by NS.Yield
	exited      bool // the last Run ran `exit`

	vars     map[string]string // the variables set (NAME=value)
	varBytes int               // their names and values, in bytes

	// OnLine, when set, is called by RunScript with each logical line
	// that holds a command (not blank, not only a comment) before it
	// runs: a tracer marks where each command's events start.
	OnLine func(line string)

	nanos int64 // virtual time not yet turned into jiffies

	outer []outerShell // the shells `ip netns exec NS bash` left, innermost last
}

// outerShell is what a shell that ran `ip netns exec NS bash` gets back
// when that nested bash exits: its namespace and the CPU it runs on
// (netns.Host.CPU; a `taskset` around the exec pins only the nested one).
type outerShell struct {
	ns  *netns.Netns
	cpu int
}

// NewShell returns a shell on ns, the Init namespace of a machine of its
// own (world.Of).
func NewShell(ns *netns.Netns) *Shell { return &Shell{NS: ns, World: world.Of(ns)} }

// Namespace returns the name of the namespace the shell runs in, "" for
// the machine's Init namespace (or a namespace whose name was deleted).
func (sh *Shell) Namespace() string {
	name, _ := sh.World.NameOf(sh.NS)
	return name
}

// Run executes one command line, writing its standard output and error
// (in order) to out, and returns its exit status. The line may span
// several physical lines (an entry of LogicalLines): a backslash at the
// end of a line continues it, quotes keep their newlines, and a list of
// commands joined by `;`, `&&` and `||` runs with bash's semantics, each
// command seeing the status of the one before in `$?`. Blank lines and
// `#` comments do nothing and keep the status. Words are expanded as
// bash expands them for what this shell models (expand.go: quotes,
// `$'...'`, `$?` and the variables the script sets); `exit` ends the
// line and sets Exited. A syntax error prints bash's two-line message
// and runs nothing of the line (status 2); pipes, `&`, redirections,
// substitutions, subshells, functions, compound commands (if, for,
// while, case, { }), the expansions and the shell builtins this shell
// lacks are refused whole with a "fib6lab: no ... here" line (status 2).
//
// A line longer than MaxLineBytes is refused with status 2. NUL bytes are
// dropped, as bash drops them from its input. When the namespace records
// a trace and a command's events did not all fit (trace.Recorder
// Limit), a note saying how many were dropped follows its output.
func (sh *Shell) Run(line string, out io.Writer) int {
	first := sh.Line + 1
	last := first + strings.Count(line, "\n")
	sh.syntaxErr, sh.exited = false, false
	if len(line) > MaxLineBytes {
		sh.Line = last
		fmt.Fprintf(out, "bash: line %d: line too long: %d bytes (fib6lab limit %d)\n", first, len(line), MaxLineBytes)
		sh.Status = 2
		return 2
	}
	sh.runText(strings.ReplaceAll(line, "\x00", ""), first, out)
	sh.Line = last
	if sh.exited && len(sh.outer) > 0 { // the nested bash ends: back in the one that ran it
		o := sh.outer[len(sh.outer)-1]
		sh.NS, sh.outer = o.ns, sh.outer[:len(sh.outer)-1]
		sh.NS.Host().CPU = o.cpu
		sh.exited = false
	}
	return sh.Status
}

// runCommand runs one simple command (its words expanded) and returns
// its status, which it also stores as $?. Each command costs
// CommandCost of virtual time.
func (sh *Shell) runCommand(args []string, out io.Writer) int {
	dropped := sh.traceDropped()
	sh.interrupted = false
	sh.Status = sh.exec(args, out)
	sh.NS.Quiesce()
	sh.commandTime()
	if n := sh.traceDropped() - dropped; n > 0 {
		fmt.Fprintln(out, sh.TraceNote())
	}
	return sh.Status
}

// traceDropped returns how many events the namespace's recorder dropped.
func (sh *Shell) traceDropped() int {
	if r := sh.NS.FIB.Trace; r != nil {
		return r.Dropped
	}
	return 0
}

// TraceNote returns a note for the user when the namespace's trace
// recorder has dropped events (trace.Recorder.Dropped > 0), or "". The
// front end shows it next to the trace player; Run prints it after a
// command whose events did not all fit.
func (sh *Shell) TraceNote() string {
	r := sh.NS.FIB.Trace
	if r == nil || r.Dropped == 0 {
		return ""
	}
	limit := r.Limit
	if limit == 0 {
		limit = trace.DefaultLimit
	}
	return fmt.Sprintf("fib6lab: trace full: %d events kept (limit %d), %d later events not recorded", len(r.Events), limit, r.Dropped)
}

// RunScript runs the script read from r as bash runs a script from its
// standard input: logical line by logical line (see Joiner), each run
// as soon as it is complete, and returns the last status. NUL bytes are
// dropped, as bash drops them; a "\r" before a newline stays part of the
// line, as in bash (`ip -6 route show\r` prints `Command "show\r" is
// unknown`). A syntax error stops the script with status 2, as it stops
// bash, and so do `exit` (with its status) and an interrupted command
// (see Interrupted). It stops with
// status 2 and a "fib6lab: script too long" line when the script exceeds
// MaxScriptLines lines or MaxScriptBytes bytes: the logical line that
// crosses the limit does not run.
func (sh *Shell) RunScript(r io.Reader, out io.Writer) int {
	br := bufio.NewReader(io.LimitReader(r, MaxScriptBytes+1))
	total, lines := 0, 0
	var j Joiner
	for {
		l, err := br.ReadString('\n')
		if l == "" && err != nil {
			break
		}
		total += len(l)
		lines++
		if total > MaxScriptBytes || lines > MaxScriptLines {
			fmt.Fprintf(out, "fib6lab: script too long: stopped before line %d (limits: %d lines, %d bytes)\n", sh.Line+1, MaxScriptLines, MaxScriptBytes)
			sh.Status = 2
			return 2
		}
		logical, ok := j.Add(strings.TrimSuffix(l, "\n"))
		if !ok {
			continue
		}
		if t := strings.TrimSpace(logical); sh.OnLine != nil && t != "" && !strings.HasPrefix(t, "#") {
			sh.OnLine(logical)
		}
		sh.Run(logical, out)
		if sh.syntaxErr || sh.interrupted || sh.exited {
			return sh.Status
		}
	}
	if j.Pending() { // an unfinished line: Run reports what bash says at EOF
		sh.Run(j.Flush(), out)
	}
	return sh.Status
}

// Joiner gathers physical lines into the logical lines bash reads: a
// backslash-newline, a quote or a list (&&, ||, |) left open makes the
// line go on, as bash then prompts with PS2. It works in time linear in
// the text fed (an incremental lexer), for scripts and prompts alike.
// The zero Joiner is ready to use.
type Joiner struct {
	lx      lexer
	pending strings.Builder
}

// Add feeds one physical line (without its newline; NUL bytes are
// dropped, as bash drops them, and a "\r" stays part of the line) and
// returns the logical line and true when it is complete, or "" and false
// when more lines are needed.
func (j *Joiner) Add(line string) (string, bool) {
	line = strings.ReplaceAll(line, "\x00", "")
	if j.pending.Len() > 0 || j.lx.pos > 0 {
		j.pending.WriteByte('\n')
	}
	j.pending.WriteString(line)
	j.lx.feed(line + "\n")
	if j.lx.ended == 0 {
		return "", false
	}
	logical := j.pending.String()
	j.Reset()
	return logical, true
}

// Pending reports whether lines were fed that do not end a logical line.
func (j *Joiner) Pending() bool { return j.lx.pos > 0 }

// Flush returns the lines fed since the last complete logical line,
// unfinished (to run at end of input: the shell then says what bash says
// at EOF), and resets.
func (j *Joiner) Flush() string {
	rest := j.pending.String()
	j.Reset()
	return rest
}

// Reset forgets the lines fed since the last complete logical line.
func (j *Joiner) Reset() {
	j.lx = lexer{}
	j.pending.Reset()
}

// elapse advances the namespace clock by sec seconds and nsec
// nanoseconds of virtual time (sec*HZ jiffies must fit the clock, see
// netns.Netns.MaxAdvance), carrying fractions of a jiffy over to the next
// call. It returns the jiffies moved and netns.ErrInterrupted when
// NS.Yield cut it short (the clock stays at the last timer run).
func (sh *Shell) elapse(sec, nsec int64) (int64, error) {
	per := max(1_000_000_000/sh.NS.HZ, 1)
	sh.nanos += nsec
	j := sec*sh.NS.HZ + sh.nanos/per
	sh.nanos %= per
	return sh.NS.Advance(j)
}

// commandTime lets the CommandCost of a command pass. It is not
// interruptible: at most a jiffy, so a pass or two.
func (sh *Shell) commandTime() {
	y := sh.NS.Yield
	sh.NS.Yield = nil
	sh.elapse(0, CommandCost)
	sh.NS.Yield = y
}

// Interrupted reports whether the last command was cut short by the
// namespace's Yield (netns.ErrInterrupted): it printed "fib6lab:
// interrupted after ..." and exited with status 130.
func (sh *Shell) Interrupted() bool { return sh.interrupted }

// Exited reports whether the last Run ran the `exit` builtin, which ends
// a script or a prompt as it ends bash, with Status.
func (sh *Shell) Exited() bool { return sh.exited }

type command func(sh *Shell, args []string, out io.Writer) int

var commands map[string]command

func init() {
	commands = map[string]command{
		"ip":       runIP,
		"sysctl":   runSysctl,
		"sleep":    runSleep,
		"echo":     runEcho,
		"kernel":   runKernelCmd,
		"send":     runSend,
		"ptb":      runPTB,
		"redirect": runRedirect,
		"udp":      runUDP,
		"ra":       runRA,
		"cat":      runCat,
		"gen":      runGen,
		"taskset":  runTaskset,
		"true":     func(*Shell, []string, io.Writer) int { return 0 },
		":":        func(*Shell, []string, io.Writer) int { return 0 },
		"false":    func(*Shell, []string, io.Writer) int { return 1 },
		"exit":     runExit,
	}
}

// Commands returns the names of the commands the shell runs, sorted.
func Commands() []string { return slices.Sorted(maps.Keys(commands)) }

// externals are the commands that are programs, not bash builtins, with
// the path bash finds them at on the reference machine.
var externals = map[string]string{"ip": "/usr/sbin/ip", "sysctl": "/usr/sbin/sysctl", "sleep": "/usr/bin/sleep", "cat": "/usr/bin/cat", "taskset": "/usr/bin/taskset"}

// exec runs a command: one of commands, or bash's message for a name
// it does not know (status 127) and the refusal of a builtin this shell
// lacks (status 2).
func (sh *Shell) exec(args []string, out io.Writer) int {
	c, ok := commands[args[0]]
	switch {
	case refusedBuiltins[args[0]]:
		fmt.Fprintln(out, builtinNotHere(args[0]))
		return 2
	case !ok:
		fmt.Fprintf(out, "bash: line %d: %s: command not found\n", sh.Line, bashQuote(args[0]))
		return 127
	}
	if path, ext := externals[args[0]]; ext && tooBig(args) {
		fmt.Fprintf(out, "bash: line %d: %s: Argument list too long\n", sh.Line, path)
		return 126
	}
	return c(sh, args[1:], out)
}

// bashQuote prints a word as bash does in error messages: as is, or in
// $'...' form when it holds control characters.
func bashQuote(w string) string {
	plain := true
	for i := 0; i < len(w); i++ {
		plain = plain && w[i] >= ' ' && w[i] != 0x7f
	}
	if plain {
		return w
	}
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c == '\'' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == 0x1b:
			b.WriteString("\\E")
		case c == '\t':
			b.WriteString("\\t")
		case c == '\r':
			b.WriteString("\\r")
		case c < ' ' || c == 0x7f:
			fmt.Fprintf(&b, "\\%03o", c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteString("'")
	return b.String()
}
