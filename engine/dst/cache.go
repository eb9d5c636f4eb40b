package dst

import (
	"net/netip"

	"fib6lab/engine/lwtunnel"
	"fib6lab/engine/trace"
)

// cacheSlot models struct dst_cache_pcpu: the cached dst (one reference
// held), its cookie, the jiffies of the slot's last miss (refresh_ts) and
// the saved source address.
type cacheSlot struct {
	dst       *Entry
	cookie    uint32
	refreshTS int64
	saddr     netip.Addr
}

// DstCache models struct dst_cache (include/net/dst_cache.h,
// net/core/dst_cache.c): one slot per simulated CPU and reset_ts. It
// implements ila.DstCache; the dsts it stores must be *Entry.
type DstCache struct {
	ops     *Ops
	slots   []cacheSlot
	resetTS int64
}

// NewDstCache models dst_cache_init: zeroed slots, one per CPU of o, and
// reset_ts = now. (The kernel's ENOMEM is not modelled.)
func NewDstCache(o *Ops) *DstCache {
	return &DstCache{ops: o, slots: make([]cacheSlot, o.CPUs()), resetTS: o.Host.Now()}
}

// Get models dst_cache_get on cpu's slot for ila.DstCache: the cached dst
// with a reference for the caller, or nil (an untyped nil interface) on a
// miss.
func (c *DstCache) Get(cpu int) lwtunnel.Dst {
	if e, _ := c.GetIP6(cpu); e != nil {
		return e
	}
	return nil
}

// GetIP6 models dst_cache_get_ip6: like Get, also returning the saved
// source address. A slot is stale when its refresh_ts is not strictly
// after reset_ts, or when its dst's obsolete is non-zero and Check
// rejects it with the stored cookie; a stale slot is cleared (releasing
// its reference). Every miss sets refresh_ts = now.
func (c *DstCache) GetIP6(cpu int) (*Entry, netip.Addr) {
	s := &c.slots[cpu]
	now := c.ops.Host.Now()
	if e := s.dst; e != nil {
		if s.refreshTS > c.resetTS && (e.Obsolete == ObsoleteNone || Check(e, s.cookie, now)) {
			e.Hold()
			c.ops.Stats.CacheHits++
			c.ops.emit(trace.Event{Kind: trace.CacheHit, Route: e.routeID(), Val: int64(cpu)})
			return e, s.saddr
		}
		c.store(s, nil, 0)
	}
	s.refreshTS = now
	c.ops.Stats.CacheMisses++
	c.ops.emit(trace.Event{Kind: trace.CacheMiss, Val: int64(cpu)})
	return nil, netip.Addr{}
}

// SetIP6 models dst_cache_set_ip6 for ila.DstCache: cpu's slot releases
// its old dst and holds d (an *Entry) with cookie = Cookie(d) and source
// saddr. refresh_ts is left alone.
func (c *DstCache) SetIP6(cpu int, d lwtunnel.Dst, saddr netip.Addr) {
	e := d.(*Entry)
	s := &c.slots[cpu]
	c.store(s, e, Cookie(e))
	s.saddr = saddr
}

// store models dst_cache_per_cpu_dst_set: release the slot's dst, hold e
// (may be nil) and record cookie.
func (c *DstCache) store(s *cacheSlot, e *Entry, cookie uint32) {
	if s.dst != nil {
		s.dst.Release()
	}
	if e != nil {
		e.Hold()
	}
	s.dst, s.cookie = e, cookie
}

// Reset models dst_cache_reset: reset_ts = now only; each slot finds out
// it is stale at its next get.
func (c *DstCache) Reset() { c.resetTS = c.ops.Host.Now() }

// ResetNow models dst_cache_reset_now: Reset, then release and clear
// every slot at once.
func (c *DstCache) ResetNow() {
	c.Reset()
	c.Destroy()
}

// Destroy models dst_cache_destroy for ila.DstCache: release every slot's
// dst.
func (c *DstCache) Destroy() {
	for i := range c.slots {
		c.store(&c.slots[i], nil, 0)
	}
}

// Cached returns the dst in cpu's slot without validating it (for
// display), or nil.
func (c *DstCache) Cached(cpu int) *Entry { return c.slots[cpu].dst }
