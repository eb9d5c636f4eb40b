package netns

import "errors"

// YieldFunc is how long-running engine work (a clock advance over many
// timer firings, a raw flood, many sent packets, a command repeating an
// operation) reports its progress to the front end and asks whether to go
// on: done units of total (0 when the total is unknown). Returning false
// cancels the work: it stops where it is, leaving a consistent state with
// the effects done so far, and returns ErrInterrupted.
type YieldFunc func(done, total int64) bool

// ErrInterrupted is returned by work that Netns.Yield cancelled.
var ErrInterrupted = errors.New("interrupted")

// YieldEvery is about how many units of work are done between two calls
// of Netns.Yield.
const YieldEvery = 1024

// Work records units of work done by a long-running loop (a packet sent,
// a route added, a timer run; GC passes add the nodes and routes they
// stepped on by themselves) and, once YieldEvery units have accumulated
// since Yield was last called, calls Yield with done and total. It returns
// ErrInterrupted when Yield says to stop; the caller then stops with what
// it has done. A nil Yield never stops anything. A GC pass itself is
// never cut (the kernel runs it under the table lock): Yield comes
// between passes.
func (ns *Netns) Work(units, done, total int64) error {
	if ns.Yield == nil {
		ns.work = 0
		return nil
	}
	ns.work += units
	if ns.work < YieldEvery {
		return nil
	}
	ns.work = 0
	if ns.Yield(done, total) {
		return nil
	}
	return ErrInterrupted
}
