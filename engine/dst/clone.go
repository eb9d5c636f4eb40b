package dst

import (
	"net/netip"

	"fib6lab/engine/fib6"
	"fib6lab/engine/lwtunnel"
	"fib6lab/engine/trace"
)

// IPv6MinMTU is IPV6_MIN_MTU (bytes).
const IPv6MinMTU = 1280

// copyInit models ip6_rt_copy_init for route rt through hop (res->nh):
// the dst takes the hop's device, the route's flags and the type the
// lookup reports for it, the hop's gateway (adding RTF_GATEWAY), by
// reference in the kernel the route's MTU metric, and a reference to the
// hop's lwtunnel state with its handlers redirected
// (lwtunnel_set_redirect).
func (o *Ops) copyInit(e *Entry, rt *fib6.Info, hop fib6.Nexthop) {
	e.From = rt
	e.Type = o.Host.ResultType(rt)
	e.Dev = hop.Dev
	e.RtFlags = rt.Flags
	e.MTU = rt.Metric_(fib6.RTAX_MTU)
	if hop.Gw.IsValid() {
		e.Gateway = hop.Gw.Addr()
		e.RtFlags |= fib6.RTF_GATEWAY
	}
	attachLwt(e, hop.Lwt)
}

// attachLwt gives e a reference to s and points its output at the state's
// registry wrapper, the displaced handler being the device output.
func attachLwt(e *Entry, s *lwtunnel.State) {
	if s == nil {
		return
	}
	e.Lwt = s.Hold()
	h := lwtunnel.Handlers{Output: devOutput, Input: devInput}
	if r := s.Registry(); r != nil {
		r.SetRedirect(s, &h)
	}
	e.OutputFn = h.Output
}

// devOutput models ip6_output handing the packet to the device, which
// accepts it.
func devOutput(lwtunnel.Net, *lwtunnel.Skb) error { return nil }

// devInput models ip6_input / ip6_forward delivering the packet.
func devInput(*lwtunnel.Skb) error { return nil }

// cacheAlloc models ip6_rt_cache_alloc on cpu: a counted RTF_CACHE clone
// of rt through hop for the /128 daddr (RTF_ANYCAST when an on-link
// route's own prefix address is the destination), or nil when dst_alloc
// refuses.
func (o *Ops) cacheAlloc(cpu int, rt *fib6.Info, hop fib6.Nexthop, daddr netip.Addr) *Entry {
	e := o.Alloc(cpu, false)
	if e == nil {
		return nil
	}
	o.copyInit(e, rt, hop)
	e.RtFlags |= fib6.RTF_CACHE
	e.Dst = daddr
	if !hop.Gw.IsValid() && rt.Flags&fib6.RTF_NONEXTHOP == 0 &&
		rt.DstLen != 128 && rt.Dst.Addr() == daddr {
		e.RtFlags |= fib6.RTF_ANYCAST
	}
	e.emit(trace.DstAlloc, o.Entries())
	return e
}

// PCPU models rt6_get_pcpu_route / rt6_make_pcpu_route for a route with
// its own fib6_nh: the route's per-CPU copy for cpu (RTF_PCPU,
// DST_NOCOUNT), made on first use, with a reference taken for the caller.
// Its allocation is traced (DstAlloc) when the recorder asks for
// tracepoints.
func (o *Ops) PCPU(cpu int, rt *fib6.Info) *Entry {
	return o.pcpu(cpu, rt, o.Nexthop(rt))
}

