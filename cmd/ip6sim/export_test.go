package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fib6lab/engine/iproute2"
	"fib6lab/engine/netns"
	"fib6lab/render/scene"
)

const script = `ip link add va type veth peer name vb
ip link set va up
ip -6 addr add 2001:db8:1::1/64 dev va nodad
ip -6 route add 2001:db8:10::/48 via 2001:db8:1::2
ip -6 route add 2001:db8:10:1::/64 via 2001:db8:1::2
ip -6 route add 2001:db8:10::7 via 2001:db8:1::3 expires 30
`

func TestBatchExportsTable(t *testing.T) {
	dir := t.TempDir()
	sh := filepath.Join(dir, "s.sh")
	if err := os.WriteFile(sh, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"t.svg", "t.pdf", "t.png"} {
		out := filepath.Join(dir, name)
		if rc := batch(iproute2.NewShell(netns.New(0)), sh, out, ""); rc != 0 {
			t.Fatalf("%s: status %d", name, rc)
		}
		b, err := os.ReadFile(out)
		if err != nil || len(b) < 1000 {
			t.Fatalf("%s: %d bytes, %v", name, len(b), err)
		}
		if name != "t.svg" {
			continue
		}
		for _, p := range []string{"2001:db8:10::/48", "2001:db8:10:1::/64", "2001:db8:10::7/128", "2001:db8:1::/64", "kernel model"} {
			if !strings.Contains(string(b), p) {
				t.Errorf("SVG does not name %s", p)
			}
		}
	}
}

func TestCostPlot(t *testing.T) {
	if testing.Short() {
		t.Skip("measures GC passes over the full table")
	}
	s, err := costPlot()
	if err != nil {
		t.Fatal(err)
	}
	for _, tag := range []string{"trie-walk", "gc-list"} {
		n := 0
		for _, it := range s.Tagged(tag) {
			if it.Kind == scene.KindCircle {
				n++
			}
		}
		if n != len(costSizes)+1 {
			t.Errorf("%s: %d points, want %d", tag, n, len(costSizes)+1)
		}
	}
}
