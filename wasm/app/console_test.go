package app

import (
	"fmt"
	"net/netip"
	"strings"
	"testing"

	"fib6lab/engine/fib6"
	"fib6lab/engine/trace"
)

// settle plays frames until both lanes have shown everything queued.
func settle(t *testing.T, s *Sim) {
	t.Helper()
	for i := 0; s.Pending() > 0 || s.Console.Queued() > 0; i++ {
		if i > 10000 {
			t.Fatalf("not settled after %d frames: %+v", i, s.State())
		}
		s.Frame(frame)
	}
}

func exec(t *testing.T, s *Sim, line string, status int, out string) {
	t.Helper()
	r := s.Exec(line)
	if r.Status != status || r.Output != out || r.Mismatch {
		t.Fatalf("%s: status %d mismatch %v output %q, want %d %q", line, r.Status, r.Mismatch, r.Output, status, out)
	}
}

func TestConsoleRoundTrip(t *testing.T) {
	s := loadedSim(t, full(t)[:1000], 0)
	if s.KernelRoutes != 2 || s.State().Routes != 1000+s.KernelRoutes {
		t.Fatalf("kernel routes %d, routes %d", s.KernelRoutes, s.State().Routes)
	}
	exec(t, s, "ip -6 route add 2001:db8:ffff::/48 via 2001:db8::2 dev eth0", 0, "")
	exec(t, s, "ip -6 route show 2001:db8:ffff::/48", 0, "2001:db8:ffff::/48 via 2001:db8::2 dev eth0 metric 1024 pref medium\n")
	exec(t, s, "ip -6 route add 2001:db8:ffff::/48 via 2001:db8::2 dev eth0", 2, "RTNETLINK answers: File exists\n")
	if r := s.Exec("nosuch"); r.Status != 127 || !strings.Contains(r.Output, "nosuch: command not found") {
		t.Fatalf("unknown command: %+v", r)
	}
	var kinds []string
	for _, l := range s.Console.Lines(0) {
		kinds = append(kinds, l.Kind.String())
	}
	if got := strings.Join(kinds, ","); got != "input,input,output,input,error,input,error" {
		t.Fatalf("scrollback kinds %s", got)
	}
	if got := s.Console.Lines(6); len(got) != 1 || !strings.HasSuffix(got[0].Text, "nosuch: command not found") {
		t.Fatalf("lines after 6: %+v", got)
	}
}

func TestConsoleAnimatesAddLookupDel(t *testing.T) {
	s := loadedSim(t, full(t)[:1000], 0)
	settle(t, s)
	l := s.Lanes[0]
	s.Exec("ip -6 route add 2001:db8:ffff::/48 via 2001:db8::2 dev eth0")
	if l.Layout.Index(l.NS.FIB.Table(0).Locate(keyOf("2001:db8:ffff::"), 48, true).ID) < 0 {
		t.Fatal("the added route's node is not laid out before the add is shown")
	}
	settle(t, s)
	if op := l.Op; op == nil || op.Op != trace.OpAdd || !op.Done || op.Linked == 0 || len(op.Created) == 0 || len(op.Path) < 2 {
		t.Fatalf("add shown as %+v", op)
	}
	s.Exec("ip -6 route get 2001:db8:ffff::1")
	settle(t, s)
	if lk := s.State().LastLookup; lk.Prefix != "2001:db8:ffff::/48" || lk.Steps < 2 || lk.Count == 0 {
		t.Fatalf("last lookup %+v", lk)
	}
	if c := s.State().Caption; !strings.Contains(c, "ip -6 route get 2001:db8:ffff::1") || !strings.Contains(c, "match 2001:db8:ffff::/48") {
		t.Fatalf("caption %q", c)
	}
	s.Exec("ip -6 route del 2001:db8:ffff::/48")
	settle(t, s)
	if op := l.Op; op.Op != trace.OpDel || op.Unlinked == 0 || !strings.Contains(op.Caption(400), "unlink 2001:db8:ffff::/48 free /48") {
		t.Fatalf("del shown as %+v", op)
	}
	for _, id := range l.Op.Freed {
		if l.Layout.Index(id) >= 0 {
			t.Fatal("freed node still laid out after the delete was shown")
		}
	}
}

func keyOf(a string) fib6.Key { return fib6.KeyOf(netip.MustParseAddr(a)) }

// TestConsoleOpsPlayInOpSeconds: at the default speed a typed lookup
// plays over OpSeconds of frames (120 at 60 fps), whatever its number of
// events; at a speed the user chose it plays at that speed.
func TestConsoleOpsPlayInOpSeconds(t *testing.T) {
	s := loadedSim(t, full(t)[:1000], 0)
	settle(t, s)
	s.Exec("ip -6 route get 2001:db8:ffff::1")
	n := s.Lanes[0].Pending()
	frames := 0
	for ; s.Lanes[0].Pending() > 0 && frames < 1000; frames++ {
		s.Frame(frame)
	}
	if want := int(OpSeconds * 60); n < 10 || frames < want-1 || frames > want+1 {
		t.Fatalf("a lookup of %d events played in %d frames, want %d", n, frames, want)
	}
	if err := s.SetSpeed(1); err != nil {
		t.Fatal(err)
	}
	s.Exec("ip -6 route get 2001:db8:ffff::2")
	n = s.Lanes[0].Pending()
	s.Frame(frame)
	if got := n - s.Lanes[0].Pending(); got != 1 {
		t.Fatalf("at 1 event per frame, a frame played %d events", got)
	}
}

