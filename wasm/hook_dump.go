//go:build js && wasm

package main

import (
	"syscall/js"

	"fib6lab/wasm/app"
)

// addDumpHooks adds to window.fib6lab (h) loadDump(text) -> {error}:
// both lanes take the machine of a pasted `ip -6 route show table all`
// (app.Sim.LoadDump), or the table of a record (`ip6sim record`'s file),
// whose events then replay as a script; on a bad dump or record, error
// names the line and nothing changed.
func addDumpHooks(h js.Value, s *app.Sim) {
	h.Set("loadDump", safe(s, func(a []js.Value) any { return errJS(s.LoadDump(str(a, 0))) }))
}