// pcpu is PCPU on path nh of rt. A nexthop object's path keeps one copy
// per CPU for every route using it: the copy names the route it was made
// for (or none once that route left) and carries the genid it was made
// under; once the genid has moved it is dropped (dst_dev_put, released)
// and made again for rt.
func (o *Ops) pcpu(cpu int, rt *fib6.Info, nh *Nexthop) *Entry {
	e := nh.pcpu[cpu]
	if e != nil && e.Sernum != 0 && e.Sernum != o.FIB.Genid() {
		nh.pcpu[cpu] = nil
		e.devPut()
		e.Release()
		e = nil
	}
	if e == nil {
		e = o.Alloc(cpu, true)
		o.copyInit(e, rt, nh.Hop(rt))
		e.RtFlags |= fib6.RTF_PCPU
		e.Dst = rt.Dst.Addr()
		if nh.hop != nil {
			e.Sernum = o.FIB.Genid()
		}
		nh.pcpu[cpu] = e
		if o.tracepoints() {
			e.emit(trace.DstAlloc, o.Entries())
		}
	}
	e.Hold()
	return e
}

// PolRoute models the dst choice at the end of ip6_pol_route for the
// route rt that fib6_table_lookup selected, on cpu: a live exception for
// daddr; else, for a FLOWI_FLAG_KNOWN_NH flow (knownNH) through a
// gateway-less nexthop, a fresh uncached clone (nil when dst_alloc
// refuses: the caller uses the null entry, ENETUNREACH); else the per-CPU
// copy. The dst returned carries a reference for the caller.
func (o *Ops) PolRoute(cpu int, rt *fib6.Info, daddr netip.Addr, knownNH bool) *Entry {
	return o.PolRouteHop(cpu, rt, rt.NH, daddr, knownNH)
}

// PolRouteHop is PolRoute for route rt through hop, the path
// fib6_select_path chose (for a route with a nexthop object, the
// object's path with that device and gateway).
func (o *Ops) PolRouteHop(cpu int, rt *fib6.Info, hop fib6.Nexthop, daddr netip.Addr, knownNH bool) *Entry {
	return o.polRoute(cpu, rt, findPath(rt, hop), hop, daddr, knownNH)
}

// PolRoutePath is PolRoute for route rt through nh, the path of its
// nexthop object that fib6_select_path chose.
func (o *Ops) PolRoutePath(cpu int, rt *fib6.Info, nh *Nexthop, daddr netip.Addr, knownNH bool) *Entry {
	return o.polRoute(cpu, rt, nh, nh.Hop(rt), daddr, knownNH)
}

// polRoute is PolRoute through path nh (nil: rt's own fib6_nh, not made
// yet) standing for hop.
func (o *Ops) polRoute(cpu int, rt *fib6.Info, nh *Nexthop, hop fib6.Nexthop, daddr netip.Addr, knownNH bool) *Entry {
	if nh != nil {
		if e := nh.Lookup(daddr); e != nil {
			e.Hold()
			return e
		}
	}
	if knownNH && !hop.Gw.IsValid() {
		e := o.cacheAlloc(cpu, rt, hop, daddr)
		if e != nil {
			e.uncached = true
		}
		return e
	}
	if nh == nil {
		nh = o.path(rt, hop)
	}
	return o.pcpu(cpu, rt, nh)
}

// MTU models ip6_mtu (dst_mtu for IPv6): the dst's MTU metric or else its
// device's IPv6 MTU, capped at IP6MaxMTU (bytes).
func (o *Ops) MTU(e *Entry) uint32 {
	mtu := e.MTU
	if mtu == 0 {
		mtu = o.Host.DevMTU(e.Dev)
	}
	return min(mtu, IP6MaxMTU)
}

