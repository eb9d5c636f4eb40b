package iproute2

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fib6lab/engine/netns"
)

// fuzzMaxLine bounds the lines FuzzShell runs, so one input costs bounded
// work (the engine itself accepts up to MaxLineBytes).
const fuzzMaxLine = 4096

// fuzzTimeout is how long one line may take before FuzzShell calls it a
// hang.
const fuzzTimeout = 2 * time.Second

// errorPrefixes are the ways a failing command starts its output, as the
// bad-input golden table shows real bash, ip, sysctl, sleep and the
// event shims (testdata/kshim) do (plus the usage text ip prints for an
// incomplete command).
var errorPrefixes = []string{
	"Error: ", "RTNETLINK answers: ", "Command \"", "Cannot find device ",
	"Command line is not complete", "Object \"", "Option \"", "Usage:", "both \"",
	"Not enough information: ", "\"", "sysctl: ", "sleep: ", "bash: ",
	"addattr_l ERROR: ", "rta_addattr_l: ", "need at least a destination address",
	"fib6lab: ", "valid_lft is zero", "preferred_lft is greater than valid_lft",
	"autojoin needs multicast address", "Cannot open network namespace ",
	"usage: ", "udp: ", "ra: ", "Device \"", "Flush requires arguments.", "cat: ",
	"taskset: ", "Failed to connect the route", "Failed to send flush request: ",
}

// FuzzShell runs random command lines on a namespace with the kdiff
// preamble: the shell must never panic or hang, every failing command
// (non-zero status, except `false`, the settings procps skips without a
// word and a status kept by a blank line) prints an iproute2-, sysctl-,
// sleep- or bash-style message, and the trie invariants hold afterwards.
func FuzzShell(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/kdiff/*.sh")
	for _, file := range files {
		src, _ := os.ReadFile(file)
		for _, l := range strings.Split(string(src), "\n") {
			f.Add(l)
		}
	}
	for _, l := range badLines(f) {
		if len(l) <= fuzzMaxLine {
			f.Add(l)
		}
	}
	f.Fuzz(func(t *testing.T, line string) {
		if len(line) > fuzzMaxLine || strings.ContainsAny(line, "\n") {
			return
		}
		ns := badNamespace()
		sh := NewShell(ns)
		var out bytes.Buffer
		var rc int
		done := make(chan struct{})
		go func() {
			defer close(done)
			rc = sh.Run(line, &out)
		}()
		select {
		case <-done:
		case <-time.After(fuzzTimeout):
			t.Fatalf("%q: no answer after %v", line, fuzzTimeout)
		}
		args, _ := sh.Words(line)
		o := out.String()
		// false and exit N fail silently, and so does a sysctl setting
		// procps skips (a key shorter than 2 bytes, a comment, one -r
		// rejects)
		silent := len(args) > 0 && (args[0] == "false" || args[0] == "exit" || args[0] == "sysctl" && o == "")
		if rc != 0 && len(args) > 0 && !silent {
			ok := false
			// sysctl -b prints values without newlines: its message
			// may follow one on the same line
			binary := args[0] == "sysctl" && strings.Contains(o, "sysctl: ")
			for _, p := range errorPrefixes {
				ok = ok || binary || strings.HasPrefix(o, p) || strings.Contains(o, "\n"+p)
			}
			if !ok {
				t.Errorf("%q: status %d with output %q", line, rc, o)
			}
		}
		for _, tb := range ns.FIB.Tables() {
			if err := tb.Check(); err != nil {
				t.Fatalf("%q: table %d: %v", line, tb.ID, err)
			}
		}
	})
}

// fuzzMaxScript bounds the scripts FuzzScript runs.
const fuzzMaxScript = 8192

// FuzzScript runs random multi-line scripts (line continuations, quotes
// and lists over lines, here-documents, syntax errors) two ways: whole,
// with RunScript reading it line by line, and cut by LogicalLines with
// each entry given to Run (stopping after a syntax error or `exit`, as
// RunScript and bash do); RunScript reads the text with its "\r\n" line
// ends made "\n", as LogicalLines reads them. Both must print the same
// bytes and end with the same status and line count, and LogicalLines
// must account for the text:
// its entries joined give the text back (without NULs, CRs of CRLF and
// the final newline), so they hold every physical line once, and every
// complete entry, with its newline, is one logical line on its own; only
// the last entry may be unfinished (with an error).
func FuzzScript(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/kdiff/*.sh")
	for _, file := range files {
		src, _ := os.ReadFile(file)
		f.Add(string(src))
	}
	for _, c := range append(bashCases, refusedCases...) {
		f.Add(c.script)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > fuzzMaxScript {
			return
		}
		lines, err := LogicalLines(text)
		clean := strings.TrimSuffix(cleanScript(text), "\n")
		if strings.Join(lines, "\n") != clean {
			t.Fatalf("%q: entries %q do not join into the text", text, lines)
		}
		for i, l := range lines {
			if i == len(lines)-1 && err != nil {
				break
			}
			if again, err2 := LogicalLines(l + "\n"); len(again) != 1 || again[0] != l || err2 != nil {
				t.Fatalf("%q: entry %q is not one logical line: %q, %v", text, l, again, err2)
			}
		}
		whole, byLine := NewShell(netns.New(0)), NewShell(netns.New(0))
		var outWhole, outLines bytes.Buffer
		done := make(chan struct{})
		go func() {
			defer close(done)
			whole.RunScript(strings.NewReader(cleanScript(text)), &outWhole)
			for _, l := range lines {
				byLine.Run(l, &outLines)
				if byLine.syntaxErr || byLine.exited {
					break
				}
			}
		}()
		select {
		case <-done:
		case <-time.After(fuzzTimeout):
			t.Fatalf("%q: no answer after %v", text, fuzzTimeout)
		}
		if outWhole.String() != outLines.String() || whole.Status != byLine.Status || whole.Line != byLine.Line {
			t.Fatalf("%q: whole (rc %d, line %d) %q\nby LogicalLines (rc %d, line %d) %q",
				text, whole.Status, whole.Line, outWhole.String(), byLine.Status, byLine.Line, outLines.String())
		}
	})
}
