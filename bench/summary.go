package main

import (
	"fmt"
	"math/rand/v2"
	"net/netip"
	"runtime"
	"slices"
	"strings"
	"time"

	"fib6lab/data"
	"fib6lab/engine/fib6"
	"fib6lab/engine/gc"
)

// kernelWalk9k is the seed's trie-walk GC pass with 9000 permanent routes
// and one expiring (ns), before the GC list: 95 ns per route.
const kernelWalk9k = 855310

// summary measures the figures of issue 14 side by side in one process
// and prints them as one line, "summary: key=value ...". Each figure is
// the median of rounds (a round of a short measurement keeps the best of
// a few repetitions, which a busy machine's interruptions spare more
// often than not), and the rounds of figures compared with each other
// (fib6lab and bart on the same addresses, sorted and shuffled loads)
// alternate, so that a busy machine weighs on both alike:
//
//   - lookup_hit_over_bart, lookup_miss_over_bart: fib6_table_lookup (one
//     at a time) over bart.Table's Lookup, per lookup, the same addresses
//     inside and outside the real table's prefixes (fib6lab's table built
//     in address order and compacted, as the page has it, then bart's);
//   - batch_lookup_over_bart: fib6.Table.LookupBatch (interleaved descents) per lookup
//     over bart's single lookups of the same hit addresses;
//   - walk_ns_per_route: an untraced trie-walk GC pass on the full table
//     (as the page has it: built in address order, compacted), per route;
//   - kernel_walk_over_ours: the seed's 855 us pass at 9,000 routes (95 ns
//     per route, another machine) over ours at the same size;
//   - gclist_us: an untraced GC-list pass on the full table;
//   - bytes_per_route: heap per route of the full table in fib6lab, once
//     lookups have built its jump index;
//   - load_ms: decoding the shipped binary table, adding its routes to
//     table main in one batch (fib6.Table.AddBatch, as the page loads a
//     table) and compacting it (the page's built lane, natively);
//   - shuffled_load_over_sorted: the same batch in random order over
//     address order (AddBatch sorts a batch out of address order).
func summary(full []netip.Prefix, rounds int) {
	s := map[string]float64{}
	lookups(full, rounds, s)
	walks(full, rounds, s)
	loads(full, rounds, s)
	keys := []string{"lookup_hit_over_bart", "lookup_miss_over_bart", "batch_lookup_over_bart", "walk_ns_per_route",
		"kernel_walk_over_ours", "gclist_us", "bytes_per_route", "load_ms", "shuffled_load_over_sorted"}
	var b strings.Builder
	b.WriteString("summary:")
	for _, k := range keys {
		fmt.Fprintf(&b, " %s=%s", k, figure(s[k]))
	}
	fmt.Println()
	fmt.Println(b.String())
}

