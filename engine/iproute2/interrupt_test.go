package iproute2

import (
	"fmt"
	"strings"
	"testing"

	"fib6lab/engine/fib6"
	"fib6lab/engine/netns"
)

// cancelAt returns a netns.YieldFunc that lets the work go on n-1 times
// and cancels it at its n-th call.
func cancelAt(n int) netns.YieldFunc {
	calls := 0
	return func(done, total int64) bool {
		calls++
		return calls < n
	}
}

// TestInterrupted: a command that the namespace's Yield cancels stops
// after exactly the work Yield was called for (one unit per packet,
// message or route, Yield every 1024 units), prints one line saying how
// far it got and exits 130; what it did stays and the state is
// consistent; the next command is not interrupted.
func TestInterrupted(t *testing.T) {
	cases := []struct {
		line   string
		cancel int
		want   string
		check  func(ns *netns.Netns, before netns.RT6Stats) string
	}{
		{"send raw 2001:db8:1::1000 count 100000 inflight 1", 3, "fib6lab: interrupted after 3,072 of 100,000 packets\n",
			func(ns *netns.Netns, b netns.RT6Stats) string {
				s := ns.RT6Stats()
				return fmt.Sprintf("dst allocs %d, entries %d", s.FibRtAlloc-b.FibRtAlloc, s.DstEntries)
			}},
		{"send raw 2001:db8:1::1000 count 20000 senders 5 inflight 7", 1, "fib6lab: interrupted after 1,024 of 100,000 packets\n",
			func(ns *netns.Netns, b netns.RT6Stats) string {
				s := ns.RT6Stats()
				return fmt.Sprintf("dst allocs %d, entries %d", s.FibRtAlloc-b.FibRtAlloc, s.DstEntries)
			}},
		{"send 2001:db8:2::9 count 5000", 1, "fib6lab: interrupted after 1,024 of 5,000 packets\n", nil},
		{"ptb 2001:db8:2::9 mtu 1300 count 3000", 2, "fib6lab: interrupted after 2,048 of 3,000 messages\n",
			func(ns *netns.Netns, b netns.RT6Stats) string {
				return fmt.Sprintf("exceptions %d", ns.RT6Stats().FibRtCache)
			}},
		{"gen routes 10000 2001:db8:100::/64 via 2001:db8:1::2", 2, "fib6lab: interrupted after 2,048 of 10,000 routes\n",
			func(ns *netns.Netns, b netns.RT6Stats) string {
				if err := ns.FIB.Table(fib6.RT_TABLE_MAIN).Check(); err != nil {
					return err.Error()
				}
				return fmt.Sprintf("routes %d", ns.RT6Stats().FibRtEntries-b.FibRtEntries)
			}},
	}
	wantState := []string{"dst allocs 3072, entries 0", "dst allocs 1024, entries 0", "", "exceptions 1", "routes 2048"}
	for i, c := range cases {
		ns := netns.New(0)
		sh := NewShell(ns)
		runAll(t, sh, strings.Split(strings.TrimSpace(preamble), "\n"), "")
		before := ns.RT6Stats()
		ns.Yield = cancelAt(c.cancel)
		var out strings.Builder
		rc := sh.Run(c.line, &out)
		if rc != 130 || out.String() != c.want || !sh.Interrupted() {
			t.Fatalf("%s: rc %d, interrupted %v, printed %q", c.line, rc, sh.Interrupted(), out.String())
		}
		if c.check != nil {
			if got := c.check(ns, before); got != wantState[i] {
				t.Errorf("%s: %s, want %s", c.line, got, wantState[i])
			}
		}
		ns.Yield = nil
		if rc := sh.Run("echo $?", &out); rc != 0 || sh.Interrupted() || !strings.HasSuffix(out.String(), "\n130\n") {
			t.Errorf("%s: then echo: rc %d, interrupted %v, %q", c.line, rc, sh.Interrupted(), out.String())
		}
	}
}

// TestSleepInterrupted: with every GC pass run, a sleep cancelled at
// Yield's second call has run exactly 684 timer firings (3 units each:
// the route on the GC list, the pass, the timer) and says how far the
// clock got: to the last pass (then the command's own 2 ms pass).
func TestSleepInterrupted(t *testing.T) {
	ns := netns.New(250)
	ns.Stepwise = true
	sh := NewShell(ns)
	runAll(t, sh, []string{"ip link add va type veth peer name vb", "ip link set va up", "sysctl -qw net.ipv6.route.gc_interval=1",
		"ip -6 route add 2001:db8:9::/64 dev va expires 1000000"}, "")
	passes, from := ns.GC.Passes, ns.Now()
	ns.Yield = cancelAt(2)
	var out strings.Builder
	rc := sh.Run("sleep 100000", &out)
	moved := ns.GC.LastPassAt - from
	want := fmt.Sprintf("fib6lab: interrupted after %s of 100,000 seconds\n", fmtSeconds(float64(moved)/250))
	if rc != 130 || out.String() != want || ns.GC.Passes-passes != 684 || ns.Now()-ns.GC.LastPassAt > 1 {
		t.Fatalf("rc %d, printed %q (want %q), %d passes, last pass %d jiffies before now",
			rc, out.String(), want, ns.GC.Passes-passes, ns.Now()-ns.GC.LastPassAt)
	}
}
