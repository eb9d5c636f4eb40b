//go:build js && wasm

package main

import (
	"syscall/js"

	"fib6lab/wasm/app"
)

// addNetnsHooks adds to window.fib6lab (h) the namespaces a lane shows:
// selectNetns(lane, name) makes lane ("left", "right", or 0, 1) show the
// namespace called name ("" the init namespace) and returns {error} when
// it cannot (no such lane or namespace, loading, a command running); and
// state() gains topology {netns: [{name, lanes}], links: [{a, netA, b,
// netB}]} (app.Topology) and, in each lanes[i], netns (the name of the
// namespace shown, "" init) and pass {strategy, active, visited,
// checked, removed} (the GC pass shown or shown last).
func addNetnsHooks(h js.Value, s *app.Sim) {
	h.Set("selectNetns", safe(s, func(a []js.Value) any {
		lane := int(arg(a, 0, -1))
		for i, id := range app.LaneIDs {
			if str(a, 0) == id {
				lane = i
			}
		}
		return errJS(s.ChooseNetns(lane, str(a, 1)))
	}))
	state := h.Get("state")
	h.Set("state", safe(s, func([]js.Value) any {
		st := state.Invoke()
		if st.Type() != js.TypeObject {
			return st
		}
		st.Set("topology", topologyJS(s.Topology()))
		lanes := st.Get("lanes")
		for i, l := range s.Lanes {
			if lanes.Type() != js.TypeObject || i >= lanes.Length() {
				break
			}
			p := l.Pass
			lanes.Index(i).Set("netns", l.NetnsName())
			lanes.Index(i).Set("pass", map[string]any{"strategy": p.Strategy.String(), "active": p.Active,
				"visited": p.Visited, "checked": p.Checked, "removed": p.Removed})
		}
		return st
	}))
}

// topologyJS returns t as state().topology.
func topologyJS(t app.Topology) map[string]any {
	nets, links := []any{}, []any{}
	for _, n := range t.Netns {
		nets = append(nets, map[string]any{"name": n.Name, "lanes": anySlice(n.Lanes)})
	}
	for _, l := range t.Links {
		links = append(links, map[string]any{"a": l.A, "netA": l.NetA, "b": l.B, "netB": l.NetB})
	}
	return map[string]any{"netns": nets, "links": links}
}
