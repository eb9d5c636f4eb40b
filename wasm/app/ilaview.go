package app

import (
	"fmt"
	"net/netip"
	"strings"
	"time"

	"fib6lab/data"
	"fib6lab/engine/fib6"
	"fib6lab/engine/ila"
	"fib6lab/engine/iproute2"
	"fib6lab/engine/netns"
	"fib6lab/engine/trace"
)

// ILASetup is the ILA view's namespace, as in
// testdata/scenarios/ila_flows.sh: the route cache view's on-link /64, a
// route for the locator 2001:db8:2::/64 and two ILA routes to it, a /128
// ("connected": its dst_cache keeps the translated route) and a /64.
var ILASetup = append(DstSetup[:len(DstSetup):len(DstSetup)],
	"ip -6 route add 2001:db8:2::/64 via 2001:db8:1::2",
	"ip -6 route add 3333::2000:0:0:2/128 encap ila 2001:db8:2:0 csum-mode neutral-map dev va",
	"ip -6 route add 3333:0:0:1::/64 encap ila 2001:db8:2:0 ident-type luid dev va",
)

// The ILA view's pacing and table: a packet per flow every ILAInterval of
// wall time, over ILATablePrefixes prefixes of the real table (spread
// over all of it) so that lookups walk a real trie.
const (
	ILAInterval      = 500 * time.Millisecond
	ILATablePrefixes = 3000
)

// ILAInvalidateRoute is the format of the routes the view adds under the
// cached route's node (2001:db8:2::/64) to invalidate the dst_cache: a
// /80 numbered by the invalidation (fib6_add bumps the sernum of every
// node up to the root; a delete would not reach the /64's node).
const ILAInvalidateRoute = "ip -6 route add 2001:db8:2:0:%x::/80 via 2001:db8:1::2"

// ILAFlow is one panel of the ILA view: packets to the SIR addresses of
// one ILA route, and what they did.
type ILAFlow struct {
	Name  string           // "128" or "64"
	Route string           // the ILA route's prefix
	Total netns.SendResult // all packets sent
	Last  *ILAPacket       // the last packet, nil before the first
	dst   func(seq int) netip.Addr
}

// ILAPacket is one packet through ila_output: its destination before and
// after translation, the csum mode, the dst_cache verdict and, on a miss,
// the lookup walk of the translated destination.
type ILAPacket struct {
	Seq      int        // 1 for the flow's first packet
	SIR, ILA netip.Addr // destination before and after translation
	Mode     ila.CsumMode
	Locator  ila.Locator
	Hit      bool         // dst_cache_get hit: no lookup
	Dropped  bool         // the output failed
	Walk     []WalkStep   // the translated destination's lookup (nil on a hit)
	Visited  int          // nodes visited by that lookup
	Answer   netip.Prefix // the route the translated destination uses
	SIRRoute netip.Prefix // the ILA route the SIR address matched
}

// WalkStep is one traced step of a lookup: a table's lookup starting
// (OpBegin, Table set), a node visited (Bit = fn_bit), an address bit
// tested (Bit, Val = 0 or 1), a backtrack or the node that answered.
type WalkStep struct {
	Kind  trace.Kind
	Node  uint32
	Bit   uint8
	Val   int64
	Table string
}

// ILAView is the ILA pipeline view (issue 5 §7): a /128 ILA route and a
// /64 ILA route side by side, a packet through ila_output per flow every
// ILAInterval. The namespace is built when the view first runs.
type ILAView struct {
	Flows [2]*ILAFlow
	NS    *netns.Netns
	Shell *iproute2.Shell
	// Phase is how far (0..1) the current packets are through the
	// pipeline, for the animation.
	Phase         float64
	Invalidations int
	Err           string
	rec           *trace.Recorder
	acc           time.Duration
}

// NewILAView returns the view; its namespace is built on first use.
func NewILAView() *ILAView {
	return &ILAView{Flows: [2]*ILAFlow{
		{Name: "128", Route: "3333::2000:0:0:2/128", dst: func(int) netip.Addr { return netip.MustParseAddr("3333::2000:0:0:2") }},
		{Name: "64", Route: "3333:0:0:1::/64", dst: func(seq int) netip.Addr {
			a := netip.MustParseAddr("3333:0:0:1:2000::").As16()
			a[14], a[15] = byte(seq>>8), byte(seq)
			return netip.AddrFrom16(a)
		}},
	}}
}

// Ready reports whether the namespace is built.
func (v *ILAView) Ready() bool { return v.NS != nil }

// setup builds the namespace: ILASetup plus ILATablePrefixes prefixes of
// the real table via 2001:db8:1::2.
func (v *ILAView) setup() {
	if v.NS != nil {
		return
	}
	v.NS = netns.New(0)
	v.Shell = iproute2.NewShell(v.NS)
	v.rec = &trace.Recorder{Limit: 1 << 12}
	lines := ILASetup
	if ps, err := data.FullTable(); err == nil {
		step := max(len(ps)/ILATablePrefixes, 1)
		for i := 0; i < len(ps); i += step {
			lines = append(lines[:len(lines):len(lines)], "ip -6 route add "+ps[i].String()+" via 2001:db8:1::2")
		}
	}
	for _, line := range lines {
		if out := v.run(line); out != "" && !strings.Contains(out, "File exists") {
			v.Err = line + ": " + out
		}
	}
}

