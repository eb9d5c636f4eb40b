package iproute2

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"fib6lab/engine/netns"
	"fib6lab/engine/trace"
)

func TestCheckCount(t *testing.T) {
	if v, err := CheckCount("100000"); err != nil || v != MaxCount {
		t.Fatalf("CheckCount(MaxCount) = %d, %v", v, err)
	}
	for _, s := range []string{"100001", "-1", "abc", "4294967296"} {
		if _, err := CheckCount(s); err == nil {
			t.Errorf("CheckCount(%q) accepted", s)
		} else if rc, msg := Status(err); rc != 255 || !strings.HasPrefix(msg, "Error: argument \"") {
			t.Errorf("CheckCount(%q): rc %d %q", s, rc, msg)
		}
	}
}

func TestMaxLineBytes(t *testing.T) {
	ns := badNamespace()
	before := snapshot(ns)
	var out bytes.Buffer
	rc := NewShell(ns).Run("echo "+strings.Repeat("x", MaxLineBytes), &out)
	if rc != 2 || !strings.Contains(out.String(), "line too long") || snapshot(ns) != before {
		t.Fatalf("rc %d %q", rc, out.String()[:min(out.Len(), 200)])
	}
}

func TestMaxScriptLines(t *testing.T) {
	var out bytes.Buffer
	sh := NewShell(netns.New(0))
	rc := sh.RunScript(strings.NewReader(strings.Repeat("true\n", MaxScriptLines+5)), &out)
	if rc != 2 || !strings.HasPrefix(out.String(), "fib6lab: script too long") || sh.Line != MaxScriptLines {
		t.Fatalf("rc %d line %d %q", rc, sh.Line, out.String())
	}
}

func TestMaxRoutes(t *testing.T) {
	ns := badNamespace()
	ns.MaxRoutes = ns.FIB.Stats.FibRtEntries + 2
	sh := NewShell(ns)
	var out bytes.Buffer
	for i := 0; i < 3; i++ {
		out.Reset()
		rc := sh.Run(fmt.Sprintf("ip -6 route add 2001:db8:%x::/48 dev va", i+10), &out)
		want := 0
		if i == 2 {
			want = 2
		}
		if rc != want {
			t.Fatalf("add %d: rc %d %q", i, rc, out.String())
		}
	}
	if out.String() != "RTNETLINK answers: Cannot allocate memory\n" {
		t.Fatalf("past MaxRoutes: %q", out.String())
	}
	if MaxRoutes != netns.DefaultMaxRoutes || netns.DefaultMaxRoutes != 1_000_000 {
		t.Fatal("MaxRoutes drifted")
	}
}

func TestTraceNote(t *testing.T) {
	ns := badNamespace()
	r := &trace.Recorder{Limit: 3}
	ns.SetTrace(r)
	sh := NewShell(ns)
	var out bytes.Buffer
	sh.Run("ip -6 route add 2001:db8:77::/48 dev va", &out)
	if r.Dropped == 0 || !strings.Contains(out.String(), "fib6lab: trace full: 3 events kept (limit 3)") || sh.TraceNote() == "" {
		t.Fatalf("dropped %d, output %q", r.Dropped, out.String())
	}
	r.Reset()
	if sh.TraceNote() != "" {
		t.Fatal("note after Reset")
	}
}

func TestArgumentListTooLong(t *testing.T) {
	var out bytes.Buffer
	rc := NewShell(badNamespace()).Run("ip -6 route add "+strings.Repeat("a", maxArgStrlen), &out)
	if rc != 126 || out.String() != "bash: line 1: /usr/sbin/ip: Argument list too long\n" {
		t.Fatalf("rc %d %q", rc, out.String())
	}
}

// TestMaxVarBytes doubles a 1 MiB variable until the shell's variables
// would pass MaxVarBytes: that assignment is refused and leaves the
// value as it was, and so is one that would copy it; an expansion past
// MaxLineBytes is refused.
func TestMaxVarBytes(t *testing.T) {
	sh := NewShell(netns.New(0))
	var out bytes.Buffer
	script := "X=" + strings.Repeat("x", 1<<20) + "\nX=$X$X\nX=$X$X\necho $?\nY=$X\necho $?\necho $X $X\n"
	rc := sh.RunScript(strings.NewReader(script), &out)
	want := varsTooLarge("X").Error() + "\n2\n" + varsTooLarge("Y").Error() + "\n2\n" + expansionTooLong.Error() + "\n"
	if rc != 2 || out.String() != want {
		t.Fatalf("rc %d %q\nwant %q", rc, clip(out.String()), want)
	}
	if _, ok := sh.vars["Y"]; ok || len(sh.vars["X"]) != 2<<20 || sh.varBytes != 1+2<<20 {
		t.Errorf("Y set, or X of %d bytes, %d bytes counted", len(sh.vars["X"]), sh.varBytes)
	}
}
