package app

import "fib6lab/engine/trace"

// What the external tests of this directory (package app_test, which may
// import render/scene) need from inside the package.

// Events returns lane l's queued trace: the player's history.
func (l *Lane) Events() []trace.Event { return l.events.Slice(0) }

// Settle runs the frame loop, playing on through a script's pauses, until
// the script has run to its end, no command runs or waits and every event
// queued has been shown. It reports whether that took at most maxFrames
// frames.
func (s *Sim) Settle(maxFrames int) bool {
	for range maxFrames {
		if !s.scriptBusy() && s.job == nil && s.Console.Queued() == 0 && s.Pending() == 0 && !s.gcBusy() && !s.building() {
			return true
		}
		if !s.Playing {
			s.Play()
		}
		s.Frame(frame)
	}
	return false
}
