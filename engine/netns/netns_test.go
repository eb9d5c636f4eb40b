package netns

import (
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"testing"

	"fib6lab/engine/fib6"
	"fib6lab/engine/gc"
	"fib6lab/engine/kernel"
	"fib6lab/engine/trace"
)

// newWithGC returns a namespace of kernel.Default whose GC passes use
// strategy s whatever the release says (as ip6sim --gc sets it), so that
// a test compares the two strategies with everything else equal.
func newWithGC(s gc.Strategy) *Netns {
	ns := New(0)
	f := kernel.For(kernel.Default)
	f.GCList = s == gc.GCList
	ns.SetFeatures(f)
	return ns
}

// addRoute adds prefix p (via gw if not empty) to table id, with
// `expires` seconds when expires > 0, as `ip -6 route add` would.
func addRoute(t *testing.T, ns *Netns, id uint32, p, gw string, metric uint32, expires int64) *fib6.Info {
	t.Helper()
	pfx := netip.MustParsePrefix(p)
	rt := ns.FIB.NewInfo()
	rt.Dst, rt.DstLen = fib6.KeyOf(pfx.Addr()), uint8(pfx.Bits())
	rt.Type, rt.Metric, rt.Flags, rt.NH.Dev = fib6.RTN_UNICAST, metric, fib6.RTF_UP, 2
	if gw != "" {
		rt.NH.Gw = fib6.GatewayOf(netip.MustParseAddr(gw))
		rt.Flags |= fib6.RTF_GATEWAY
	}
	if expires > 0 {
		rt.SetExpires(ns.Now() + expires*ns.HZ)
	}
	if err := ns.AddRoute(id, rt, fib6.NLM_F_CREATE|fib6.NLM_F_EXCL); err != nil {
		t.Fatalf("add %s: %v", p, err)
	}
	return rt
}

// kernelRoutes adds what the kernel makes for `ip -6 addr add
// 2001:10::1/64 dev va` and IPv6 coming up on va: prefix routes in main,
// local and multicast routes in local.
func kernelRoutes(t *testing.T, ns *Netns) {
	for _, p := range []string{"2001:10::/64", "2001:db8:1::/64", "fe80::/64"} {
		addRoute(t, ns, fib6.RT_TABLE_MAIN, p, "", 256, 0)
	}
	for _, p := range []string{"2001:10::1/128", "2001:db8:1::1/128", "fe80::ff:fe00:1/128"} {
		addRoute(t, ns, fib6.RT_TABLE_LOCAL, p, "", 0, 0)
	}
	addRoute(t, ns, fib6.RT_TABLE_LOCAL, "ff00::/8", "", 256, 0)
}

func expiring(ns *Netns) int {
	n := 0
	for _, tb := range ns.FIB.Tables() {
		for _, rt := range tb.Dump() {
			if rt.HasExpires() {
				n++
			}
		}
	}
	return n
}

