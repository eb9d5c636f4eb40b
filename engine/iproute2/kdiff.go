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

// lifetimeRE finds the lifetimes the comparisons allow to differ by a
// second: a route's `expires`, an address's `valid_lft` and
// `preferred_lft` (the kernel's own timing moves them by one between
// runs).
var lifetimeRE = regexp.MustCompile(`(expires|valid_lft|preferred_lft) (-?\d+)sec`)

// rt6StatsRE matches a /proc/net/rt6_stats line; its third column,
// fib_rt_alloc, counts every dst the kernel ever allocated, its own
// ICMPv6 and neighbour traffic included (router solicitations, MLD
// reports, each retransmitted at random times), so comparisons leave it
// out.
var rt6StatsRE = regexp.MustCompile(`^([0-9a-f]{4,} [0-9a-f]{4,} )[0-9a-f]{4,}( [0-9a-f]{4,} [0-9a-f]{4,} [0-9a-f]{4,} [0-9a-f]{4,})$`)

// SameOutputLine reports whether an output line of the model (got) agrees
// with the kernel's (want): equal, or equal but for `expires`,
// `valid_lft` and `preferred_lft` values each within one second (the
// second a command runs in differs between runs on Linux too), or, in
// an rt6_stats line, for fib_rt_alloc (rt6StatsRE).
func SameOutputLine(want, got string) bool {
	if want == got {
		return true
	}
	if rt6StatsRE.MatchString(want) && rt6StatsRE.MatchString(got) {
		return rt6StatsRE.ReplaceAllString(want, "$1$2") == rt6StatsRE.ReplaceAllString(got, "$1$2")
	}
	wm, gm := lifetimeRE.FindAllStringSubmatch(want, -1), lifetimeRE.FindAllStringSubmatch(got, -1)
	if len(wm) == 0 || len(wm) != len(gm) || lifetimeRE.ReplaceAllString(want, "$1") != lifetimeRE.ReplaceAllString(got, "$1") {
		return false
	}
	for j := range wm {
		a, _ := strconv.Atoi(wm[j][2])
		b, _ := strconv.Atoi(gm[j][2])
		if a-b > 1 || b-a > 1 {
			return false
		}
	}
	return true
}
