//go:build js && wasm

// Command wasm is the fib6lab browser page: it runs the before/after IPv6
// route GC simulation (package app) with ebiten and exposes a small JS
// hook, window.fib6lab, that the page's controls and browser tests use.
package main

import (
	"fmt"
	"log"
	"runtime/debug"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"fib6lab/wasm/app"
	"fib6lab/wasm/game"
)

// memoryLimit is the Go runtime's soft memory limit: the collector works
// harder as the heap nears it, well below the wasm heap's 4 GiB, while
// the page's budget keeps the live heap under app.DefaultMemBudget.
const memoryLimit = 5 << 29 // 2.5 GiB

func main() {
	startMillis = js.Global().Get("performance").Call("now").Float()
	debug.SetMemoryLimit(memoryLimit)
	o := app.DefaultOptions()
	o.Headline = true // measured between frames in the page only: it needs a real clock
	o.QuietGC = true  // the table load allocates in one burst (the memory limit still holds)
	sim := app.NewSim(o)
	g := game.NewGame(sim)
	g.Origin = canvasOrigin
	h := hook(sim)
	addViewHooks(h, sim, g)
	addTeachHooks(h, sim, g)
	addNetnsHooks(h, sim)
	addDumpHooks(h, sim)
	js.Global().Set("fib6lab", h)
	ebiten.SetWindowTitle("fib6lab — IPv6 route GC, before and after tb6_gc_hlist")
	ebiten.SetRunnableOnUnfocused(true)
	if err := ebiten.RunGame(g); err != nil {
		log.Print(err)
	}
}

// startMillis is when main started, in ms of the page's clock
// (performance.now(): since navigation started).
var startMillis float64

// pauses measures the longest Go GC pause between two gcPauseMax() calls.
var pauses app.PauseMeter

// hook builds window.fib6lab. Go on wasm is single-threaded and the game
// loop never blocks inside a frame, so these run between frames (a
// console command running over frames waits at a netns.Yield meanwhile;
// exec refuses to run another). Every function recovers its own panics
// (see safe). setSpeed and setTimeRate return {error} for a value out of
// range; frameGaps() returns the longest gaps between frames since its
// last call {maxMs, maxGCMs, gcs} (app.FrameGaps); cancel() stops the command running and drops the queued lines,
// reporting whether there was any; state().busy is {cmd, done, total,
// text, cancelled, script} while a command runs, else null (state().queued
// counts a console line running with those waiting); state().memory is
// the memory budget {used, budget, mapped, room, refusals, note};
// state().headline is the headline measurement (headlineJS);
// state().timing is {startMillis, firstFrameMillis, readyMillis,
// tableMillis, decodeMillis, buildMillis, compactMillis, copyMillis,
// finishMillis}: when
// main started, the first frame ran and the table was in, in ms of the
// page's clock since navigation (0: not yet), and the engine time the
// table load took, in all and in parts (app.LoadTiming); gcPauseMax()
// returns the longest Go GC pause since its last call, in ms
// (app.PauseMeter).
func hook(s *app.Sim) js.Value {
	return js.ValueOf(map[string]any{
		"state": safe(s, func([]js.Value) any { return stateJS(s.State()) }),
		"play":  safe(s, func([]js.Value) any { s.Play(); return nil }),
		"pause": safe(s, func([]js.Value) any { s.Pause(); return nil }),
		"step":  safe(s, func([]js.Value) any { s.Step(); return s.StepMessage() }),
		"runGC": safe(s, func([]js.Value) any { s.RunGC(); return nil }),
		"setSpeed": safe(s, func(a []js.Value) any {
			return errJS(s.SetSpeed(arg(a, 0, s.Speed)))
		}),
		"setTimeRate": safe(s, func(a []js.Value) any {
			return errJS(s.SetTimeRate(arg(a, 0, s.TimeRate)))
		}),
		"cancel": safe(s, func([]js.Value) any { return s.Cancel() }),
		"gcPauseMax": safe(s, func([]js.Value) any {
			ms := float64(pauses.Max()) / 1e6
			pauses.Start()
			return ms
		}),
		"frameGaps": safe(s, func([]js.Value) any {
			g := s.FrameGaps()
			return map[string]any{"maxMs": g.Max.Milliseconds(), "maxGCMs": g.MaxGC.Milliseconds(), "gcs": g.GCs}
		}),
		"addExpiring": safe(s, func(a []js.Value) any {
			return s.AddExpiring(int(arg(a, 0, 10)), int(arg(a, 1, 128)), int64(arg(a, 2, 5)))
		}),
		"fill": safe(s, func(a []js.Value) any { return s.Fill(int(arg(a, 0, app.FillRoutes))) }),
		"exec": safe(s, func(a []js.Value) any {
			r := s.Exec(str(a, 0))
			return map[string]any{"output": r.Output, "status": r.Status, "mismatch": r.Mismatch}
		}),
		"submit":      safe(s, func(a []js.Value) any { s.Submit(str(a, 0)); return nil }),
		"lines":       safe(s, func(a []js.Value) any { return linesJS(s.Console.Lines(int(arg(a, 0, 0)))) }),
		"historyPrev": safe(s, func(a []js.Value) any { return s.Console.History.Prev(str(a, 0)) }),
		"historyNext": safe(s, func(a []js.Value) any { return s.Console.History.Next(str(a, 0)) }),
	})
}

