package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
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
