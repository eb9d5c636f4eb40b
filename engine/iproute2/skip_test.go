package iproute2

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"fib6lab/engine/gc"
	"fib6lab/engine/netns"
	"fib6lab/engine/trace"
)

// skipScript builds a random script for TestSkipMatchesStepping: devices
// (sometimes with DAD timers pending), gc_interval, permanent routes,
// batches of routes with expiries, PMTU and redirect exceptions, then
// sleeps with commands in between that change what can expire (a new
// expiring route, an `append` that changes a route's expiry in place, a
// new exception).
func skipScript(r *rand.Rand, kernel string, interval int) []string {
	dad := ""
	if r.IntN(2) == 0 {
		dad = " nodad"
	}
	s := []string{
		"kernel " + kernel,
		"ip link set lo up",
		"ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02",
		"sysctl -qw net.ipv6.conf.vb.disable_ipv6=1",
		"ip link set va up",
		"ip link set vb up",
		"ip -6 addr add 2001:db8:1::1/64 dev va" + dad,
		fmt.Sprintf("sysctl -qw net.ipv6.route.gc_interval=%d", interval),
		fmt.Sprintf("sysctl -qw net.ipv6.route.mtu_expires=%d", 50+r.IntN(400)),
		fmt.Sprintf("gen routes %d 2001:db8:100::/64 via 2001:db8:1::2 dev va", 1+r.IntN(30)),
	}
	for b := range 1 + r.IntN(3) {
		s = append(s, fmt.Sprintf("gen routes %d 2001:db8:2%d0::/64 via 2001:db8:1::2 dev va expires %d", 1+r.IntN(8), b, 1+r.IntN(700)))
	}
	s = append(s, "ptb 2001:db8:100::5 mtu 1300", "ptb 2001:db8:200::9 mtu 1400", "redirect 2001:db8:100::7 to fe80::1")
	changes := []string{
		fmt.Sprintf("ip -6 route add 2001:db8:300::/64 via 2001:db8:1::2 dev va expires %d", 1+r.IntN(300)),
		fmt.Sprintf("ip -6 route append 2001:db8:200::/64 via 2001:db8:1::2 dev va expires %d", 1+r.IntN(200)),
		"ptb 2001:db8:101::3 mtu 1280",
		"redirect 2001:db8:100::8 to fe80::2",
		"sysctl -qw net.ipv6.route.gc_interval=1",
	}
	for range 3 + r.IntN(3) {
		s = append(s, fmt.Sprintf("sleep %d.%03d", r.IntN(250), r.IntN(1000)), changes[r.IntN(len(changes))])
	}
	return s
}

// skipState is everything skipping must leave as stepping does: the
// routes and exceptions as listed, rt6_stats, the GC statistics (but the
// count of replayed passes and the wall time), ip6_rt_last_gc, the clock
// and the GC timer.
func skipState(sh *Shell) string {
	var b strings.Builder
	for _, l := range []string{"ip -6 route show table all", "ip -6 route show cache", "cat /proc/net/rt6_stats"} {
		sh.Run(l, &b)
	}
	ns := sh.NS
	g := ns.GC
	g.Replayed, g.LastPassNanos = 0, 0
	t := ns.GCTimer()
	fmt.Fprintf(&b, "gc %+v lastgc %d now %d timer pending %v expires %d fires %d armed %d\n",
		g, ns.LastGC(), ns.Now(), t.Pending(), t.Expires, t.Fires(), t.Armed)
	return b.String()
}

// TestSkipMatchesStepping: for random setups (both strategies, HZ 100,
// 250 and 1000, gc_interval 0, 1 and 30, kernels 6.1, 6.12 and 6.18),
// skipping quiet GC passes and running every pass (netns.Stepwise) print
// the same for every command and leave the same state after every sleep.
func TestSkipMatchesStepping(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 2026))
	kernels := []string{"6.1", "6.12", "6.18"}
	for _, s := range gc.Strategies {
		for _, hz := range []int64{100, 250, 1000} {
			for _, interval := range []int{0, 1, 30} {
				kernel := kernels[r.IntN(len(kernels))]
				script := skipScript(r, kernel, interval)
				name := fmt.Sprintf("%s/hz%d/gc_interval%d/%s", s, hz, interval, kernel)
				t.Run(name, func(t *testing.T) { compareSkip(t, hz, s, script) })
			}
		}
	}
}

// compareSkip runs script in a stepping and a skipping namespace and
// compares them after every line. It also checks that the skipping one
// ran fewer passes when there were many. At HZ 250 both run GC passes in
// slices (netns.Netns.GCSlice) as the page does.
func compareSkip(t *testing.T, hz int64, s gc.Strategy, script []string) {
	var shells [2]*Shell
	for i := range shells {
		ns := netns.New(hz)
		useGC(ns, s)
		ns.Stepwise = i == 0
		if hz == 250 {
			ns.GCSlice = 4096 // as the page runs: each pass fits a slice
		}
		shells[i] = NewShell(ns)
	}
	for _, line := range script {
		var out [2]strings.Builder
		for i, sh := range shells {
			sh.Run(line, &out[i])
			if strings.HasPrefix(line, "kernel") {
				useGC(sh.NS, s) // the case's strategy, whatever the release says
			}
		}
		if out[0].String() != out[1].String() {
			t.Fatalf("%s: stepping printed %q, skipping %q", line, out[0].String(), out[1].String())
		}
		if a, b := skipState(shells[0]), skipState(shells[1]); a != b {
			t.Fatalf("after %q:\nstepping:\n%s\nskipping:\n%s\nscript:\n%s", line, a, b, strings.Join(script, "\n"))
		}
	}
	step, skip := shells[0].NS.GC, shells[1].NS.GC
	if step.Replayed != 0 || skip.Passes > 50 && skip.Passes-skip.Replayed > step.Passes/2 {
		t.Errorf("stepping replayed %d passes; skipping ran %d of %d", step.Replayed, skip.Passes-skip.Replayed, skip.Passes)
	}
}

