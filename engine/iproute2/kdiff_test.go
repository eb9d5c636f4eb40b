package iproute2

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"fib6lab/engine/netns"
)

// withStatus is the reference-output transform of the kdiff format
// (../shared/cases/README.md): comments and blank lines dropped, an
// `echo "[rc=$?]"` after every command.
func withStatus(script []byte) string {
	var b strings.Builder
	for _, line := range strings.Split(string(script), "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		fmt.Fprintf(&b, "%s\necho \"[rc=$?]\"\n", line)
	}
	return b.String()
}

// runEngine runs a transformed script in a fresh simulated namespace.
func runEngine(script string) string {
	var out bytes.Buffer
	NewShell(netns.New(0)).RunScript(strings.NewReader(script), &out)
	return out.String()
}

var nsSeq atomic.Int64

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

// lifetimeRE finds the lifetimes the comparisons allow to differ by a
// second: a route's `expires`, an address's `valid_lft` and
// `preferred_lft` (the kernel's own timing moves them by one between
// runs).
var lifetimeRE = regexp.MustCompile(`(expires|valid_lft|preferred_lft) (-?\d+)sec`)

// sameOutput compares two outputs line by line with `expires`,
// `valid_lft` and `preferred_lft` values allowed to differ by one
// second.
func sameOutput(want, got string) (bool, string) {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	if len(wl) != len(gl) {
		return false, fmt.Sprintf("%d lines, want %d", len(gl), len(wl))
	}
	for i := range wl {
		if wl[i] == gl[i] {
			continue
		}
		wm, gm := lifetimeRE.FindAllStringSubmatch(wl[i], -1), lifetimeRE.FindAllStringSubmatch(gl[i], -1)
		if len(wm) == 0 || len(wm) != len(gm) || lifetimeRE.ReplaceAllString(wl[i], "$1") != lifetimeRE.ReplaceAllString(gl[i], "$1") {
			return false, fmt.Sprintf("line %d:\n got %q\nwant %q", i+1, gl[i], wl[i])
		}
		for j := range wm {
			a, _ := strconv.Atoi(wm[j][2])
			b, _ := strconv.Atoi(gm[j][2])
			if a-b > 1 || b-a > 1 {
				return false, fmt.Sprintf("line %d: %s %d, want %d±1", i+1, wm[j][1], b, a)
			}
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
			var want string
			if live {
				want = runKernel(t, script)
			} else {
				b, err := os.ReadFile(strings.TrimSuffix(f, ".sh") + ".expected")
				if err != nil {
					t.Fatal(err)
				}
				want = string(b)
			}
			if ok, why := sameOutput(want, runEngine(script)); !ok {
				t.Errorf("engine differs from the %s: %s", map[bool]string{true: "kernel", false: ".expected"}[live], why)
			}
		})
	}
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
