//go:build js && wasm

// Command wasm is the fib6lab browser page: it runs the before/after IPv6
// route GC simulation (package app) with ebiten and exposes a small JS
// hook, window.fib6lab, that the page's controls and browser tests use.
package main

import (
	"log"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"

	"fib6lab/wasm/app"
	"fib6lab/wasm/game"
)

func main() {
	sim := app.NewSim(app.DefaultOptions())
	js.Global().Set("fib6lab", hook(sim))
	ebiten.SetWindowTitle("fib6lab — IPv6 route GC, before and after tb6_gc_hlist")
	ebiten.SetRunnableOnUnfocused(true)
	if err := ebiten.RunGame(game.NewGame(sim)); err != nil {
		log.Print(err)
	}
}

// hook builds window.fib6lab. Go on wasm is single-threaded and the game
// loop never blocks inside a frame, so these run between frames.
func hook(s *app.Sim) js.Value {
	return js.ValueOf(map[string]any{
		"state": js.FuncOf(func(js.Value, []js.Value) any { return stateJS(s.State()) }),
		"play":  js.FuncOf(func(js.Value, []js.Value) any { s.Play(); return nil }),
		"pause": js.FuncOf(func(js.Value, []js.Value) any { s.Pause(); return nil }),
		"step":  js.FuncOf(func(js.Value, []js.Value) any { s.Step(); return nil }),
		"runGC": js.FuncOf(func(js.Value, []js.Value) any { s.RunGC(); return nil }),
		"setSpeed": js.FuncOf(func(_ js.Value, a []js.Value) any {
			s.SetSpeed(arg(a, 0, s.Speed))
			return nil
		}),
		"setTimeRate": js.FuncOf(func(_ js.Value, a []js.Value) any {
			s.SetTimeRate(arg(a, 0, s.TimeRate))
			return nil
		}),
		"addExpiring": js.FuncOf(func(_ js.Value, a []js.Value) any {
			return s.AddExpiring(int(arg(a, 0, 10)), int(arg(a, 1, 128)), int64(arg(a, 2, 5)))
		}),
	})
}

// arg returns argument i as a number, or def when it is missing or not a
// number.
func arg(a []js.Value, i int, def float64) float64 {
	if i >= len(a) || a[i].Type() != js.TypeNumber {
		return def
	}
	return a[i].Float()
}

// stateJS converts the simulation summary into a plain JS object.
func stateJS(st app.State) any {
	lanes := map[string]any{}
	for name, l := range st.Lanes {
		lanes[name] = map[string]any{
			"passes": l.Passes, "visited": l.Visited, "checked": l.Checked, "removed": l.Removed,
			"lastPassMicros": l.LastPassMicros, "routes": l.Routes, "pending": l.Pending,
		}
	}
	return map[string]any{
		"ready": st.Ready, "loaded": st.Loaded, "total": st.Total, "routes": st.Routes,
		"jiffies": st.Jiffies, "seconds": st.Seconds, "playing": st.Playing, "speed": st.Speed,
		"timeRate": st.TimeRate, "frames": st.Frames, "error": st.Error, "strategies": lanes,
	}
}
