package iproute2

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fuzzMaxLine bounds the lines FuzzShell runs, so one input costs bounded
// work (the engine itself accepts up to MaxLineBytes).
const fuzzMaxLine = 4096

// fuzzTimeout is how long one line may take before FuzzShell calls it a
// hang.
const fuzzTimeout = 2 * time.Second

// errorPrefixes are the ways a failing command starts its output, as the
// bad-input golden table shows real bash, ip, sysctl and sleep do (plus
// the usage text ip prints for an incomplete command).
var errorPrefixes = []string{
	"Error: ", "RTNETLINK answers: ", "Command \"", "Cannot find device ",
	"Command line is not complete", "Object \"", "Option \"", "Usage: ",
	"Not enough information: ", "\"", "sysctl: ", "sleep: ", "bash: ",
	"addattr_l ERROR: ", "rta_addattr_l: ", "need at least a destination address",
	"fib6lab: ",
}

// FuzzShell runs random command lines on a namespace with the kdiff
// preamble: the shell must never panic or hang, every failing command
// (non-zero status, except `false` and a status kept by a blank line)
// prints an iproute2-, sysctl-, sleep- or bash-style message, and the trie
// invariants hold afterwards.
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
		args, _ := sh.split(strings.ReplaceAll(line, "\x00", ""))
		if rc != 0 && len(args) > 0 && args[0] != "false" {
			o := out.String()
			ok := false
			for _, p := range errorPrefixes {
				ok = ok || strings.HasPrefix(o, p) || strings.Contains(o, "\n"+p)
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
