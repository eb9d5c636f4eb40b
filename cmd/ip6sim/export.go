package main

import (
	"bytes"
	"fmt"
	"net/netip"
	"os"
	"runtime"
	"slices"
	"time"

	"fib6lab/data"
	"fib6lab/engine/fib6"
	"fib6lab/engine/gc"
	"fib6lab/engine/iproute2"
	"fib6lab/engine/netns"
	"fib6lab/render/export"
	"fib6lab/render/scene"
	"fib6lab/wasm/app"
)

// Export geometry and measurement settings.
const (
	exportW, exportH = 1600, 1000
	plotW, plotH     = 1200, 720
	costWarm         = 3  // untimed GC passes before timing a point
	costReps         = 31 // GC passes timed per point; the median is plotted
)

// costSizes are the permanent-route counts of the seed's GC measurement.
var costSizes = []int{1000, 3000, 6000, 9000}

// batch runs script (if any) on sh, then writes the exports that have a
// path (checked by parseOptions): table main's trie to tablePath, the
// GC-cost plot to plotPath. It returns the script's status (see
// runFile: a script that did not run to its end, unreadable or
// interrupted, writes no export), or 1 when an export failed.
func batch(sh *iproute2.Shell, script, tablePath, plotPath string) int {
	rc := 0
	if script != "" {
		var ended bool
		if rc, ended = runFile(sh, script); !ended {
			return rc
		}
	}
	for _, e := range []struct {
		path  string
		build func() (*scene.Scene, error)
	}{
		{tablePath, func() (*scene.Scene, error) { return tableScene(sh.NS, script), nil }},
		{plotPath, costPlot},
	} {
		if e.path == "" {
			continue
		}
		if err := writeScene(e.path, e.build); err != nil {
			fmt.Fprintln(os.Stderr, "ip6sim:", err)
			return 1
		}
	}
	return rc
}

// writeScene builds a scene and writes it to path in the format of its
// extension.
func writeScene(path string, build func() (*scene.Scene, error)) error {
	format, err := export.FormatFromPath(path)
	if err != nil {
		return err
	}
	s, err := build()
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := export.Write(&buf, s, format); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// tableScene draws table main of ns, the whole trie fit to the picture,
// under a header naming the kernel model, the routes and the virtual
// time.
func tableScene(ns *netns.Netns, script string) *scene.Scene {
	tb := ns.FIB.Table(fib6.RT_TABLE_MAIN)
	lay := app.BuildLayout(tb)
	hd := scene.Header{
		Title:    "table main — ip6sim " + script,
		Subtitle: fmt.Sprintf("kernel model %s · GC strategy %s · HZ %d", ns.Features().Release, ns.GCStrategy(), ns.HZ),
		Accent:   scene.Dark.Accents()[ns.GCStrategy()],
		Lines: []string{
			fmt.Sprintf("routes %s   trie nodes %s   virtual time %.2f s (jiffies %d)",
				app.Commas(tb.Entries), app.Commas(len(lay.Nodes)), float64(ns.Uptime())/float64(ns.HZ), ns.Now()),
			fmt.Sprintf("GC passes %d   routes removed by GC %s   on tb6_gc_hlist %s",
				ns.GC.Passes, app.Commas(ns.GC.Removed), app.Commas(tb.GCListLen())),
		},
	}
	return scene.TableScene(lay, hd, scene.NoMarks(), exportW, exportH)
}

// costPlot measures a GC pass of both strategies with the seed's numbers
// of permanent routes and with the real full table, each plus one
// expiring route, and plots them over the kernel's figures.
func costPlot() (*scene.Scene, error) {
	full, err := data.FullTable()
	if err != nil {
		return nil, err
	}
	var pts []scene.CostPoint
	for _, n := range costSizes {
		pts = append(pts, measureCost(gc.PermanentHosts(n)))
	}
	pts = append(pts, measureCost(full))
	return scene.GCCostPlot(pts, scene.PlotOptions{W: plotW, H: plotH, LogY: true}), nil
}

// measureCost times a GC pass of each strategy over table main holding
// perm and one route expiring far in the future (so that every pass ages
// it and none removes it) and returns the medians.
func measureCost(perm []netip.Prefix) scene.CostPoint {
	n := costNet(perm)
	pt := scene.CostPoint{Routes: len(perm)}
	pass := func(s gc.Strategy) float64 {
		args := gc.Args{Timeout: 30 * netns.DefaultHZ}
		start := time.Now()
		gc.Pass(n, s, 0, &args)
		return float64(time.Since(start).Nanoseconds())
	}
	for i, s := range gc.Strategies {
		for range costWarm {
			pass(s)
		}
		runtime.GC() // no collection of the set-up's garbage while timing
		ts := make([]float64, costReps)
		for r := range ts {
			ts[r] = pass(s)
		}
		slices.Sort(ts)
		pt.Nanos[i] = ts[len(ts)/2]
	}
	return pt
}

// costNet returns a FIB whose table main holds perm and one expiring
// route, compacted as after a bulk load.
func costNet(perm []netip.Prefix) *fib6.Net {
	n := fib6.NewNet()
	tb := n.Table(fib6.RT_TABLE_MAIN)
	gw := netip.MustParseAddr("2001:10::2")
	add := func(p netip.Prefix, expires int64) {
		rt := n.NewRoute(p, gw, 2, fib6.IP6_RT_PRIO_USER)
		if expires != 0 {
			rt.SetExpires(expires)
		}
		// the prefixes are distinct: adding cannot fail
		_ = tb.Add(rt, fib6.NLM_F_CREATE|fib6.NLM_F_EXCL)
	}
	for _, p := range perm {
		add(p, 0)
	}
	add(gc.ExpiringHosts(1)[0], 1<<40)
	tb.Compact()
	return n
}
