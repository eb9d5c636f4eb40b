package netns

import (
	"net/netip"
	"testing"

	"fib6lab/engine/dst"
	"fib6lab/engine/errno"
	"fib6lab/engine/fib6"
	"fib6lab/engine/gc"
	"fib6lab/engine/lwtunnel"
	"fib6lab/engine/trace"
)

var (
	onLinkDst = netip.MustParseAddr("2001:db8:1::99")
	farDst    = netip.MustParseAddr("2001:db8:2::2")
)

// dstNetns is a namespace of kernel version v with the kernel routes of
// kernelRoutes and 2001:db8:2::/64 via 2001:db8:1::2 (permanent).
func dstNetns(t *testing.T, v string) (*Netns, *fib6.Info) {
	t.Helper()
	ns := New(0)
	if err := ns.SetKernel(v); err != nil {
		t.Fatal(err)
	}
	kernelRoutes(t, ns)
	return ns, addRoute(t, ns, fib6.RT_TABLE_MAIN, "2001:db8:2::/64", "2001:db8:1::2", 1024, 0)
}

// seedFlood is the seed's experiment: 5 raw-socket senders, 2000 packets
// each to an on-link destination, up to 1000 in flight per sender, 50
// packets per jiffy.
var seedFlood = RawFlood{Dst: onLinkDst, Senders: 5, Count: 2000, Inflight: 1000, Rate: 50}

func TestSeedFloodBefore63(t *testing.T) {
	ns, _ := dstNetns(t, "6.1")
	r := ns.FloodRaw(seedFlood)
	st := ns.Dst.Stats
	t.Logf("6.1: sent %d failed %d peak %d (%d KiB) gc runs %d/%d notices %d log %d lines",
		r.Sent, r.Failed, r.Peak, r.Peak*dst.ObjectSize/1024, st.GCRuns, st.GCCalls, ns.Dst.Notices(), len(ns.Dst.Log))
	if r.Failed == 0 || r.Errnos[errno.ENETUNREACH] != r.Failed || r.Sent+r.Failed != 10000 {
		t.Errorf("want ENETUNREACH failures: %+v", r)
	}
	// max_size 4096 plus what the per-CPU batches hide from the fast count
	if r.Peak != 4159 {
		t.Errorf("peak %d", r.Peak)
	}
	// the flood lasts 200 jiffies, inside one 5 s ratelimit window
	if n := ns.Dst.Notices(); n != 10 || len(ns.Dst.Log) != 10 {
		t.Errorf("%d notices in %d lines: not rate limited", n, len(ns.Dst.Log))
	}
	if ns.Dst.Entries() != 0 {
		t.Errorf("entries after the flood: %d", ns.Dst.Entries())
	}
}

func TestSeedFloodAfter63(t *testing.T) {
	ns, _ := dstNetns(t, "6.18")
	r := ns.FloodRaw(seedFlood)
	st := ns.Dst.Stats
	t.Logf("6.18: sent %d failed %d peak %d (%d KiB) gc runs %d/%d",
		r.Sent, r.Failed, r.Peak, r.Peak*dst.ObjectSize/1024, st.GCRuns, st.GCCalls)
	if r.Failed != 0 || r.Sent != 10000 || r.Peak != 5000 {
		t.Errorf("got %+v, want 10000 sent, none failed, peak = packets in flight", r)
	}
	if len(ns.Dst.Log) != 0 || st.GCRuns == 0 {
		t.Errorf("log %q, gc runs %d", ns.Dst.Log, st.GCRuns)
	}
	if ns.Dst.Entries() != 0 || st.Allocs != st.Frees {
		t.Errorf("entries %d allocs %d frees %d", ns.Dst.Entries(), st.Allocs, st.Frees)
	}
}

// TestRawMaxSizeIgnored is c18: max_size=16 stops raw sends before 6.3
// only; a destination without a route fails with ENETUNREACH on both.
func TestRawMaxSizeIgnored(t *testing.T) {
	for _, c := range []struct {
		v      string
		failed int
	}{{"6.1", 0}, {"6.18", 0}} {
		ns, _ := dstNetns(t, c.v)
		mustSysctl(t, ns, "max_size", "16")
		sent, failed, _ := ns.SendRaw(onLinkDst, 300, 0)
		if sent != 300 || failed != c.failed {
			t.Errorf("%s: sent %d failed %d", c.v, sent, failed)
		}
		_, failed, _ = ns.SendRaw(netip.MustParseAddr("2001:db8:99::1"), 3, 0)
		if failed != 3 {
			t.Errorf("%s: no route: failed %d", c.v, failed)
		}
	}
}

