package app

import (
	"net/netip"
	"sort"
	"strings"

	"fib6lab/engine/fib6"
	"fib6lab/engine/ila"
	"fib6lab/engine/trace"
)

// Traffic is what a lane shows of its packets and route cache at a player
// position: the namespace's counters as read after a batch of events was
// queued (a sample, taken at the history position where that batch ends),
// moved on by the route cache and dst_cache events shown since. Like the
// rest of the display it is a pure function of the player's position, so
// pausing freezes it and stepping back restores it.
type Traffic struct {
	At      int64   // history position the sample was read at
	Seconds float64 // virtual time of the sample, seconds since boot
	// The dst_ops (struct dst_ops, net/ipv6/route.c ip6_dst_ops_template).
	Dst      int64 // dst entries counted (dst_entries_get_slow)
	Peak     int64 // highest count seen
	Allocs   int   // dst_alloc successes
	Frees    int   // counted dsts freed
	Failures int   // dst_alloc refusals: route cache full (before 6.3)
	GCRuns   int   // ip6_dst_gc runs of fib6_run_gc
	Notices  int   // "Route cache is full" lines logged (rate-limited)
	Log      []string
	// The tunables the gauge is drawn against (net.ipv6.route.*).
	GCThresh, MaxSize int64
	MaxSizeChecked    bool // the release refuses past max_size (before 6.3)
	// The route cache: RTF_CACHE exceptions and the GC list.
	Exceptions int // fib_rt_cache (/proc/net/rt6_stats)
	Listed     int // routes on table main's tb6_gc_hlist
	// Routes in table main.
	Routes int
	// GC passes run and routes they aged (fib6_age calls), in total.
	Passes, Checked int
	// dst_cache_get results of every dst_cache (ILA routes), in total.
	Hits, Misses int
	// BatchPeak is the highest dst count the events of the batch that
	// ended here reached, at position PeakAt (0 when none counted dsts):
	// a flood allocates and frees within one command.
	BatchPeak, PeakAt int64
}

// MaxSamples bounds the traffic samples a lane keeps; when they reach it
// the oldest quarter goes at once (one sample at a time, every sample
// past it moved them all: 20% of a 24,000-line link's replay).
const MaxSamples = 4096

// sampleTraffic reads the namespace's counters at the head of the
// history (after everything queued so far, the last batch being evs),
// replacing a sample taken at the same position.
func (l *Lane) sampleTraffic(evs []trace.Event) {
	ns := l.Netns()
	o, tun := ns.Dst, ns.Tunables()
	t := Traffic{At: l.head(), Seconds: float64(ns.Uptime()) / float64(ns.HZ),
		Dst: o.Entries(), Peak: o.Stats.Peak, Allocs: o.Stats.Allocs, Frees: o.Stats.Frees,
		Failures: o.Stats.Failures, GCRuns: o.Stats.GCRuns, Notices: o.Notices(), Log: tail(o.Log, 8),
		GCThresh: tun.GCThresh, MaxSize: tun.MaxSize, MaxSizeChecked: ns.Features().MaxSize,
		Exceptions: ns.FIB.Stats.FibRtCache, Listed: ns.FIB.Table(fib6.RT_TABLE_MAIN).GCListLen(),
		Routes: ns.FIB.Table(fib6.RT_TABLE_MAIN).Entries, Passes: ns.GC.Passes, Checked: ns.GC.Checked, Hits: o.Stats.CacheHits, Misses: o.Stats.CacheMisses}
	for i, e := range evs {
		if k := e.Kind; (k == trace.DstAlloc || k == trace.DstRefused || k == trace.DstFree) && e.Val > t.BatchPeak {
			t.BatchPeak, t.PeakAt = e.Val, t.At-int64(len(evs)-i)
		}
	}
	// a command too big to trace (a flood) leaves no events: its peak is
	// the count's highest since the last sample, shown at its end
	if p := o.TakePeak(); t.BatchPeak == 0 && p > t.Dst {
		t.BatchPeak, t.PeakAt = p, t.At
	}
	l.sampleGen++
	if n := len(l.samples); n > 0 && l.samples[n-1].At == t.At {
		t.BatchPeak, t.PeakAt = max(t.BatchPeak, l.samples[n-1].BatchPeak), max(t.PeakAt, l.samples[n-1].PeakAt)
		l.samples[n-1] = t
		return
	}
	if len(l.samples) == MaxSamples {
		l.samples = append(l.samples[:0], l.samples[MaxSamples/4:]...)
	}
	l.samples = append(l.samples, t)
}

