package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fib6lab/engine/ftrace"
)

// live reports whether the check can run scripts on this machine's
// kernel: as root, unless FIB6LAB_NO_KERNEL is set. Without it the tests
// check that ip6sim check refuses, with a non-zero status, to pretend.
func live() bool { return os.Geteuid() == 0 && os.Getenv("FIB6LAB_NO_KERNEL") == "" }

func writeScript(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "s.sh")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// check runs ip6sim check with args and returns its status and output.
func check(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	rc := checkMain(args, &out, &errOut)
	return rc, out.String() + errOut.String()
}

// TestCheckRandomOutput: a script whose kernel output is random differs
// from the model, and check says so with a non-zero status.
func TestCheckRandomOutput(t *testing.T) {
	s := writeScript(t, "cat /proc/sys/kernel/random/uuid\n")
	rc, out := check(t, "--retries", "0", s)
	if !live() {
		if rc != 2 || !strings.Contains(out, "needs root") && !strings.Contains(out, "FIB6LAB_NO_KERNEL is set") {
			t.Fatalf("without root: status %d, %q; want 2 and the reason", rc, out)
		}
		return
	}
	if rc != 1 || !strings.Contains(out, "DIFF "+s) || !strings.Contains(out, "cmd 1: cat /proc/sys/kernel/random/uuid\n    output:") {
		t.Fatalf("status %d, report:\n%s", rc, out)
	}
}

// gcScript sleeps past a GC timer armed for one second.
const gcScript = `ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
sysctl -qw net.ipv6.conf.vb.disable_ipv6=1
ip link set va up
ip link set vb up
sleep 0.5
sysctl -qw net.ipv6.route.gc_interval=1
ip -6 route add 2001:db8:7::/48 dev va expires 1
sleep 2.5
ip -6 route show 2001:db8:7::/48
`

// TestCheckHZ: at the kernel's tick rate the model arms and runs the GC
// timer as the kernel does; run with another --hz, check --trace finds
// the timeouts differ and fails.
func TestCheckHZ(t *testing.T) {
	s := writeScript(t, gcScript)
	if !live() {
		if rc, out := check(t, "--trace", "--hz", "1000", s); rc != 2 {
			t.Fatalf("without root: status %d, %q; want 2", rc, out)
		}
		return
	}
	rc, out := check(t, "--trace", s)
	if rc != 0 || !strings.Contains(out, "SAME "+s) {
		t.Fatalf("at the kernel's HZ: status %d, report:\n%s", rc, out)
	}
	rc, out = check(t, "--trace", "--hz", "1000", "--retries", "0", s)
	for _, want := range []string{"DIFF " + s, "- kernel timer_start: timer=T1 function=fib6_gc_timer_cb timeout=250",
		"+ model  timer_start: timer=T1 function=fib6_gc_timer_cb timeout=1000"} {
		if !strings.Contains(out, want) {
			t.Errorf("--hz 1000: no %q in the report (status %d):\n%s", want, rc, out)
		}
	}
	if rc != 1 {
		t.Errorf("--hz 1000: status %d, want 1", rc)
	}
}

func TestParseCheck(t *testing.T) {
	for _, c := range []struct {
		args []string
		err  string
	}{
		{nil, "no script given"},
		{[]string{"--events", "lookup,nope", "s.sh"}, `unknown event category "nope"`},
		{[]string{"--hz", "5", "s.sh"}, "--hz 5: out of range"},
		{[]string{"--gc", "sideways", "s.sh"}, "--gc"},
		{[]string{"--known", "/nonexistent", "s.sh"}, "--known"},
	} {
		_, err := parseCheck(c.args, &bytes.Buffer{})
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("parseCheck(%q) = %v, want %q", c.args, err, c.err)
		}
	}
	known := filepath.Join(t.TempDir(), "k.md")
	os.WriteFile(known, []byte("# list\n\n- `83_negative_gc_interval.sh`: timer fires every tick\n- not a script\n"), 0o644)
	o, err := parseCheck([]string{"--trace", "--known", known, "a.sh"}, &bytes.Buffer{})
	if err != nil || !o.trace || o.events != ftrace.Lookups|ftrace.GCTimer|ftrace.Nodes|ftrace.Dsts || len(o.known) != 1 || !o.known["83_negative_gc_interval.sh"] {
		t.Errorf("parseCheck = %+v, %v", o, err)
	}
}