// run runs a shell line in the view's namespace and returns its output.
func (v *ILAView) run(line string) string {
	var out strings.Builder
	v.Shell.Run(line, &out)
	return out.String()
}

// Frame runs a frame dt after the last: a packet per flow every
// ILAInterval.
func (v *ILAView) Frame(dt time.Duration) {
	v.setup()
	v.acc += dt
	if v.acc >= ILAInterval || v.Flows[0].Last == nil {
		v.acc = 0
		v.Step()
	}
	v.Phase = min(float64(v.acc)/float64(ILAInterval), 1)
}

// Step sends the next packet of each flow.
func (v *ILAView) Step() {
	v.setup()
	for _, f := range v.Flows {
		v.send(f)
	}
}

// send sends flow f's next packet, tracing it, and records it.
func (v *ILAView) send(f *ILAFlow) {
	p := &ILAPacket{Seq: f.Total.Packets + 1, SIR: f.dst(f.Total.Packets + 1)}
	p.ILA = p.SIR
	if rt, _, err := v.NS.Lookup(p.SIR); err == nil {
		p.SIRRoute = rt.Prefix()
		if rt.NH.Lwt != nil {
			prm := ila.LwtOf(rt.NH.Lwt).Params
			p.Mode, p.Locator, p.ILA = prm.CsumMode, prm.Locator, translate(p.SIR, &prm)
		}
	}
	v.rec.Reset()
	v.NS.SetTrace(v.rec)
	r := v.NS.Send(p.SIR, netip.Addr{}, 1, 0)
	v.NS.SetTrace(nil)
	p.Hit, p.Dropped = r.Hits > 0, r.Dropped > 0
	p.Walk, p.Visited = v.walk(v.rec.Events)
	if rt, _, err := v.NS.Lookup(p.ILA); err == nil {
		p.Answer = rt.Prefix()
	}
	f.Total = addResults(f.Total, r)
	f.Last = p
}

// addResults returns a + b.
func addResults(a, b netns.SendResult) netns.SendResult {
	return netns.SendResult{Packets: a.Packets + b.Packets, Lookups: a.Lookups + b.Lookups,
		Hits: a.Hits + b.Hits, Misses: a.Misses + b.Misses, Dropped: a.Dropped + b.Dropped}
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

// walk returns the lookup steps traced after the dst_cache missed (the
// lookup of the translated destination) and the nodes they visited.
func (v *ILAView) walk(evs []trace.Event) ([]WalkStep, int) {
	i := 0
	for i < len(evs) && evs[i].Kind != trace.CacheMiss && evs[i].Kind != trace.CacheHit {
		i++
	}
	if i == len(evs) || evs[i].Kind == trace.CacheHit {
		return nil, 0
	}
	var out []WalkStep
	visited := 0
	for k, e := range evs[i+1:] {
		switch e.Kind {
		case trace.OpBegin:
			out = append(out, WalkStep{Kind: e.Kind, Table: v.tableAt(evs[i+1:], k)})
		case trace.NodeVisit, trace.BitTest, trace.Backtrack, trace.NodeMatch:
			out = append(out, WalkStep{Kind: e.Kind, Node: e.Node, Bit: e.Bit, Val: e.Val})
			if e.Kind == trace.NodeVisit {
				visited++
			}
		}
	}
	return out, visited
}

// tableAt names the table whose lookup begins at evs[k]: the one whose
// root the next event stands on.
func (v *ILAView) tableAt(evs []trace.Event, k int) string {
	if k+1 < len(evs) {
		for _, t := range v.NS.FIB.Tables() {
			if t.Root().ID == evs[k+1].Node {
				return tableName(t.ID)
			}
		}
	}
	return "?"
}

// tableName returns iproute2's name of table id.
func tableName(id uint32) string {
	switch id {
	case fib6.RT_TABLE_MAIN:
		return "main"
	case fib6.RT_TABLE_LOCAL:
		return "local"
	}
	return fmt.Sprint(id)
}

// Invalidate adds the next ILAInvalidateRoute under the cached route's
// node, so that the /128 flow's dst_cache misses on its next packet (the
// cookie no longer matches). It returns the command run.
func (v *ILAView) Invalidate() string {
	v.setup()
	v.Invalidations++
	line := fmt.Sprintf(ILAInvalidateRoute, v.Invalidations)
	if out := v.run(line); out != "" {
		v.Err = line + ": " + out
	}
	return line
}

// Run runs line in the view's namespace (its console) and returns the
// output.
func (v *ILAView) Run(line string) string {
	v.setup()
	return v.run(line)
}
