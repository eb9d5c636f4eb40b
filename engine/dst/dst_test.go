package dst

import (
	"math"
	"net/netip"
	"testing"

	"fib6lab/engine/fib6"
	"fib6lab/engine/ila"
	"fib6lab/engine/kernel"
	"fib6lab/engine/lwtunnel"
)

// The interfaces the package's types stand behind.
var (
	_ ila.DstCache  = (*DstCache)(nil)
	_ lwtunnel.Dst  = (*Entry)(nil)
	_ fib6.DstState = (*Nexthop)(nil)
	_ Host          = (*fakeHost)(nil)
)

// fakeHost is a namespace with a settable clock and release (the zero
// Features: no max_size verdict, no parent linking) that counts GC runs.
type fakeHost struct {
	now    int64
	tun    Tunables
	lastGC int64
	runs   []int64 // timeouts fib6_run_gc was given
	forced int
	kern   kernel.Features
}

func (h *fakeHost) Now() int64                     { return h.now }
func (h *fakeHost) Tunables() Tunables             { return h.tun }
func (h *fakeHost) LastGC() int64                  { return h.lastGC }
func (h *fakeHost) RunGC(expires int64, _ bool)    { h.runs = append(h.runs, expires); h.lastGC = h.now }
func (h *fakeHost) ForceStartGC()                  { h.forced++ }
func (h *fakeHost) DevMTU(int) uint32              { return 1500 }
func (h *fakeHost) IsRouter(int, netip.Addr) bool  { return true }
func (h *fakeHost) Features() kernel.Features      { return h.kern }
func (h *fakeHost) ResultType(rt *fib6.Info) uint8 { return rt.Type }
func newOps(ncpu int) (*Ops, *fakeHost, *fib6.Net) { return newOpsHZ(ncpu, 100) }

func newOpsHZ(ncpu int, hz int64) (*Ops, *fakeHost, *fib6.Net) {
	h := &fakeHost{now: 1 << 32, tun: Tunables{GCThresh: 1024, MaxSize: 4096, GCMinInterval: hz / 2,
		GCElasticity: 9, GCTimeout: 60 * hz, MTUExpires: 600 * hz}}
	fib := fib6.NewNet()
	return NewOps(h, fib, ncpu, hz, 1), h, fib
}

func TestCounterBatching(t *testing.T) {
	o, _, _ := newOps(2)
	var es []*Entry
	for i := range 40 {
		es = append(es, o.Alloc(i%2, false))
	}
	if o.Entries() != 40 || o.EntriesFast() != 0 {
		t.Fatalf("exact %d fast %d: 20 per CPU stay local", o.Entries(), o.EntriesFast())
	}
	for range 24 {
		es = append(es, o.Alloc(0, false))
	}
	if o.Entries() != 64 || o.EntriesFast() != 32 {
		t.Fatalf("exact %d fast %d: CPU 0 folds at 32", o.Entries(), o.EntriesFast())
	}
	o.Alloc(1, true) // DST_NOCOUNT
	for _, e := range es {
		e.Release()
	}
	if o.Entries() != 0 || o.Stats.Frees != 64 || o.Stats.Peak != 64 {
		t.Errorf("after frees: %d, stats %+v", o.Entries(), o.Stats)
	}
}

// TestAllocBefore63 drives dst_alloc past max_size on one CPU.
func TestAllocBefore63(t *testing.T) {
	o, h, _ := newOps(1)
	h.kern = kernel.For(kernel.Release{Major: 6, Minor: 1})
	h.tun.GCThresh, h.tun.MaxSize = 4, 40
	var got []*Entry
	for range 100 {
		if e := o.Alloc(0, false); e != nil {
			got = append(got, e)
		}
	}
	// the fast count is 0 until 32, then 32 (<= 40): allowed up to 63
	// exact; at 64 the fast count is 64 > 40 and every call refuses.
	if len(got) != 64 || o.Stats.Failures != 36 {
		t.Fatalf("allocated %d, failures %d", len(got), o.Stats.Failures)
	}
	// GC runs: the first call over gc_thresh, then every refused call.
	if len(h.runs) != 1+36 || h.runs[0] != 30*100+1 {
		t.Errorf("gc runs %d, first timeout %v", len(h.runs), h.runs[:1])
	}
	if o.Notices() != 10 {
		t.Errorf("notices %d, want the burst of 10", o.Notices())
	}
	h.now += 5*100 + 1
	o.Alloc(0, false)
	if last := o.Log[len(o.Log)-2:]; last[0] != "dst_alloc: 26 callbacks suppressed" || last[1] != NoticeText {
		t.Errorf("log tail %q", last)
	}
}

