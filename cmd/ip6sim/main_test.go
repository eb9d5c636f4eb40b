package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"fib6lab/engine/gc"
	"fib6lab/engine/iproute2"
	"fib6lab/engine/kernel"
	"fib6lab/engine/netns"
)

// TestMain runs ip6sim's main instead of the tests when IP6SIM_MAIN is
// set, so that the tests can start ip6sim as a real process (ip6sim).
func TestMain(m *testing.M) {
	if os.Getenv("IP6SIM_MAIN") != "" {
		main()
		return
	}
	os.Exit(m.Run())
}

// ip6sim returns the command that runs ip6sim with args (this test
// binary running main), with HOME in a fresh directory.
func ip6sim(t *testing.T, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "IP6SIM_MAIN=1", "HOME="+t.TempDir())
	return cmd
}

// exitCode returns the exit status of a finished process, failing the
// test when it did not exit (killed by a signal) or did not start.
func exitCode(t *testing.T, err error) int {
	t.Helper()
	if err == nil {
		return 0
	}
	ee, ok := err.(*exec.ExitError)
	if !ok || !ee.Exited() {
		t.Fatalf("ip6sim did not exit normally: %v", err)
	}
	return ee.ExitCode()
}

func TestParseOptionsRefuses(t *testing.T) {
	dir, svgDir := t.TempDir(), filepath.Join(t.TempDir(), "d.svg")
	if err := os.Mkdir(svgDir, 0o755); err != nil {
		t.Fatal(err)
	}
	other := t.TempDir()
	fifo, dev, plain, link := other+"/f.svg", other+"/null.svg", other+"/p.svg", other+"/l.svg"
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := errors.Join(os.Symlink("/dev/null", dev), os.WriteFile(plain, nil, 0o644), os.Symlink(plain, link)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--hz", "2000000000"}, "ip6sim: --hz 2000000000: out of range: a Linux kernel has CONFIG_HZ 12..12287 (usually 100, 250, 300 or 1000)"},
		{[]string{"--hz", "-5"}, "ip6sim: --hz -5: out of range: a Linux kernel has CONFIG_HZ 12..12287 (usually 100, 250, 300 or 1000)"},
		{[]string{"--hz", "0"}, "ip6sim: --hz 0: out of range: a Linux kernel has CONFIG_HZ 12..12287 (usually 100, 250, 300 or 1000)"},
		{[]string{"--hz=11"}, "ip6sim: --hz 11: out of range: a Linux kernel has CONFIG_HZ 12..12287 (usually 100, 250, 300 or 1000)"},
		{[]string{"--hz", "12288"}, "ip6sim: --hz 12288: out of range: a Linux kernel has CONFIG_HZ 12..12287 (usually 100, 250, 300 or 1000)"},
		{[]string{"--hz", "9223372036854775807"}, "ip6sim: --hz 9223372036854775807: out of range: a Linux kernel has CONFIG_HZ 12..12287 (usually 100, 250, 300 or 1000)"},
		{[]string{"--hz", "2e9"}, `invalid value "2e9" for flag -hz: parse error`},
		{[]string{"--gc", "walk"}, `ip6sim: --gc: unknown GC strategy "walk" (want trie-walk or gc-list)`},
		{[]string{"s.sh"}, `ip6sim: unexpected argument "s.sh" (to run a script: ip6sim -f s.sh)`},
		{[]string{"-f", ""}, `ip6sim: -f: empty value`},
		{[]string{"--kernel="}, `ip6sim: --kernel: empty value`},
		{[]string{"--ftrace", "t.txt"}, `ip6sim: --ftrace t.txt: needs a script (-f)`},
		{[]string{"--export", filepath.Join(dir, "t.jpg")}, `ip6sim: --export: export ` + dir + `/t.jpg: unknown format ".jpg" (want .svg, .pdf or .png)`},
		{[]string{"--export", dir + "/no/t.svg"}, `ip6sim: --export: open ` + dir + `/no/t.svg: no such file or directory`},
		{[]string{"--export-plot", svgDir}, `ip6sim: --export-plot: open ` + svgDir + `: is a directory`},
		{[]string{"--export", fifo}, `ip6sim: --export: ` + fifo + ` is not a regular file (a named pipe)`},
		{[]string{"--export-plot", dev}, `ip6sim: --export-plot: ` + dev + ` is not a regular file (a device)`},
		{[]string{"--export", dir + "/p.svg", "--export-plot", dir + "/./p.svg"}, `ip6sim: --export and --export-plot name the same file ` + dir + `/./p.svg: the plot would overwrite the table`},
		{[]string{"--export", plain, "--export-plot", link}, `ip6sim: --export and --export-plot name the same file ` + link + `: the plot would overwrite the table`},
	} {
		if _, err := parseOptions(c.args, io.Discard); err == nil || err.Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.args, err, c.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("refused exports left %d files", len(entries))
	}
}

