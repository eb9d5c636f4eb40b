package dst

import (
	"math"
	"net/netip"

	"fib6lab/engine/errno"
	"fib6lab/engine/fib6"
	"fib6lab/engine/trace"
)

// Exception table geometry (include/net/ip6_fib.h, net/ipv6/route.c).
const (
	BucketShift = 10               // FIB6_EXCEPTION_BUCKET_SIZE_SHIFT
	Buckets     = 1 << BucketShift // FIB6_EXCEPTION_BUCKET_SIZE: 1024
	maxDepth    = 5                // FIB6_MAX_DEPTH: base of the random depth limit
)

// IP6MaxMTU is IP6_MAX_MTU: the largest IPv6 path MTU, 65535 + the
// 40-byte header.
const IP6MaxMTU = 65575

// exception models struct rt6_exception: a clone and its stamp (jiffies
// of insertion or last PMTU refresh).
type exception struct {
	rt    *Entry
	stamp int64
	next  *exception
}

// bucket models struct rt6_exception_bucket: a chain, newest first.
type bucket struct {
	chain *exception
	depth int
}

// Nexthop models the dst side of one struct fib6_nh
// (include/net/ip6_fib.h): its per-CPU copies (rt6i_pcpu) and its
// exception buckets (rt6i_exception_bucket, allocated on first insert).
// A route's own fib6_nh implements fib6.DstState (get it with
// Ops.Nexthop); a nexthop object's path is shared by the routes using the
// object (Ops.NewShared, Shared). Every exception records in From the
// route it was made for.
type Nexthop struct {
	route   *fib6.Info    // the route owning this fib6_nh; nil for a nexthop object's
	hop     *fib6.Nexthop // a nexthop object's device, gateway and flags; nil for a route's own
	ops     *Ops
	pcpu    []*Entry
	buckets *[Buckets]bucket
	flushed bool // the bucket pointer's flushed mark: inserts fail
	count   int  // exceptions held, expired or not
}

// NewShared models fib6_nh_init for a nexthop object's IPv6 path (hop:
// its device, gateway and flags): a fib6_nh with no owner route, whose
// dsts every route using the object shares.
func (o *Ops) NewShared(hop fib6.Nexthop) *Nexthop {
	return &Nexthop{hop: &hop, ops: o, pcpu: make([]*Entry, o.CPUs())}
}

// Hop returns the device, gateway and flags the fib6_nh stands for: the
// object's, or else rt's own.
func (nh *Nexthop) Hop(rt *fib6.Info) fib6.Nexthop {
	if nh.hop != nil {
		return *nh.hop
	}
	return rt.NH
}

// Nexthop returns rt's nexthop dst state, creating it on first use.
func (o *Ops) Nexthop(rt *fib6.Info) *Nexthop {
	if nh, ok := rt.DstState().(*Nexthop); ok {
		return nh
	}
	nh := &Nexthop{route: rt, ops: o, pcpu: make([]*Entry, o.CPUs())}
	rt.SetDstState(nh)
	return nh
}

// NexthopOf returns rt's nexthop dst state, or nil when it has none.
func NexthopOf(rt *fib6.Info) *Nexthop {
	nh, _ := rt.DstState().(*Nexthop)
	return nh
}

// Route returns the route the nexthop belongs to (nil for a nexthop
// object's).
func (nh *Nexthop) Route() *fib6.Info { return nh.route }

// Len returns the number of exceptions held, expired ones included.
func (nh *Nexthop) Len() int { return nh.count }

// Hash is the model's rt6_exception_hash: a deterministic 10-bit bucket
// index for destination daddr (FNV-1a folded by a golden-ratio multiply,
// standing in for the kernel's keyed SipHash; only collisions matter).
func Hash(daddr netip.Addr) uint32 {
	h := uint32(2166136261)
	for _, b := range daddr.As16() {
		h = (h ^ uint32(b)) * 16777619
	}
	return (h * 0x61C88647) >> (32 - BucketShift)
}

func (nh *Nexthop) bucketFor(daddr netip.Addr) *bucket {
	if nh.buckets == nil {
		return nil
	}
	return &nh.buckets[Hash(daddr)]
}