// TestSeedSelftest is the seed's fib6_gc_test (tools/testing/selftests/
// net/fib_tests.sh) for both strategies: gc_interval 3, ten routes with
// expires 2, all gone 4 s later; the trie walk ages every route, the list
// walk only the ten.
func TestSeedSelftest(t *testing.T) {
	for _, s := range gc.Strategies {
		t.Run(s.String(), func(t *testing.T) {
			ns := newWithGC(s)
			kernelRoutes(t, ns)
			if err := ns.SysctlSet("gc_interval", "3"); err != nil {
				t.Fatal(err)
			}
			rec := &trace.Recorder{}
			ns.SetTrace(rec)
			var ids []uint32
			for _, p := range gc.ExpiringHosts(10) {
				rt := addRoute(t, ns, 0, p.String(), "2001:10::2", 1024, 2)
				ids = append(ids, rt.ID)
			}
			if got := expiring(ns); got != 10 {
				t.Fatalf("%d expiring routes after adding, want 10", got)
			}
			if !ns.GCTimer().Pending() || ns.GCTimer().Expires != ns.Now()+3*ns.HZ {
				t.Fatalf("GC timer not armed gc_interval from now")
			}
			rec.Reset()
			ns.Advance(4 * ns.HZ)
			visits, aged := count(rec, trace.NodeVisit), agedRoutes(rec)
			if got := expiring(ns); got != 0 {
				t.Fatalf("%d expiring routes after 4 s, want 0", got)
			}
			if ns.GC.Passes != 1 || ns.GC.Removed != 10 || ns.GCTimer().Pending() {
				t.Fatalf("passes %d removed %d timer pending %v", ns.GC.Passes, ns.GC.Removed, ns.GCTimer().Pending())
			}
			nodes := ns.FIB.Stats.FibNodes + len(ns.FIB.Tables()) // + the table roots
			if s == gc.TrieWalk && (visits != ns.GC.Visited || visits < nodes) {
				t.Fatalf("trie walk traced %d node visits, stats %d, trie has %d nodes after the pass", visits, ns.GC.Visited, nodes)
			}
			if s == gc.GCList && visits != 0 {
				t.Fatalf("list walk visited %d trie nodes", visits)
			}
			want := 17 // 6 permanent kernel routes + 1 multicast + 10 expiring
			if s == gc.GCList {
				want = 10
				slices.Reverse(ids) // tb6_gc_hlist is walked newest first
				if !slices.Equal(aged, ids) {
					t.Fatalf("list walk aged %v, want %v", aged, ids)
				}
			}
			if len(aged) != want || ns.GC.Checked != want {
				t.Fatalf("%s aged %d routes (stats %d), want %d", s, len(aged), ns.GC.Checked, want)
			}
		})
	}
}

func count(rec *trace.Recorder, k trace.Kind) int {
	n := 0
	for _, e := range rec.Events {
		if e.Kind == k {
			n++
		}
	}
	return n
}

func agedRoutes(rec *trace.Recorder) []uint32 {
	var ids []uint32
	for _, e := range rec.Events {
		if e.Kind == trace.RouteAge {
			ids = append(ids, e.Route)
		}
	}
	return ids
}

// TestGCTimerRules: armed by the first expiring add, never shortened,
// re-armed at a whole second while routes remain, cancelled when none do.
func TestGCTimerRules(t *testing.T) {
	ns := New(0)
	addRoute(t, ns, 0, "2001:db8::/48", "", 1024, 0)
	if ns.GCTimer().Pending() {
		t.Fatal("a permanent route armed the GC timer")
	}
	addRoute(t, ns, 0, "2001:db8:1::/48", "", 1024, 100)
	first := ns.GCTimer().Expires
	if first != ns.Now()+30*ns.HZ {
		t.Fatalf("timer at %d, want now+30 s", first-ns.Now())
	}
	ns.Advance(ns.HZ)
	ns.SysctlSet("gc_interval", "4")
	addRoute(t, ns, 0, "2001:db8:2::/48", "", 1024, 5)
	if ns.GCTimer().Expires != first {
		t.Fatal("a later add shortened the pending GC timer")
	}
	ns.Advance(ns.GCTimer().Fires() - ns.Now())
	if ns.GC.Passes != 1 || ns.GC.Removed != 1 {
		t.Fatalf("passes %d removed %d", ns.GC.Passes, ns.GC.Removed)
	}
	next := ns.GCTimer().Expires
	if !ns.GCTimer().Pending() || next%ns.HZ != 0 || next-ns.Now() < 4*ns.HZ-ns.HZ/4 || next-ns.Now() > 4*ns.HZ+ns.HZ {
		t.Fatalf("re-armed %d jiffies ahead (abs %d)", next-ns.Now(), next)
	}
	ns.Advance(200 * ns.HZ)
	if ns.GCTimer().Pending() || expiring(ns) != 0 || ns.GC.Removed != 2 {
		t.Fatalf("after all expired: pending %v expiring %d removed %d", ns.GCTimer().Pending(), expiring(ns), ns.GC.Removed)
	}
}