func TestConsoleOutputCapped(t *testing.T) {
	s := loadedSim(t, full(t)[:1000], 0)
	r := s.Exec("ip -6 route show")
	lines := strings.Split(strings.TrimSuffix(r.Output, "\n"), "\n")
	want := fmt.Sprintf("... more lines not shown: the console stops a command after %d lines of output, as | head -n %d would", MaxOutputLines, MaxOutputLines)
	if len(lines) != MaxOutputLines+1 || lines[MaxOutputLines] != want || r.Mismatch || r.Status != 0 {
		t.Fatalf("%d lines, last %q", len(lines), lines[len(lines)-1])
	}
	if ls := s.Console.Lines(0); ls[len(ls)-1].Kind != LineNote || ls[len(ls)-2].Kind != LineOutput {
		t.Fatalf("the cut note is not shown as a note: %+v", ls[len(ls)-2:])
	}
}

// TestConsoleOutputCappedInBytes checks the byte cap on what `ip -j`
// prints: one JSON line, which the line cap never cuts.
func TestConsoleOutputCappedInBytes(t *testing.T) {
	s := loadedSim(t, full(t)[:5000], 0)
	r := s.Exec("ip -j -6 route show")
	out, note, ok := strings.Cut(r.Output, "\n...")
	want := fmt.Sprintf(" more output not shown: the console stops a command after %s bytes of output, as | head -c %d would\n", Commas(MaxOutputBytes), MaxOutputBytes)
	if !ok || len(out) != MaxOutputBytes || strings.Count(out, "\n") != 0 || note != want || r.Mismatch || r.Status != 0 {
		t.Fatalf("output of %d bytes with %d newlines, then %q", len(out), strings.Count(out, "\n"), note)
	}
	if !strings.HasPrefix(out, `[{"dst":"`) {
		t.Fatalf("output starts %q", out[:min(len(out), 40)])
	}
}

func TestConsoleSubmitRunsOverFrames(t *testing.T) {
	s := loadedSim(t, full(t)[:100], 0)
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "ip -6 route add 2001:db8:%x::/48 dev eth0\r\n", i+1)
	}
	s.Submit(b.String())
	if s.Console.Queued() != 300 || s.Console.History.Len() != 300 {
		t.Fatalf("queued %d, history %d", s.Console.Queued(), s.Console.History.Len())
	}
	settle(t, s)
	if got := s.State().Routes; got != 100+s.KernelRoutes+300 {
		t.Fatalf("%d routes after the script", got)
	}
	s.Submit(strings.Repeat("echo\n", MaxQueued+5))
	if s.Console.Queued() != MaxQueued {
		t.Fatalf("queued %d past the limit", s.Console.Queued())
	}
}

func TestConsoleWhileLoading(t *testing.T) {
	o := DefaultOptions()
	o.Prefixes = full(t)[:100]
	s := NewSim(o)
	if r := s.Exec("ip -6 route show"); r.Status != 1 || !strings.Contains(r.Output, "loading") {
		t.Fatalf("exec while loading: %+v", r)
	}
}

func TestConsolePanicRecovered(t *testing.T) {
	s := loadedSim(t, full(t)[:100], 0)
	s.Lanes[1].Shell.NS = nil
	r := s.Exec("ip -6 route show")
	if r.Status == 0 || s.Err == "" || !strings.Contains(r.Output, "panic") {
		t.Fatalf("panic not recovered: %+v, err %q", r, s.Err)
	}
}

func TestHistory(t *testing.T) {
	var h History
	if h.Prev("draft") != "draft" || h.Next("draft") != "draft" {
		t.Fatal("empty history moved")
	}
	for _, l := range []string{"a", "b", "b", "", "c"} {
		h.Add(l)
	}
	steps := []string{h.Prev("typed"), h.Prev("x"), h.Prev("x"), h.Prev("x"), h.Next("x"), h.Next("x"), h.Next("x"), h.Next("x")}
	if got := strings.Join(steps, ","); got != "c,b,a,a,b,c,typed,x" {
		t.Fatalf("browsing gave %s", got)
	}
	for i := range MaxHistory + 10 {
		h.Add(fmt.Sprint(i))
	}
	if h.Len() != MaxHistory || h.Prev("") != fmt.Sprint(MaxHistory+9) {
		t.Fatalf("history of %d", h.Len())
	}
}

