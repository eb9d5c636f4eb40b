package iproute2

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"fib6lab/engine/netns"
)

// withStatus is the reference-output transform of the kdiff format
// (../shared/cases/README.md): comments and blank lines dropped, an
// `echo "[rc=$?]"` after every command.
func withStatus(script []byte) string { return WithStatus(KdiffCommands(string(script))) }

// runEngine runs a transformed script in a fresh simulated namespace.
func runEngine(script string) string {
	var out bytes.Buffer
	NewShell(netns.New(0)).RunScript(strings.NewReader(script), &out)
	return out.String()
}

var nsSeq atomic.Int64

// retryAlone makes a kdiff script's second kernel run the only one in
// flight: first runs hold it shared, a second run holds it alone, so
// that it waits for the runs in flight and no other starts beside it
// (on 2 cores with -parallel 8, a sleep in a script under the load of
// seven others took up to 3 s longer than asked, retry included).
var retryAlone sync.RWMutex

// kernelAvailable reports whether the test may use real namespaces: only
// without root (or with FIB6LAB_NO_KERNEL set) does it fall back to the
// stored outputs; as root a failing `ip netns` or missing python3 fails
// the test rather than skipping the kernel.
func kernelAvailable(t *testing.T) bool {
	if os.Getenv("FIB6LAB_NO_KERNEL") != "" || os.Geteuid() != 0 {
		return false
	}
	name := fmt.Sprintf("fib6lab-probe-%d", os.Getpid())
	if out, err := exec.Command("ip", "netns", "add", name).CombinedOutput(); err != nil {
		t.Fatalf("root, but ip netns add fails (set FIB6LAB_NO_KERNEL=1 to compare with stored outputs): %v %s", err, out)
	}
	exec.Command("ip", "netns", "del", name).Run()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Fatalf("root, but python3 is missing for the kernel-side event shims (make deps installs it)")
	}
	return true
}

// runKernel runs a transformed script with bash in a fresh namespace that
// is always deleted.
func runKernel(t *testing.T, script string) string {
	name := fmt.Sprintf("fib6lab-kdiff-%d-%d", os.Getpid(), nsSeq.Add(1))
	if out, err := exec.Command("ip", "netns", "add", name).CombinedOutput(); err != nil {
		t.Fatalf("ip netns add: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("ip", "netns", "del", name).Run() })
	cmd := exec.Command("ip", "netns", "exec", name, "bash")
	cmd.Stdin = strings.NewReader(script)
	out, _ := cmd.CombinedOutput()
	return string(out)
}

// sameOutput compares two outputs line by line with `expires` values
// allowed to differ by one second.
func sameOutput(want, got string) (bool, string) {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	if len(wl) != len(gl) {
		return false, fmt.Sprintf("%d lines, want %d", len(gl), len(wl))
	}
	for i := range wl {
		if !SameOutputLine(wl[i], gl[i]) {
			return false, fmt.Sprintf("line %d:\n got %q\nwant %q", i+1, gl[i], wl[i])
		}
	}
	return true, ""
}

func scripts(t *testing.T, dir string) []string {
	files, err := filepath.Glob(filepath.Join(dir, "*.sh"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts in %s: %v", dir, err)
	}
	return files
}

// TestKdiff runs every testdata/kdiff script on the real kernel (root and
// working `ip netns`) and in the engine and requires the same output; on
// machines without that it compares the engine with the stored .expected.
func TestKdiff(t *testing.T) {
	live := kernelAvailable(t)
	if !live {
		t.Log("no root or no ip netns: comparing with the stored .expected files")
	}
	for _, f := range scripts(t, "../../testdata/kdiff") {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			script := withStatus(src)
			got := runEngine(script)
			if !live {
				b, err := os.ReadFile(strings.TrimSuffix(f, ".sh") + ".expected")
				if err != nil {
					t.Fatal(err)
				}
				if ok, why := sameOutput(string(b), got); !ok {
					t.Errorf("engine differs from the .expected: %s", why)
				}
				return
			}
			if ok, why := kernelAgrees(t, func() string { return runKernel(t, script) }, got); !ok {
				t.Errorf("engine differs from the kernel: %s", why)
			}
		})
	}
}

// kernelAgrees compares got with the kernel's output (run). On a busy
// machine the kernel's deferred work (the DAD work that adds a nodad
// address's local route waits for the RTNL lock) can lose a race with the
// next command, and a sleep can take a second longer than asked: on a
// difference the script runs once more, alone (retryAlone).
func kernelAgrees(t *testing.T, run func() string, got string) (bool, string) {
	retryAlone.RLock()
	out := run()
	retryAlone.RUnlock()
	ok, why := sameOutput(out, got)
	if !ok {
		retryAlone.Lock()
		defer retryAlone.Unlock()
		t.Logf("the kernel's run differed (%s); running it again", why)
		ok, why = sameOutput(run(), got)
	}
	return ok, why
}

// TestSharedCases checks the engine against the project's shared kdiff
// cases (../shared/cases/kdiff) and their real-kernel .expected files.
func TestSharedCases(t *testing.T) {
	dir := "../../../shared/cases/kdiff"
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("shared cases not present: %v", err)
	}
	for _, f := range scripts(t, dir) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(strings.TrimSuffix(f, ".sh") + ".expected")
		if err != nil {
			t.Fatal(err)
		}
		if ok, why := sameOutput(string(want), runEngine(withStatus(src))); !ok {
			t.Errorf("%s: %s", filepath.Base(f), why)
		}
	}
}