// UpdatePMTU models __ip6_rt_update_pmtu for a packet to daddr that used
// dst e, on cpu: an mtu below IPv6MinMTU or not below the dst's current
// MTU is ignored; an exception (or a dst with neither route nor RTF_PCPU)
// is updated in place and its stamp refreshed; otherwise a clone for
// daddr gets the MTU and is inserted as an exception (nothing happens when
// dst_alloc refuses or the insert fails). It reports whether an MTU was
// recorded.
func (o *Ops) UpdatePMTU(cpu int, e *Entry, daddr netip.Addr, mtu uint32) bool {
	if mtu < IPv6MinMTU || mtu >= o.MTU(e) {
		return false
	}
	if e.RtFlags&fib6.RTF_CACHE != 0 || (e.RtFlags&fib6.RTF_PCPU == 0 && e.From == nil) {
		o.setPMTU(e, mtu)
		if e.RtFlags&fib6.RTF_CACHE != 0 && e.From != nil {
			if nh := o.dstPath(e); nh != nil {
				nh.restamp(e)
			}
		}
		return true
	}
	nh := o.dstPath(e)
	if nh == nil {
		return false
	}
	c := o.cacheAlloc(cpu, e.From, nh.Hop(e.From), daddr)
	if c == nil {
		return false
	}
	o.setPMTU(c, mtu)
	if nh.insert(c) != nil {
		c.Release()
		return false
	}
	return true
}

// dstPath returns the fib6_nh dst e came from: its route's own, or the
// path of the route's nexthop object with e's device and gateway
// (fib6_nh_find_match); nil when e has no route left or no path matches.
func (o *Ops) dstPath(e *Entry) *Nexthop {
	if e.From == nil {
		return nil
	}
	return o.path(e.From, fib6.Nexthop{Dev: e.Dev, Gw: fib6.GatewayOf(e.Gateway)})
}

// setPMTU models rt6_do_update_pmtu with rt6_update_expires: set the MTU
// metric and RTF_MODIFIED; a dst without RTF_EXPIRES starts from its
// route's deadline; dst_set_expires(now + mtu_expires) only ever shortens
// a non-zero deadline; RTF_EXPIRES is set.
func (o *Ops) setPMTU(e *Entry, mtu uint32) {
	e.MTU = mtu
	e.RtFlags |= fib6.RTF_MODIFIED
	if e.RtFlags&fib6.RTF_EXPIRES == 0 && e.From != nil {
		e.Expires = e.From.Expires
	}
	exp := o.Host.Now() + o.Host.Tunables().MTUExpires
	if exp == 0 {
		exp = 1
	}
	if e.Expires == 0 || exp < e.Expires {
		e.Expires = exp
	}
	e.RtFlags |= fib6.RTF_EXPIRES
}

// restamp models rt6_update_exception_stamp_rt: the exception holding e
// gets stamp = now.
func (nh *Nexthop) restamp(e *Entry) {
	if b := nh.bucketFor(e.Dst); b != nil {
		if ex := b.find(e.Dst); ex != nil && ex.rt == e {
			ex.stamp = nh.ops.Host.Now()
		}
	}
}

// Redirect models the exception part of rt6_do_redirect for an accepted
// ICMPv6 redirect: a clone of rt for dest with flags
// GATEWAY|UP|DYNAMIC|CACHE (no GATEWAY when target == dest, on-link),
// gateway target and no expiry, inserted as an exception (aged by idle
// time). It returns the exception, or nil when dst_alloc refused or the
// insert failed.
func (o *Ops) Redirect(cpu int, rt *fib6.Info, dest, target netip.Addr) *Entry {
	return o.RedirectHop(cpu, rt, rt.NH, dest, target)
}

// RedirectHop is Redirect for route rt through hop, the path the
// redirected packets took (for a route with a nexthop object, one of the
// object's paths).
func (o *Ops) RedirectHop(cpu int, rt *fib6.Info, hop fib6.Nexthop, dest, target netip.Addr) *Entry {
	nh := o.path(rt, hop)
	if nh == nil {
		return nil
	}
	e := o.cacheAlloc(cpu, rt, nh.Hop(rt), dest)
	if e == nil {
		return nil
	}
	e.RtFlags = fib6.RTF_GATEWAY | fib6.RTF_UP | fib6.RTF_DYNAMIC | fib6.RTF_CACHE
	if target == dest {
		e.RtFlags &^= fib6.RTF_GATEWAY
	}
	e.Gateway = target
	if nh.insert(e) != nil {
		e.Release()
		return nil
	}
	return e
}
