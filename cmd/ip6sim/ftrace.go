package main

import (
	"bufio"
	"io"
	"strings"

	"fib6lab/engine/ftrace"
	"fib6lab/engine/iproute2"
	"fib6lab/engine/netns"
	"fib6lab/engine/trace"
)

// tracer writes what the tracepoints of the kernel would record while a
// shell runs a script (ip6sim --ftrace, and the model side of ip6sim
// check): before each command a "# cmd N: LINE" marker, then the
// command's events in tracefs text (engine/ftrace). Every GC pass is run
// one by one (netns.Netns.Stepwise), so that each timer expiry shows.
type tracer struct {
	w   *ftrace.Writer
	buf *bufio.Writer
	rec *trace.Recorder
	n   int
}

// newTracer makes sh's namespace record its tracepoint events for out.
func newTracer(sh *iproute2.Shell, out io.Writer) *tracer {
	ns := sh.NS
	buf := bufio.NewWriter(out)
	t := &tracer{buf: buf, rec: &trace.Recorder{Tracepoints: true, Clock: ns.Now},
		w: &ftrace.Writer{W: buf, HZ: ns.HZ, Base: netns.InitialJiffies - 300*ns.HZ, NodeFreeRCU: ns.Features().NodeFreeRCU}}
	ns.SetTrace(t.rec)
	ns.Stepwise = true
	t.w.Header()
	return t
}

// command writes the events of the command before, then the marker of
// the command line that is about to run.
func (t *tracer) command(line string) {
	t.flush()
	t.n++
	t.w.Command(t.n, strings.ReplaceAll(line, "\n", " "), ftrace.TaskOf(line))
}

// flush writes the events recorded since the last flush.
func (t *tracer) flush() error {
	t.w.Events(t.rec)
	t.rec.Reset()
	if err := t.buf.Flush(); err != nil {
		return err
	}
	return t.w.Err()
}
