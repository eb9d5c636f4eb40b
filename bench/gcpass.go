package main

import (
	"fmt"
	"net/netip"
	"testing"

	"fib6lab/engine/fib6"
	"fib6lab/engine/gc"
)

// kernelBefore is the seed's published GC time per pass (ns) before the GC
// list, at 1000/3000/6000/9000 permanent routes; after, ~14 us flat.
var kernelBefore = map[int]string{1000: "120020", 3000: "308920", 6000: "581470", 9000: "855310"}

func passNs(n *fib6.Net, s gc.Strategy) float64 {
	res := testing.Benchmark(func(b *testing.B) {
		for b.Loop() {
			args := gc.Args{Timeout: 30 * 250}
			gc.Pass(n, s, 0, &args)
		}
	})
	return float64(res.NsPerOp())
}

func gcTable(full []netip.Prefix, quick bool) {
	fmt.Println("## GC pass per strategy (ns per pass)")
	fmt.Println()
	fmt.Println("| permanent routes | expiring | trie-walk ns | ns/route | gc-list ns | trie/list | kernel before (ns) |")
	fmt.Println("|---:|---:|---:|---:|---:|---:|---:|")
	sizes := []int{1000, 3000, 6000, 9000, len(full)}
	if quick {
		sizes = sizes[:1]
	}
	for _, size := range sizes {
		perm := gc.PermanentHosts(min(size, 9000))
		if size == len(full) {
			perm = full
		}
		for _, exp := range []int{1, 10} {
			n := pageNet(perm, exp)
			trie, list := passNs(n, gc.TrieWalk), passNs(n, gc.GCList)
			k := kernelBefore[size]
			if k == "" {
				k = "-"
			}
			fmt.Printf("| %d | %d | %.0f | %.1f | %.0f | %.0f | %s |\n", size, exp, trie, trie/float64(size+exp), list, trie/list, k)
		}
	}
	fmt.Println()
	fmt.Println("Kernel after the GC list: ~14000 ns per pass.")
}