// TestRawInflightOverMaxSize: with packets in flight past max_size the
// old kernel refuses clones, the new one does not.
func TestRawInflightOverMaxSize(t *testing.T) {
	for _, c := range []struct {
		v            string
		failed, peak int
	}{{"6.1", 1200 - 32, 32}, {"6.18", 0, 1200}} { // the fast count jumps 0 -> 32
		ns, _ := dstNetns(t, c.v)
		mustSysctl(t, ns, "max_size", "16")
		mustSysctl(t, ns, "gc_thresh", "0")
		sent, failed, peak := ns.SendRaw(onLinkDst, 1200, 2000)
		if failed != c.failed || sent != 1200-c.failed || peak != c.peak {
			t.Errorf("%s: sent %d failed %d peak %d", c.v, sent, failed, peak)
		}
	}
}

func mustSysctl(t *testing.T, ns *Netns, name, v string) {
	t.Helper()
	if err := ns.SysctlSet(name, v); err != nil {
		t.Fatal(err)
	}
}

// TestGCThreshTriggersFibGC is c19: with gc_thresh 0 and
// gc_min_interval_ms 0, counted dst allocations run fib6_run_gc, which
// removes an expired route long before gc_interval.
func TestGCThreshTriggersFibGC(t *testing.T) {
	ns, _ := dstNetns(t, "6.18")
	rt := addRoute(t, ns, fib6.RT_TABLE_MAIN, "2001:db8:40::/64", "2001:db8:1::2", 1024, 0)
	rt.SetExpires(ns.Now()) // `expires 0`
	rt.Table.AddGCList(rt)
	// the packets wait for neighbour resolution, holding their dsts
	ns.SendRaw(onLinkDst, 200, 200)
	if rt.Node() == nil || ns.GC.Passes != 0 {
		t.Fatalf("collected with the default gc_thresh (passes %d)", ns.GC.Passes)
	}
	ns.Advance(1)
	mustSysctl(t, ns, "gc_thresh", "0")
	mustSysctl(t, ns, "gc_min_interval_ms", "0")
	ns.SendRaw(onLinkDst, 200, 200)
	if rt.Node() != nil || ns.GC.Passes != 200-32 {
		t.Errorf("expired route still linked: %v, passes %d", rt.Node() != nil, ns.GC.Passes)
	}
}

// TestPMTUExceptionLifecycle is c15: an exception under a permanent route
// shows for mtu_expires, is then hidden from lookups and dumps but stays
// counted until a GC pass (here flush=1) frees it.
func TestPMTUExceptionLifecycle(t *testing.T) {
	ns, rt := dstNetns(t, "6.18")
	mustSysctl(t, ns, "mtu_expires", "2")
	if ok, err := ns.PTB(farDst, 1280); !ok || err != nil {
		t.Fatalf("PTB: %v %v", ok, err)
	}
	c := ns.Cache()
	if len(c) != 1 || c[0].Route != rt || c[0].Dst.MTU != 1280 || c[0].Dst.Expires != ns.Now()+2*ns.HZ {
		t.Fatalf("cache %+v", c)
	}
	if c[0].Dst.RtFlags != fib6.RTF_UP|fib6.RTF_GATEWAY|fib6.RTF_CACHE|fib6.RTF_MODIFIED|fib6.RTF_EXPIRES {
		t.Errorf("flags %#x", c[0].Dst.RtFlags)
	}
	if s := ns.RT6Stats(); s.FibRtCache != 1 || s.DstEntries != 1 || !rt.OnGCList() {
		t.Errorf("stats %v, on gc list %v", s, rt.OnGCList())
	}
	ok, _ := ns.PTB(farDst, 1400) // not below the exception's 1280
	if ok {
		t.Error("PTB 1400 over a 1280 exception accepted")
	}
	if ok, _ = ns.PTB(farDst, 1000); ok {
		t.Error("PTB below IPV6_MIN_MTU accepted")
	}
	ns.Advance(2*ns.HZ + ns.HZ/2)
	if len(ns.Cache()) != 0 {
		t.Error("expired exception still dumped")
	}
	d, _ := ns.RouteOutput(0, farDst)
	if d.(*dst.Entry).RtFlags&fib6.RTF_PCPU == 0 {
		t.Errorf("lookup returned the expired exception")
	}
	d.Release()
	if s := ns.RT6Stats(); s.FibRtCache != 1 || s.DstEntries != 1 {
		t.Errorf("before GC: %v", s)
	}
	mustSysctl(t, ns, "flush", "1")
	if s := ns.RT6Stats(); s.FibRtCache != 0 || s.DstEntries != 0 {
		t.Errorf("after GC: %v", s)
	}
	if rt.OnGCList() {
		t.Error("permanent route without exceptions left on the GC list (2026 rule)")
	}
}

