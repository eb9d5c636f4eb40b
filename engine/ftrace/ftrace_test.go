package ftrace

import (
	"net/netip"
	"strings"
	"testing"

	"fib6lab/engine/trace"
)

// Lines as Linux 6.18 wrote them (tracefs instances of ip6sim check).
const (
	kernelLookup = `              ip-31855   [001] ..... 11786.459958: fib6_table_lookup: table 254 oif 0 iif 1 proto 0 ::/0 -> 2001:db8:aa::1/0 flowlabel 0x0 tos 0 scope 0 flags 0 ==> dev va gw :: err 0`
	kernelStart  = `              ip-31851   [000] D..2. 11786.455903: timer_start: timer=000000007613aa3d function=fib6_gc_timer_cb expires=4297846381 [timeout=7500] bucket_expiry=4297846784 cpu=0 idx=248 flags=`
	kernelAlloc  = `              ip-31849   [000] b..1. 11786.449458: kmem_cache_alloc: call_site=fib6_add_1.isra.0+0x174/0x510 ptr=0000000046fb59c2 name=eventpoll_epi bytes_req=128 bytes_alloc=128 gfp_flags=GFP_ATOMIC|__GFP_ZERO node=-1 accounted=true`
	kernelFree   = `Thread<01>-340     [000] ..s.. 12021.646124: kmem_cache_free: call_site=dst_destroy+0x8f/0xd0 ptr=000000008f6affc1 name=task_delay_info`
	kernelMarker = `            bash-4242    [000] ..... 12021.600000: tracing_mark_write: # cmd 7`
)

func TestParseLine(t *testing.T) {
	l, ok := ParseLine(kernelStart)
	if !ok || l.Task != "ip" || l.Pid != 31851 || l.CPU != 0 || l.Flags != "D..2." || l.Micros != 11786455903 || l.Event != "timer_start" {
		t.Fatalf("ParseLine = %+v, %v", l, ok)
	}
	if Field(l.Fields, "timeout") != "7500" || Field(l.Fields, "timer") != "000000007613aa3d" || Field(l.Fields, "flags") != "" {
		t.Errorf("fields of %q", l.Fields)
	}
	if l.Deferred() {
		t.Error("a timer started by ip is not deferred")
	}
	f, _ := ParseLine(kernelFree)
	if f.Task != "Thread<01>" || !f.Deferred() {
		t.Errorf("free %+v: want task Thread<01>, deferred (softirq)", f)
	}
	if _, ok := ParseLine("# tracer: nop"); ok {
		t.Error("a comment parsed as an event")
	}
	for _, s := range []string{kernelMarker, "# cmd 7: ip -6 route get 2001:db8::1"} {
		if n, ok := Marker(s); !ok || n != 7 {
			t.Errorf("Marker(%q) = %d, %v", s, n, ok)
		}
	}
}