// useGC makes ns's GC passes use strategy s whatever its release says,
// changing only that switch of its features (as ip6sim --gc does).
func useGC(ns *netns.Netns, s gc.Strategy) {
	f := ns.Features()
	f.GCList = s == gc.GCList
	ns.SetFeatures(f)
}

// TestSleepSkipsAhead is issue 16's cases: a route expiring in 2e9 s and
// `sleep 9e9` run at most a few hundred real GC passes of the 66 million
// or so the timer makes; 100,000 expiring routes with gc_interval 0
// through `sleep 300` run a handful of passes over them. The same
// scripts at a size that stepping can run leave identical states.
func TestSleepSkipsAhead(t *testing.T) {
	long := []string{"ip link add va type veth peer name vb", "ip link set va up", "ip -6 route add 2001:db8:9::/64 dev va expires 2000000000", "sleep 9e9", "ip -6 route show"}
	for _, hz := range []int64{100, 250, 1000} {
		ns := netns.New(hz)
		runAll(t, NewShell(ns), long, "")
		g := ns.GC
		t.Logf("hz %d: sleep 9e9: %d GC passes, %d run", hz, g.Passes, g.Passes-g.Replayed)
		if g.Removed != 1 || ns.GCTimer().Pending() || g.Passes < 2e9/32 || g.Passes-g.Replayed > 300 {
			t.Fatalf("hz %d: removed %d, timer pending %v, %d passes, %d of them run", hz, g.Removed, ns.GCTimer().Pending(), g.Passes, g.Passes-g.Replayed)
		}
	}
	ns := netns.New(250)
	runAll(t, NewShell(ns), []string{"ip link add va type veth peer name vb", "ip link set va up", "sysctl -qw net.ipv6.route.gc_interval=0",
		"gen routes 100000 2001:db8::/128 dev va expires 1000", "sleep 300"}, "gen: 100000 routes added (2001:db8::/128 .. 2001:db8::1:869f/128)\n")
	g := ns.GC
	t.Logf("gc_interval 0, 100,000 routes: sleep 300: %d GC passes, %d run", g.Passes, g.Passes-g.Replayed)
	if g.Passes < 300*50 || g.Passes-g.Replayed > 5 || g.Checked != g.Passes*100000 || g.Removed != 0 {
		t.Fatalf("sleep 300: %d passes, %d run, %d checked, %d removed", g.Passes, g.Passes-g.Replayed, g.Checked, g.Removed)
	}
	for _, hz := range []int64{100, 1000} {
		compareSkip(t, hz, gc.TrieWalk, []string{"ip link add va type veth peer name vb", "ip link set va up", "ip -6 route add 2001:db8:9::/64 dev va expires 1000000", "sleep 2e6"})
		compareSkip(t, hz, gc.GCList, []string{"ip link add va type veth peer name vb", "ip link set va up", "sysctl -qw net.ipv6.route.gc_interval=0",
			"gen routes 300 2001:db8::/128 dev va expires 200", "sleep 300"})
	}
}

// runAll runs lines and requires status 0 from each and want as output.
func runAll(t *testing.T, sh *Shell, lines []string, want string) {
	t.Helper()
	var out strings.Builder
	for _, l := range lines {
		if sh.Run(l, &out) != 0 {
			t.Fatalf("%s: %s", l, out.String())
		}
	}
	if out.String() != want {
		t.Fatalf("printed %q, want %q", out.String(), want)
	}
}

// TestSkipTrace: skipped timer passes leave one GCSkipped event with
// their count, then the timer's TimerArm.
func TestSkipTrace(t *testing.T) {
	ns := netns.New(250)
	sh := NewShell(ns)
	sh.Run("ip link add va type veth peer name vb", &strings.Builder{})
	sh.Run("ip link set va up", &strings.Builder{})
	sh.Run("ip -6 route add 2001:db8:9::/64 dev va expires 100000", &strings.Builder{})
	rec := &trace.Recorder{}
	ns.SetTrace(rec)
	sh.Run("sleep 3000", &strings.Builder{})
	var kinds []trace.Kind
	skipped := int64(0)
	for _, e := range rec.Events {
		if e.Kind == trace.GCSkipped {
			skipped += e.Val
		}
		if e.Kind == trace.GCSkipped || e.Kind == trace.GCPass {
			kinds = append(kinds, e.Kind)
		}
	}
	if int(skipped) != ns.GC.Replayed || len(kinds) < 2 || kinds[len(kinds)-1] != trace.GCSkipped {
		t.Fatalf("kinds %v, skipped %d, replayed %d", kinds, skipped, ns.GC.Replayed)
	}
	last := rec.Events[len(rec.Events)-1]
	if last.Kind != trace.TimerArm || last.Val != ns.GCTimer().Expires {
		t.Fatalf("last event %+v, timer expires %d", last, ns.GCTimer().Expires)
	}
}