func TestPrintable(t *testing.T) {
	if got := Printable("a\x00b\tc\x1b\x7f\xff"); got != "a\u2400b\tc\u241b\u2421\ufffd" {
		t.Fatalf("%q", got)
	}
	long := Printable(strings.Repeat("x", MaxLineRunes+5))
	if !strings.HasSuffix(long, "… (5 more characters)") {
		t.Fatalf("long line ends %q", long[len(long)-40:])
	}
}

func TestCaptionElides(t *testing.T) {
	o := &OpView{Op: trace.OpLookup, Label: "ip -6 route get ::1"}
	for i := range 300 {
		o.step("/%d", i)
	}
	c := o.Caption(80)
	if len([]rune(c)) > 80 || !strings.HasPrefix(c, "ip -6 route get ::1  ·  fib6_table_lookup: /0 …(") || !strings.HasSuffix(c, "/299") {
		t.Fatalf("caption %q", c)
	}
}

func TestLoadedRoutesPrintAsAdded(t *testing.T) {
	s := loadedSim(t, full(t)[:10], 0)
	p := full(t)[0]
	exec(t, s, "ip -6 route show "+p.String(), 0, p.String()+" via 2001:db8::2 dev eth0 metric 1024 pref medium\n")
}

func TestDumpWalksNotQueued(t *testing.T) {
	s := loadedSim(t, full(t)[:1000], 0)
	settle(t, s)
	s.Exec("ip -6 route show")
	if p := s.Pending(); p != 0 {
		t.Fatalf("a route dump queued %d events", p)
	}
}

func TestBigOperationBacklogPlaysInOpSeconds(t *testing.T) {
	s := loadedSim(t, full(t)[:3000], 0)
	settle(t, s)
	s.Exec("ip -6 route flush table main")
	frames := 0
	for ; s.Pending() > 0; frames++ {
		s.Frame(frame)
	}
	if max := int(OpSeconds*60) + 2; frames > max || frames < max/2 {
		t.Fatalf("flush of 3000 routes shown in %d frames, want about %d", frames, max)
	}
}

// TestMTUChangeShownOnTheRoutes: `ip link set eth0 mtu 1400` is shown as
// rt6_mtu_change on the route whose mtu metric it lowered, in both lanes.
func TestMTUChangeShownOnTheRoutes(t *testing.T) {
	s := loadedSim(t, full(t)[:1000], 0)
	settle(t, s)
	s.Exec("ip -6 route add 2001:db8:77::/64 via 2001:db8::2 dev eth0 mtu 1450")
	settle(t, s)
	if r := s.Exec("ip link set eth0 mtu 1400"); r.Status != 0 {
		t.Fatalf("mtu change: %+v", r)
	}
	settle(t, s)
	for _, l := range s.Lanes {
		op := l.Op
		if op == nil || op.Op != trace.OpMTUChange || op.MTU != 1400 || len(op.Changed) != 1 ||
			!strings.Contains(op.Caption(400), "rt6_mtu_change: 2001:db8:77::/64 mtu 1400 → ok") {
			t.Fatalf("lane %s shows %+v", l.ID, op)
		}
	}
	if r := s.Exec("ip -6 route show 2001:db8:77::/64"); r.Output != "2001:db8:77::/64 via 2001:db8::2 dev eth0 metric 1024 mtu 1400 pref medium\n" {
		t.Fatalf("route after the change: %q", r.Output)
	}
}

// TestDeviceDeleteShownOnTheTrie: deleting a device removes its hop from
// a multipath route in table main (NETDEV_UNREGISTER); the lanes show it
// as a fib6 operation that unlinks a route from the group's node.
func TestDeviceDeleteShownOnTheTrie(t *testing.T) {
	s := loadedSim(t, full(t)[:1000], 0)
	settle(t, s)
	for _, line := range []string{
		"ip link add va type veth peer name vb",
		"ip link set va up",
		"ip link set vb up",
		"ip -6 route add 2001:db8:78::/64 nexthop via fe80::1 dev eth0 nexthop via fe80::2 dev va",
		"ip link del va",
	} {
		if r := s.Exec(line); r.Status != 0 {
			t.Fatalf("%s: %+v", line, r)
		}
		settle(t, s)
	}
	for _, l := range s.Lanes {
		hop := 0 // the removed hop's unlink, among the command's events
		for _, m := range l.hist.marks {
			if m.Label != "ip link del va" {
				continue
			}
			for _, e := range l.events.Slice(int(m.At - l.hist.base)) {
				if e.Kind == trace.RouteUnlink && l.nodePrefix(e.Node) == "2001:db8:78::/64" {
					hop++
				}
			}
		}
		if hop != 1 {
			t.Fatalf("lane %s: %d unlinks of the group's hop shown", l.ID, hop)
		}
	}
	if r := s.Exec("ip -6 route show 2001:db8:78::/64"); r.Output != "2001:db8:78::/64 via fe80::1 dev eth0 metric 1024 pref medium\n" {
		t.Fatalf("route after the delete: %q", r.Output)
	}
}