func TestAllocAfter63(t *testing.T) {
	o, h, _ := newOps(1)
	h.tun.GCThresh, h.tun.MaxSize = 4, 40
	for range 100 {
		if o.Alloc(0, false) == nil {
			t.Fatal("refused after 6.3")
		}
	}
	if len(h.runs) != 1 || len(o.Log) != 0 {
		t.Errorf("gc runs %d (min interval), log %q", len(h.runs), o.Log)
	}
}

// TestGCExpireDecay: under sustained pressure ip6_rt_gc_expire grows by
// one per run and loses 1/512 per call; it resets to gc_timeout/2 once the
// count is below gc_thresh.
func TestGCExpireDecay(t *testing.T) {
	o, h, _ := newOps(1)
	h.tun.GCMinInterval = 0
	h.tun.GCThresh = -1 // every count is "above"
	o.GC()
	want := int64(3001)
	want -= want >> 9
	if o.GCExpire != want {
		t.Errorf("after one run %d, want %d", o.GCExpire, want)
	}
	h.tun.GCThresh = 10
	o.GC()
	if want := int64(3000 - 3000>>9); o.GCExpire != want {
		t.Errorf("after reset %d, want %d", o.GCExpire, want)
	}
}

func TestRatelimit(t *testing.T) {
	r := Ratelimit{Interval: 10, Burst: 2}
	var ok []bool
	var sup []int
	for _, now := range []int64{100, 101, 102, 103, 110, 111, 112} {
		a, s := r.Allow(now)
		ok, sup = append(ok, a), append(sup, s)
	}
	wantOK := []bool{true, true, false, false, false, true, true}
	wantSup := []int{0, 0, 0, 0, 0, 3, 0}
	for i := range ok {
		if ok[i] != wantOK[i] || sup[i] != wantSup[i] {
			t.Fatalf("step %d: %v %d", i, ok[i], sup[i])
		}
	}
}

// permanentRoute links 2001:db8::/64 via 2001:db8:1::2 in main.
func permanentRoute(t *testing.T, fib *fib6.Net) *fib6.Info {
	rt := fib.NewRoute(netip.MustParsePrefix("2001:db8::/64"), netip.MustParseAddr("fe80::1"), 2, 0)
	if err := fib.Table(0).Add(rt, 0); err != nil {
		t.Fatal(err)
	}
	return rt
}

// colliding returns n destinations inside 2001:db8::/64 that share one
// exception bucket.
func colliding(n int) []netip.Addr {
	addr := func(i int) netip.Addr {
		return netip.AddrFrom16([16]byte{0x20, 0x01, 0x0d, 0xb8, 12: byte(i >> 24), byte(i >> 16), byte(i >> 8), byte(i)})
	}
	want := Hash(addr(1))
	var out []netip.Addr
	for i := 1; len(out) < n; i++ {
		if Hash(addr(i)) == want {
			out = append(out, addr(i))
		}
	}
	return out
}

// TestBucketEviction: a bucket never holds more than 9 exceptions and the
// oldest stamps go first.
func TestBucketEviction(t *testing.T) {
	o, h, fib := newOps(1)
	rt := permanentRoute(t, fib)
	pcpu := o.PCPU(0, rt)
	dsts := colliding(30)
	for _, d := range dsts {
		h.now++
		if !o.UpdatePMTU(0, pcpu, d, 1400) {
			t.Fatal("PMTU not recorded")
		}
		if b := o.Nexthop(rt).bucketFor(d); b.depth < 1 || b.depth > 9 {
			t.Fatalf("depth %d", b.depth)
		}
	}
	nh := o.Nexthop(rt)
	if nh.Len() < 5 || nh.Len() > 9 || fib.Stats.FibRtCache != nh.Len() || o.Entries() != int64(nh.Len()) {
		t.Fatalf("len %d, fib_rt_cache %d, entries %d", nh.Len(), fib.Stats.FibRtCache, o.Entries())
	}
	// survivors are the newest: eviction took the oldest stamps
	for _, d := range dsts[len(dsts)-nh.Len():] {
		if nh.Lookup(d) == nil {
			t.Errorf("%v evicted, older ones kept", d)
		}
	}
	if h.forced != 30 || rt.OnGCList() != h.kern.LinkParent {
		t.Errorf("force-started %d", h.forced)
	}
	pcpu.Release()
}