// TestRedirectExceptionFlush is c24: a redirect exception has no expiry;
// flush=0 (timeout gc_interval) keeps it, flush=1 (1 jiffy) drops it.
func TestRedirectExceptionFlush(t *testing.T) {
	ns, _ := dstNetns(t, "6.18")
	dest, target := netip.MustParseAddr("2001:db8:2::5"), netip.MustParseAddr("fe80::ff:fe00:9")
	if err := ns.Redirect(dest, target); err != nil {
		t.Fatal(err)
	}
	if err := ns.Redirect(dest, netip.MustParseAddr("2001:db8:1::9")); err != errno.EINVAL {
		t.Errorf("global target: %v", err)
	}
	c := ns.Cache()
	if len(c) != 1 || c[0].Dst.Gateway != target || c[0].Dst.RtFlags&fib6.RTF_EXPIRES != 0 {
		t.Fatalf("cache %+v", c)
	}
	ns.Advance(2 * ns.HZ)
	mustSysctl(t, ns, "flush", "0")
	if len(ns.Cache()) != 1 {
		t.Error("flush=0 removed the redirect exception")
	}
	mustSysctl(t, ns, "flush", "1")
	if len(ns.Cache()) != 0 || ns.RT6Stats().FibRtCache != 0 {
		t.Error("flush=1 kept the redirect exception")
	}
}

// TestExceptionGCListRules: which kernels age an exception under a
// permanent route (the GC list joins in 6.15), and when the route leaves
// the list again (6.18); the trie walk ages everything but pays for every
// route.
func TestExceptionGCListRules(t *testing.T) {
	for _, c := range []struct {
		v                 string
		listed, reaped    bool
		listedAfter       bool
		checkedAtLeastAll bool
	}{
		{"6.1", false, true, false, true},
		{"6.12", false, false, false, false},
		{"6.15", true, true, true, false},
		{"6.18", true, true, false, false},
	} {
		ns, rt := dstNetns(t, c.v)
		for i := range 50 {
			addRoute(t, ns, fib6.RT_TABLE_MAIN, netip.PrefixFrom(netip.AddrFrom16([16]byte{0x20, 0x01, 0x0d, 0xb8, 0x77, 15: byte(i)}), 128).String(), "", 1024, 0)
		}
		mustSysctl(t, ns, "mtu_expires", "2")
		ns.PTB(farDst, 1300)
		if rt.OnGCList() != c.listed {
			t.Errorf("%s: listed %v", c.v, rt.OnGCList())
		}
		ns.Advance(40 * ns.HZ) // past the GC timer armed at insertion
		reaped := ns.RT6Stats().FibRtCache == 0
		if reaped != c.reaped || rt.OnGCList() != c.listedAfter {
			t.Errorf("%s: reaped %v, listed after %v", c.v, reaped, rt.OnGCList())
		}
		if all := ns.GC.Last.Checked >= 57; all != c.checkedAtLeastAll {
			t.Errorf("%s: strategy %v checked %d routes", c.v, ns.GCStrategy(), ns.GC.Last.Checked)
		}
	}
}

