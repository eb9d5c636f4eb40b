package app

import (
	"io"
	"net/netip"
	"strings"
	"time"

	"fib6lab/engine/iproute2"
	"fib6lab/engine/kernel"
	"fib6lab/engine/netns"
)

// DstSetup is the route cache view's namespace: an on-link /64 on va,
// as in testdata/scenarios/raw_flood.sh.
var DstSetup = []string{
	"ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02",
	"sysctl -qw net.ipv6.conf.vb.disable_ipv6=1",
	"ip link set va up",
	"ip link set vb up",
	"ip -6 addr add 2001:db8:1::1/64 dev va nodad",
}

// The route cache view's flood: DstSenders raw-socket senders to the
// on-link DstTarget, each keeping up to DstMaxInflight packets in flight;
// the packets in flight grow by DstRamp per sender every DstFrames frames.
const (
	DstTarget      = "2001:db8:1::1000"
	DstSenders     = 5
	DstMaxInflight = 1000
	DstRamp        = 50
	DstFrames      = 6
)

// DstKernels are the two lanes' kernels: before and after 6.3's
// "ipv6: remove max_size check inline with ipv4".
var DstKernels = [2]string{"6.1", "6.18"}

// DstLane is one side of the route cache view: a namespace running one
// kernel, the last flood's result and its dst_ops.
type DstLane struct {
	NS     *netns.Netns
	Shell  *iproute2.Shell
	Last   netns.RawResult // the last flood
	Floods int             // floods run
	Err    string
}

// DstView is the route cache view (issue 4 §6): the same raw-socket
// flood on kernel 6.1 and kernel 6.18, side by side, the packets in
// flight growing flood after flood.
type DstView struct {
	Lanes    [2]*DstLane
	Inflight int       // packets in flight per sender of the last flood
	Mode     string    // DstModeRaw (default) or DstModePTB
	PTB      *PTBFlood // the PTB flood, built when the mode is first chosen
	frames   int
}

// NewDstView returns the view with both namespaces set up, before any
// flood.
func NewDstView() *DstView {
	v := &DstView{Mode: DstModeRaw}
	for i, k := range DstKernels {
		ns := netns.New(0)
		l := &DstLane{NS: ns, Shell: iproute2.NewShell(ns)}
		for _, line := range append(DstSetup[:len(DstSetup):len(DstSetup)], "kernel "+k) {
			var out strings.Builder
			if l.Shell.Run(line, &out) != 0 {
				l.Err = line + ": " + out.String()
			}
		}
		v.Lanes[i] = l
	}
	return v
}

// SetMode shows the raw-socket flood (DstModeRaw) or the PTB flood
// (DstModePTB), reporting false for an unknown mode. Choosing the PTB mode
// builds its lanes the first time, and starts the flood again once it has
// finished.
func (v *DstView) SetMode(mode string) bool {
	switch mode {
	case DstModeRaw:
	case DstModePTB:
		if v.PTB == nil || v.PTB.Done() {
			v.PTB = NewPTBFlood(DefaultPTB)
		}
	default:
		return false
	}
	v.Mode = mode
	return true
}

// Frame runs the shown mode: the next raw-socket flood every DstFrames
// frames, or the PTB flood (PTBFlood.Frame).
func (v *DstView) Frame(time.Duration) {
	if v.Mode == DstModePTB {
		v.PTB.Frame()
		return
	}
	v.frames++
	if v.frames%DstFrames == 1 {
		v.Flood()
	}
}

// Flood runs one flood in both lanes, DstRamp more packets in flight per
// sender than the last (back to DstRamp after DstMaxInflight).
func (v *DstView) Flood() {
	v.Inflight = v.Inflight%DstMaxInflight + DstRamp
	dst := netip.MustParseAddr(DstTarget)
	for _, l := range v.Lanes {
		l.Last = l.NS.FloodRaw(netns.RawFlood{Dst: dst, Senders: DstSenders, Count: v.Inflight, Inflight: v.Inflight})
		l.Floods++
		l.NS.Advance(l.NS.HZ / 10) // the flood's packets leave; timers run
	}
}

// Kernel returns the release the lane's namespace models.
func (l *DstLane) Kernel() kernel.Release { return l.NS.Features().Release }

// Run runs line in both lanes' shells (the console of the view), and
// returns the first lane's output.
func (v *DstView) Run(line string) string {
	var first strings.Builder
	for i, l := range v.Lanes {
		w := io.Discard
		if i == 0 {
			w = &first
		}
		l.Shell.Run(line, w)
	}
	return first.String()
}
