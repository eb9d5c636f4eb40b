package iproute2

import (
	"io"
	"os"
	"strings"
	"testing"

	"fib6lab/engine/netns"
	"fib6lab/engine/trace"
)

// BenchmarkRawFloodOld is issue 16's slow flood: `send raw` on kernel 6.1
// with 5,000 routes and 100,000 packets all kept in flight, so that each
// allocation past max_size runs ip6_dst_gc and with it a GC pass over the
// whole trie (95,872 of them); the topology is raw_flood.sh's. Sub-benchmarks: as the CLI runs it (the
// passes after the first replayed), every pass run (netns.Stepwise), and
// every pass run and traced into a recorder (as the page runs it).
func BenchmarkRawFloodOld(b *testing.B) {
	src, err := os.ReadFile("../../testdata/scenarios/raw_flood.sh")
	if err != nil {
		b.Fatal(err)
	}
	topology, _, ok := strings.Cut(string(src), "kernel 6.1\n")
	if !ok {
		b.Fatal("raw_flood.sh selects no kernel 6.1")
	}
	setup := topology + "kernel 6.1\ngen routes 5000 2001:db8:100::/64 via 2001:db8:1::2 dev va\n"
	for _, c := range []struct {
		name            string
		stepwise, trace bool
	}{{"replayed", false, false}, {"stepwise", true, false}, {"traced", true, true}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				ns := netns.New(0)
				ns.Stepwise = c.stepwise
				sh := NewShell(ns)
				if st := sh.RunScript(strings.NewReader(setup), io.Discard); st != 0 {
					b.Fatalf("setup exit %d", st)
				}
				if c.trace {
					ns.SetTrace(&trace.Recorder{})
				}
				b.StartTimer()
				sh.Run("send raw 2001:db8:1::1000 count 100000 inflight 100000", io.Discard)
				b.ReportMetric(float64(ns.GC.Passes-ns.GC.Replayed), "passes-run")
			}
		})
	}
}
