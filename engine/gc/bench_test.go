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
	gw := netip.MustParseAddr("2001:10::2")
	add := func(p netip.Prefix, expires int64) {
		rt := n.NewRoute(p, gw, 2, 1024)
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
	for _, p := range gc.ExpiringHosts(expiring) {
		add(p, 1<<40)
	}
	n.Table(fib6.RT_TABLE_MAIN).Compact()
	return n
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
			n := setup(b, gc.PermanentHosts(perm), 1)
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
