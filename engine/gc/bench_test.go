package gc_test

import (
	"fmt"
	"net/netip"
	"testing"

	"fib6lab/data"
	"fib6lab/engine/fib6"
	"fib6lab/engine/gc"
)

// setup builds a namespace FIB with the given permanent prefixes plus
// `expiring` routes whose deadline is far away, so that every pass ages
// them (gc_args.more > 0) without removing anything and can be repeated.
func setup(b *testing.B, perm []netip.Prefix, expiring int) *fib6.Net {
	n := fib6.NewNet()
	tb := n.Table(fib6.RT_TABLE_MAIN)
	add := func(p netip.Prefix, expires int64) {
		rt := n.NewInfo()
		rt.Dst, rt.DstLen = fib6.KeyOf(p.Addr()), uint8(p.Bits())
		rt.Type, rt.Metric, rt.Flags = fib6.RTN_UNICAST, 1024, fib6.RTF_UP|fib6.RTF_GATEWAY
		rt.NH.Dev, rt.NH.Gw = 2, netip.MustParseAddr("2001:10::2")
		if expires != 0 {
			rt.SetExpires(expires)
		}
		if err := tb.Add(rt, fib6.NLM_F_CREATE|fib6.NLM_F_EXCL); err != nil {
			b.Fatal(err)
		}
	}
	for _, p := range perm {
		add(p, 0)
	}
	for i := 0; i < expiring; i++ {
		add(netip.PrefixFrom(netip.AddrFrom16([16]byte{0x20, 0x01, 0, 0x20, 15: byte(0x10 + i)}), 128), 1<<40)
	}
	return n
}

// hostRoutes returns n permanent /128 routes 2001:db8::1, ::2, ...
func hostRoutes(n int) []netip.Prefix {
	ps := make([]netip.Prefix, n)
	for i := range ps {
		a := [16]byte{0x20, 0x01, 0x0d, 0xb8, 14: byte((i + 1) >> 8), 15: byte(i + 1)}
		ps[i] = netip.PrefixFrom(netip.AddrFrom16(a), 128)
	}
	return ps
}

func benchPass(b *testing.B, n *fib6.Net, s gc.Strategy, expiring int) {
	b.ReportAllocs()
	var st gc.PassStats
	for b.Loop() {
		args := gc.Args{Timeout: 30 * 250}
		st = gc.Pass(n, s, 0, &args)
	}
	if st.Removed != 0 || st.Checked < expiring {
		b.Fatalf("pass checked %d removed %d", st.Checked, st.Removed)
	}
	b.ReportMetric(float64(st.Checked), "routes/pass")
}

// BenchmarkGCPass is the seed's measurement: one GC pass with 1000, 3000,
// 6000 and 9000 permanent routes plus one expiring route, per strategy
// (the kernel reported 120/309/581/855 us before the GC list, ~14 us
// after), and the real full table plus 10 expiring routes.
func BenchmarkGCPass(b *testing.B) {
	for _, s := range gc.Strategies {
		for _, perm := range []int{1000, 3000, 6000, 9000} {
			n := setup(b, hostRoutes(perm), 1)
			b.Run(fmt.Sprintf("%s/perm=%d+1", s, perm), func(b *testing.B) { benchPass(b, n, s, 1) })
		}
		full, err := data.FullTable()
		if err != nil {
			b.Fatal(err)
		}
		n := setup(b, full, 10)
		b.Run(fmt.Sprintf("%s/fulltable=%d+10", s, len(full)), func(b *testing.B) { benchPass(b, n, s, 10) })
	}
}