func TestRoundJiffies(t *testing.T) {
	cases := []struct{ j, now, want int64 }{
		{1000, 0, 1000}, {1010, 0, 1000}, {1061, 0, 1000}, {1062, 0, 1250}, {1249, 0, 1250},
		{1010, 1000, 1010}, // rounding down would not be in the future
	}
	for _, c := range cases {
		if got := roundJiffies(c.j, c.now, 250); got != c.want {
			t.Errorf("roundJiffies(%d, %d) = %d, want %d", c.j, c.now, got, c.want)
		}
	}
}

func TestSysctls(t *testing.T) {
	ns := New(0)
	want := map[string]string{"gc_interval": "30", "gc_timeout": "60", "gc_min_interval": "0",
		"gc_min_interval_ms": "500", "gc_elasticity": "9", "gc_thresh": "1024",
		"max_size": "2147483647", "mtu_expires": "600", "min_adv_mss": "1220"}
	for k, v := range want {
		if got, err := ns.SysctlGet(k); err != nil || got != v {
			t.Errorf("%s = %q %v, want %s", k, got, err, v)
		}
	}
	if _, err := ns.SysctlGet("flush"); err != ErrPermission {
		t.Errorf("reading flush: %v", err)
	}
	if err := ns.SysctlSet("gc_interval", "x"); err != ErrInvalid {
		t.Errorf("bad value: %v", err)
	}
	if err := ns.SysctlSet("nope", "1"); err != ErrNoSysctl {
		t.Errorf("unknown: %v", err)
	}
	addRoute(t, ns, 0, "2001:db8::/48", "", 1024, 1)
	ns.Advance(2 * ns.HZ)
	ns.SysctlSet("flush", "0")
	if ns.GC.Passes != 1 || ns.GC.Removed != 1 {
		t.Errorf("flush: passes %d removed %d", ns.GC.Passes, ns.GC.Removed)
	}
}

// TestGCSlice: with GCSlice the timer's pass runs a slice at a time while
// virtual time stands still, and ends as a whole pass would.
func TestGCSlice(t *testing.T) {
	ns := newWithGC(gc.TrieWalk)
	ns.GCSlice = 5
	kernelRoutes(t, ns)
	for _, p := range gc.ExpiringHosts(10) {
		addRoute(t, ns, 0, p.String(), "2001:10::2", 1024, 2)
	}
	fires, before := ns.GCTimer().Fires(), ns.Now()
	moved, _ := ns.Advance(60 * ns.HZ)
	if ns.Now() != fires || moved != fires-before || !ns.GCInProgress() {
		t.Fatalf("clock moved %d, stopped %d after the timer, in progress %v", moved, ns.Now()-fires, ns.GCInProgress())
	}
	if moved, _ := ns.Advance(ns.HZ); moved != 0 {
		t.Fatal("time moved during a GC pass")
	}
	slices := 1
	for !ns.ContinueGC(5) {
		slices++
	}
	if slices < 3 || ns.GC.Passes != 1 || ns.GC.Removed != 10 || ns.GCTimer().Pending() || expiring(ns) != 0 {
		t.Fatalf("%d slices, passes %d removed %d pending %v", slices, ns.GC.Passes, ns.GC.Removed, ns.GCTimer().Pending())
	}
	// a route added while a pass is in progress waits for the pass (the lock).
	addRoute(t, ns, 0, "2001:db8:77::/48", "", 1024, 1)
	ns.Advance(60 * ns.HZ)
	if !ns.GCInProgress() {
		t.Fatal("no pass started")
	}
	addRoute(t, ns, 0, "2001:db8:78::/48", "", 1024, 0)
	if ns.GCInProgress() || ns.GC.Passes != 2 || ns.GC.Removed != 11 {
		t.Fatalf("add did not finish the pass: passes %d removed %d", ns.GC.Passes, ns.GC.Removed)
	}
}