// TestExceptionReplaceAndPurge: a second PMTU for the same destination on
// the per-CPU copy replaces the exception; purging the route frees all.
func TestExceptionReplaceAndPurge(t *testing.T) {
	o, _, fib := newOps(1)
	rt := permanentRoute(t, fib)
	d := netip.MustParseAddr("2001:db8::5")
	pcpu := o.PCPU(0, rt)
	o.UpdatePMTU(0, pcpu, d, 1400)
	first := o.Nexthop(rt).Lookup(d)
	o.UpdatePMTU(0, pcpu, d, 1300)
	second := o.Nexthop(rt).Lookup(d)
	if first == second || !first.Freed() || first.Obsolete != ObsoleteDead || second.MTU != 1300 {
		t.Fatalf("replace: first freed %v, second mtu %d", first.Freed(), second.MTU)
	}
	o.UpdatePMTU(0, second, d, 1290) // in place on the exception
	if o.Nexthop(rt).Lookup(d) != second || second.MTU != 1290 || o.Entries() != 1 {
		t.Fatalf("in place: mtu %d entries %d", second.MTU, o.Entries())
	}
	if err := rt.Table.Del(rt); err != nil {
		t.Fatal(err)
	}
	if fib.Stats.FibRtCache != 0 || o.Entries() != 0 || pcpu.From != nil || !second.Freed() {
		t.Errorf("after delete: cache %d entries %d", fib.Stats.FibRtCache, o.Entries())
	}
	if o.UpdatePMTU(0, pcpu, d, 1280) {
		t.Error("PMTU recorded on a purged route")
	}
	pcpu.Release()
}

// TestDstCacheReset: a value set in the jiffy of a reset is stale, one set
// a jiffy later is not; reset_now releases at once.
func TestDstCacheReset(t *testing.T) {
	o, h, fib := newOps(1)
	rt := permanentRoute(t, fib)
	c := NewDstCache(o)
	e := o.PCPU(0, rt)
	if c.Get(0) != nil {
		t.Fatal("hit on an empty cache")
	}
	c.SetIP6(0, e, netip.MustParseAddr("2001:db8::1"))
	if c.Get(0) != nil {
		t.Error("hit for a value set in the init jiffy")
	}
	h.now++
	c.Get(0)
	c.SetIP6(0, e, netip.MustParseAddr("2001:db8::1"))
	got, saddr := c.GetIP6(0)
	if got != e || saddr != netip.MustParseAddr("2001:db8::1") {
		t.Fatalf("miss after refresh: %v %v", got, saddr)
	}
	got.Release()
	c.ResetNow()
	if e.Refs != 2 || c.Cached(0) != nil { // the per-CPU slot and ours
		t.Errorf("reset_now kept a reference: refs %d", e.Refs)
	}
	e.Release()
}

// TestAgeExceptionsNext: the times AgeExceptionsNext reports are exactly
// when aging first removes each kind of exception: a PMTU exception (with
// RTF_EXPIRES) at its deadline + 1, a redirect (aged by idle time) at
// lastuse + timeout; one jiffy before, both stay.
func TestAgeExceptionsNext(t *testing.T) {
	const timeout = 30 * 100
	for _, kind := range []string{"pmtu", "redirect"} {
		o, h, fib := newOps(1)
		rt := permanentRoute(t, fib)
		d := netip.MustParseAddr("2001:db8::5")
		if kind == "pmtu" {
			pcpu := o.PCPU(0, rt)
			o.UpdatePMTU(0, pcpu, d, 1400)
			pcpu.Release()
		} else if o.Redirect(0, rt, d, netip.MustParseAddr("fe80::9")) == nil {
			t.Fatal("redirect refused")
		}
		nh := o.Nexthop(rt)
		h.now += 7
		pending, expiry, idle := nh.AgeExceptionsNext(h.now, timeout)
		due := expiry
		if kind == "redirect" {
			due = idle + timeout
		}
		if pending != 1 || (kind == "pmtu") != (idle == math.MaxInt64) || (kind == "pmtu") == (expiry == math.MaxInt64) {
			t.Fatalf("%s: pending %d expiry %d idle %d", kind, pending, expiry, idle)
		}
		if p := nh.AgeExceptions(due-1, timeout); p != 1 {
			t.Fatalf("%s: gone one jiffy before %d", kind, due)
		}
		if p := nh.AgeExceptions(due, timeout); p != 0 || nh.Len() != 0 {
			t.Fatalf("%s: still there at %d", kind, due)
		}
	}
}
