package netns

import (
	"fmt"
	"net/netip"

	"fib6lab/engine/dst"
	"fib6lab/engine/errno"
	"fib6lab/engine/fib6"
	"fib6lab/engine/gc"
	"fib6lab/engine/ila"
	"fib6lab/engine/kernel"
	"fib6lab/engine/lwtunnel"
)

// DefaultCPUs is the number of simulated CPUs: per-CPU dst copies,
// dst_cache slots and dst counter batches exist once per CPU.
const DefaultCPUs = 4

// dstSeed seeds the exception depth limits so that runs repeat.
const dstSeed = 0x6669623600000001

// initDst gives the namespace its dst_ops (ip6_route_net_init) and the
// behaviour of kernel.Default until
// SetKernel says otherwise.
func (ns *Netns) initDst() {
	ns.Dst = dst.NewOps(ns, ns.FIB, DefaultCPUs, ns.HZ, dstSeed)
	ns.SetFeatures(kernel.For(kernel.Default))
}

// Features returns the behaviours of the modelled release (SetKernel):
// the one value every engine package reads, the GC strategy included
// (GCStrategy). It is also dst.Host's.
func (ns *Netns) Features() kernel.Features { return ns.features }

// GCStrategy returns how the namespace's GC passes find routes to age,
// as its release decides (kernel.Features.GCList).
func (ns *Netns) GCStrategy() gc.Strategy { return gc.StrategyOf(ns.features) }

// SetKernel selects the modelled kernel from a release "MAJOR.MINOR" (a
// third component, the stable patch level, is accepted and ignored:
// stable backports are not modelled): the namespace behaves as
// kernel.For says that release does from now on (SetFeatures), and
// max_size is reset to the release's default (4096 before 6.3, INT_MAX
// after). Error: EINVAL with kernel.Parse's message for an unparsable
// version.
func (ns *Netns) SetKernel(version string) error {
	r, err := kernel.Parse(version)
	if err != nil {
		return errno.WithMsg(errno.EINVAL, err.Error())
	}
	ns.SetFeatures(kernel.For(r))
	ns.Sysctl.MaxSize = 1<<31 - 1
	if ns.features.MaxSize {
		ns.Sysctl.MaxSize = 4096
	}
	return nil
}

// SetFeatures makes the namespace behave as f from now on, with a fresh
// encap registry holding f's ILA module (states already built keep their
// own registry; all share one RCU grace-period queue). SetKernel is the
// usual way in; a front end sets features itself only to change one
// behaviour of a release (ip6sim --gc).
func (ns *Netns) SetFeatures(f kernel.Features) {
	ns.features = f
	ns.FIB.MayRemoveGCList = nil // before 2026: fib6 takes the route off the list at once
	if f.UnlinkIdle {
		ns.FIB.MayRemoveGCList = ns.mayRemoveGCList
	}
	reg := lwtunnel.NewRegistry()
	if old := ns.Dst.Encaps; old != nil {
		reg.Grace = old.Grace
	}
	_ = ns.ilaModule().Register(reg) // an empty registry has the slot free
	ns.Dst.Encaps = reg
}

// mayRemoveGCList is the fib6_may_remove_gc_list hook of releases with
// the 2026 change (UnlinkIdle; SetFeatures installs it): a listed route
// whose expiry was cleared has its exceptions aged at once (timeout
// gc_interval) and leaves the list only if none is still pending.
func (ns *Netns) mayRemoveGCList(rt *fib6.Info) {
	if !rt.OnGCList() {
		return
	}
	args := gc.Args{Timeout: ns.Sysctl.GCInterval, Kernel: ns.features}
	gc.AgeExceptions(rt, ns.Now(), &args)
}

// Quiesce ends the current RCU grace period (every CPU passed a quiescent
// state, as between two commands): states whose free was deferred are
// freed now.
func (ns *Netns) Quiesce() { ns.Dst.Encaps.Grace.Synchronize() }

// ilaModule returns the ILA module of the modelled release, its dst_cache
// being the namespace's (dst.NewDstCache).
func (ns *Netns) ilaModule() ila.Module {
	return ila.Module{Kernel: ns.features, NewCache: func() (ila.DstCache, error) { return dst.NewDstCache(ns.Dst), nil }}
}

// Tunables returns the sysctls the dst code reads (dst.Host).
func (ns *Netns) Tunables() dst.Tunables {
	s := &ns.Sysctl
	return dst.Tunables{GCThresh: s.GCThresh, MaxSize: s.MaxSize, GCMinInterval: s.GCMinInterval,
		GCElasticity: s.GCElasticity, GCTimeout: s.GCTimeout, MTUExpires: s.MTUExpires}
}

// LastGC returns ip6_rt_last_gc in jiffies (dst.Host).
func (ns *Netns) LastGC() int64 { return ns.lastGC }