func TestParseOptionsAccepts(t *testing.T) {
	out := filepath.Join(t.TempDir(), "t.SVG")
	for _, c := range []struct {
		args  []string
		hz    int64
		gcSet bool
	}{
		{nil, 250, false},
		{[]string{"--hz", "12"}, 12, false},
		{[]string{"--hz", "12287", "--gc", "gc-list"}, 12287, true},
		{[]string{"-hz", "1000", "-kernel", "6.1", "-export", out}, 1000, false},
	} {
		o, err := parseOptions(c.args, io.Discard)
		if err != nil || o.hz != c.hz || o.gcSet != c.gcSet {
			t.Errorf("%q: hz %d gcSet %v, %v; want hz %d gcSet %v", c.args, o.hz, o.gcSet, err, c.hz, c.gcSet)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("checking --export %s created it: %v", out, err)
	}
}

// --kernel sets the release's features, GC strategy included; an explicit
// --gc changes only that one switch of them, and a `kernel` command in
// the script sets all of them from its release again.
func TestKernelAndGC(t *testing.T) {
	for _, c := range []struct {
		args    []string
		want    gc.Strategy
		release string
	}{
		{nil, gc.GCList, "6.18"},
		{[]string{"--gc", "trie-walk"}, gc.TrieWalk, "6.18"},
		{[]string{"--kernel", "6.1"}, gc.TrieWalk, "6.1"},
		{[]string{"--kernel", "6.1", "--gc", "gc-list"}, gc.GCList, "6.1"},
		{[]string{"--gc", "trie-walk", "--kernel", "6.12"}, gc.TrieWalk, "6.12"},
		{[]string{"--kernel", "6.12"}, gc.GCList, "6.12"},
	} {
		o, err := parseOptions(c.args, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		sh, err := newShell(o)
		if err != nil || sh.NS.GCStrategy() != c.want || sh.NS.Features().Release.String() != c.release {
			t.Fatalf("%q: strategy %v, %v, features %+v; want %v on %s", c.args, sh.NS.GCStrategy(), err, sh.NS.Features(), c.want, c.release)
		}
		want := kernel.For(sh.NS.Features().Release)
		want.GCList = c.want == gc.GCList
		if sh.NS.Features() != want {
			t.Errorf("%q: features %+v, want the release's but the GC strategy: %+v", c.args, sh.NS.Features(), want)
		}
		if sh.Run("kernel 6.8", io.Discard) != 0 || sh.NS.Features() != kernel.For(kernel.Release{Major: 6, Minor: 8}) {
			t.Errorf("%q: after kernel 6.8: %+v", c.args, sh.NS.Features())
		}
	}
	o, _ := parseOptions([]string{"--kernel", "6.1x"}, io.Discard)
	if _, err := newShell(o); err == nil || err.Error() != `ip6sim: --kernel 6.1x: bad kernel version "6.1x"` {
		t.Errorf("--kernel 6.1x: %v", err)
	}
}

// The crash: --hz above 1e9 divided by zero in the first command.
func TestHZRefusedBeforeRunning(t *testing.T) {
	script := filepath.Join(t.TempDir(), "s.sh")
	if err := os.WriteFile(script, []byte("echo ran\nsleep 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := ip6sim(t, "--hz", "2000000000", "-f", script)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	rc := exitCode(t, cmd.Run())
	want := "ip6sim: --hz 2000000000: out of range: a Linux kernel has CONFIG_HZ 12..12287 (usually 100, 250, 300 or 1000)\n"
	if rc != 2 || stdout.Len() != 0 || stderr.String() != want {
		t.Errorf("status %d, stdout %q, stderr %q; want 2, nothing, %q", rc, stdout.String(), stderr.String(), want)
	}
}

// A script that cannot be read fails with status 2 and writes no export.
func TestUnreadableScript(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "t.svg")
	cmd := ip6sim(t, "-f", dir, "--export", out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	rc := exitCode(t, cmd.Run())
	if want := "ip6sim: read " + dir + ": is a directory\n"; rc != 2 || stderr.String() != want {
		t.Errorf("status %d, stderr %q; want 2, %q", rc, stderr.String(), want)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("export written: %v", err)
	}
}

// TestPromptShowsNamespace checks PS1 inside `ip netns exec NS bash` and
// back after its exit.
func TestPromptShowsNamespace(t *testing.T) {
	sh := iproute2.NewShell(netns.New(0))
	var out strings.Builder
	for _, c := range []struct{ line, want string }{
		{"ip netns add h", "ip6sim# "},
		{"ip netns exec h bash", "ip6sim(h)# "},
		{"exit", "ip6sim# "},
	} {
		sh.Run(c.line, &out)
		if got := prompt1(sh); got != c.want {
			t.Errorf("after %q: prompt %q, want %q (output %q)", c.line, got, c.want, out.String())
		}
	}
}