// tail returns the last n of ls (a copy).
func tail(ls []string, n int) []string {
	return append([]string(nil), ls[max(len(ls)-n, 0):]...)
}

// Traffic returns the lane's traffic at the player's position: the last
// sample at or before it, moved on by the events shown since. The last
// answer is kept, so that a frame of a long pass applies only the events
// shown since the frame before.
func (l *Lane) Traffic() Traffic {
	p := l.pos()
	k := sort.Search(len(l.samples), func(i int) bool { return l.samples[i].At > p }) - 1
	if k < 0 {
		return Traffic{}
	}
	m := &l.trafficMemo
	if m.gen != l.sampleGen || m.sampleAt != l.samples[k].At || m.pos > p || m.pos < l.hist.base {
		*m = trafficMemo{gen: l.sampleGen, sampleAt: l.samples[k].At, pos: l.samples[k].At, t: l.samples[k]}
		m.t.BatchPeak, m.t.PeakAt = 0, 0
	}
	for e := range l.events.Range(int(max(m.pos, l.hist.base)-l.hist.base), int(p-l.hist.base)) {
		m.t.apply(e)
	}
	m.pos = p
	return m.t
}

// trafficMemo is Traffic's last answer t, computed for position pos
// from the sample at sampleAt while the samples were at generation gen.
type trafficMemo struct {
	gen           int
	sampleAt, pos int64
	t             Traffic
}

// apply moves t on by one event.
func (t *Traffic) apply(e trace.Event) {
	switch e.Kind {
	case trace.DstAlloc:
		t.Allocs++
		t.Dst = e.Val
	case trace.DstRefused:
		t.Failures++
		t.Dst = e.Val
	case trace.DstFree:
		t.Frees++
		t.Dst = e.Val
	case trace.DstGC:
		t.GCRuns++
	case trace.ExcInsert, trace.ExcRemove:
		t.Exceptions = int(e.Val)
	case trace.CacheHit:
		t.Hits++
	case trace.CacheMiss:
		t.Misses++
	case trace.GCPass:
		t.Passes++
	case trace.RouteAge:
		t.Checked++
	case trace.RouteLink:
		t.Routes++
	case trace.RouteUnlink:
		t.Routes--
	}
	t.Peak = max(t.Peak, t.Dst)
}

// trimSamples forgets the samples before absolute position at, keeping
// the one in force there.
func (l *Lane) trimSamples(at int64) {
	k := sort.Search(len(l.samples), func(i int) bool { return l.samples[i].At > at }) - 1
	if k > 0 {
		l.samples = append(l.samples[:0], l.samples[k:]...)
		l.sampleGen++
	}
}

// Packet is one packet a `send` command sent through a route with an ILA
// encap (ila_output, net/ipv6/ila/ila_lwt.c): its destination before and
// after translation, the checksum mode, the dst_cache verdict and, on a
// miss, the lookup walk of the translated destination.
type Packet struct {
	At       int64      // history position of the command's first event
	Command  string     // the console command
	SIR, ILA netip.Addr // destination before and after translation
	Mode     ila.CsumMode
	Locator  ila.Locator
	ILARoute bool         // the SIR address matched a route with an ILA encap
	Cached   bool         // the route has a dst_cache (dst_cache_get was traced); before 4.9 none, and no lookup
	Hit      bool         // the last dst_cache_get hit
	Walk     []WalkStep   // the translated destination's last traced lookup after a miss
	Visited  int          // nodes that lookup visited
	Answer   netip.Prefix // the route the translated destination uses
	SIRRoute netip.Prefix // the route the SIR address matched
}

// WalkStep is one traced step of a lookup: a table's lookup starting
// (OpBegin), a node visited (Bit = fn_bit), an address bit tested (Bit,
// Val = 0 or 1), a backtrack or the node that answered.
type WalkStep struct {
	Kind trace.Kind
	Node uint32
	Bit  uint8
	Val  int64
}

// MaxPackets bounds the packets a lane keeps for the ILA view.
const MaxPackets = 1024