// TestAssign: the kernel's events go to the command windows the markers
// delimit, less the script's own events while it settles after a
// command; a timer is the script's when one of its processes started
// it (not an interrupt running over it).
func TestAssign(t *testing.T) {
	proc := lines(t,
		`bash-10 [000] ..... 100.000000: tracing_mark_write: # cmd 1`,
		`ip-11 [000] b..1. 100.000100: kmem_cache_alloc: call_site=dst_alloc+0x3a/0x160 ptr=aaaa name=x`,
		`ip-11 [000] D..2. 100.000200: timer_start: timer=t1 function=fib6_gc_timer_cb expires=5 [timeout=7500] bucket_expiry=6 cpu=0 idx=1 flags=`,
		`ip-11 [000] ..s1. 100.000300: timer_start: timer=t9 function=fib6_gc_timer_cb expires=5 [timeout=7500] bucket_expiry=6 cpu=0 idx=1 flags=`,
		`bash-10 [000] ..... 100.500000: tracing_mark_write: # settle`,
		`cat-12 [000] b..1. 100.600000: kmem_cache_alloc: call_site=fib6_add_1.isra.0+0x2f2/0x510 ptr=bbbb name=x`,
		`bash-10 [000] ..... 101.000000: tracing_mark_write: # cmd 2`,
		`bash-10 [000] ..... 102.000000: tracing_mark_write: # end`,
	)
	other := lines(t,
		`<idle>-0 [001] ..s1. 100.000200: timer_start: timer=t1 function=fib6_gc_timer_cb expires=5 [timeout=7500] bucket_expiry=6 cpu=0 idx=1 flags=`,
		`<idle>-0 [001] ..s1. 100.000300: timer_start: timer=t9 function=fib6_gc_timer_cb expires=5 [timeout=7500] bucket_expiry=6 cpu=0 idx=1 flags=`,
		`<idle>-0 [001] ..s1. 100.700000: timer_cancel: timer=t1`,
		`<idle>-0 [001] ..s1. 101.500000: timer_cancel: timer=t1`,
		`<idle>-0 [001] ..s1. 101.600000: timer_cancel: timer=t9`,
		`<idle>-0 [001] ..s1. 102.500000: timer_cancel: timer=t1`,
	)
	r := &kernelRun{Windows: make([][]ftrace.Line, 2)}
	r.assign(proc, other)
	var got []string
	for i, w := range r.Windows {
		for _, l := range w {
			got = append(got, string(rune('1'+i))+" "+l.Event+" "+ftrace.Field(l.Fields, "timer")+ftrace.Field(l.Fields, "ptr"))
		}
	}
	want := "1 kmem_cache_alloc aaaa|1 timer_start t1|1 timer_cancel t1|2 timer_cancel t1"
	if strings.Join(got, "|") != want {
		t.Errorf("windows %q, want %q", strings.Join(got, "|"), want)
	}
}

func lines(t *testing.T, ss ...string) []ftrace.Line {
	t.Helper()
	var ls []ftrace.Line
	for _, s := range ss {
		l, ok := ftrace.ParseLine(s)
		if !ok {
			t.Fatalf("cannot parse %q", s)
		}
		ls = append(ls, l)
	}
	return ls
}

func TestSplitOutput(t *testing.T) {
	cs := splitOutput("a\n[rc=0]\n[rc=2]\nb\nc\n", 3)
	if len(cs) != 3 || cs[0].status != "0" || len(cs[0].lines) != 1 || cs[1].status != "2" || len(cs[1].lines) != 0 ||
		cs[2].status != "none (the script stopped)" || strings.Join(cs[2].lines, ",") != "b,c" {
		t.Errorf("splitOutput = %+v", cs)
	}
}

// TestFtraceFlag: ip6sim -f S --ftrace F writes the commands' markers
// and their events in tracefs text.
func TestFtraceFlag(t *testing.T) {
	s := writeScript(t, gcScript)
	f := filepath.Join(t.TempDir(), "trace.txt")
	cmd := ip6sim(t, "-f", s, "--ftrace", f)
	if out, err := cmd.CombinedOutput(); exitCode(t, err) != 0 {
		t.Fatalf("ip6sim: %v %s", err, out)
	}
	b, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for _, want := range []string{
		"# cmd 7: ip -6 route add 2001:db8:7::/48 dev va expires 1\n",
		"ip-1007    [000] .....   300.",
		": timer_start: timer=00000000",
		" function=fib6_gc_timer_cb expires=",
		"[timeout=250]",
		"<idle>-0       [000] ..s1.   301.",
		": timer_expire_entry: timer=",
		"# cmd 9: ip -6 route show 2001:db8:7::/48\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
}

func TestDifferingCommands(t *testing.T) {
	report := "DIFF s.sh (9 commands)\n  cmd 6: ip -6 addr add 2001:db8:1::1/64 dev va nodad\n    events:\n  cmd 9: sleep 3\n    status: kernel 0, model 1\n"
	if got := differingCommands(report); got != "cmd 6, cmd 9" {
		t.Errorf("differingCommands = %q", got)
	}
}
