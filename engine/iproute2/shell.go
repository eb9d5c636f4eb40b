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

	nanos int64 // virtual time not yet turned into jiffies
}

// NewShell returns a shell on ns.
func NewShell(ns *netns.Netns) *Shell { return &Shell{NS: ns} }

// Run executes one command line, writing its standard output and error
// (in order) to out, and returns its exit status. Blank lines and `#`
// comments do nothing and keep the status.
func (sh *Shell) Run(line string, out io.Writer) int {
	args, err := sh.split(line)
	if err != nil {
		fmt.Fprintf(out, "sh: %v\n", err)
		sh.Status = 2
		return 2
	}
	if len(args) == 0 {
		return sh.Status
	}
	sh.Status = sh.exec(args, out)
	sh.elapse(CommandCost)
	return sh.Status
}

// RunScript runs every line of r in order and returns the last status.
func (sh *Shell) RunScript(r io.Reader, out io.Writer) int {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		sh.Run(sc.Text(), out)
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
		"ip":     runIP,
		"sysctl": runSysctl,
		"sleep":  runSleep,
		"echo":   runEcho,
		"true":   func(*Shell, []string, io.Writer) int { return 0 },
		"false":  func(*Shell, []string, io.Writer) int { return 1 },
	}
}

func (sh *Shell) exec(args []string, out io.Writer) int {
	if c, ok := commands[args[0]]; ok {
		return c(sh, args[1:], out)
	}
	fmt.Fprintf(out, "bash: %s: command not found\n", args[0])
	return 127
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