// DevMTU returns a device's IPv6 MTU in bytes (dst.Host), as ip6_mtu
// reads it: net.ipv6.conf.DEV.mtu (idev->cnf.mtu6, which follows the
// device's MTU unless written), IPV6_MIN_MTU for a device without IPv6,
// 1500 (ETH_DATA_LEN) for an unknown ifindex.
func (ns *Netns) DevMTU(ifindex int) uint32 {
	d := ns.DevByIndex(ifindex)
	switch {
	case d == nil:
		return ethDataLen
	case d.Conf == nil:
		return ipv6MinMTU
	}
	return uint32(d.Conf[confMTU6])
}

// IsRouter reports whether gw's neighbour entry has NTF_ROUTER (dst.Host).
// The model has no neighbour table yet: every gateway counts as a router
// that answered with the R flag, as on the reference cases.
func (ns *Netns) IsRouter(int, netip.Addr) bool { return true }

// RouteOutput models ip6_route_output for the lwtunnel encap ops
// (lwtunnel.Net): Lookup, then the dst ip6_pol_route hands out on CPU 0 (an
// exception or the per-CPU copy), referenced. oif is not used by the
// model's lookup. Errors are Lookup's.
func (ns *Netns) RouteOutput(_ int, daddr netip.Addr) (lwtunnel.Dst, error) {
	rt, _, err := ns.Lookup(daddr)
	if err != nil {
		return nil, err
	}
	return ns.polRoute(0, rt, FlowKeys{Dst: daddr}, false), nil
}

// RawFlood describes concurrent raw-socket (IPV6_HDRINCL, so
// FLOWI_FLAG_KNOWN_NH) senders: each of Senders, on CPU index % CPUs, sends
// Count packets to Dst; a sender keeps its last Inflight attempts queued
// (alive, holding their dsts; at least the last one) and frees the oldest
// before each new attempt.
// Senders take turns packet by packet; after every Rate attempts (all
// senders together) the clock advances one jiffy, firing timers; Rate 0
// keeps the clock still.
type RawFlood struct {
	Dst      netip.Addr
	Senders  int
	Count    int
	Inflight int
	Rate     int
}

// RawResult is what a flood did: packets sent, failed sendto() calls by
// errno, and the peak exact dst entry count. Err is ErrInterrupted when
// Yield cancelled the flood (the counts are those of the packets tried).
type RawResult struct {
	Sent   int
	Failed int
	Errnos map[errno.Errno]int
	Peak   int64
	Err    error
}

// FloodRaw runs f: per packet a route lookup and the dst ip6_pol_route
// gives a KNOWN_NH flow (an uncached counted clone when the nexthop has no
// gateway); a refused clone (route cache full, before 6.3) or a failed
// lookup fails that sendto(). All packets are freed at the end. Each
// packet is a unit of Work, with packets tried of all as progress; a
// cancelled flood frees its packets and returns what it did.
func (ns *Netns) FloodRaw(f RawFlood) RawResult {
	ns.enter()
	defer ns.leave()
	res := RawResult{Errnos: map[errno.Errno]int{}, Peak: ns.Dst.Entries()}
	queues := make([][]*dst.Entry, f.Senders) // per sender, nil = a failed attempt
	r := ns.newPacketRouter(f.Count*f.Senders, f.Dst)
	n := f.Count * f.Senders
	for i := range n {
		if f.Rate > 0 && i > 0 && i%f.Rate == 0 {
			if _, res.Err = ns.Advance(1); res.Err != nil {
				break
			}
		}
		s := i % f.Senders
		for len(queues[s]) >= max(f.Inflight, 1) {
			releaseDst(queues[s][0])
			queues[s] = queues[s][1:]
		}
		e, err := ns.rawOutput(r, s%ns.Dst.CPUs(), f.Dst)
		if err != nil {
			res.Failed++
			res.Errnos[errnoOf(err)]++
		} else {
			res.Sent++
			res.Peak = max(res.Peak, ns.Dst.Entries())
		}
		queues[s] = append(queues[s], e)
		if res.Err = ns.Work(1, int64(i+1), int64(n)); res.Err != nil {
			break
		}
	}
	for _, q := range queues {
		for _, e := range q {
			releaseDst(e)
		}
	}
	return res
}

// releaseDst frees a packet's dst (kfree_skb -> dst_release); nil for a
// packet that was never sent.
func releaseDst(e *dst.Entry) {
	if e != nil {
		e.Release()
	}
}

// SendRaw is FloodRaw with one sender: count packets to daddr with up to
// inflight alive at a time. It returns packets sent, failed, and the peak
// exact dst entry count.
func (ns *Netns) SendRaw(daddr netip.Addr, count, inflight int) (sent, failed, peak int) {
	r := ns.FloodRaw(RawFlood{Dst: daddr, Senders: 1, Count: count, Inflight: inflight})
	return r.Sent, r.Failed, int(r.Peak)
}

