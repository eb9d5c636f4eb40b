package netns

import (
	"strings"
	"testing"
)

// TestDeviceNames checks dev_valid_name, sysctl_dev_name_is_allowed,
// the IFLA_IFNAME policy and the "%d" templates on AddVeth and Rename.
func TestDeviceNames(t *testing.T) {
	ns := New(0)
	for _, name := range []string{"a:b", "a b", "a/b", ".", "..", "a\xa0b", "a%s", "a%d%d", "a%", "all", "default"} {
		if err := ns.AddVeth(name, [6]byte{}, "p0", [6]byte{}); err == nil || err.Error() != "Invalid argument" {
			t.Errorf("AddVeth(%q): %v, want EINVAL", name, err)
		}
		if err := ns.AddVeth("p0", [6]byte{}, name, [6]byte{}); err == nil || err.Error() != "Invalid argument" {
			t.Errorf("AddVeth peer %q: %v, want EINVAL", name, err)
		}
	}
	if len(ns.Devices()) != 1 {
		t.Fatalf("refused adds left %d devices", len(ns.Devices()))
	}
	if err := ns.AddVeth("abcdefghijklmnop", [6]byte{}, "", [6]byte{}); err != errNamePolicy {
		t.Errorf("16-byte name: %v", err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(ns.AddVeth("", [6]byte{}, "", [6]byte{}))       // veth0 (peer), veth1
	must(ns.AddVeth("w%d", [6]byte{}, "w%d", [6]byte{})) // w0 (peer), w1
	must(ns.AddVeth("...", [6]byte{}, "", [6]byte{}))    // veth2, ...
	must(ns.Rename(ns.Dev("w1"), "veth%d"))              // veth3
	var names []string
	for _, d := range ns.Devices() {
		names = append(names, d.Name)
	}
	if got := strings.Join(names, " "); got != "lo veth0 veth1 w0 veth3 veth2 ..." {
		t.Errorf("devices %s", got)
	}
	if err := ns.Rename(ns.Dev("w0"), "veth0"); err == nil || err.Error() != "File exists" {
		t.Errorf("rename onto a name in use: %v", err)
	}
	for _, name := range []string{"all", "default"} {
		if err := ns.Rename(ns.Dev("w0"), name); err == nil || err.Error() != "Invalid argument" || ns.Dev("w0") == nil {
			t.Errorf("rename to %q: %v", name, err)
		}
	}
	if err := ns.AddVeth("veth0", [6]byte{}, "all", [6]byte{}); err == nil || err.Error() != "File exists" {
		t.Errorf("taken name with peer all: %v, want EEXIST first", err)
	}
}
