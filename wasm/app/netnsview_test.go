package app

import (
	"reflect"
	"strings"
	"testing"

	"fib6lab/engine/gc"
	"fib6lab/engine/trace"
)

// TestRIOStormChecksOnlyExpiring checks the RIO-storm scenario's last GC
// pass: the trie walk checks every route of the host (10,000 typed,
// 5,000 announced, the kernel's), the GC list only the 5,000 RIO routes
// and the default route, and both remove the 5,000.
func TestRIOStormChecksOnlyExpiring(t *testing.T) {
	s := runScenario(t, "rio-storm")
	tw, gl := s.Lanes[0].Pass, s.Lanes[1].Pass
	if tw.Checked != 15010 || tw.Removed != 5000 || gl.Checked != 5001 || gl.Removed != 5000 {
		t.Fatalf("last pass: trie walk %+v, gc list %+v", tw, gl)
	}
}

// TestPacketEventsOnTimeline checks that each RA the host took is an
// event of the time line, the first of the command that sent it (whose
// marker it carries), and shows as the lane's caption when stepped to.
func TestPacketEventsOnTimeline(t *testing.T) {
	s := runScenario(t, "router-dies")
	l := s.Lanes[0]
	var ras []OpMark
	for _, m := range l.Timeline().Marks {
		if strings.HasPrefix(m.Label, "ip netns exec r ra ") && l.events.At(int(m.At-l.hist.base)).Kind == trace.RAReceive {
			ras = append(ras, m)
		}
	}
	if len(ras) != 2 {
		t.Fatalf("RA marks %+v, want 2", ras)
	}
	s.SeekTo([2]int64{ras[1].At + 1, s.Lanes[1].pos()})
	if got := l.Caption(200); got != "ip netns exec r ra lan lifetime 0  ·  ndisc_router_discovery: Router Advertisement on wan: router lifetime 0 s, 0 prefix/route options" {
		t.Fatalf("caption at the second RA: %q", got)
	}
}

// TestSelectNetns checks the router-dies scenario's "# lane right r":
// the right lane shows the router (its table main, the packet it
// forwarded), the topology says which lane shows what, a name the
// machine lacks is refused, and deleting r takes the lane back to init.
func TestSelectNetns(t *testing.T) {
	s := runScenario(t, "router-dies")
	want := Topology{
		Netns: []TopoNetns{{Name: "", Lanes: []string{"left"}}, {Name: "r", Lanes: []string{"right"}}, {Name: "isp"}},
		Links: []TopoLink{{A: "eth1", B: "eth0"}, {A: "wan", B: "lan", NetB: "r"}, {A: "isp0", NetA: "r", B: "r0", NetB: "isp"}},
	}
	if got := s.Topology(); !reflect.DeepEqual(got, want) {
		t.Fatalf("topology %+v, want %+v", got, want)
	}
	r := s.Lanes[1]
	// lan's and isp0's prefixes, fe80::/64 on each
	if r.NetnsName() != "r" || r.Layout == nil || r.Layout.Nodes[0].Routes != 4 || r.Routes() != 4 ||
		r.ShownStrategy() != gc.GCList || r.Shown() != (Shown{}) {
		t.Fatalf("right lane shows %q with %d routes", r.NetnsName(), r.Routes())
	}
	forwarded := 0
	for _, e := range r.events.Slice(0) {
		if e.Kind == trace.PacketForward {
			forwarded++
		}
	}
	// the datagram to isp, and isp's port unreachable back to the host
	if forwarded != 2 || r.Netns().FIB.Trace == nil || r.NS.FIB.Trace != nil {
		t.Fatalf("r forwarded %d packets in the trace, want 2 (recorder on r: %v)", forwarded, r.Netns().FIB.Trace != nil)
	}
	if err := s.SelectNetns(1, "nosuch"); err == nil || r.NetnsName() != "r" {
		t.Fatalf("nosuch: %v, lane shows %q", err, r.NetnsName())
	}
	s.Submit("ip netns del r")
	for i := 0; i < 100 && s.Console.Queued()+s.consoleRunning() > 0; i++ {
		s.Frame(frame)
	}
	if r.NetnsName() != "" || r.NS.FIB.Trace == nil {
		t.Fatalf("after ip netns del r the lane shows %q", r.NetnsName())
	}
	// r took the veth pair to isp with it: isp has no route left
	if err := s.SelectNetns(1, "isp"); err != nil || r.NetnsName() != "isp" || r.Routes() != 0 {
		t.Fatalf("isp: %v, lane shows %q with %d routes", err, r.NetnsName(), r.Routes())
	}
}

// TestLinkKeepsTheNamespaceChosen checks that a namespace chosen in the
// menu (ChooseNetns) is written to the console as "# lane LANE NETNS",
// that a link carries it and that reopening the link shows it; a typed
// "# lane" line does the same, and a bad one only leaves a note.
func TestLinkKeepsTheNamespaceChosen(t *testing.T) {
	s := runScenario(t, "router-dies")
	if err := s.ChooseNetns(0, "isp"); err != nil {
		t.Fatal(err)
	}
	typeLines(t, s, "# lane right\n# lane middle r")
	if s.Lanes[1].NetnsName() != "" {
		t.Fatalf("# lane right: the right lane shows %q", s.Lanes[1].NetnsName())
	}
	lines := fmtLines(s.Console.Lines(0))
	if !strings.Contains(lines, "# lane left isp\n") || !strings.Contains(lines, `fib6lab: # lane middle r: no lane -1`) {
		t.Fatalf("console:\n%s", lines)
	}
	o := DefaultOptions()
	o.Nanotime = fakeClock()
	r := NewSim(o)
	reopen(t, s, r)
	if r.Lanes[0].NetnsName() != "isp" || r.Lanes[1].NetnsName() != "" {
		t.Fatalf("reopened: lanes show %q and %q, want isp and init", r.Lanes[0].NetnsName(), r.Lanes[1].NetnsName())
	}
}