// TestDstCacheStaleness: a dst_cache slot holding a route's per-CPU copy
// goes stale when a route is added under the cached route's node, when an
// exception is inserted under the route, when the cached exception is
// flushed, when the route is deleted, and when a value was set in the same
// jiffy as a reset.
func TestDstCacheStaleness(t *testing.T) {
	ns, rt := dstNetns(t, "6.18")
	c := dst.NewDstCache(ns.Dst)
	fill := func() *dst.Entry {
		t.Helper()
		ns.Advance(1)
		if c.Get(0) != nil {
			t.Fatal("hit before set")
		}
		d, err := ns.RouteOutput(0, farDst)
		if err != nil {
			t.Fatal(err)
		}
		c.SetIP6(0, d, netip.Addr{})
		d.Release()
		return d.(*dst.Entry)
	}
	hit := func() bool {
		d := c.Get(0)
		if d != nil {
			d.Release()
		}
		return d != nil
	}
	e := fill()
	if !hit() || e.Refs != 2 { // the per-CPU slot and the cache
		t.Fatalf("first hit, refs %d", e.Refs)
	}
	addRoute(t, ns, fib6.RT_TABLE_MAIN, "2001:db8:2:0:8000::/80", "2001:db8:1::3", 1024, 0)
	if hit() {
		t.Error("route added under the cached route's node: still a hit")
	}
	fill()
	ns.PTB(farDst, 1300) // exception insert: new serial on the route's node
	if hit() {
		t.Error("exception inserted: still a hit")
	}
	fill() // now caches the exception itself
	if !hit() {
		t.Fatal("exception not cached")
	}
	if err := dst.NexthopOf(rt).Delete(farDst); err != nil { // ip -6 route flush cache
		t.Fatal(err)
	}
	if hit() {
		t.Error("exception flushed: still a hit")
	}
	fill()
	if err := rt.Table.Del(rt); err != nil {
		t.Fatal(err)
	}
	if hit() {
		t.Error("route deleted: still a hit")
	}
	ns.Advance(1)
	ns.Lookup(farDst)
	c.Get(0)
	c.Reset() // same jiffy as the miss: a value set now is thrown away
	d, _ := ns.RouteOutput(0, onLinkDst)
	c.SetIP6(0, d, netip.Addr{})
	d.Release()
	if hit() {
		t.Error("value set in the reset's jiffy survived")
	}
	c.Destroy()
	if ns.Dst.Entries() != 0 {
		t.Errorf("entries %d after destroy", ns.Dst.Entries())
	}
}

