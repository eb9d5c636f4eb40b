// Command bench measures fib6lab's kernel-shaped fib6 trie against the best
// Go routing tables (github.com/gaissmai/bart, github.com/kentik/patricia)
// on the real full IPv6 table and on random prefix sets, and the GC pass of
// both strategies at the seed's sizes, and prints one markdown table per
// measurement; it ends with the figures of issue 14 measured side by side,
// on one line "summary: key=value ..." (summary.go). `make bench` runs it.
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"net/netip"
	"os"
	"runtime"
	"slices"
	"testing"
	"time"

	"fib6lab/data"
)

func main() {
	quick := flag.Bool("quick", false, "smaller sets and fewer repetitions (smoke test)")
	flag.Parse()
	touch := firstTouch()
	full, err := data.FullTable()
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
	fmt.Printf("# fib6lab benchmarks\n\n%s, %s/%s, %d CPUs, %s; first touch of fresh memory %.2f ms per MB\n\n",
		time.Now().Format("2006-01-02"), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version(), touch)
	sets := []prefixSet{{"full table", full}}
	for _, n := range []int{1000, 10000, 100000} {
		if *quick && n > 1000 {
			break
		}
		sets = append(sets, prefixSet{fmt.Sprintf("random %dk", n/1000), randomPrefixes(full, n, uint64(n))})
	}
	lookupTable(sets)
	gcTable(full, *quick)
	rounds := 9
	if *quick {
		rounds = 3
	}
	summary(full, rounds)
}

// firstTouch returns what the first writes to fresh memory cost, in ms
// per MB: 64 MB the process takes from the system at its start (a large
// allocation in a new heap is not cleared), one byte written per 4 KiB
// page, so each write is a page fault. Where a virtual machine's host
// backs the guest's memory only when it is first used, this cost
// dominates a table load that runs cold (README, "Memory the load
// touches").
func firstTouch() float64 {
	const size = 64 << 20
	b := make([]byte, size)
	start := time.Now()
	for i := 0; i < size; i += 4096 {
		b[i] = 1
	}
	return float64(time.Since(start).Nanoseconds()) / 1e6 / (size >> 20)
}

// prefixSet is a named set of distinct prefixes.
type prefixSet struct {
	name string
	ps   []netip.Prefix
}

// randomPrefixes draws n distinct random prefixes in 2000::/3 with the
// prefix-length distribution of the real table.
func randomPrefixes(full []netip.Prefix, n int, seed uint64) []netip.Prefix {
	r := rand.New(rand.NewPCG(seed, 1))
	seen := make(map[netip.Prefix]bool, n)
	out := make([]netip.Prefix, 0, n)
	for len(out) < n {
		p := netip.PrefixFrom(randomAddr(r), full[r.IntN(len(full))].Bits()).Masked()
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

func randomAddr(r *rand.Rand) netip.Addr {
	var b [16]byte
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	b[0] = 0x20 | b[0]&0x1f
	return netip.AddrFrom16(b)
}

// probes returns up to n addresses that hit some prefix of ps (random host
// bits inside random prefixes) and n that miss, decided by the reference
// table ref, so every structure looks up the same addresses.
func probes(ps []netip.Prefix, ref table, n int) (hits, misses []netip.Addr) {
	r := rand.New(rand.NewPCG(42, 42))
	for tries := 0; (len(hits) < n || len(misses) < n) && tries < 40*n; tries++ {
		var a netip.Addr
		if tries%2 == 0 {
			a = inside(r, ps[r.IntN(len(ps))])
		} else {
			a = randomAddr(r)
		}
		if ref.Lookup(a) {
			if len(hits) < n {
				hits = append(hits, a)
			}
		} else if len(misses) < n {
			misses = append(misses, a)
		}
	}
	return hits, misses
}

func inside(r *rand.Rand, p netip.Prefix) netip.Addr {
	a, b := p.Addr().As16(), randomAddr(r).As16()
	for i := range a {
		keep := min(max(p.Bits()-8*i, 0), 8)
		m := byte(0xff << (8 - keep))
		a[i] = a[i]&m | b[i]&^m
	}
	return netip.AddrFrom16(a)
}

// buildStats inserts ps into a fresh structure and reports ns per insert
// and heap bytes per route. The bytes are counted after a lookup of each
// prefix, so that what a structure builds for its lookups on the way
// (fib6lab's jump index) counts too.
func buildStats(mk func() table, ps []netip.Prefix) (t table, nsPerInsert, bytesPerRoute float64) {
	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	start := time.Now()
	t = mk()
	for _, p := range ps {
		t.Insert(p)
	}
	el := time.Since(start)
	for _, p := range ps {
		t.Lookup(p.Addr())
	}
	runtime.GC()
	runtime.ReadMemStats(&m1)
	return t, float64(el.Nanoseconds()) / float64(len(ps)), float64(int64(m1.HeapAlloc)-int64(m0.HeapAlloc)) / float64(len(ps))
}

func deleteNs(t table, ps []netip.Prefix) float64 {
	order := slices.Clone(ps)
	rand.New(rand.NewPCG(3, 3)).Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	start := time.Now()
	for _, p := range order {
		t.Delete(p)
	}
	return float64(time.Since(start).Nanoseconds()) / float64(len(ps))
}

func lookupNs(t table, addrs []netip.Addr) float64 {
	if len(addrs) == 0 {
		return 0
	}
	res := testing.Benchmark(func(b *testing.B) {
		i := 0
		for b.Loop() {
			t.Lookup(addrs[i])
			i++
			if i == len(addrs) {
				i = 0
			}
		}
	})
	return float64(res.NsPerOp())
}

func lookupTable(sets []prefixSet) {
	fmt.Println("## Longest-prefix match: fib6lab vs bart vs kentik/patricia")
	fmt.Println()
	fmt.Println("| set | structure | lookup hit ns | lookup miss ns | insert ns/route | delete ns/route | bytes/route |")
	fmt.Println("|---|---|---:|---:|---:|---:|---:|")
	for _, s := range sets {
		ref := newFib6()
		for _, p := range s.ps {
			ref.Insert(p)
		}
		hits, misses := probes(s.ps, ref, 1<<16)
		for _, peer := range peers {
			t, ins, bytes := buildStats(peer.make, s.ps)
			if bad := disagree(t, ref, hits, misses); bad != "" {
				fmt.Fprintf(os.Stderr, "bench: %s disagrees with fib6lab on %s: %s\n", peer.name, s.name, bad)
				os.Exit(1)
			}
			hit, miss := lookupNs(t, hits), lookupNs(t, misses)
			del := deleteNs(t, s.ps)
			fmt.Printf("| %s (%d) | %s | %.0f | %.0f | %.0f | %.0f | %.0f |\n", s.name, len(s.ps), peer.name, hit, miss, ins, del, bytes)
		}
	}
	fmt.Println()
}

// disagree checks that t answers every probe as the reference does.
func disagree(t, ref table, hits, misses []netip.Addr) string {
	for _, a := range slices.Concat(hits, misses) {
		if t.Lookup(a) != ref.Lookup(a) {
			return a.String()
		}
	}
	return ""
}
