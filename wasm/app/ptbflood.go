package app

import (
	"fmt"
	"net/netip"
	"strings"

	"fib6lab/engine/fib6"
	"fib6lab/engine/gc"
	"fib6lab/engine/iproute2"
	"fib6lab/engine/kernel"
	"fib6lab/engine/netns"
)

// The route cache view's modes: the raw-socket flood before/after 6.3
// (DstView.Flood) or the Packet Too Big flood across the GC list's
// history (PTBFlood).
const (
	DstModeRaw = "raw"
	DstModePTB = "ptb"
)

// PTBKernels are the PTB flood's lanes: the trie walk (before the GC
// list), the GC list without exception linking, and the GC list where an
// exception links its route (6.15) and a permanent route leaves the list
// once its exceptions are gone (6.18).
var PTBKernels = [3]string{"6.1", "6.12", "6.18"}

// PTBGateway is the gateway of the flood's permanent routes (on va's
// 2001:db8:1::/64, DstSetup).
const PTBGateway = "2001:db8:1::2"

// PTBConfig describes a PTB flood: Routes permanent /128 routes
// (gc.PermanentHosts) via PTBGateway; each tick, PerTick ICMPv6 Packet Too
// Big messages with MTU MTU, each for the destination of a route not hit
// before (route k*PerTick .. (k+1)*PerTick-1 on tick k), then the clock
// moves TickSecs seconds (the GC timer fires on its own); PMTU exceptions
// live MTUExpires seconds (net.ipv6.route.mtu_expires); gc_interval is
// left at its default (30 s). Ticks*PerTick must not exceed Routes.
type PTBConfig struct {
	Routes, PerTick, Ticks, TickSecs, MTUExpires, MTU int
}

// DefaultPTB is the view's flood: 3,000 permanent routes, 20 new PMTU
// exceptions a second for 150 s, each living 10 s.
var DefaultPTB = PTBConfig{Routes: 3000, PerTick: 20, Ticks: 150, TickSecs: 1, MTUExpires: 10, MTU: 1400}

// PTBFrames is how many frames the view shows each tick of the flood.
const PTBFrames = 3

// PTBSample is one lane's state after a tick.
type PTBSample struct {
	Listed  int // routes on table main's GC list (tb6_gc_hlist)
	Cache   int // fib_rt_cache: exceptions held in the tables, expired or not
	Live    int // exceptions not expired (what `ip -6 route show cache` lists)
	Passes  int // GC passes run during the tick
	Checked int // routes those passes aged (fib6_age calls)
	Reaped  int // exceptions removed so far (created - Cache)
}

// PTBLane is one kernel's namespace under the PTB flood.
type PTBLane struct {
	NS      *netns.Netns
	Created int // PMTU exceptions created
	Refused int // Packet Too Big messages that recorded no MTU
	Samples []PTBSample
	Err     string
}

// Kernel returns the release the lane's namespace models.
func (l *PTBLane) Kernel() kernel.Release { return l.NS.Features().Release }

// Last returns the lane's latest sample (zero before the first tick).
func (l *PTBLane) Last() PTBSample {
	if len(l.Samples) == 0 {
		return PTBSample{}
	}
	return l.Samples[len(l.Samples)-1]
}

// LastPassChecked returns the routes checked by the lane's latest GC pass.
func (l *PTBLane) LastPassChecked() int { return l.NS.GC.Last.Checked }

// PTBFlood is the route cache view's PTB mode (issue 4 §6): the same table
// and the same flood of Packet Too Big messages on 6.1, 6.12 and 6.18.
type PTBFlood struct {
	Config PTBConfig
	Lanes  [3]*PTBLane
	Tick   int // ticks run
	hosts  []netip.Prefix
	frames int
}

// NewPTBFlood returns the flood c with the lanes' namespaces built: the
// route cache view's namespace (DstSetup), the kernel, mtu_expires and
// c.Routes permanent routes via PTBGateway.
func NewPTBFlood(c PTBConfig) *PTBFlood {
	f := &PTBFlood{Config: c, hosts: gc.PermanentHosts(c.Routes)}
	gw := netip.MustParseAddr(PTBGateway)
	for i, k := range PTBKernels {
		ns := netns.New(0)
		l := &PTBLane{NS: ns}
		f.Lanes[i] = l
		sh := iproute2.NewShell(ns)
		for _, line := range append(DstSetup[:len(DstSetup):len(DstSetup)], "kernel "+k) {
			var out strings.Builder
			if sh.Run(line, &out) != 0 && l.Err == "" {
				l.Err = line + ": " + out.String()
			}
		}
		if err := ns.SysctlSet("mtu_expires", fmt.Sprint(c.MTUExpires)); err != nil && l.Err == "" {
			l.Err = "mtu_expires: " + err.Error()
		}
		dev := ns.Dev("va")
		if dev == nil {
			l.Err = "no device va"
			continue
		}
		for _, p := range f.hosts {
			if err := ns.AddRoute(fib6.RT_TABLE_MAIN, ns.FIB.NewRoute(p, gw, dev.Index, 1024), fib6.NLM_F_CREATE|fib6.NLM_F_EXCL); err != nil && l.Err == "" {
				l.Err = "add " + p.String() + ": " + err.Error()
			}
		}
	}
	return f
}

// Done reports whether every tick of the flood has run.
func (f *PTBFlood) Done() bool { return f.Tick >= f.Config.Ticks }

// Frame runs the next tick every PTBFrames frames until the flood is done.
func (f *PTBFlood) Frame() {
	f.frames++
	if f.frames%PTBFrames == 1 && !f.Done() {
		f.Step()
	}
}

// Step runs one tick in every lane: the tick's Packet Too Big messages,
// then TickSecs seconds of virtual time (the GC timer runs when due), and
// records a sample.
func (f *PTBFlood) Step() {
	if f.Done() {
		return
	}
	c := f.Config
	from := f.Tick * c.PerTick
	for _, l := range f.Lanes {
		ns := l.NS
		passes, checked := ns.GC.Passes, ns.GC.Checked
		for _, p := range f.hosts[from:min(from+c.PerTick, len(f.hosts))] {
			// every route is hit once: an MTU recorded is a new exception
			if ok, err := ns.PTB(p.Addr(), c.MTU); ok && err == nil {
				l.Created++
			} else {
				l.Refused++
			}
		}
		ns.Advance(int64(c.TickSecs) * ns.HZ)
		st := ns.RT6Stats()
		l.Samples = append(l.Samples, PTBSample{
			Listed: len(ns.FIB.Table(fib6.RT_TABLE_MAIN).GCList()), Cache: st.FibRtCache, Live: len(ns.Cache()),
			Passes: ns.GC.Passes - passes, Checked: ns.GC.Checked - checked, Reaped: l.Created - st.FibRtCache,
		})
	}
	f.Tick++
}