func TestNormalize(t *testing.T) {
	n := &Normalizer{HZ: 250}
	var got []string
	for _, s := range []string{kernelLookup, kernelStart, kernelAlloc, kernelFree} {
		l, _ := ParseLine(s)
		r, ok := n.Record(l)
		if !ok {
			t.Fatalf("no record for %q", s)
		}
		got = append(got, r.String())
	}
	want := []string{
		"fib6_table_lookup: table 254 oif 0 iif 1 proto 0 ::/0 -> 2001:db8:aa::1/0 flowlabel 0x0 tos 0 scope 0 flags 0 ==> dev va gw :: err 0",
		"timer_start: timer=T1 function=fib6_gc_timer_cb timeout=7500",
		"kmem_cache_alloc: call_site=fib6_add_1",
		"kmem_cache_free: call_site=dst_destroy",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("records\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestRoundedTimeout: a re-arm by fib6_run_gc lands on a whole second
// (skewed 3 jiffies per CPU) and normalises to the gc_interval it
// started from; an exact timeout stays as it is.
func TestRoundedTimeout(t *testing.T) {
	n := &Normalizer{HZ: 250}
	for _, c := range []struct {
		timeout, expires int64
		cpu              int
		want             int64
	}{
		{7500, 1_000_046, 0, 7500},       // fib6_start_gc: not on a second
		{7688, 1_000_000, 0, 7500},       // rounded up by 188 (< 3HZ/4)
		{7439, 1_000_000, 0, 7500},       // rounded down by 61 (< HZ/4)
		{1313, 999_997, 1, 1250},         // CPU 1: aligned 3 jiffies early
		{-250, 1_000_000 - 250, 0, -250}, // negative gc_interval
	} {
		if got := n.rounded(c.timeout, c.expires, c.cpu); got != c.want {
			t.Errorf("rounded(%d, %d, cpu %d) = %d, want %d", c.timeout, c.expires, c.cpu, got, c.want)
		}
	}
	a, b := Record{Text: "x", HasTimeout: true, Timeout: 7500}, Record{Text: "x", HasTimeout: true, Timeout: 7499}
	if !a.Same(b) || a.Same(Record{Text: "x", HasTimeout: true, Timeout: 7498}) {
		t.Error("timeouts compare within one jiffy")
	}
}

// TestWriter: the model's events as tracefs lines, read back the same.
func TestWriter(t *testing.T) {
	var b strings.Builder
	w := &Writer{W: &b, HZ: 250, Base: 1000}
	r := &trace.Recorder{}
	at := int64(1250) // 1 s after Base
	r.Clock = func() int64 { return at }
	r.EmitLookup(trace.Lookup{Table: 255, Iif: 1, Src: netip.IPv6Unspecified(), Dst: netip.MustParseAddr("2001:db8::1"),
		Dev: "lo", Gw: netip.IPv6Unspecified(), Err: -113})
	r.Emit(trace.Event{Kind: trace.TimerArm, Val: at + 7500, Node: 180, Route: 248})
	r.Emit(trace.Event{Kind: trace.NodeCreate, Node: 7})
	r.Ctx = trace.CtxSoftirq
	r.Emit(trace.Event{Kind: trace.TimerExpire})
	r.Emit(trace.Event{Kind: trace.NodeVisit}) // no tracepoint
	w.Command(3, "ip -6 route get 2001:db8::1", "ip")
	w.Events(r)
	want := `# cmd 3: ip -6 route get 2001:db8::1
              ip-1003    [000] .....     1.000000: fib6_table_lookup: table 255 oif 0 iif 1 proto 0 ::/0 -> 2001:db8::1/0 flowlabel 0x0 tos 0 scope 0 flags 0 ==> dev lo gw :: err -113
              ip-1003    [000] .....     1.000000: timer_start: timer=` + gcTimerPtr + ` function=fib6_gc_timer_cb expires=8750 [timeout=7500] bucket_expiry=8930 cpu=0 idx=248 flags=
              ip-1003    [000] .....     1.000000: kmem_cache_alloc: call_site=fib6_add_1 ptr=` + pointer('n', 7) + ` name=fib6_nodes bytes_req=128 bytes_alloc=128 gfp_flags=GFP_ATOMIC|__GFP_ZERO node=-1 accounted=false
          <idle>-0       [000] ..s1.     1.000000: timer_expire_entry: timer=` + gcTimerPtr + ` function=fib6_gc_timer_cb now=1250 baseclk=1250
`
	if b.String() != want {
		t.Errorf("wrote\n%s\nwant\n%s", b.String(), want)
	}
	n := &Normalizer{HZ: 250}
	var recs []string
	for _, s := range strings.Split(b.String(), "\n") {
		if l, ok := ParseLine(s); ok {
			if rec, ok := n.Record(l); ok {
				recs = append(recs, rec.String())
			}
		}
	}
	if len(recs) != 4 || recs[1] != "timer_start: timer=T1 function=fib6_gc_timer_cb timeout=7500" || recs[3] != "timer_expire_entry: timer=T1 function=fib6_gc_timer_cb" {
		t.Errorf("read back %q", recs)
	}
}

func TestAlign(t *testing.T) {
	a, b := strings.Fields("x y z w"), strings.Fields("x z q w")
	steps := Align(len(a), len(b), func(i, j int) bool { return a[i] == b[j] })
	want := []Step{{0, 0}, {1, -1}, {2, 1}, {-1, 2}, {3, 3}}
	if len(steps) != len(want) {
		t.Fatalf("Align = %v, want %v", steps, want)
	}
	for i := range want {
		if steps[i] != want[i] {
			t.Fatalf("Align = %v, want %v", steps, want)
		}
	}
	if !Differs(steps) || Differs(Align(2, 2, func(i, j int) bool { return i == j })) {
		t.Error("Differs")
	}
}

func TestCategories(t *testing.T) {
	if c, err := ParseCategories("lookup,timer,node"); err != nil || c != Lookups|GCTimer|Nodes {
		t.Errorf("ParseCategories = %v, %v", c, err)
	}
	if _, err := ParseCategories("lookup,bogus"); err == nil || !strings.Contains(err.Error(), `"bogus"`) {
		t.Errorf("want an error naming bogus, got %v", err)
	}
	if CallSite("fib6_add_1.isra.0+0x143/0x510") != "fib6_add_1" || CallSite("dst_alloc+0x3a/0x160") != "dst_alloc" {
		t.Error("CallSite")
	}
}