// figure formats a figure with three significant digits.
func figure(v float64) string {
	switch {
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	case v >= 10:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
}

// median returns the median of xs.
func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// nsPer times f, which does n units of work, and returns ns per unit.
func nsPer(n int, f func()) float64 {
	start := time.Now()
	f()
	return float64(time.Since(start).Nanoseconds()) / float64(n)
}

// bestOf returns the least of k timings of f (nsPer).
func bestOf(k, n int, f func()) float64 {
	best := nsPer(n, f)
	for range k - 1 {
		best = min(best, nsPer(n, f))
	}
	return best
}

// lookups measures the lookup figures.
func lookups(full []netip.Prefix, rounds int, s map[string]float64) {
	// each structure built on its own, so that neither's memory is spread
	// between the other's; ours compacted, as the page holds its table
	ours := newFib6().(*fib6Table)
	for _, p := range full {
		ours.Insert(p)
	}
	ours.tb.Compact()
	var theirs bartTable
	for _, p := range full {
		theirs.Insert(p)
	}
	hits, misses := probes(full, ours, 1<<16)
	keys, out := make([]fib6.Key, len(hits)), make([]*fib6.Info, len(hits))
	sink := 0
	single := func(t table, as []netip.Addr) func() {
		return func() {
			for _, a := range as {
				if t.Lookup(a) {
					sink++
				}
			}
		}
	}
	batch := func() {
		for i, a := range hits {
			keys[i] = fib6.KeyOf(a)
		}
		ours.tb.LookupBatch(keys, fib6.Flow{}, out)
		for _, rt := range out {
			if rt != ours.net.NullEntry {
				sink++
			}
		}
	}
	runs := []struct {
		name string
		n    int
		f    func()
	}{
		{"ours hit", len(hits), single(ours, hits)}, {"bart hit", len(hits), single(&theirs, hits)},
		{"ours batch", len(hits), batch}, {"ours miss", len(misses), single(ours, misses)},
		{"bart miss", len(misses), single(&theirs, misses)},
	}
	got := map[string][]float64{}
	for r := range rounds {
		for i := range runs {
			run := runs[(i+r)%len(runs)]
			got[run.name] = append(got[run.name], bestOf(3, run.n, run.f))
		}
	}
	m := func(k string) float64 { return median(got[k]) }
	s["lookup_hit_over_bart"] = m("ours hit") / m("bart hit")
	s["lookup_miss_over_bart"] = m("ours miss") / m("bart miss")
	s["batch_lookup_over_bart"] = m("ours batch") / m("bart hit")
	fmt.Printf("Side by side (median of %d rounds, ns per lookup): fib6lab hit %.0f, batched %.0f, miss %.0f; bart hit %.0f, miss %.0f (%d).\n",
		rounds, m("ours hit"), m("ours batch"), m("ours miss"), m("bart hit"), m("bart miss"), sink%2)
}

// walks measures the GC pass figures.
func walks(full []netip.Prefix, rounds int, s map[string]float64) {
	pass := func(n *fib6.Net, st gc.Strategy, reps int) float64 {
		var xs []float64
		for range rounds {
			xs = append(xs, bestOf(reps, 1, func() {
				args := gc.Args{Timeout: 30 * 250}
				gc.Pass(n, st, 0, &args)
			}))
		}
		return median(xs)
	}
	fullNet := pageNet(full, 10)
	small := pageNet(gc.PermanentHosts(9000), 1)
	walk := pass(fullNet, gc.TrieWalk, 3)
	list := pass(fullNet, gc.GCList, 300)
	walk9k := pass(small, gc.TrieWalk, 30)
	s["walk_ns_per_route"] = walk / float64(len(full)+10)
	s["kernel_walk_over_ours"] = kernelWalk9k / walk9k
	s["gclist_us"] = list / 1000
	fmt.Printf("GC passes, untraced (median): full table trie walk %.2f ms, GC list %.2f us; 9,000 routes trie walk %.0f us (kernel %.0f us).\n",
		walk/1e6, list/1e3, walk9k/1e3, kernelWalk9k/1e3)
}

// pageNet builds a FIB with perm permanent routes and exp routes whose
// deadline is far away (every pass ages them, none is removed), as the
// page has its table: built in the order given (the shipped table's is
// address order), then compacted.
func pageNet(perm []netip.Prefix, exp int) *fib6.Net {
	n := fib6.NewNet()
	tb := n.Table(fib6.RT_TABLE_MAIN)
	gw := netip.MustParseAddr("2001:10::2")
	for _, p := range perm {
		tb.Add(n.NewRoute(p, gw, 2, 1024), fib6.NLM_F_CREATE|fib6.NLM_F_EXCL)
	}
	for _, p := range gc.ExpiringHosts(exp) {
		rt := n.NewRoute(p, gw, 2, 1024)
		rt.SetExpires(1 << 40)
		tb.Add(rt, fib6.NLM_F_CREATE|fib6.NLM_F_EXCL)
	}
	tb.Compact()
	return n
}

// loads measures the load figures and bytes per route.
func loads(full []netip.Prefix, rounds int, s map[string]float64) {
	shuffled := slices.Clone(full)
	rand.New(rand.NewPCG(7, 7)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	build := func(ps []netip.Prefix) *fib6.Net {
		n := fib6.NewNet()
		tb := n.Table(fib6.RT_TABLE_MAIN)
		gw := fib6.GatewayOf(netip.MustParseAddr("2001:db8::2"))
		slab := make([]fib6.Info, len(ps))
		for i, p := range ps {
			rt := n.InitInfo(&slab[i])
			rt.Dst, rt.DstLen = fib6.KeyOf(p.Addr()), uint8(p.Bits())
			rt.Type, rt.Metric, rt.Flags = fib6.RTN_UNICAST, fib6.IP6_RT_PRIO_USER, fib6.RTF_UP|fib6.RTF_GATEWAY
			rt.NH.Dev, rt.NH.Gw = 2, gw
		}
		tb.AddBatch(slab, fib6.NLM_F_CREATE|fib6.NLM_F_EXCL, func(*fib6.Info, error) bool { return true })
		tb.Compact()
		return n
	}
	var load, sorted, random []float64
	for r := range rounds {
		runtime.GC()
		if r%2 == 0 {
			random = append(random, nsPer(1, func() { build(shuffled) }))
		}
		runtime.GC()
		load = append(load, nsPer(1, func() {
			ps, err := data.FullTable()
			if err != nil {
				panic(err)
			}
			build(ps)
		}))
		runtime.GC()
		sorted = append(sorted, nsPer(1, func() { build(full) }))
		if r%2 == 1 {
			runtime.GC()
			random = append(random, nsPer(1, func() { build(shuffled) }))
		}
	}
	_, _, bytes := buildStats(newFib6, full)
	s["load_ms"] = median(load) / 1e6
	s["shuffled_load_over_sorted"] = median(random) / median(sorted)
	s["bytes_per_route"] = bytes
	fmt.Printf("Full-table load (median): decode, add and compact %.0f ms; adding and compacting alone %.0f ms in address order, %.0f ms shuffled; %.0f bytes per route.\n",
		median(load)/1e6, median(sorted)/1e6, median(random)/1e6, bytes)
}
