package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/chzyer/readline"
)

// History of the terminal prompt: the file keeps at most historyLines
// lines, each of at most historyLineMax bytes, and at most twice
// historyLines between two trims, whatever a session types or pastes. A
// line longer than one can type (a recalled line made longer) is not
// saved.
const (
	historyLines   = 1000
	historyLineMax = promptLimit
)

// historyPath returns ~/.ip6sim_history, or "" (no history file) without
// a home directory.
func historyPath() string {
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return filepath.Join(home, ".ip6sim_history")
}

// usableHistory returns path if the prompt may keep its history there: a
// regular file (a symbolic link to one too) or no file yet, trimmed
// (trimHistory). Otherwise (a named pipe, a device such as /dev/zero, a
// directory, a file it cannot read or rewrite) it says so in one line
// on warn and returns "": the prompt goes on without history. "" stays
// "".
func usableHistory(path string, warn io.Writer) string {
	if path == "" {
		return ""
	}
	fi, err := os.Stat(path)
	switch {
	case err == nil && !fi.Mode().IsRegular():
		err = fmt.Errorf("%s is not a regular file (%s)", path, fileKind(fi.Mode()))
	case os.IsNotExist(err):
		err = nil
	}
	if err == nil {
		err = trimHistory(path)
	}
	if err != nil {
		fmt.Fprintf(warn, "ip6sim: no history: %v\n", err)
		return ""
	}
	return path
}

// fileKind names what a file that is not regular is.
func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "not a plain file"
}

// history saves the prompt's lines with readline (which appends them to
// the file) and trims the file every historyLines saves.
type history struct {
	rl    *readline.Instance
	path  string
	saved int // lines saved since the last trim
}

// save adds line to the history unless it is blank or longer than
// historyLineMax. Errors writing the file are ignored, as readline
// ignores them: history is a convenience.
func (h *history) save(line string) {
	if len(line) > historyLineMax || strings.TrimSpace(line) == "" {
		return
	}
	h.rl.SaveHistory(line)
	if h.saved++; h.saved >= historyLines {
		trimHistory(h.path)
		h.saved = 0
	}
}

// trimHistory rewrites the history file at path ("": none) in place,
// when needed, so that it holds its last historyLines non-blank lines of
// at most historyLineMax bytes. It reads the file a line at a time
// (readLine), so a huge file or line costs no more memory than the lines
// kept. A missing file is not an error.
func trimHistory(path string) error {
	if path == "" {
		return nil
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	keep, changed, err := lastLines(bufio.NewReader(f))
	if err != nil || !changed {
		return err
	}
	var b strings.Builder
	for _, l := range keep {
		b.WriteString(l + "\n")
	}
	if _, err := f.WriteAt([]byte(b.String()), 0); err != nil {
		return err
	}
	return f.Truncate(int64(b.Len()))
}

// lastLines returns the last historyLines non-blank lines of br of at
// most historyLineMax bytes, and whether br held anything else.
func lastLines(br *bufio.Reader) (keep []string, changed bool, err error) {
	for {
		line, n, err := readLine(br, historyLineMax)
		if err == io.EOF {
			return keep, changed, nil
		}
		if err != nil {
			return nil, false, err
		}
		if n > historyLineMax || strings.TrimSpace(line) == "" {
			changed = true
			continue
		}
		if len(keep) == historyLines {
			keep, changed = keep[1:], true
		}
		keep = append(keep, line)
	}
}