// notePacket records, for a `send DST ...` command that queued events
// from absolute position at, the packet as the ILA view draws it: the
// route DST matches, its translation and the last dst_cache verdict and
// walk among the events queued from there. Other commands record nothing.
func (l *Lane) notePacket(line string, at int64) {
	cmd, _ := laneTarget(line)
	f := strings.Fields(cmd)
	if len(f) < 2 || f[0] != "send" {
		return
	}
	sir, err := netip.ParseAddr(f[1])
	if err != nil {
		return
	}
	p := &Packet{At: at, Command: line, SIR: sir, ILA: sir}
	l.quietly(func() {
		if rt, _, err := l.NS.Lookup(sir); err == nil {
			p.SIRRoute = rt.Prefix()
			if lw, ok := lwtOf(rt); ok {
				prm := lw.Params
				p.ILARoute, p.Mode, p.Locator, p.ILA = true, prm.CsumMode, prm.Locator, translate(sir, &prm)
			}
		}
		if rt, _, err := l.NS.Lookup(p.ILA); err == nil {
			p.Answer = rt.Prefix()
		}
	})
	p.Cached, p.Hit, p.Walk, p.Visited = lastVerdict(l.events.Slice(int(at - l.hist.base)))
	if len(l.packets) == MaxPackets {
		l.packets = append(l.packets[:0], l.packets[1:]...)
	}
	l.packets = append(l.packets, p)
}

// lwtOf returns the ILA state of rt's encap, if it has one.
func lwtOf(rt *fib6.Info) (*ila.Lwt, bool) {
	if rt.NH.Lwt == nil {
		return nil, false
	}
	lw, ok := rt.NH.Lwt.Data.(*ila.Lwt)
	return lw, ok
}

// quietly runs f with the lane's trace off.
func (l *Lane) quietly(f func()) {
	tr := l.NS.FIB.Trace
	l.NS.SetTrace(nil)
	defer l.NS.SetTrace(tr)
	f()
}

// lastVerdict returns the last dst_cache verdict among evs (cached
// false when there was none: before 4.9 ila_output has no dst_cache and
// sends on the SIR route's own dst, with no lookup) and, after a miss,
// the lookup traced after it.
func lastVerdict(evs []trace.Event) (cached, hit bool, walk []WalkStep, visited int) {
	i := len(evs) - 1
	for i >= 0 && evs[i].Kind != trace.CacheMiss && evs[i].Kind != trace.CacheHit {
		i--
	}
	switch {
	case i < 0:
		return false, false, nil, 0
	case evs[i].Kind == trace.CacheHit:
		return true, true, nil, 0
	}
	walk, visited = lookupSteps(evs[i+1:])
	return true, false, walk, visited
}

// lookupSteps returns the steps of the lookups at the start of evs (up
// to another operation or dst_cache verdict) and the nodes they visited.
func lookupSteps(evs []trace.Event) (walk []WalkStep, visited int) {
	for _, e := range evs {
		switch e.Kind {
		case trace.OpBegin:
			if trace.Op(e.Val) != trace.OpLookup {
				return walk, visited
			}
			walk = append(walk, WalkStep{Kind: e.Kind})
		case trace.NodeVisit, trace.BitTest, trace.Backtrack, trace.NodeMatch:
			walk = append(walk, WalkStep{Kind: e.Kind, Node: e.Node, Bit: e.Bit, Val: e.Val})
			if e.Kind == trace.NodeVisit {
				visited++
			}
		case trace.CacheHit, trace.CacheMiss:
			return walk, visited
		}
	}
	return walk, visited
}

// Packet returns the packet of the last `send` command the player has
// reached, and the fraction of that command's events shown (the packet's
// progress through the pipeline); nil when there is none.
func (l *Lane) Packet() (*Packet, float64) {
	p := l.pos()
	k := sort.Search(len(l.packets), func(i int) bool { return l.packets[i].At > p }) - 1
	if k < 0 {
		return nil, 0
	}
	return l.packets[k], l.segmentProgress()
}

// translate returns sir with its locator rewritten by ila_output's
// SIR -> ILA translation under p (ila.UpdateLocator on a UDP packet with
// no checksum, so only the address changes).
func translate(sir netip.Addr, p *ila.Params) netip.Addr {
	const daddrOff = 24
	pkt := make([]byte, 48)
	pkt[0], pkt[6] = 6<<4, 17
	a := sir.As16()
	copy(pkt[daddrOff:], a[:])
	ila.UpdateLocator(pkt, p, true)
	return netip.AddrFrom16([16]byte(pkt[daddrOff:]))
}

// TrafficHistory returns the lane's samples up to the player's position,
// the last one being Traffic() there (the route cache view's chart).
func (l *Lane) TrafficHistory() []Traffic {
	p := l.pos()
	k := sort.Search(len(l.samples), func(i int) bool { return l.samples[i].At > p })
	out := append([]Traffic(nil), l.samples[:k]...)
	if t := l.Traffic(); k == 0 || t.At != p {
		t.At = p
		out = append(out, t)
	}
	return out
}