// rawOutput is the routing of one raw-socket packet on cpu: the referenced
// dst, or the errno sendto() returns.
func (ns *Netns) rawOutput(r *packetRouter, cpu int, daddr netip.Addr) (*dst.Entry, error) {
	rt, _, err := r.lookup(ns, 0, daddr)
	if err != nil {
		return nil, err
	}
	e := ns.polRoute(cpu, rt, FlowKeys{Dst: daddr}, true)
	if e == nil {
		return nil, errno.ENETUNREACH
	}
	return e, nil
}

func errnoOf(err error) errno.Errno {
	if a, ok := err.(*errno.Ack); ok {
		return a.Errno
	}
	e, _ := err.(errno.Errno)
	return e
}

// PTB models receiving an ICMPv6 Packet Too Big for a packet this host
// sent to daddr (icmpv6_notify -> ip6_update_pmtu): the output dst for
// daddr gets the MTU (mtu bytes) through __ip6_rt_update_pmtu, creating or
// updating a PMTU exception. It reports whether an MTU was recorded.
// Errors: Lookup's; EINVAL for a negative mtu.
func (ns *Netns) PTB(daddr netip.Addr, mtu int) (bool, error) {
	if mtu < 0 {
		return false, errno.EINVAL
	}
	rt, _, err := ns.Lookup(daddr)
	if err != nil {
		return false, err
	}
	e := ns.polRoute(0, rt, FlowKeys{Dst: daddr}, false)
	defer e.Release()
	return ns.Dst.UpdatePMTU(0, e, daddr, uint32(mtu)), nil
}

// Redirect models an accepted ICMPv6 redirect for daddr to target
// (ndisc_redirect_rcv -> rt6_do_redirect): a redirect exception under the
// route daddr uses. Errors: Lookup's; EINVAL when ndisc would drop the
// redirect (multicast target, or a target that is neither link-local nor
// daddr itself) or the exception cannot be inserted.
func (ns *Netns) Redirect(daddr, target netip.Addr) error {
	if target.IsMulticast() || (!target.IsLinkLocalUnicast() && target != daddr) {
		return errno.EINVAL
	}
	rt, _, err := ns.Lookup(daddr)
	if err != nil {
		return err
	}
	if ns.Dst.RedirectHop(0, rt, ns.Path(rt, FlowKeys{Dst: daddr}), daddr, target) == nil {
		return errno.EINVAL
	}
	return nil
}

// CachedRoute is one line of `ip -6 route show cache`: an exception, the
// route it is listed under and the fib6_nh holding it.
type CachedRoute struct {
	Route *fib6.Info
	Dst   *dst.Entry
	Path  *dst.Nexthop
}

// Cache returns the live (not expired) exceptions of every route, tables
// in dump order, as RTM_GETROUTE with RTM_F_CLONED dumps them: a route
// using a nexthop object lists every exception of the object's paths,
// whichever route they were made for, so that routes sharing an object
// list the same exceptions.
func (ns *Netns) Cache() []CachedRoute {
	var out []CachedRoute
	for _, t := range ns.FIB.Tables() {
		for _, rt := range t.Dump() {
			for _, nh := range dst.PathsOf(rt) {
				for _, e := range nh.Dump() {
					out = append(out, CachedRoute{Route: rt, Dst: e, Path: nh})
				}
			}
		}
	}
	return out
}

// RT6Stats models struct rt6_statistics plus the dst count as
// /proc/net/rt6_stats shows them, in column order.
type RT6Stats struct {
	FibNodes           int
	FibRouteNodes      int
	FibRtAlloc         int // ip6_dst_alloc calls ever (never decremented)
	FibRtEntries       int
	FibRtCache         int
	DstEntries         int64 // dst_entries_get_slow(&ip6_dst_ops)
	FibDiscardedRoutes int
}

// RT6Stats returns the namespace's /proc/net/rt6_stats values.
func (ns *Netns) RT6Stats() RT6Stats {
	s := ns.FIB.Stats
	return RT6Stats{s.FibNodes, s.FibRouteNodes, int(ns.Dst.Stats.Allocs) + ns.ndiscAllocs, s.FibRtEntries,
		s.FibRtCache, ns.Dst.Entries(), s.FibDiscardedRoutes}
}

// String formats s like rt6_stats_seq_show: seven lowercase hex fields of
// at least 4 digits separated by spaces (no newline).
func (s RT6Stats) String() string {
	return fmt.Sprintf("%04x %04x %04x %04x %04x %04x %04x", s.FibNodes, s.FibRouteNodes,
		s.FibRtAlloc, s.FibRtEntries, s.FibRtCache, s.DstEntries, s.FibDiscardedRoutes)
}
