//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"

	"fib6lab/render/scene"
	"fib6lab/wasm/app"
	"fib6lab/wasm/game"
)

// addViewHooks adds to window.fib6lab (h) what the views and the export
// need: scene() returns the scene on screen encoded for
// window.fib6export.render (scene.Encode) as a Uint8Array; texts(tag) the
// texts on screen tagged tag (scene.Item.Tag: "header", ...); setView(name)
// shows one of state().views (a change of view resets the camera);
// measureCost() restarts the plot's measurement; ftrace(on) starts or
// stops recording tracepoints and ftraceText() returns them (app.Sim.SetFtrace); and state() gains view,
// ftrace (whether tracepoints are recorded: app.Sim.Recording),
// views, frame timing (frameMicrosP50/P95, walkFrameMicrosP50/P95/Max),
// visiblePrefixes (the trie labels on screen), dst [per lane, trafficJS],
// ila [per lane, packetJS], costPlot {...}, layout {clipped, overlaps,
// clippedTexts, overlapTexts} (scene.Scene.Layout of the frame on screen)
// and sceneHash (scene.Scene.Hash).
func addViewHooks(h js.Value, s *app.Sim, g *game.Game) {
	h.Set("scene", safe(s, func([]js.Value) any {
		b := scene.Encode(g.Scene())
		arr := js.Global().Get("Uint8Array").New(len(b))
		js.CopyBytesToJS(arr, b)
		return arr
	}))
	h.Set("texts", safe(s, func(a []js.Value) any { return textsTagged(g.Scene(), str(a, 0)) }))
	h.Set("setView", safe(s, func(a []js.Value) any {
		// another view frames another picture: the camera starts whole
		was := g.Views.Current
		ok := g.Views.Set(str(a, 0))
		if ok && g.Views.Current != was {
			s.TheView().Cam.Reset()
		}
		return ok
	}))
	h.Set("ftrace", safe(s, func(a []js.Value) any { s.SetFtrace(len(a) > 0 && a[0].Truthy()); return nil }))
	h.Set("ftraceText", safe(s, func([]js.Value) any { return s.Ftrace() }))
	h.Set("measureCost", safe(s, func([]js.Value) any { g.Views.Cost.Restart(); return nil }))
	state := h.Get("state")
	h.Set("state", safe(s, func([]js.Value) any {
		st := state.Invoke()
		if st.Type() != js.TypeObject {
			return st
		}
		for k, v := range viewState(g) {
			st.Set(k, v)
		}
		return st
	}))
}

// viewState returns the state() fields of the views and frame timing.
func viewState(g *game.Game) map[string]any {
	p50, p95 := g.Frames.Percentiles(false)
	w50, w95 := g.Frames.Percentiles(true)
	m := map[string]any{
		"view": string(g.Views.Current), "frameMicrosP50": p50, "frameMicrosP95": p95,
		"walkFrameMicrosP50": w50, "walkFrameMicrosP95": w95, "walkFrameMicrosMax": g.Frames.Max(true), "visiblePrefixes": visiblePrefixes(g.Scene()),
		"views": anySlice(app.ViewIDs()), "sceneHash": g.Scene().Hash(), "ftrace": g.Sim.Recording(),
	}
	lay := g.Scene().Layout()
	m["layout"] = map[string]any{"clipped": lay.Clipped, "overlaps": lay.Overlaps, "clippedTexts": anySlice(lay.ClippedTexts),
		"overlapTexts": anySlice(lay.OverlapTexts)}
	var dst, ila []any
	for _, l := range g.Sim.Lanes {
		dst = append(dst, trafficJS(l))
		ila = append(ila, packetJS(l))
	}
	m["dst"], m["ila"] = dst, ila
	m["costPlot"] = costState(g.Views.Cost)
	return m
}

// trafficJS returns lane l's entry of state().dst: its traffic at the
// player's position (app.Traffic).
func trafficJS(l *app.Lane) map[string]any {
	t := l.Traffic()
	return map[string]any{"lane": l.ID, "kernel": l.Kernel().String(), "at": t.At, "dst": t.Dst, "peak": t.Peak,
		"allocs": t.Allocs, "frees": t.Frees, "failures": t.Failures, "gcRuns": t.GCRuns, "notices": t.Notices,
		"gcThresh": t.GCThresh, "maxSize": t.MaxSize, "maxSizeChecked": t.MaxSizeChecked,
		"exceptions": t.Exceptions, "listed": t.Listed, "passes": t.Passes, "checked": t.Checked,
		"hits": t.Hits, "misses": t.Misses, "samples": len(l.TrafficHistory())}
}

// packetJS returns lane l's entry of state().ila: the packet the player
// has reached ({lane, kernel, packet: null} before the first).
func packetJS(l *app.Lane) map[string]any {
	m := map[string]any{"lane": l.ID, "kernel": l.Kernel().String(), "packet": nil}
	if p, phase := l.Packet(); p != nil {
		m["packet"] = map[string]any{"command": p.Command, "sir": p.SIR.String(), "ila": p.ILA.String(),
			"ilaRoute": p.ILARoute, "cached": p.Cached, "hit": p.Hit, "visited": p.Visited,
			"answer": p.Answer.String(), "csumMode": p.Mode.String(), "phase": phase}
	}
	return m
}

// costState returns state().costPlot: done, and the points so far
// ({routes, nanos: [trie-walk, gc-list], checked: [...]}).
func costState(c *app.CostRun) map[string]any {
	pts := make([]any, len(c.Points))
	for i, p := range c.Points {
		pts[i] = map[string]any{"routes": p.Routes, "nanos": []any{p.Nanos[0], p.Nanos[1]},
			"checked": []any{p.Checked[0], p.Checked[1]}}
	}
	routes, added := c.Measuring()
	return map[string]any{"done": c.Done, "points": pts, "measuring": routes, "built": added}
}

// textsTagged returns the texts of the scene's items tagged tag.
func textsTagged(s *scene.Scene, tag string) []any {
	var out []any
	for _, it := range s.Tagged(tag) {
		if it.Kind == scene.KindText {
			out = append(out, it.Text)
		}
	}
	return out
}

// visiblePrefixes returns the prefix labels of the scene's trie views.
func visiblePrefixes(s *scene.Scene) []any {
	var out []any
	for _, it := range s.Items {
		if it.Tag == "label" && it.Kind == scene.KindText && strings.Contains(it.Text, "/") {
			out = append(out, it.Text)
		}
	}
	return out
}

// anySlice converts ss for js.ValueOf.
func anySlice(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
