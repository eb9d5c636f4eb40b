// Package dst models the IPv6 destination cache of Linux: rt6_info dsts
// and their reference counts (include/net/dst.h, include/net/ip6_route.h),
// the per-namespace dst_ops with its batched per-CPU entry counter,
// dst_alloc and ip6_dst_gc before and after "ipv6: remove max_size check
// inline with ipv4" (af6d10345ca7, Linux 6.3), the per-nexthop exception
// table of RTF_CACHE clones (PMTU and redirect results, net/ipv6/route.c),
// uncached KNOWN_NH clones, and struct dst_cache (net/core/dst_cache.c).
//
// Times are jiffies read from the namespace through Host; nothing here
// has a wall clock.
package dst

import (
	"net/netip"

	"fib6lab/engine/fib6"
	"fib6lab/engine/lwtunnel"
	"fib6lab/engine/trace"
)

// dst->obsolete values (DST_OBSOLETE_*, include/net/dst.h).
const (
	ObsoleteNone     = 0  // DST_OBSOLETE_NONE: valid without check
	ObsoleteForceChk = -1 // DST_OBSOLETE_FORCE_CHK: every IPv6 dst; ops->check runs
	ObsoleteDead     = 2  // DST_OBSOLETE_DEAD: set by dst_dev_put
)

// ObjectSize is the size in bytes of one object of the ip6_dst_cache slab
// (struct rt6_info on x86-64), used to turn entry counts into memory.
const ObjectSize = 256

// Entry models struct rt6_info with its embedded struct dst_entry
// (include/net/ip6_route.h, include/net/dst.h): one per-CPU copy
// (RTF_PCPU), exception or uncached clone (RTF_CACHE). Times are jiffies.
type Entry struct {
	From     *fib6.Info // rt6_info.from: the route it was made from; nil once that route is purged
	Dst      netip.Addr // rt6i_dst: the destination (a /128 for clones)
	Gateway  netip.Addr // rt6i_gateway; zero Addr when on-link
	Dev      int        // dst.dev as an ifindex
	RtFlags  uint32     // rt6i_flags (fib6.RTF_*)
	Expires  int64      // dst.expires, absolute; 0 = none
	LastUse  int64      // dst.lastuse
	Obsolete int8       // dst.obsolete (Obsolete*)
	Refs     int32      // dst.__rcuref: references held
	MTU      uint32     // RTAX_MTU metric of the dst in bytes; 0 = the route's
	NoCount  bool       // DST_NOCOUNT: not counted in dst_ops entries
	Sernum   uint32     // rt6_info.sernum: the genid a per-CPU copy of a nexthop object's path was made under; 0 otherwise
	Type     uint8      // the route type it was made for (res->fib6_type): a reject type is its dst.error (ip6_rt_init_dst_reject)
	ID       uint32     // trace identity, unique per Ops
	Lwt      *lwtunnel.State
	// OutputFn is the dst's output handler (dst.output); nil models a
	// packet handed to the device and accepted.
	OutputFn func(lwtunnel.Net, *lwtunnel.Skb) error

	ops      *Ops
	cpu      int  // the CPU whose counter the free is charged to
	uncached bool // on the uncached list (rt6_uncached_list_add): a KNOWN_NH clone
	freed    bool // last reference dropped
}

// Hold models dst_hold: take one reference.
func (e *Entry) Hold() { e.Refs++ }

// Release models dst_release: drop one reference; the last one frees the
// dst (dst_destroy), which subtracts it from its dst_ops entry counter
// unless it is DST_NOCOUNT, and drops its lwtunnel state reference.
func (e *Entry) Release() {
	e.Refs--
	if e.Refs == 0 && !e.freed {
		e.freed = true
		e.ops.destroy(e)
		e.Lwt.Put()
	}
}

// Freed reports whether the dst's last reference has been dropped.
func (e *Entry) Freed() bool { return e.freed }

// Expired models rt6_check_expired (net/ipv6/route.c) at time now: with
// RTF_EXPIRES, now is after dst.expires; without it, a dst whose route
// still exists is expired when its obsolete value left FORCE_CHK or the
// route itself expired.
func (e *Entry) Expired(now int64) bool {
	if e.RtFlags&fib6.RTF_EXPIRES != 0 {
		return now > e.Expires
	}
	if e.From != nil {
		return e.Obsolete != ObsoleteForceChk || e.From.Expired(now)
	}
	return false
}

// devPut models dst_dev_put: the dst becomes DEAD (holders revalidate
// and drop it); the model has no blackhole device to move it to.
func (e *Entry) devPut() { e.Obsolete = ObsoleteDead }

// LwtState returns dst.lwtstate (lwtunnel.Dst).
func (e *Entry) LwtState() *lwtunnel.State { return e.Lwt }

// Flags returns rt6i_flags (lwtunnel.Dst).
func (e *Entry) Flags() uint32 { return e.RtFlags }

// Ifindex returns the ifindex of dst.dev (lwtunnel.Dst).
func (e *Entry) Ifindex() int { return e.Dev }

// Output models dst_output: hand skb to the dst's output handler
// (OutputFn; nil = sent). Errors are the handler's.
func (e *Entry) Output(net lwtunnel.Net, skb *lwtunnel.Skb) error {
	if e.OutputFn == nil {
		return nil
	}
	return e.OutputFn(net, skb)
}

// routeID is the trace identity of the dst's route (0 when gone).
func (e *Entry) routeID() uint32 {
	if e.From == nil {
		return 0
	}
	return e.From.ID
}

func (e *Entry) emit(k trace.Kind, val int64) {
	e.ops.emit(trace.Event{Kind: k, Node: uint32(e.ID), Route: e.routeID(), Val: val})
}
