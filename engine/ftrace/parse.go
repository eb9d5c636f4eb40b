package ftrace

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Line is one event line of a tracefs trace file.
type Line struct {
	Task   string
	Pid    int
	CPU    int
	Flags  string // irqs-off, need-resched, hardirq/softirq, preempt depth, migrate-disable
	Micros int64  // timestamp, microseconds
	Event  string // e.g. "fib6_table_lookup"
	Fields string // what the event's TP_printk printed
}

// lineRE matches "TASK-PID [CPU] FLAGS SECS.MICROS: EVENT: FIELDS"; the
// task name may hold spaces and dashes, and record-tgid adds "(TGID)".
var lineRE = regexp.MustCompile(`^\s*(.+)-(\d+)\s+(?:\(\s*[\d-]+\)\s+)?\[(\d+)\]\s+(\S+)\s+(\d+)\.(\d{6}):\s+(\w+):\s?(.*)$`)

// ParseLine reads one event line; comment lines and lines of another
// shape give false.
func ParseLine(s string) (Line, bool) {
	m := lineRE.FindStringSubmatch(s)
	if m == nil {
		return Line{}, false
	}
	pid, _ := strconv.Atoi(m[2])
	cpu, _ := strconv.Atoi(m[3])
	sec, _ := strconv.ParseInt(m[5], 10, 64)
	us, _ := strconv.ParseInt(m[6], 10, 64)
	return Line{Task: m[1], Pid: pid, CPU: cpu, Flags: m[4], Micros: sec*1_000_000 + us, Event: m[7], Fields: m[8]}, true
}

// Deferred reports whether the line's event ran outside the process that
// made it: in an interrupt (the hardirq/softirq flag is set), in a
// kernel worker, or over the idle task. A tracer filtering on a command's
// processes (set_event_pid) sees only the others.
func (l Line) Deferred() bool {
	if len(l.Flags) >= 3 && strings.ContainsRune("shH", rune(l.Flags[2])) {
		return true
	}
	return l.Pid == 0 || strings.HasPrefix(l.Task, "kworker/") || strings.HasPrefix(l.Task, "ksoftirqd/")
}

// MarkerPrefix starts the line that marks a command in a trace: a
// comment line of an ip6sim --ftrace file, or the text written to
// trace_marker (the event tracing_mark_write) on the kernel side.
const MarkerPrefix = "# cmd "

// Marker returns the command number that the line s marks, reading both
// forms ("# cmd N: LINE" and a tracing_mark_write event with "# cmd N").
func Marker(s string) (int, bool) {
	if l, ok := ParseLine(s); ok {
		if l.Event != "tracing_mark_write" {
			return 0, false
		}
		s = l.Fields
	}
	rest, ok := strings.CutPrefix(s, MarkerPrefix)
	if !ok {
		return 0, false
	}
	num, _, _ := strings.Cut(rest, ":")
	n, err := strconv.Atoi(strings.TrimSpace(num))
	return n, err == nil
}

// MarkerText is what the kernel side writes to trace_marker before
// command n: the marker without the command's text, which may be long.
func MarkerText(n int) string { return fmt.Sprintf("%s%d", MarkerPrefix, n) }

// Field returns the value of "name=value" in an event's fields, "" when
// absent. A value runs to the next space; brackets around the pair (as
// in "[timeout=7500]") are not part of it.
func Field(fields, name string) string {
	for _, f := range strings.Fields(fields) {
		if v, ok := strings.CutPrefix(strings.Trim(f, "[]"), name+"="); ok {
			return v
		}
	}
	return ""
}