// find returns the entry for daddr in b (__rt6_find_exception_spinlock).
func (b *bucket) find(daddr netip.Addr) *exception {
	for ex := b.chain; ex != nil; ex = ex.next {
		if ex.rt.Dst == daddr {
			return ex
		}
	}
	return nil
}

// oldest models the choice of rt6_exception_remove_oldest: the first
// entry in chain order with the strictly smallest stamp.
func (b *bucket) oldest() *exception {
	old := b.chain
	for ex := b.chain; ex != nil; ex = ex.next {
		if ex.stamp < old.stamp {
			old = ex
		}
	}
	return old
}

// PathMTU models fib6_mtu for route rt through this nexthop: rt's MTU
// metric or else the nexthop device's IPv6 MTU, capped at IP6MaxMTU
// (bytes; no encap headroom).
func (nh *Nexthop) PathMTU(rt *fib6.Info) uint32 {
	mtu := rt.Metric_(fib6.RTAX_MTU)
	if mtu == 0 {
		mtu = nh.ops.Host.DevMTU(nh.Hop(rt).Dev)
	}
	return min(mtu, IP6MaxMTU)
}

// insert models rt6_insert_exception: EINVAL when the nexthop is being
// released or the clone's MTU metric is not below PathMTU; otherwise an
// entry for the same destination is replaced, the clone goes to the chain
// head (fib_rt_cache++), the oldest entries are evicted while the bucket
// is deeper than a random 5..9, and then the route's node gets a new
// serial number, the route joins its GC list (with Features.LinkParent) and
// the GC timer is force-started; the route is the one e was made for
// (res->f6i). On error the caller still owns e.
func (nh *Nexthop) insert(e *Entry) error {
	o := nh.ops
	if nh.flushed || e.MTU >= nh.PathMTU(e.From) {
		return errno.EINVAL
	}
	if nh.buckets == nil {
		nh.buckets = new([Buckets]bucket)
	}
	b := nh.bucketFor(e.Dst)
	if old := b.find(e.Dst); old != nil {
		nh.remove(b, old)
	}
	b.chain = &exception{rt: e, stamp: o.Host.Now(), next: b.chain}
	b.depth++
	nh.count++
	o.FIB.Stats.FibRtCache++
	e.emit(trace.ExcInsert, int64(o.FIB.Stats.FibRtCache))
	for limit := o.depthLimit(); b.depth > limit; {
		nh.remove(b, b.oldest())
	}
	o.FIB.UpdateSernum(e.From)
	if o.Host.Features().LinkParent && e.From.Table != nil {
		e.From.Table.AddGCList(e.From)
	}
	o.Host.ForceStartGC()
	return nil
}

// remove models rt6_remove_exception: fib_rt_cache--, the clone loses its
// route and becomes DEAD (dst_dev_put) so that holders revalidate, and
// the table's reference is released.
func (nh *Nexthop) remove(b *bucket, ex *exception) {
	for pp := &b.chain; *pp != nil; pp = &(*pp).next {
		if *pp == ex {
			*pp = ex.next
			break
		}
	}
	b.depth--
	nh.count--
	o := nh.ops
	o.FIB.Stats.FibRtCache--
	e := ex.rt
	e.emit(trace.ExcRemove, int64(o.FIB.Stats.FibRtCache))
	e.From = nil
	e.devPut()
	e.Release()
}

// Lookup models rt6_find_cached_rt: the exception for daddr unless it has
// expired (rt6_check_expired), else nil. No reference is taken.
func (nh *Nexthop) Lookup(daddr netip.Addr) *Entry {
	b := nh.bucketFor(daddr)
	if b == nil {
		return nil
	}
	if ex := b.find(daddr); ex != nil && !ex.rt.Expired(nh.ops.Host.Now()) {
		return ex.rt
	}
	return nil
}

// Dump returns the exceptions a route dump shows (rt6_nh_dump_exceptions):
// those not expired, in bucket then chain order.
func (nh *Nexthop) Dump() []*Entry {
	var out []*Entry
	now := nh.ops.Host.Now()
	nh.each(func(_ *bucket, ex *exception) {
		if !ex.rt.Expired(now) {
			out = append(out, ex.rt)
		}
	})
	return out
}

