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
	"strings"

	"fib6lab/engine/netns"
	"fib6lab/engine/trace"
)

// CommandCost is the virtual time one executed command takes, in
// nanoseconds: real commands take a few milliseconds, so a route added
// with `expires 2` reads `1sec` when listed right after.
const CommandCost = 2_000_000

// Shell models a POSIX shell running one command per line in a network
// namespace: it keeps `$?` (Status) and the sub-jiffy remainder of the
// virtual time its commands have taken.
type Shell struct {
	NS     *netns.Netns
	Status int // exit status of the last command, as $?
	// Line is the number of lines read so far, as bash counts them for
	// its "bash: line N:" messages when it reads a script from stdin.
	Line int

	nanos int64 // virtual time not yet turned into jiffies
}

// NewShell returns a shell on ns.
func NewShell(ns *netns.Netns) *Shell { return &Shell{NS: ns} }

// Run executes one command line, writing its standard output and error
// (in order) to out, and returns its exit status. Blank lines and `#`
// comments do nothing and keep the status.
//
// A line longer than MaxLineBytes is refused with status 2. NUL bytes are
// dropped, as bash drops them from its input. When the namespace records
// a trace and this command's events did not all fit (trace.Recorder
// Limit), a note saying how many were dropped follows the output.
func (sh *Shell) Run(line string, out io.Writer) int {
	sh.Line++
	if len(line) > MaxLineBytes {
		fmt.Fprintf(out, "bash: line %d: line too long: %d bytes (fib6lab limit %d)\n", sh.Line, len(line), MaxLineBytes)
		sh.Status = 2
		return 2
	}
	line = strings.ReplaceAll(line, "\x00", "")
	args, err := sh.split(line)
	if err != nil {
		fmt.Fprintf(out, "bash: line %d: %v\n", sh.Line, err)
		sh.Status = 2
		return 2
	}
	if len(args) == 0 {
		return sh.Status
	}
	dropped := sh.traceDropped()
	sh.Status = sh.exec(args, out)
	sh.NS.Quiesce()
	sh.elapse(CommandCost)
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

// RunScript runs every line of r in order and returns the last status.
// It stops with status 2 and a "fib6lab: script too long" line when the
// script exceeds MaxScriptLines lines or MaxScriptBytes bytes.
func (sh *Shell) RunScript(r io.Reader, out io.Writer) int {
	br := bufio.NewReader(io.LimitReader(r, MaxScriptBytes+1))
	total, lines := 0, 0
	for {
		l, err := br.ReadString('\n')
		if l == "" && err != nil {
			break
		}
		total += len(l)
		lines++
		if total > MaxScriptBytes || lines > MaxScriptLines {
			fmt.Fprintf(out, "fib6lab: script too long: stopped before line %d (limits: %d lines, %d bytes)\n", lines, MaxScriptLines, MaxScriptBytes)
			sh.Status = 2
			return 2
		}
		sh.Run(strings.TrimSuffix(strings.TrimSuffix(l, "\n"), "\r"), out)
	}
	return sh.Status
}

// elapse advances the namespace clock by d nanoseconds of virtual time,
// carrying fractions of a jiffy over to the next call.
func (sh *Shell) elapse(d int64) {
	per := int64(1_000_000_000) / sh.NS.HZ
	sh.nanos += d
	sh.NS.Advance(sh.nanos / per)
	sh.nanos %= per
}

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
		"cat":      runCat,
		"gen":      runGen,
		"true":     func(*Shell, []string, io.Writer) int { return 0 },
		"false":    func(*Shell, []string, io.Writer) int { return 1 },
	}
}

// externals are the commands that are programs, not bash builtins, with
// the path bash finds them at on the reference machine.
var externals = map[string]string{"ip": "/usr/sbin/ip", "sysctl": "/usr/sbin/sysctl", "sleep": "/usr/bin/sleep", "cat": "/usr/bin/cat"}

func (sh *Shell) exec(args []string, out io.Writer) int {
	c, ok := commands[args[0]]
	if !ok {
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

// runEcho models the shell builtin echo (without options).
func runEcho(_ *Shell, args []string, out io.Writer) int {
	fmt.Fprintln(out, strings.Join(args, " "))
	return 0
}

// split breaks a line into words as a POSIX shell does for the subset
// scripts use: blanks separate words, `#` at the start of a word starts
// a comment, single quotes are literal, double quotes allow `$?`, and a
// backslash escapes the next character.
func (sh *Shell) split(line string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	status := fmt.Sprint(sh.Status)
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
			continue
		case c == '#' && !inWord:
			return words, nil
		case c == '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unexpected EOF while looking for matching `''")
			}
			cur.WriteString(line[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			j, err := sh.doubleQuoted(line, i+1, &cur, status)
			if err != nil {
				return nil, err
			}
			i = j
		case c == '\\' && i+1 < len(line):
			i++
			cur.WriteByte(line[i])
		case c == '$' && i+1 < len(line) && line[i+1] == '?':
			cur.WriteString(status)
			i++
		default:
			cur.WriteByte(c)
		}
		inWord = true
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// doubleQuoted copies a double-quoted string starting at line[i] into cur
// and returns the index of the closing quote.
func (sh *Shell) doubleQuoted(line string, i int, cur *strings.Builder, status string) (int, error) {
	for ; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '"':
			return i, nil
		case c == '\\' && i+1 < len(line) && strings.IndexByte("\"\\$`", line[i+1]) >= 0:
			i++
			cur.WriteByte(line[i])
		case c == '$' && i+1 < len(line) && line[i+1] == '?':
			cur.WriteString(status)
			i++
		default:
			cur.WriteByte(c)
		}
	}
	return 0, fmt.Errorf("unexpected EOF while looking for matching `\"'")
}
