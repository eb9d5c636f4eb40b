package app

import (
	"bytes"
	"fmt"
	"strings"

	"fib6lab/engine/ftrace"
	"fib6lab/engine/netns"
	"fib6lab/engine/trace"
)

// MaxFtraceBytes bounds the tracefs text one lane records on demand;
// past it recording stops and the text says so.
const MaxFtraceBytes = 16 << 20

// ftraceLog is a lane's on-demand tracepoint recording: the events the
// kernel's fib6, timer and kmem tracepoints would show for the commands
// run since recording started, as tracefs text (engine/ftrace, the same
// form `ip6sim --ftrace` writes and `ip6sim check --trace` reads). A nil
// log records nothing.
type ftraceLog struct {
	buf  bytes.Buffer
	w    *ftrace.Writer
	n    int  // commands marked
	full bool // MaxFtraceBytes reached
}

// newFtraceLog starts a recording for namespace ns.
func newFtraceLog(ns *netns.Netns) *ftraceLog {
	f := &ftraceLog{}
	f.w = &ftrace.Writer{W: &f.buf, HZ: ns.HZ, Base: netns.InitialJiffies - 300*ns.HZ, NodeFreeRCU: ns.Features().NodeFreeRCU}
	f.w.Header()
	return f
}

// command writes the marker of the console command line that starts.
func (f *ftraceLog) command(line string) {
	if f == nil || f.stopped() {
		return
	}
	f.n++
	f.w.Command(f.n, strings.ReplaceAll(line, "\n", " "), ftrace.TaskOf(line))
}

// events writes r's events from index from on.
func (f *ftraceLog) events(r *trace.Recorder, from int) {
	if f == nil || f.stopped() {
		return
	}
	f.w.EventsFrom(r, from)
}

// alignStamps keeps r's time stamps parallel to its events after the
// lane dropped events in place: only the stamps of events not written
// yet are read again.
func (f *ftraceLog) alignStamps(r *trace.Recorder) {
	if f != nil && len(r.Stamps) > len(r.Events) {
		r.Stamps = r.Stamps[:len(r.Events)]
	}
}

// stopped reports whether the log is full (and says so in it once).
func (f *ftraceLog) stopped() bool {
	if !f.full && f.buf.Len() > MaxFtraceBytes {
		f.full = true
		fmt.Fprintf(&f.buf, "# fib6lab: recording stopped at %d bytes\n", MaxFtraceBytes)
	}
	return f.full
}

// SetFtrace starts (on) or stops recording the kernel's tracepoints in
// both lanes: fib6_table_lookup, the GC timer's start/cancel/expiry and
// trie node and dst allocations, for the commands run from now on. While
// recording, every GC pass runs (none is counted as skipped), so that
// each timer expiry shows. Starting again starts a new recording.
func (s *Sim) SetFtrace(on bool) {
	for _, l := range s.Lanes {
		l.drain()
		l.ftrace = nil
		l.rec.Tracepoints, l.rec.Clock = on, nil
		l.NS.Stepwise = on
		if on {
			l.ftrace = newFtraceLog(l.NS)
			l.rec.Clock = l.NS.Now
		}
	}
}

// Recording reports whether tracepoints are recorded (SetFtrace): a
// restart (a scenario, a script, a link) stops it.
func (s *Sim) Recording() bool { return s.Lanes[0].ftrace != nil }

// Ftrace returns what both lanes recorded since SetFtrace(true), each
// under a "# lane ID: kernel R, GC S" line, or "" when nothing
// is recording.
func (s *Sim) Ftrace() string {
	var b strings.Builder
	for _, l := range s.Lanes {
		if l.ftrace == nil {
			continue
		}
		l.drain()
		fmt.Fprintf(&b, "# lane %s: kernel %s, GC %s\n", l.ID, l.Kernel(), l.Strategy())
		b.Write(l.ftrace.buf.Bytes())
	}
	return b.String()
}