// Delete models ip6_del_cached_rt (RTM_DELROUTE with RTM_F_CLONED, as
// `ip -6 route flush cache` sends it): remove the exception for daddr.
// Error: ESRCH when there is none.
func (nh *Nexthop) Delete(daddr netip.Addr) error {
	b := nh.bucketFor(daddr)
	if b == nil {
		return errno.ESRCH
	}
	ex := b.find(daddr)
	if ex == nil {
		return errno.ESRCH
	}
	nh.remove(b, ex)
	return nil
}

// each calls f for every exception; f may remove the one it is given.
func (nh *Nexthop) each(f func(b *bucket, ex *exception)) {
	if nh.buckets == nil || nh.count == 0 {
		return
	}
	for i := range nh.buckets {
		b := &nh.buckets[i]
		for ex := b.chain; ex != nil; {
			next := ex.next
			f(b, ex)
			ex = next
		}
	}
}

// AgeExceptions models rt6_age_exceptions with rt6_age_examine_exception
// (fib6.DstState): an exception without RTF_EXPIRES (a redirect) goes once
// now >= lastuse + timeout; one with RTF_EXPIRES (PMTU) once now is after
// its deadline, in use or not; a surviving gateway exception goes when its
// gateway is not a known router. It returns the survivors.
func (nh *Nexthop) AgeExceptions(now, timeout int64) int {
	pending, _, _ := nh.AgeExceptionsNext(now, timeout)
	return pending
}

// AgeExceptionsNext is AgeExceptions that also says when the survivors
// fall due (gc.ExceptionHorizon): expiry is the earliest deadline + 1 of
// those with RTF_EXPIRES, idle the earliest lastuse of the others, each
// math.MaxInt64 when there is none. Times are jiffies.
func (nh *Nexthop) AgeExceptionsNext(now, timeout int64) (pending int, expiry, idle int64) {
	expiry, idle = math.MaxInt64, math.MaxInt64
	nh.each(func(b *bucket, ex *exception) {
		e := ex.rt
		switch {
		case nh.stale(e, now, timeout):
			nh.remove(b, ex)
			return
		case e.RtFlags&fib6.RTF_EXPIRES != 0:
			expiry = min(expiry, e.Expires+1)
		default:
			idle = min(idle, e.LastUse)
		}
		pending++
	})
	return pending, expiry, idle
}

func (nh *Nexthop) stale(e *Entry, now, timeout int64) bool {
	if e.RtFlags&fib6.RTF_EXPIRES == 0 {
		if now >= e.LastUse+timeout {
			return true
		}
	} else if now > e.Expires {
		return true
	}
	return e.RtFlags&fib6.RTF_GATEWAY != 0 && !nh.ops.Host.IsRouter(e.Dev, e.Gateway)
}

// Purge models what fib6_purge_rt does to a route's own nexthop dsts
// (fib6.DstState), and fib6_nh_release to a nexthop object's path when
// the object goes: every exception is removed and the buckets are marked
// flushed, and the per-CPU copies are detached and released.
func (nh *Nexthop) Purge() {
	nh.each(nh.remove)
	nh.flushed = true
	for i, e := range nh.pcpu {
		if e != nil {
			e.From = nil
			e.Release()
			nh.pcpu[i] = nil
		}
	}
}

// ReleaseDsts models fib6_nh_release_dsts: the per-CPU copies leave
// their slots (dst_dev_put, then released); the exceptions stay.
func (nh *Nexthop) ReleaseDsts() {
	for i, e := range nh.pcpu {
		if e != nil {
			nh.pcpu[i] = nil
			e.devPut()
			e.Release()
		}
	}
}

// purgeFrom models what fib6_purge_rt does, through
// nexthop_for_each_fib6_nh, to a nexthop object's path when route rt
// leaves the trie: rt6_flush_exceptions(rt) removes only the exceptions
// made for rt, and fib6_drop_pcpu_from detaches rt from the per-CPU
// copies it made, which stay in their slots (without a route) until the
// genid moves.
func (nh *Nexthop) purgeFrom(rt *fib6.Info) {
	nh.each(func(b *bucket, ex *exception) {
		if ex.rt.From == rt {
			nh.remove(b, ex)
		}
	})
	for _, e := range nh.pcpu {
		if e != nil && e.From == rt {
			e.From = nil
		}
	}
}
