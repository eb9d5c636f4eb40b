package app

import (
	"fmt"
	"strings"

	"fib6lab/engine/iproute2"
)

// RecordName is ScenarioState's ID while a record replays.
const RecordName = "record"

// loadRecord loads a record's dump into both lanes (useDump) and queues
// its events as a script (RecordScript), which plays as any script: the
// clock moves with its sleeps, so GC passes run when due, and its
// lookups animate on the tries. A bad record returns its error (a
// *iproute2.DumpError naming the line) and changes nothing.
func (s *Sim) loadRecord(text string) error {
	r, err := iproute2.ParseRecord(text)
	if err != nil {
		return err
	}
	if err := s.useDump(r.Dump); err != nil {
		return err
	}
	lines, cut := scriptLimit(RecordScript(r), true)
	s.teach.scenario, s.teach.lines, s.teach.next = RecordName, lines, 0
	last := 0.0
	if n := len(r.Events); n > 0 {
		last = float64(r.Events[n-1].At) / 1e6
	}
	s.Console.write(LineNote, fmt.Sprintf("— replaying your record: %d events over %.3f s —", len(r.Events), last))
	if cut != "" {
		s.Console.write(LineNote, cut)
	}
	return nil
}

// RecordScript returns the script that replays r's events on the page:
// before each event a sleep to its time, then its command (a route
// change, or the `ip -6 route get` of a lookup), the kernel's answer as
// narration; a firing of the kernel's GC timer is narrated (the lanes'
// own GC timers run as the clock moves).
func RecordScript(r *iproute2.Record) []string {
	var lines []string
	var at int64
	for _, e := range r.Events {
		if d := e.At - at; d > 0 {
			lines = append(lines, fmt.Sprintf("sleep %d.%06d", d/1_000_000, d%1_000_000))
			at = e.At
		}
		switch {
		case e.Kind == iproute2.EventTimer && strings.HasPrefix(e.Text, "timer_expire_entry"):
			lines = append(lines, narrationPrefix+" the kernel's GC timer fired")
		case e.Kind == iproute2.EventLookup && e.Command != "":
			lines = append(lines, narrationPrefix+" the kernel: "+strings.Join(e.Kernel, "; "), e.Command)
		case e.Kind == iproute2.EventRoute:
			lines = append(lines, e.Command)
		}
	}
	return lines
}