func TestRT6StatsFormat(t *testing.T) {
	s := RT6Stats{FibNodes: 1, FibRouteNodes: 1, FibRtEntries: 0x1abcd, DstEntries: 10}
	if got, want := s.String(), "0001 0001 0000 1abcd 0000 000a 0000"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// TestSetKernel: the release decides every switch, the GC strategy and
// max_size's default among them.
func TestSetKernel(t *testing.T) {
	ns := New(0)
	for _, c := range []struct {
		v        string
		s        gc.Strategy
		maxSize  int64
		ilaCache bool
	}{
		{"4.8", gc.TrieWalk, 4096, false}, {"6.1.50", gc.TrieWalk, 4096, true},
		{"6.6", gc.GCList, 1<<31 - 1, true}, {"6.8", gc.TrieWalk, 1<<31 - 1, true},
		{"6.9", gc.GCList, 1<<31 - 1, true},
	} {
		if err := ns.SetKernel(c.v); err != nil {
			t.Fatal(err)
		}
		f := ns.Features()
		if ns.GCStrategy() != c.s || ns.Sysctl.MaxSize != c.maxSize || f.ILACache != c.ilaCache || f.MaxSize != (c.maxSize == 4096) {
			t.Errorf("%s: %v %d %+v", c.v, ns.GCStrategy(), ns.Sysctl.MaxSize, f)
		}
		if hasDestroy := ns.Dst.Encaps.Lookup(lwtunnel.EncapILA).DestroyState != nil; hasDestroy != c.ilaCache {
			t.Errorf("%s: ILA destroy_state %v", c.v, hasDestroy)
		}
	}
	if err := ns.SetKernel("six"); err == nil || err.Error() != "kernel version must be MAJOR.MINOR" {
		t.Errorf("bad version: %v", err)
	}
}

// TestGCStrategyFromFeatures: a pass runs the strategy the namespace's
// features name, as its trace shows, also when a front end changed only
// that switch (SetFeatures, as ip6sim --gc does).
func TestGCStrategyFromFeatures(t *testing.T) {
	for _, c := range []struct {
		v      string
		gcList bool
		want   trace.Op
	}{{"6.1", false, trace.OpGCTrie}, {"6.18", true, trace.OpGCList}, {"6.18", false, trace.OpGCTrie}, {"6.1", true, trace.OpGCList}} {
		ns := New(0)
		if err := ns.SetKernel(c.v); err != nil {
			t.Fatal(err)
		}
		f := ns.Features()
		f.GCList = c.gcList
		ns.SetFeatures(f)
		rec := &trace.Recorder{}
		ns.SetTrace(rec)
		ns.RunGC(0, true)
		if len(rec.Events) == 0 || rec.Events[0].Kind != trace.OpBegin || trace.Op(rec.Events[0].Val) != c.want {
			t.Errorf("%s GCList %v: pass began with %+v, want %v", c.v, c.gcList, rec.Events[:min(len(rec.Events), 1)], c.want)
		}
	}
}

// ptbFlood sends n Packet Too Big messages (mtu 1280) for distinct
// destinations under 8 gateway routes, rate per jiffy, and returns how
// many recorded no MTU and the peak exact dst count.
func ptbFlood(t *testing.T, ns *Netns, n, rate int) (refused int, peak int64) {
	for i := range 8 {
		addRoute(t, ns, fib6.RT_TABLE_MAIN, netip.PrefixFrom(netip.AddrFrom16([16]byte{0x20, 0x01, 0x0d, 0xb8, 0x10, byte(i)}), 64).String(), "2001:db8:1::2", 1024, 0)
	}
	for i := range n {
		if i > 0 && i%rate == 0 {
			ns.Advance(1)
		}
		d := netip.AddrFrom16([16]byte{0x20, 0x01, 0x0d, 0xb8, 0x10, byte(i % 8), 14: byte(i >> 8), 15: byte(i)})
		if ok, err := ns.PTB(d, 1280); err != nil {
			t.Fatal(err)
		} else if !ok {
			refused++
		}
		peak = max(peak, ns.Dst.Entries())
	}
	return refused, peak
}

// TestPTBFlood: PMTU exceptions expiring after 1 s, 20 new ones per jiffy
// for 3 s. Before 6.3 clones stop at max_size (the PMTU is not recorded);
// after, ip6_dst_gc over gc_thresh reaps the expired ones and bounds the
// count without refusing any.
func TestPTBFlood(t *testing.T) {
	for _, c := range []struct {
		v       string
		refused int
		peak    int64
	}{{"6.1", 2624, 4128}, {"6.18", 0, 20 * (250 + 125)}} { // 6.18: rate x (mtu_expires + gc_min_interval)
		ns, _ := dstNetns(t, c.v)
		mustSysctl(t, ns, "mtu_expires", "1")
		refused, peak := ptbFlood(t, ns, 15000, 20)
		t.Logf("%s: refused %d peak %d (%d KiB) gc runs %d notices %d", c.v, refused, peak,
			peak*dst.ObjectSize/1024, ns.Dst.Stats.GCRuns, ns.Dst.Notices())
		if refused != c.refused || peak != c.peak {
			t.Errorf("%s: refused %d peak %d, want %d %d", c.v, refused, peak, c.refused, c.peak)
		}
	}
}

// TestDuplicateKeepsListedWithExceptions: re-adding an expiring route
// without expiry makes it permanent; since the 2026 fix
// (fib6_may_remove_gc_list) it stays on the GC list while its PMTU
// exception still needs aging, before it it leaves the list at once.
func TestDuplicateKeepsListedWithExceptions(t *testing.T) {
	for _, c := range []struct {
		v      string
		listed bool
	}{{"6.15", false}, {"6.18", true}} {
		ns := New(0)
		if err := ns.SetKernel(c.v); err != nil {
			t.Fatal(err)
		}
		kernelRoutes(t, ns)
		rt := addRoute(t, ns, fib6.RT_TABLE_MAIN, "2001:db8:2::/64", "2001:db8:1::2", 1024, 100)
		if _, err := ns.PTB(farDst, 1300); err != nil {
			t.Fatal(err)
		}
		dup := ns.FIB.NewRoute(netip.MustParsePrefix("2001:db8:2::/64"), netip.MustParseAddr("2001:db8:1::2"), 2, 1024)
		if err := ns.AddRoute(fib6.RT_TABLE_MAIN, dup, fib6.NLM_F_CREATE); err != errno.EEXIST {
			t.Fatalf("%s: duplicate: %v", c.v, err)
		}
		if rt.HasExpires() || rt.OnGCList() != c.listed {
			t.Errorf("%s: expires %v, listed %v, want listed %v", c.v, rt.HasExpires(), rt.OnGCList(), c.listed)
		}
	}
}
