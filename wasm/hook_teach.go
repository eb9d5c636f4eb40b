//go:build js && wasm

package main

import (
	"syscall/js"

	"fib6lab/wasm/app"
	"fib6lab/wasm/game"

	"fib6lab/wasm/share"
)

// addTeachHooks adds to window.fib6lab (h) the player, scenarios,
// shareable links and presenter mode:
//
//	stepBack(), stepOp(dir) (dir < 0: back), seekStart(), seekEnd(),
//	speedStep(d), scenarios() -> [{name, title, view}], loadScenario(name)
//	(runs in the view shown), presenter(on),
//	runScript(text), shareLink() -> fragment, restore(fragment) -> {error},
//	setPanel(name, on) and togglePanel(name) for "pseudo", "timeline",
//	"presenter", "help" and "legend", resetView() (the camera shows the
//	whole trie), setKeys([[key, what], ...]) (the page's keys, which the
//	console's help lists);
//
// and state() gains scenarios (ids), scenarioState {id, line, lines,
// done}, step, playerIndex [trie-walk, gc-list], scenario,
// narration, pseudo {op, line, values} (trie-walk lane) and pseudoLanes,
// shown (cumulative GC counts at the player's position, per strategy),
// timeline {base, head, pos, dropped, marks, jiffies, seconds} and
// viewState {name, x0, y0, zoomX, zoomY, pseudo, timeline, presenter,
// help, legend}.
func addTeachHooks(h js.Value, s *app.Sim, g *game.Game) {
	fn := func(name string, f func([]js.Value) any) { h.Set(name, safe(s, f)) }
	fn("stepBack", func([]js.Value) any { s.StepBack(); return nil })
	fn("stepOp", func(a []js.Value) any { s.StepOp(arg(a, 0, 1) < 0); return nil })
	fn("seekStart", func([]js.Value) any { s.SeekStart(); return nil })
	fn("seekEnd", func([]js.Value) any { s.SeekEnd(); return nil })
	fn("speedStep", func(a []js.Value) any { s.SpeedStep(int(arg(a, 0, 1))); return s.Speed })
	fn("scenarios", func([]js.Value) any {
		var out []any
		for _, sc := range app.Scenarios() {
			out = append(out, map[string]any{"name": sc.Name, "title": sc.Title, "view": string(sc.View)})
		}
		return out
	})
	fn("loadScenario", func(a []js.Value) any {
		return errJS(s.LoadScenario(str(a, 0))) // it runs in the view shown
	})
	fn("presenter", func(a []js.Value) any {
		return setPanel(s, "presenter", func(bool) bool { return len(a) > 0 && a[0].Truthy() })
	})
	fn("runScript", func(a []js.Value) any { s.RunScript(str(a, 0)); return nil })
	fn("shareLink", func([]js.Value) any {
		sh := s.Share()
		sh.Panel = string(g.Views.Current)
		return sh.Encode()
	})
	fn("restore", func(a []js.Value) any {
		sh, err := share.Decode(str(a, 0))
		if err == nil {
			err = s.Restore(sh)
		}
		if err == nil && sh.Panel != "" {
			g.Views.Set(sh.Panel)
		}
		return errJS(err)
	})
	fn("resetView", func([]js.Value) any { s.TheView().Cam.Reset(); return nil })
	fn("setKeys", func(a []js.Value) any { s.Console.SetKeys(keysJS(a)); return nil })
	fn("setPanel", func(a []js.Value) any { return setPanel(s, str(a, 0), func(bool) bool { return a[1].Truthy() }) })
	fn("togglePanel", func(a []js.Value) any { return setPanel(s, str(a, 0), func(on bool) bool { return !on }) })
	state := h.Get("state")
	fn("state", func([]js.Value) any {
		st := state.Invoke()
		if st.Type() == js.TypeObject {
			for k, v := range teachState(s, g) {
				st.Set(k, v)
			}
		}
		return st
	})
}

// keysJS reads argument 0, an array of [key, what] pairs, as the
// console's key help; what is not such a pair is left out.
func keysJS(a []js.Value) []app.KeyHelp {
	if len(a) == 0 || a[0].Type() != js.TypeObject {
		return nil
	}
	var keys []app.KeyHelp
	for i := range min(a[0].Length(), app.MaxKeys) {
		p := a[0].Index(i)
		if p.Type() == js.TypeObject && p.Length() == 2 && p.Index(0).Type() == js.TypeString && p.Index(1).Type() == js.TypeString {
			keys = append(keys, app.KeyHelp{Key: p.Index(0).String(), What: p.Index(1).String()})
		}
	}
	return keys
}

// errJS returns {error: message} for a failed call and {} otherwise.
func errJS(err error) any {
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	return map[string]any{}
}

// setPanel sets panel name to to(current) and reports the new value.
func setPanel(s *app.Sim, name string, to func(bool) bool) any {
	v := s.TheView()
	var p *bool
	switch name {
	case "pseudo":
		p = &v.Pseudo
	case "timeline":
		p = &v.Timeline
	case "presenter":
		p = &v.Presenter
	case "help":
		p = &v.Help
	case "legend": // kept as NoLegend: shown by default
		v.NoLegend = !to(!v.NoLegend)
		return !v.NoLegend
	default:
		return map[string]any{"error": "no panel " + name}
	}
	*p = to(*p)
	return *p
}

// teachState returns the state() fields of the player and the view.
func teachState(s *app.Sim, g *game.Game) map[string]any {
	pos := s.Positions()
	shown, pseudo := map[string]any{}, []any{}
	for i, l := range s.Lanes {
		c := l.Shown()
		shown[strategyKeys[i]] = map[string]any{"passes": c.Passes, "visited": c.Visited, "checked": c.Checked, "removed": c.Removed}
		pseudo = append(pseudo, pseudoJS(l.Pseudo()))
	}
	t := s.Lanes[0].Timeline()
	v := s.TheView()
	zx, zy := v.ZoomFactors()
	sc := s.ScenarioState()
	var ids []any
	for _, x := range app.Scenarios() {
		ids = append(ids, x.Name)
	}
	return map[string]any{
		"scenarios": ids, "scenarioState": map[string]any{"id": sc.ID, "line": sc.Line, "lines": sc.Lines, "done": sc.Done},
		"step": s.PlayerStep(), "playerIndex": []any{pos[0], pos[1]}, "scenario": s.ScenarioName(),
		"narration": s.Narration(), "pseudo": pseudo[0], "pseudoLanes": pseudo, "shown": shown,
		"timeline": map[string]any{"base": t.Base, "head": t.Head, "pos": t.Pos, "dropped": t.Dropped,
			"marks": len(t.Marks), "jiffies": t.Jiffies, "seconds": t.Seconds()},
		"viewState": map[string]any{"name": string(g.Views.Current), "x0": v.Cam.X0, "y0": v.Cam.Y0,
			"zoomX": zx, "zoomY": zy, "pseudo": v.Pseudo, "timeline": v.Timeline, "presenter": v.Presenter, "help": v.Help,
			"legend": !v.NoLegend},
	}
}

// pseudoJS converts a pseudo-code panel into {op, line, text, values}.
func pseudoJS(pv app.PseudoView) any {
	text := ""
	if pv.Line >= 0 && pv.Line < len(pv.Lines) {
		text = pv.Lines[pv.Line]
	}
	vals := make([]any, len(pv.Values))
	for i, v := range pv.Values {
		vals[i] = v
	}
	return map[string]any{"op": pv.Func, "line": pv.Line, "text": text, "values": vals}
}
