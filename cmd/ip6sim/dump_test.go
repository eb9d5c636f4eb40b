package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestDumpFlag runs a script on a machine loaded with --dump: the
// expiring route is listed, then gone after a sleep past its expiry and
// the GC passes that follow; a lookup takes the dump's ECMP route.
func TestDumpFlag(t *testing.T) {
	dir := t.TempDir()
	dump := filepath.Join(dir, "routes.txt")
	script := filepath.Join(dir, "s.sh")
	os.WriteFile(dump, []byte(`2001:db8:1::/64 dev eth0 proto kernel metric 256 pref medium
2001:db8:9::/48 via 2001:db8:1::9 dev eth0 metric 1024 expires 20sec pref medium
2001:db8:12::/48 metric 1024 pref medium
	nexthop via 2001:db8:1::2 dev eth0 weight 1 
	nexthop via fe80::2 dev eth1 weight 1 
fe80::/64 dev eth0 proto kernel metric 256 pref medium
fe80::/64 dev eth1 proto kernel metric 256 pref medium
`), 0o644)
	os.WriteFile(script, []byte("ip -6 route show 2001:db8:9::/48\nsleep 61\nip -6 route show 2001:db8:9::/48\nip -6 route get 2001:db8:12::1 oif eth1\n"), 0o644)
	var stdout, stderr bytes.Buffer
	cmd := ip6sim(t, "--dump", dump, "-f", script)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if rc := exitCode(t, cmd.Run()); rc != 0 {
		t.Fatalf("status %d: %s", rc, stderr.String())
	}
	// (eth1's source is the link-local address the model gave it: the
	// dump has no `ip -6 addr show`)
	want := "2001:db8:9::/48 via 2001:db8:1::9 dev eth0 metric 1024 expires 20sec pref medium\n" +
		"2001:db8:12::1 from :: via fe80::2 dev eth1 src fe80::f6:1bff:fe6c:3 metric 1024 pref medium\n"
	if stdout.String() != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", stdout.String(), want)
	}
}

func TestDumpFlagRefuses(t *testing.T) {
	dir := t.TempDir()
	dump := filepath.Join(dir, "routes.txt")
	os.WriteFile(dump, []byte("2001:db8:1::/64 dev eth0 metric 256 pref medium\ndefault via 192.0.2.1 dev eth0\n"), 0o644)
	for _, c := range []struct{ path, want string }{
		{dump, "ip6sim: --dump " + dump + ": dump line 2: an IPv4 route: paste the output of `ip -6 route show table all`: \"default via 192.0.2.1 dev eth0\"\n"},
		{filepath.Join(dir, "none"), "ip6sim: --dump: open " + filepath.Join(dir, "none") + ": no such file or directory\n"},
	} {
		var stderr bytes.Buffer
		cmd := ip6sim(t, "--dump", c.path, "-f", "/dev/null")
		cmd.Stderr = &stderr
		if rc := exitCode(t, cmd.Run()); rc != 2 || stderr.String() != c.want {
			t.Errorf("status %d, stderr %q; want 2, %q", rc, stderr.String(), c.want)
		}
	}
}
