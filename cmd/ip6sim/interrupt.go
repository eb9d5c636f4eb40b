package main

import (
	"os"
	"os/signal"
	"sync/atomic"

	"fib6lab/engine/netns"
)

// interruptStatus is the exit status of a command or script stopped by
// SIGINT, as bash reports a process killed by it (128 + 2).
const interruptStatus = 130

// interrupter turns SIGINT (Ctrl-C) into cancellation of the command that
// runs: while it catches, a SIGINT marks an interrupt pending, and the
// namespace's Yield (netns.YieldFunc), which long engine work calls every
// ~1024 units, then returns false, so the work stops and the shell
// prints "fib6lab: interrupted after ..." with status 130. A SIGINT that
// arrives while one is still pending ends the process at once with
// status 130 (for work that does not call Yield); buffered output not
// yet written is lost then, as when a process is killed.
type interrupter struct {
	pending atomic.Bool
	c       chan os.Signal
}

// catchInterrupts starts catching SIGINT and makes it cancel the work of
// ns (its Yield). Stop restores the default action (the process dies).
func catchInterrupts(ns *netns.Netns) *interrupter {
	in := &interrupter{c: make(chan os.Signal, 1)}
	signal.Notify(in.c, os.Interrupt)
	go in.watch()
	ns.Yield = in.yield
	return in
}

// watch marks each SIGINT pending, or exits when one already is.
func (in *interrupter) watch() {
	for range in.c {
		if in.pending.Swap(true) {
			os.Exit(interruptStatus)
		}
	}
}

// yield is the namespace's netns.YieldFunc: false once SIGINT arrived.
func (in *interrupter) yield(done, total int64) bool { return !in.pending.Load() }

// interrupted reports whether a SIGINT is pending.
func (in *interrupter) interrupted() bool { return in.pending.Load() }

// consume forgets a pending SIGINT: the prompt calls it after each
// command, which the SIGINT has interrupted or which ended anyway.
func (in *interrupter) consume() { in.pending.Store(false) }

// stop ends catching: SIGINT kills the process again.
func (in *interrupter) stop() {
	signal.Stop(in.c)
	close(in.c)
}
