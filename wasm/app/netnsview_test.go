package app

import (
	"reflect"
	"strings"
	"testing"

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
		if strings.HasPrefix(m.Label, "ip netns exec r ra ") && l.events[m.At-l.hist.base].Kind == trace.RAReceive {
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

// TestSelectNetns checks that a lane can show the router's namespace
// (its table main and topology), refuses a name the machine lacks, and
// goes back to init when the namespace is deleted.
func TestSelectNetns(t *testing.T) {
	s := runScenario(t, "router-dies")
	want := Topology{
		Netns: []TopoNetns{{Name: "", Lanes: []string{"left", "right"}}, {Name: "r"}},
		Links: []TopoLink{{A: "eth1", B: "eth0"}, {A: "wan", B: "lan", NetB: "r"}},
	}
	if got := s.Topology(); !reflect.DeepEqual(got, want) {
		t.Fatalf("topology %+v, want %+v", got, want)
	}
	if err := s.SelectNetns(1, "nosuch"); err == nil {
		t.Fatal("nosuch selected")
	}
	if err := s.SelectNetns(1, "r"); err != nil {
		t.Fatal(err)
	}
	r := s.Lanes[1]
	if r.NetnsName() != "r" || r.Layout == nil || r.Layout.Nodes[0].Routes != 2 || r.Routes() != 2 {
		t.Fatalf("right lane shows %q with %d routes", r.NetnsName(), r.Routes())
	}
	if got := s.Topology().Netns[1].Lanes; !reflect.DeepEqual(got, []string{"right"}) {
		t.Fatalf("r shown by %q", got)
	}
	// r's GC pass is traced in the right lane now
	if r.Netns().FIB.Trace == nil || s.Lanes[1].NS.FIB.Trace != nil {
		t.Fatal("the recorder did not move to r")
	}
	s.Submit("ip netns del r")
	for i := 0; i < 100 && s.Console.Queued()+s.consoleRunning() > 0; i++ {
		s.Frame(frame)
	}
	if r.NetnsName() != "" || r.NS.FIB.Trace == nil {
		t.Fatalf("after ip netns del r the lane shows %q", r.NetnsName())
	}
}
