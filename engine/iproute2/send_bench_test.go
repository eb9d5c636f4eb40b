package iproute2

import (
	"io"
	"net/netip"
	"os"
	"strings"
	"testing"

	"fib6lab/data"
	"fib6lab/engine/fib6"
	"fib6lab/engine/netns"
	"fib6lab/engine/trace"
)

// ilaSetup returns the topology part of testdata/scenarios/ila_flows.sh
// (everything before its first `ip -6 route show`): the ILA routes and the
// route to the translated locator.
func ilaSetup(b *testing.B) string {
	src, err := os.ReadFile("../../testdata/scenarios/ila_flows.sh")
	if err != nil {
		b.Fatal(err)
	}
	setup, _, ok := strings.Cut(string(src), "ip -6 route show")
	if !ok {
		b.Fatal("ila_flows.sh has no route listing")
	}
	return setup
}

// ilaNet builds the ILA topology on the full table for a kernel release.
func ilaNet(b *testing.B, kernel string) *netns.Netns {
	ns := netns.New(0)
	sh := NewShell(ns)
	if st := sh.RunScript(strings.NewReader("kernel "+kernel+"\n"+ilaSetup(b)), io.Discard); st != 0 {
		b.Fatalf("setup exit %d", st)
	}
	full, err := data.FullTable()
	if err != nil {
		b.Fatal(err)
	}
	gw, dev := netip.MustParseAddr("2001:db8:1::2"), ns.Dev("va").Index
	for _, p := range full {
		ns.AddRoute(fib6.RT_TABLE_MAIN, ns.FIB.NewRoute(p, gw, dev, 0), fib6.NLM_F_CREATE|fib6.NLM_F_EXCL)
	}
	ns.FIB.Table(fib6.RT_TABLE_MAIN).Compact()
	return ns
}

// BenchmarkSend is issue 5's per-packet cost on the full table: a plain
// route, an ILA /128 route whose translated route sits in the dst_cache
// (a hit per packet after the first), an ILA /64 route (a lookup of the
// translated destination per packet), and the /128 on a kernel before the
// 2016 dst_cache change. It reports trie nodes stepped on per packet.
func BenchmarkSend(b *testing.B) {
	cases := []struct{ name, kernel, dst string }{
		{"plain", "6.18", "2001:db8:2::9"},
		{"ila128-cached", "6.18", "3333::2000:0:0:2"},
		{"ila64-lookup", "6.18", "3333:0:0:1:2000::5"},
		{"ila128-4.8", "4.8", "3333::2000:0:0:2"},
	}
	for _, c := range cases {
		ns := ilaNet(b, c.kernel)
		dst := netip.MustParseAddr(c.dst)
		b.Run(c.name, func(b *testing.B) {
			rec := &trace.Recorder{}
			ns.SetTrace(rec)
			ns.Send(dst, netip.Addr{}, 1, 0) // warm the cache
			rec.Reset()
			res := ns.Send(dst, netip.Addr{}, 1, 0)
			nodes := 0
			for _, e := range rec.Events {
				if e.Kind == trace.NodeVisit {
					nodes++
				}
			}
			ns.SetTrace(nil)
			b.ReportAllocs()
			for b.Loop() {
				ns.Send(dst, netip.Addr{}, 1, 0)
			}
			b.ReportMetric(float64(nodes), "nodes/pkt")
			b.ReportMetric(float64(res.Lookups), "lookups/pkt")
		})
	}
}