// safe wraps f as a JS function that never throws a Go panic into the
// page: a panic becomes the page's error and the call returns
// {error: message}.
func safe(s *app.Sim, f func([]js.Value) any) js.Func {
	return js.FuncOf(func(_ js.Value, a []js.Value) (ret any) {
		defer func() {
			if r := recover(); r != nil {
				s.Err = fmt.Sprint("panic in a page call: ", r)
				ret = map[string]any{"error": s.Err}
			}
		}()
		return f(a)
	})
}

// str returns argument i as a string, "" when it is missing or not a
// string.
func str(a []js.Value, i int) string {
	if i >= len(a) || a[i].Type() != js.TypeString {
		return ""
	}
	return a[i].String()
}

// linesJS converts console lines into a JS array of {seq, kind, text}.
func linesJS(ls []app.ConsoleLine) any {
	out := make([]any, len(ls))
	for i, l := range ls {
		out[i] = map[string]any{"seq": l.Seq, "kind": l.Kind.String(), "text": l.Text}
	}
	return out
}

// arg returns argument i as a number, or def when it is missing or not a
// number.
func arg(a []js.Value, i int, def float64) float64 {
	if i >= len(a) || a[i].Type() != js.TypeNumber {
		return def
	}
	return a[i].Float()
}

// strategyKeys are the keys state().strategies and state().shown give
// the lanes, left then right: the GC strategies they run at load
// (app.LaneKernels), kept by position whatever they run now (state().lanes
// says that).
var strategyKeys = [2]string{"trie-walk", "gc-list"}

// stateJS converts the simulation summary into a plain JS object.
func stateJS(st app.State) any {
	lk := st.LastLookup
	strategies, lanes := map[string]any{}, make([]any, len(st.Lanes))
	for i, l := range st.Lanes {
		lanes[i] = map[string]any{"id": l.ID, "kernel": l.Kernel, "strategy": l.Strategy,
			"passes": l.Passes, "visited": l.Visited, "checked": l.Checked, "removed": l.Removed,
			"lastPassMicros": l.LastPassMicros, "routes": l.Routes, "pending": l.Pending,
		}
		strategies[strategyKeys[i]] = lanes[i]
	}
	return map[string]any{
		"ready": st.Ready, "loaded": st.Loaded, "total": st.Total, "routes": st.Routes,
		"jiffies": st.Jiffies, "seconds": st.Seconds, "playing": st.Playing, "speed": st.Speed,
		"timeRate": st.TimeRate, "frames": st.Frames, "error": st.Error, "strategies": strategies, "lanes": lanes,
		"kernelRoutes": st.KernelRoutes, "caption": st.Caption, "queued": st.Queued,
		"consoleSeq": st.ConsoleSeq, "mismatches": st.Mismatches, "droppedEvents": st.Dropped,
		"expiringPending": st.ExpiringPending, "expiringStatus": st.ExpiringStatus,
		"lastLookup": map[string]any{"label": lk.Label, "prefix": lk.Prefix, "steps": lk.Steps,
			"backtracks": lk.Backtracks, "count": lk.Count},
		"timing": timingJS(st.Timing), "headline": headlineJS(st.Headline), "busy": busyJS(st.Busy), "memory": map[string]any{"used": st.Memory.Used, "budget": st.Memory.Budget,
			"mapped": st.Memory.Mapped, "room": st.Memory.Room, "refusals": st.Memory.Refusals, "note": st.Memory.Note},
	}
}

// timingJS converts the load timing into state().timing.
func timingJS(t app.LoadTiming) any {
	at := func(d time.Duration) float64 {
		if d == 0 {
			return 0
		}
		return startMillis + float64(d)/1e6
	}
	ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
	return map[string]any{"startMillis": startMillis, "firstFrameMillis": at(t.FirstFrame),
		"readyMillis": at(t.Ready), "tableMillis": ms(t.Table), "decodeMillis": ms(t.Decode),
		"buildMillis": ms(t.Build), "compactMillis": ms(t.Compact), "copyMillis": ms(t.Copy), "finishMillis": ms(t.Finish)}
}

// busyJS converts the progress of the command running into {cmd, done,
// total, text, cancelled, script}, or null when none runs.
func busyJS(b *app.Busy) any {
	if b == nil {
		return nil
	}
	return map[string]any{"cmd": b.Line, "done": b.Done, "total": b.Total, "text": b.Text, "cancelled": b.Cancelled, "script": b.Script}
}

// headlineJS converts the headline into {trieWalk, gcList, ratio,
// resolutionMicros, done}, each strategy {nodesVisited, routesChecked,
// micros, spread, runs}.
func headlineJS(h app.HeadlineState) any {
	cost := func(c app.PassCost) any {
		return map[string]any{"nodesVisited": c.NodesVisited, "routesChecked": c.RoutesChecked,
			"micros": c.Micros, "spread": c.Spread, "runs": c.Runs}
	}
	return map[string]any{"trieWalk": cost(h.TrieWalk), "gcList": cost(h.GCList), "ratio": h.Ratio,
		"resolutionMicros": h.ResolutionMicros, "done": h.Done}
}
