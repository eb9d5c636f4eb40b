package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"fib6lab/engine/iproute2"
	"fib6lab/engine/netns"
)

// A script stopped by stop runs no further line, and a line longer than
// the reader's buffer is never cut in two.
func TestScriptFeedStopsBetweenLines(t *testing.T) {
	long := "echo " + strings.Repeat("x", 10000)
	for _, c := range []struct {
		script string
		stopAt int // stop reports true from this call on
		want   string
	}{
		{"echo 1\necho 2\necho 3\n", 2, "1\n"},
		{"echo 1\necho 2\necho 3", 3, "1\n2\n"},
		{long + "\necho 2\n", 2, long[5:] + "\n"},
		{"echo 1\n", 99, "1\n"},
	} {
		calls := 0
		var out bytes.Buffer
		w := bufio.NewWriter(&out)
		feed := &scriptFeed{br: bufio.NewReaderSize(strings.NewReader(c.script), 16), stop: func() bool {
			calls++
			return calls >= c.stopAt
		}, flush: w.Flush}
		iproute2.NewShell(netns.New(0)).RunScript(feed, w)
		if out.String() != c.want || feed.err != nil {
			t.Errorf("%.20q stopped at call %d: %.40q, %v; want %.40q", c.script, c.stopAt, out.String(), feed.err, c.want)
		}
	}
}

// The output of each line is flushed before the next line is handed
// over: what is out at each flush is the output of the lines before.
func TestScriptFeedFlushesEachLine(t *testing.T) {
	var out bytes.Buffer
	w := bufio.NewWriter(&out)
	var seen []string
	feed := &scriptFeed{br: bufio.NewReader(strings.NewReader("echo 1; echo 2\n\necho 3\n")), stop: func() bool { return false },
		flush: func() error { w.Flush(); seen = append(seen, out.String()); return nil }}
	iproute2.NewShell(netns.New(0)).RunScript(feed, w)
	if strings.Join(seen, "|") != "|1\n2\n|1\n2\n|1\n2\n3\n" {
		t.Errorf("out at each flush: %q", seen)
	}
}

// A SIGTERM, which ends ip6sim at once, loses nothing the lines that ran
// printed: the gen line is out while the sleep after it runs.
func TestTermKeepsOutput(t *testing.T) {
	script := filepath.Join(t.TempDir(), "s.sh")
	if err := os.WriteFile(script, []byte("echo start\n"+longSetup()+"sleep 4000\necho after\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := ip6sim(t, "-f", script)
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(stdout)
	var lines []string
	for len(lines) < 2 {
		l, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("%q, %v", lines, err)
		}
		lines = append(lines, strings.TrimSuffix(l, "\n"))
	}
	cmd.Process.Signal(syscall.SIGTERM)
	rest, _ := io.ReadAll(r)
	err := cmd.Wait()
	if lines[0] != "start" || !strings.HasPrefix(lines[1], "gen: 100000 routes added") || len(rest) != 0 || err == nil {
		t.Errorf("lines %q, then %q, %v", lines, rest, err)
	}
}

// longSetup makes the `sleep 4000` after it run for many seconds: on
// kernel 6.1 (GC walks the trie) with 100,000 routes, 3000 routes expire
// one a second and the GC timer runs every second, each pass walking the
// whole trie.
func longSetup() string {
	var b strings.Builder
	b.WriteString("kernel 6.1\nip link add va type veth peer name vb\nip link set va up\ngen routes 100000 2001:db8:1::/128 dev va\n")
	b.WriteString("sysctl -q -w net.ipv6.route.gc_interval=1\n")
	for i := 1; i <= 3000; i++ {
		fmt.Fprintf(&b, "ip -6 route add 2001:db8:2::%x/128 dev va expires %d\n", i, i)
	}
	return b.String()
}

// cpuTicks returns the CPU time (user + system, clock ticks) process pid
// has used.
func cpuTicks(t *testing.T, pid int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	// the fields after the command name in parentheses; utime and stime
	// are fields 14 and 15 of the line
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+2:]))
	u, _ := strconv.Atoi(f[11])
	s, _ := strconv.Atoi(f[12])
	return u + s
}

// waitCPU waits until process pid has used n more clock ticks of CPU
// than it had at the call: then the long command it was given is surely
// running (nothing else keeps it busy).
func waitCPU(t *testing.T, pid, n int) {
	start := cpuTicks(t, pid)
	for cpuTicks(t, pid) < start+n {
		time.Sleep(10 * time.Millisecond)
	}
}

// The first SIGINT in -f mode cuts the running command short and stops
// the script with status 130: no later line runs.
func TestInterruptScript(t *testing.T) {
	script := filepath.Join(t.TempDir(), "s.sh")
	if err := os.WriteFile(script, []byte("echo start\n"+longSetup()+"sleep 4000\necho after $?\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := ip6sim(t, "-f", script)
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitCPU(t, cmd.Process.Pid, 150) // the set-up takes about 0.5 s
	cmd.Process.Signal(syscall.SIGINT)
	rc := exitCode(t, cmd.Wait())
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if rc != 130 || len(lines) != 3 || lines[0] != "start" || !strings.HasPrefix(lines[1], "gen: 100000 routes added") ||
		!strings.HasPrefix(lines[2], "fib6lab: interrupted after ") {
		t.Errorf("status %d, output %q; want 130, start, gen, interrupted", rc, lines)
	}
}

// At the prompt (input from a pipe) SIGINT cuts the running command
// short (status 130) and the next command runs.
func TestInterruptPrompt(t *testing.T) {
	cmd := ip6sim(t)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	io.WriteString(stdin, longSetup()+"echo ready\n")
	r := bufio.NewReader(stdout)
	var lines []string
	for len(lines) == 0 || lines[len(lines)-1] != "ready" {
		l, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("before ready: %q, %v", lines, err)
		}
		lines = append(lines, strings.TrimSuffix(l, "\n"))
	}
	io.WriteString(stdin, "sleep 4000\n")
	waitCPU(t, cmd.Process.Pid, 50)
	cmd.Process.Signal(syscall.SIGINT)
	io.WriteString(stdin, "echo next $?\nsleep 1\necho last $?\n")
	stdin.Close()
	rest, _ := io.ReadAll(r)
	rc := exitCode(t, cmd.Wait())
	got := strings.Split(strings.TrimSuffix(string(rest), "\n"), "\n")
	if rc != 0 || len(got) != 3 || !strings.HasPrefix(got[0], "fib6lab: interrupted after ") || got[1] != "next 130" || got[2] != "last 0" {
		t.Errorf("status %d, output after ready %q; want 0, interrupted, next 130, last 0", rc, got)
	}
}

// Two SIGINTs that no command takes (here: the prompt waits for input)
// end ip6sim with status 130.
func TestSecondInterruptExits(t *testing.T) {
	cmd := ip6sim(t)
	stdin, _ := cmd.StdinPipe()
	defer stdin.Close()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	io.WriteString(stdin, "echo ready\n")
	r := bufio.NewReader(stdout)
	if l, err := r.ReadString('\n'); l != "ready\n" {
		t.Fatalf("%q, %v", l, err)
	}
	done := make(chan error)
	go func() { done <- cmd.Wait() }()
	for {
		cmd.Process.Signal(syscall.SIGINT)
		select {
		case err := <-done:
			if rc := exitCode(t, err); rc != 130 {
				t.Errorf("status %d, want 130", rc)
			}
			return
		case <-time.After(50 * time.Millisecond): // not yet two SIGINTs delivered
		}
	}
}
