package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"fib6lab/engine/iproute2"
	"fib6lab/engine/netns"
)

// recordScript runs in the namespace while it is recorded: five
// lookups, a route added and one deleted between them, the last lookup
// after the route that expires 3 s after setup has expired.
const recordScript = `ip -6 route get 2001:db8:1::5
ip -6 route get 2001:db8:2::5
sleep 0.3
ip -6 route add 2001:db8:3::/64 via fe80::1 dev va
ip -6 route get 2001:db8:3::5
sleep 0.3
ip -6 route del 2001:db8:1::/64 dev va
ip -6 route get 2001:db8:1::5
sleep 2.6
ip -6 route get 2001:db8:2::5
`

// TestRecordReplay records a namespace on this machine's kernel while
// recordScript runs in it (as root, with tracefs), replays the record in
// the model and checks that each of the script's lookups gives the
// answer the kernel gave at that moment.
func TestRecordReplay(t *testing.T) {
	if err := checkRoot(); err != nil {
		t.Skipf("not recording this machine: %v", err)
	}
	if tf, err := openTracefs(); err != nil {
		t.Skipf("not recording this machine: %v", err)
	} else {
		tf.close()
	}
	ns := fmt.Sprintf("ip6sim-rec-%d", os.Getpid())
	if out, err := exec.Command("ip", "netns", "add", ns).CombinedOutput(); err != nil {
		t.Fatalf("ip netns add: %v %s", err, out)
	}
	defer exec.Command("ip", "netns", "del", ns).Run()
	for _, c := range []string{
		"sysctl -q -w net.ipv6.conf.default.accept_dad=0",
		"ip link add name va type veth peer name vb", "ip link set lo up", "ip link set va up", "ip link set vb up",
		"ip -6 route add 2001:db8:1::/64 dev va",
		"ip -6 route add 2001:db8:2::/64 via fe80::1 dev va expires 3",
	} {
		if out, err := inNetns(ns, strings.Fields(c)...).CombinedOutput(); err != nil {
			t.Fatalf("%s: %v %s", c, err, out)
		}
	}
	// the script's shell waits for its commands until the recording runs
	sh := inNetns(ns, "bash")
	in, err := sh.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	sh.Stdout, sh.Stderr = &out, &out
	if err := sh.Start(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "record.txt")
	ready, done := make(chan struct{}), make(chan error, 1)
	go func() {
		done <- record(recordOptions{netns: ns, pid: sh.Process.Pid, seconds: 5, path: path}, func() { close(ready) })
	}()
	select {
	case <-ready:
	case err := <-done:
		sh.Process.Kill()
		sh.Wait()
		t.Fatalf("record: %v", err)
	}
	in.Write([]byte(recordScript))
	in.Close()
	sh.Wait() // its status is the last lookup's: no route (2)
	if err := <-done; err != nil {
		t.Fatalf("record: %v", err)
	}
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := iproute2.ParseRecord(string(text))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := r.Replay(netns.New(0))
	if err != nil {
		t.Fatal(err)
	}
	var gets []string
	for _, l := range rep.Lookups {
		if strings.HasPrefix(l.Command, "ip -6 route get 2001:db8:") {
			gets = append(gets, l.Command)
		}
		if !l.Same() {
			t.Errorf("record line %d, %.6f s: %s: model %q, kernel %q", l.Line, float64(l.At)/1e6, l.Command, l.Model, l.Kernel)
		}
	}
	want := "ip -6 route get 2001:db8:1::5|ip -6 route get 2001:db8:2::5|ip -6 route get 2001:db8:3::5|ip -6 route get 2001:db8:1::5|ip -6 route get 2001:db8:2::5"
	if strings.Join(gets, "|") != want {
		t.Errorf("lookups replayed: %q, want the script's five", gets)
	}
	if rep.Routes < 2 || len(rep.RouteErrors) > 0 {
		t.Errorf("route changes: %d applied, refused %q; want the script's add and del", rep.Routes, rep.RouteErrors)
	}
	// the kernel's answers: the expiring route, then none
	if n := len(rep.Lookups); n > 0 && !strings.Contains(strings.Join(rep.Lookups[n-1].Kernel, ";"), "table 254 ==> dev lo gw :: err -113") {
		t.Errorf("last lookup: kernel %q, want no route (the route expired)", rep.Lookups[n-1].Kernel)
	}
	t.Logf("%d lookups replayed (%d of the script), %d route changes; record %d bytes", len(rep.Lookups), len(gets), rep.Routes, len(text))
}

// TestRecordArgs: record's arguments are checked before anything runs.
func TestRecordArgs(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"4"}, "SECONDS and FILE expected"},
		{[]string{"x", "f"}, `"x": seconds`},
		{[]string{"0", "f"}, `"0": seconds`},
		{[]string{"-p", "-3", "4", "f"}, "-p -3: not a process id"},
	} {
		var errOut bytes.Buffer
		if rc := recordMain(c.args, &errOut, &errOut); rc != 2 || !strings.Contains(errOut.String(), c.want) {
			t.Errorf("record %q: status %d, %q; want 2 and %q", c.args, rc, errOut.String(), c.want)
		}
	}
	t.Setenv("FIB6LAB_NO_KERNEL", "1")
	var errOut bytes.Buffer
	if rc := recordMain([]string{"1", filepath.Join(t.TempDir(), "r")}, &errOut, &errOut); rc != 2 || !strings.Contains(errOut.String(), "cannot record this machine: FIB6LAB_NO_KERNEL") {
		t.Errorf("with FIB6LAB_NO_KERNEL: status %d, %q", rc, errOut.String())
	}
}

// TestReplayCLI: ip6sim replay reports the small record's lookups, and a
// bad record's line.
func TestReplayCLI(t *testing.T) {
	var out bytes.Buffer
	if rc := replayMain([]string{"../../engine/iproute2/testdata/record-small.txt"}, &out, &out); rc != 0 || !strings.Contains(out.String(), "5 lookups, 5 agree, 0 differ; 2 route changes applied") {
		t.Errorf("status %d: %s", rc, out.String())
	}
	bad := filepath.Join(t.TempDir(), "bad")
	os.WriteFile(bad, []byte("# fib6lab record 1\nstart 1.000000\n[dump]\n::/0 dev lo\n[events]\n2.000000 lookup 1 table 254\n"), 0o644)
	out.Reset()
	if rc := replayMain([]string{bad}, &out, &out); rc != 2 || !strings.Contains(out.String(), "record line 6: `lookup PID FIELDS`") {
		t.Errorf("bad record: status %d: %s", rc, out.String())
	}
}
