//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"

	"fib6lab/wasm/app"
	"fib6lab/wasm/game"
	"fib6lab/wasm/scene"
)

// addViewHooks adds to window.fib6lab (h) what the views and the export
// need: scene() returns the scene on screen encoded for
// window.fib6export.render (scene.Encode) as a Uint8Array; texts(tag) the
// texts on screen tagged tag (scene.Item.Tag: "header", ...); setView(name)
// shows "gc", "dst", "ila" or "plot" (a change of view resets the
// camera); setDstMode(mode) shows the route
// cache view's "raw" or "ptb" flood; and state() gains view, frame
// timing (frameMicrosP50/P95, walkFrameMicrosP50/P95), visiblePrefixes
// (the trie labels on screen), dst {...}, ila {...} and costPlot {...};
// ilaInvalidate() adds a route under the ILA view's cached route,
// ilaStep() sends a packet per ILA flow, measureCost() restarts the plot's
// measurement.
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
	h.Set("setDstMode", safe(s, func(a []js.Value) any { return g.Views.Dst.SetMode(str(a, 0)) }))
	h.Set("ilaInvalidate", safe(s, func([]js.Value) any { return g.Views.ILA.Invalidate() }))
	h.Set("ilaStep", safe(s, func([]js.Value) any { g.Views.ILA.Step(); return nil }))
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
		"walkFrameMicrosP50": w50, "walkFrameMicrosP95": w95, "visiblePrefixes": visiblePrefixes(g.Scene()),
	}
	dst := map[string]any{"inflight": g.Views.Dst.Inflight}
	for _, l := range g.Views.Dst.Lanes {
		st := l.NS.Dst.Stats
		dst[l.Kernel().String()] = map[string]any{"sent": l.Last.Sent, "failed": l.Last.Failed, "peak": l.Last.Peak,
			"allocs": st.Allocs, "frees": st.Frees, "gcCalls": st.GCCalls, "gcRuns": st.GCRuns,
			"failures": st.Failures, "notices": l.NS.Dst.Notices(), "floods": l.Floods, "error": l.Err}
	}
	dst["mode"], dst["ptb"] = g.Views.Dst.Mode, ptbState(g.Views.Dst.PTB)
	m["dst"] = dst
	m["ila"] = ilaState(g.Views.ILA)
	m["costPlot"] = costState(g.Views.Cost)
	return m
}

// ptbState returns state().dst.ptb: null before the PTB mode was first
// shown, else the tick, whether the flood is done, and per kernel ("6.1",
// "6.12", "6.18") its counters after the last tick.
func ptbState(f *app.PTBFlood) any {
	if f == nil {
		return nil
	}
	m := map[string]any{"tick": f.Tick, "ticks": f.Config.Ticks, "done": f.Done(), "routes": f.Config.Routes}
	for _, l := range f.Lanes {
		s := l.Last()
		maxListed := 0
		for _, x := range l.Samples {
			maxListed = max(maxListed, x.Listed)
		}
		m[l.Kernel().String()] = map[string]any{"listed": s.Listed, "maxListed": maxListed, "fibRtCache": s.Cache, "live": s.Live,
			"reaped": s.Reaped, "created": l.Created, "refused": l.Refused, "passes": l.NS.GC.Passes,
			"lastChecked": l.LastPassChecked(), "checked": l.NS.GC.Checked, "routes": l.NS.RT6Stats().FibRtEntries, "error": l.Err}
	}
	return m
}

// ilaState returns state().ila: per flow ("128", "64") its counters and
// last packet, and the cache invalidations made.
func ilaState(v *app.ILAView) map[string]any {
	m := map[string]any{"ready": v.Ready(), "invalidations": v.Invalidations, "error": v.Err}
	for _, f := range v.Flows {
		t := f.Total
		fm := map[string]any{"packets": t.Packets, "lookups": t.Lookups, "hits": t.Hits,
			"misses": t.Misses, "dropped": t.Dropped}
		if p := f.Last; p != nil {
			fm["sir"], fm["ila"], fm["hit"], fm["visited"] = p.SIR.String(), p.ILA.String(), p.Hit, p.Visited
			fm["answer"], fm["csumMode"] = p.Answer.String(), p.Mode.String()
		}
		m[f.Name] = fm
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