// TestFibRtAllocCountsDsts checks that rt6_stats' fib_rt_alloc counts dst
// allocations, as on Linux 6.18: the link's own ICMPv6 traffic and the
// dsts of sent packets, not the routes that are added or deleted.
func TestFibRtAllocCountsDsts(t *testing.T) {
	ns := New(0)
	if err := ns.AddVeth("va", [6]byte{2, 0, 0, 0, 0, 1}, "vb", [6]byte{2, 0, 0, 0, 0, 2}); err != nil {
		t.Fatal(err)
	}
	va, vb := ns.Dev("va"), ns.Dev("vb")
	ns.SetDisableIPv6(vb, 1)
	ns.SetLinkUp(ns.Dev("lo"), true)
	ns.SetLinkUp(va, true)
	ns.SetLinkUp(vb, true)
	if err := ns.AddAddr(va, netip.MustParsePrefix("2001:db8:1::1/64"), true); err != nil {
		t.Fatal(err)
	}
	ns.Advance(3 * ns.HZ)
	base := ns.RT6Stats().FibRtAlloc
	if base != linkReadyDsts {
		t.Fatalf("fib_rt_alloc after the link came up = %d, want %d", base, linkReadyDsts)
	}
	rt := addRoute(t, ns, fib6.RT_TABLE_MAIN, "2001:db8:10::/48", "2001:db8:1::2", 1024, 0)
	rt.Table.Del(rt)
	if got := ns.RT6Stats().FibRtAlloc; got != base {
		t.Fatalf("fib_rt_alloc after a route add and delete = %d, want %d", got, base)
	}
	ns.SendRaw(netip.MustParseAddr("2001:db8:1::5"), 1, 1)
	if got := ns.RT6Stats().FibRtAlloc; got <= base {
		t.Fatalf("fib_rt_alloc after a send = %d, want more than %d", got, base)
	}
}

// TestAddRoutes: routes added in one call are added as one by one: a
// duplicate fails with EEXIST and the rest go on (or stop when asked),
// and an expiring route arms the GC timer.
func TestAddRoutes(t *testing.T) {
	ns := New(0)
	kernelRoutes(t, ns)
	rts := make([]fib6.Info, 4)
	for i, p := range []string{"2001:db8:5::/48", "2001:db8:6::/48", "2001:db8:5::/48", "2001:db8:7::/48"} {
		pfx := netip.MustParsePrefix(p)
		rt := ns.FIB.InitInfo(&rts[i])
		rt.Dst, rt.DstLen, rt.Type, rt.Metric, rt.Flags, rt.NH.Dev = fib6.KeyOf(pfx.Addr()), uint8(pfx.Bits()), fib6.RTN_UNICAST, 1024, fib6.RTF_UP, 2
	}
	rts[3].SetExpires(ns.Now() + 5*ns.HZ)
	var failed []string
	ns.AddRoutes(fib6.RT_TABLE_MAIN, rts, fib6.NLM_F_CREATE|fib6.NLM_F_EXCL, func(rt *fib6.Info, err error) bool {
		failed = append(failed, fmt.Sprintf("%v %v", rt.Prefix(), err))
		return true
	})
	if len(failed) != 1 || !strings.Contains(failed[0], "2001:db8:5::/48") || rts[1].Node() == nil || rts[3].Node() == nil || !ns.GCTimer().Pending() {
		t.Fatalf("failed %q, linked %v %v, GC timer %v", failed, rts[1].Node() != nil, rts[3].Node() != nil, ns.GCTimer().Pending())
	}
	more := make([]fib6.Info, 2)
	for i := range more {
		ns.FIB.InitInfo(&more[i])
		more[i].Dst, more[i].DstLen, more[i].Type, more[i].Metric, more[i].NH.Dev = rts[0].Dst, 48, fib6.RTN_UNICAST, 1024, 2
	}
	calls := 0
	ns.AddRoutes(fib6.RT_TABLE_MAIN, more, fib6.NLM_F_CREATE|fib6.NLM_F_EXCL, func(*fib6.Info, error) bool { calls++; return false })
	if calls != 1 {
		t.Fatalf("the adds went on after a stop: %d failures", calls)
	}
}
