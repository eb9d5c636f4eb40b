package iproute2

import (
	"regexp"
	"strconv"
	"strings"
)

// The kdiff format (../shared/cases/README.md) is how a script's output on
// Linux is recorded and compared: the script's commands, one per line, each
// followed by StatusLine, run by bash in a fresh network namespace.

// StatusLine is the line the kdiff format runs after each command: it
// prints the command's exit status as "[rc=N]".
const StatusLine = `echo "[rc=$?]"`

// KdiffCommands returns the command lines of a script in the kdiff format:
// every line but blank lines and lines that are only a comment.
func KdiffCommands(script string) []string {
	var cmds []string
	for _, line := range strings.Split(script, "\n") {
		if t := strings.TrimSpace(line); t != "" && !strings.HasPrefix(t, "#") {
			cmds = append(cmds, line)
		}
	}
	return cmds
}

// WithStatus returns the script that records the output of cmds: each
// command followed by StatusLine.
func WithStatus(cmds []string) string {
	var b strings.Builder
	for _, c := range cmds {
		b.WriteString(c + "\n" + StatusLine + "\n")
	}
	return b.String()
}

var expiresRE = regexp.MustCompile(`expires (-?\d+)sec`)

// SameOutputLine reports whether an output line of the model (got) agrees
// with the kernel's (want): equal, or equal but for one `expires Nsec`
// value within one second (the second a command runs in differs between
// runs on Linux too).
func SameOutputLine(want, got string) bool {
	if want == got {
		return true
	}
	wm, gm := expiresRE.FindAllStringSubmatch(want, -1), expiresRE.FindAllStringSubmatch(got, -1)
	if len(wm) != 1 || len(gm) != 1 || expiresRE.ReplaceAllString(want, "") != expiresRE.ReplaceAllString(got, "") {
		return false
	}
	a, _ := strconv.Atoi(wm[0][1])
	b, _ := strconv.Atoi(gm[0][1])
	return a-b <= 1 && b-a <= 1
}
