package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/chzyer/readline"
)

// A history file grown by earlier versions (every line kept, however
// long) is cut to its last historyLines short lines.
func TestTrimHistory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "h")
	var b strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&b, "echo %d\n", i)
		if i%100 == 0 {
			b.WriteString("echo " + strings.Repeat("x", 1<<20) + "\n\n  \n")
		}
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := trimHistory(path); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	lines := strings.Split(strings.TrimSuffix(string(got), "\n"), "\n")
	if len(lines) != historyLines || lines[0] != "echo 2000" || lines[len(lines)-1] != "echo 2999" {
		t.Errorf("%d lines (%d bytes), %q .. %q; want %d, echo 2000 .. echo 2999",
			len(lines), len(got), lines[0], lines[len(lines)-1], historyLines)
	}
	if err := trimHistory(filepath.Join(t.TempDir(), "none")); err != nil {
		t.Errorf("missing file: %v", err)
	}
}

// The terminal prompt's line editor, fed as a terminal would feed it: a
// pasted 1 MiB line is refused (bell, message) and not saved; a line
// recalled (up arrow) and lengthened past historyLineMax runs but is not
// saved; after 2500 more lines the file holds at most 2 x historyLines
// lines.
func TestTerminalPromptHistory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "h")
	var in bytes.Buffer
	in.WriteString("echo one\r" + strings.Repeat("x", 1<<20) + "\recho two\r")
	in.WriteString("echo " + strings.Repeat("y", historyLineMax-10) + "\r\x1b[A" + strings.Repeat("z", 200) + "\r")
	for i := range 2500 {
		fmt.Fprintf(&in, "echo %d\r", i)
	}
	var echo bytes.Buffer
	p, err := newTerminalPrompt(io.NopCloser(&in), &echo, path)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	var got []string
	for {
		line, err := p.Readline()
		if err == io.EOF {
			break
		}
		if err != nil {
			line = err.Error()
		}
		got = append(got, line)
	}
	if len(got) != 2505 || got[0] != "echo one" || got[1] != errPromptTooLong.Error() || got[2] != "echo two" ||
		len(got[3]) != historyLineMax-5 || len(got[4]) != historyLineMax+195 || got[2504] != "echo 2499" {
		t.Fatalf("%d lines: %.100q", len(got), got[:5])
	}
	if n := strings.Count(echo.String(), string(rune(readline.CharBell))); n != 1 {
		t.Errorf("%d bells, want 1", n)
	}
	saved, _ := os.ReadFile(path)
	lines := strings.Split(strings.TrimSuffix(string(saved), "\n"), "\n")
	if len(lines) > 2*historyLines || lines[len(lines)-1] != "echo 2499" || bytes.Contains(saved, []byte("xxx")) || bytes.Contains(saved, []byte("zzz")) {
		t.Errorf("history: %d lines, %d bytes, last %q", len(lines), len(saved), lines[len(lines)-1])
	}
}

// The prompt keeps its history only in a regular file or a file not yet
// there; a named pipe (which would block), a device such as /dev/zero
// (which would never end) and a directory are left alone with one line
// on stderr, and the prompt goes on without history.
func TestUsableHistory(t *testing.T) {
	dir := t.TempDir()
	fifo, zero, sub, plain := dir+"/fifo", dir+"/zero", dir+"/sub", dir+"/plain"
	if err := errors.Join(syscall.Mkfifo(fifo, 0o600), os.Symlink("/dev/zero", zero), os.Mkdir(sub, 0o700), os.WriteFile(plain, []byte("echo 1\n\n"), 0o600)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want, warn string }{
		{"", "", ""},
		{dir + "/none", dir + "/none", ""},
		{plain, plain, ""},
		{fifo, "", "ip6sim: no history: " + fifo + " is not a regular file (a named pipe)\n"},
		{zero, "", "ip6sim: no history: " + zero + " is not a regular file (a device)\n"},
		{sub, "", "ip6sim: no history: " + sub + " is not a regular file (a directory)\n"},
	} {
		var warn bytes.Buffer
		if got := usableHistory(c.path, &warn); got != c.want || warn.String() != c.warn {
			t.Errorf("%q: %q, warned %q; want %q, %q", c.path, got, warn.String(), c.want, c.warn)
		}
	}
	if b, _ := os.ReadFile(plain); string(b) != "echo 1\n" {
		t.Errorf("regular history not trimmed: %q", b)
	}
}
