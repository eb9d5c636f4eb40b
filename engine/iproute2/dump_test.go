package iproute2

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"fib6lab/engine/fib6"
	"fib6lab/engine/netns"
)

// showAll runs `ip -6 route show table all` in ns.
func showAll(t testing.TB, ns *netns.Netns) string {
	t.Helper()
	var out strings.Builder
	if rc := NewShell(ns).Run("ip -6 route show table all", &out); rc != 0 {
		t.Fatalf("ip -6 route show table all: status %d: %s", rc, out.String())
	}
	return out.String()
}

var expiresRe = regexp.MustCompile(`expires (-?\d+)sec`)

// sameRoutes compares two `ip -6 route show` outputs line by line, the
// seconds of `expires` within 1 of each other.
func sameRoutes(t *testing.T, got, want string) {
	t.Helper()
	g, w := strings.Split(strings.TrimSpace(got), "\n"), strings.Split(strings.TrimSpace(want), "\n")
	for i := 0; i < max(len(g), len(w)); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		gm, wm := expiresRe.FindStringSubmatch(gl), expiresRe.FindStringSubmatch(wl)
		if gm != nil && wm != nil {
			gs, _ := strconv.Atoi(gm[1])
			ws, _ := strconv.Atoi(wm[1])
			if gs-ws <= 1 && ws-gs <= 1 {
				gl = expiresRe.ReplaceAllString(gl, "expires Nsec")
				wl = expiresRe.ReplaceAllString(wl, "expires Nsec")
			}
		}
		if gl != wl {
			t.Errorf("line %d:\n got: %q\nwant: %q", i+1, gl, wl)
		}
	}
}

// routeLines returns the `ip -6 route show` part of a dump.
func routeLines(dump string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(dump, "\n") {
		if strings.HasPrefix(l, "net.") || strings.HasPrefix(l, "sysctl:") || len(l) > 0 && l[0] >= '0' && l[0] <= '9' && strings.Contains(l, ": <") {
			break // the addr show or sysctl part
		}
		b.WriteString(l)
	}
	return b.String()
}

func TestLoadDumpStored(t *testing.T) {
	text, err := os.ReadFile("testdata/dump/kernel-6.18.txt")
	if err != nil {
		t.Fatal(err)
	}
	ns := netns.New(0)
	d, err := LoadDump(ns, string(text))
	if err != nil {
		t.Fatal(err)
	}
	if d.Routes() != 34 {
		t.Errorf("Routes() = %d, want 34", d.Routes())
	}
	sameRoutes(t, showAll(t, ns), routeLines(string(text)))
	// NUL bytes are dropped, as from a script
	nul := netns.New(0)
	if _, err := LoadDump(nul, strings.ReplaceAll(string(text), " dev ", " d\x00ev \x00")); err != nil {
		t.Errorf("with NUL bytes: %v", err)
	} else {
		sameRoutes(t, showAll(t, nul), routeLines(string(text)))
	}
	// what older iproute2 prints for a reject route loads as well
	if _, err := LoadDump(netns.New(0), "unreachable 2001:db8:13::/48 dev lo metric 1024 error -113 pref medium\n"); err != nil {
		t.Errorf("error -113: %v", err)
	}
	// two routes expire: the GC list holds them, newest first, and the
	// timer is armed gc_interval (30 s) from now
	var gcl []string
	for _, rt := range ns.FIB.Table(fib6.RT_TABLE_MAIN).GCList() {
		gcl = append(gcl, fmt.Sprintf("%s/%d expires %d", rt.Dst.Addr(), rt.DstLen, (rt.Expires-ns.Now())/ns.HZ))
	}
	if got, want := strings.Join(gcl, ", "), "::/0 expires 1664, 2001:db8:10::/48 expires 164"; got != want {
		t.Errorf("GC list %s, want %s", got, want)
	}
	if tm := ns.GCTimer(); !tm.Pending() || tm.Expires != ns.Now()+30*ns.HZ {
		t.Errorf("GC timer pending %v at %d, want at %d", tm.Pending(), tm.Expires, ns.Now()+30*ns.HZ)
	}
	var out strings.Builder
	NewShell(ns).Run("ip -6 addr show dev d0", &out)
	if !strings.Contains(out.String(), "inet6 fe80::c08f:86ff:fefa:2536/64 scope link") || !strings.Contains(out.String(), "inet6 2001:db8:1::1/64 scope global nodad") {
		t.Errorf("d0's addresses are not the dump's:\n%s", out.String())
	}
}

func TestLoadDumpErrors(t *testing.T) {
	good := "2001:db8::/64 dev eth0 proto kernel metric 256 pref medium\n"
	for _, c := range []struct {
		text string
		line int
		msg  string
	}{
		{"", 0, "no route in it"},
		{good + "default via 192.168.1.1 dev eth0 proto dhcp metric 100\n", 2, "an IPv4 route"},
		{"10.0.0.0/8 dev eth0 proto kernel scope link src 10.0.0.1\n", 1, "an IPv4 route"},
		{good + "2001:db8:1::/64 dev\n", 2, `cut short: "dev" without its value`},
		{good + "2001:db8:2::/64 via 2001:db8::2 dev eth0 expires 30\n", 2, "expires \"30\": seconds"},
		{good + "2001:db8:1::/6\n", 2, "No such device"},
		{good + "2001:db8:\n", 2, "not a line of"},
		{good + "Kernel IPv6 routing table\n", 2, "not a line of"},
		{good + "\tnexthop via fe80::1 dev eth0 weight 1\n\tbogus\n", 3, "not a line of"},
		{"2001:db8::/64 nhid 5 metric 1024 pref medium\n", 1, "nexthop object"},
		{good + "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 state UNKNOWN\n    inet 127.0.0.1/8 scope host lo\n", 3, "an IPv4 address"},
		{good + "net.ipv4.route.gc_timeout = 300\n", 2, "an IPv4 setting"},
		{good + "net.ipv6.route.gc_interval = 3O\n", 2, "sysctl"},
		{good + good, 2, "File exists"},
	} {
		_, err := LoadDump(netns.New(0), c.text)
		e, ok := err.(*DumpError)
		if !ok || e.Line != c.line || !strings.Contains(e.Error(), c.msg) {
			t.Errorf("%q: error %v, want line %d and %q", c.text, err, c.line, c.msg)
		}
	}
}

func TestDumpLimits(t *testing.T) {
	_, err := ParseDump(strings.Repeat("\n", MaxDumpLines) + "2001:db8::/64 dev eth0\n")
	if e, ok := err.(*DumpError); !ok || e.Line != MaxDumpLines+1 || !strings.Contains(e.Msg, "too many lines") {
		t.Errorf("a dump of %d lines: %v", MaxDumpLines+1, err)
	}
}

// fullTableDump returns the shipped full table as `ip -6 route show`
// prints it for a machine whose routes go via fe80::1 dev eth0.
func fullTableDump(t testing.TB) string {
	f, err := os.Open("../../data/ipv6-fulltable.txt.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	b.WriteString("2001:db8::/64 dev eth0 proto kernel metric 256 pref medium\n")
	for _, p := range strings.Fields(string(raw)) {
		fmt.Fprintf(&b, "%s via fe80::1 dev eth0 proto bgp metric 1024 pref medium\n", p)
	}
	b.WriteString("fe80::/64 dev eth0 proto kernel metric 256 pref medium\n")
	return b.String()
}

func TestLoadDumpFullTable(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the full table takes a second")
	}
	ns := netns.New(0)
	d, err := LoadDump(ns, fullTableDump(t))
	if err != nil {
		t.Fatal(err)
	}
	if got := ns.FIB.Table(fib6.RT_TABLE_MAIN).Entries; got != d.Routes() || got != 160149 {
		t.Errorf("table main has %d routes, the dump %d, want 160149", got, d.Routes())
	}
}

func BenchmarkLoadDumpFullTable(b *testing.B) {
	text := fullTableDump(b)
	for b.Loop() {
		if _, err := LoadDump(netns.New(0), text); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadDumpManyDevices loads dumps of one route per device: each
// device the load brings up walked every route of the table before
// (fib6.Table.RoutesOnDev lets it skip them), 1.9 s for 4,000 devices.
func BenchmarkLoadDumpManyDevices(b *testing.B) {
	for _, n := range []int{1000, 4000} {
		var sb strings.Builder
		for i := range n {
			fmt.Fprintf(&sb, "3fff:%x:%x::/48 dev d%d metric 1024 pref medium\n", i>>16, i&0xffff, i)
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := LoadDump(netns.New(0), sb.String()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestLoadDumpLiveKernel gives a throw-away namespace of this machine's
// kernel varied routes (expiring, multipath, reject types, onlink, a
// device without carrier, another table), dumps them with `ip -6 route
// show table all`, loads the dump and checks that the model prints the
// same lines.
func TestLoadDumpLiveKernel(t *testing.T) {
	if os.Geteuid() != 0 || os.Getenv("FIB6LAB_NO_KERNEL") != "" {
		t.Skip("needs root (a network namespace of this machine's kernel)")
	}
	const ns = "fib6lab-dump"
	exec.Command("ip", "netns", "del", ns).Run()
	t.Cleanup(func() { exec.Command("ip", "netns", "del", ns).Run() })
	setup := []string{
		"netns add " + ns,
		"-n NS link set lo up",
		"-n NS link add d0 type veth peer name p0",
		"-n NS link add d1 type veth peer name p1",
		"-n NS link add v0 type veth peer name v1",
		"-n NS link set d0 up", "-n NS link set p0 up", "-n NS link set d1 up", "-n NS link set p1 up", "-n NS link set v0 up",
		"-n NS -6 addr add 2001:db8:1::1/64 dev d0 nodad",
		"-n NS -6 addr add 2001:db8:2::1/64 dev d1 nodad",
		"-n NS -6 addr add 2001:db8:3::1/64 dev v0 nodad",
		"-n NS -6 route add 2001:db8:10::/48 via 2001:db8:1::2 dev d0 expires 300",
		"-n NS -6 route add 2001:db8:11::/48 via 2001:db8:1::2 dev d0 proto static metric 100 mtu 1400 pref high",
		"-n NS -6 route add 2001:db8:12::/48 nexthop via 2001:db8:1::2 dev d0 weight 1 nexthop via 2001:db8:2::2 dev d1 weight 3",
		"-n NS -6 route add unreachable 2001:db8:13::/48",
		"-n NS -6 route add blackhole 2001:db8:14::/48 expires 77",
		"-n NS -6 route add prohibit 2001:db8:15::/48 metric 5",
		"-n NS -6 route add 2001:db8:16::/48 via 2001:db8:3::2 dev v0",
		"-n NS -6 route add 2001:db8:17::/64 via fe80::1 dev d1 onlink",
		"-n NS -6 route add 2001:db8:18::/64 dev d1 table 100 expires 60",
		"-n NS -6 route add 2001:db8:19::/64 dev d1 expires 120 proto 42",
		"-n NS -6 route add default via 2001:db8:1::ff dev d0 proto ra metric 1024 expires 1800 hoplimit 64",
		"-n NS -6 route add local 2001:db8:20::1 dev d0",
		"-n NS -6 route add anycast 2001:db8:21:: dev d0 table local",
		"-n NS -6 route add multicast ff0e::/16 dev d0 table local",
		"-n NS -6 route add 2001:db8:22::/48 via 2001:db8:1::2 dev d0 src 2001:db8:1::1 mtu lock 1300 advmss 1200",
		"-n NS -6 route add 2001:db8:23::/48 nexthop via 2001:db8:1::2 dev d0 nexthop via 2001:db8:3::2 dev v0",
	}
	for _, s := range setup {
		args := strings.Fields(strings.ReplaceAll(s, "NS", ns))
		if out, err := exec.Command("ip", args...).CombinedOutput(); err != nil {
			t.Fatalf("ip %s: %v: %s", s, err, out)
		}
	}
	out, err := exec.Command("ip", "-n", ns, "-6", "route", "show", "table", "all").Output()
	if err != nil {
		t.Fatal(err)
	}
	model := netns.New(0)
	if _, err := LoadDump(model, string(out)); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	sameRoutes(t, showAll(t, model), string(out))
}

// TestLoadDumpSysctl: the dump's net.ipv6.route settings apply before
// its routes, so the GC timer is armed with its gc_interval.
func TestLoadDumpSysctl(t *testing.T) {
	ns := netns.New(0)
	_, err := LoadDump(ns, "2001:db8::/64 dev eth0 metric 256 expires 100sec pref medium\n"+
		"net.ipv6.route.gc_interval = 5\nsysctl: permission denied on key \"net.ipv6.route.flush\"\nnet.ipv6.route.gc_timeout = 77\n")
	if err != nil {
		t.Fatal(err)
	}
	if tm := ns.GCTimer(); !tm.Pending() || tm.Expires != ns.Now()+5*ns.HZ {
		t.Errorf("GC timer pending %v at %d, want at now+%d", tm.Pending(), tm.Expires-ns.Now(), 5*ns.HZ)
	}
	var out strings.Builder
	NewShell(ns).Run("sysctl net.ipv6.route.gc_timeout", &out)
	if out.String() != "net.ipv6.route.gc_timeout = 77\n" {
		t.Errorf("gc_timeout: %q", out.String())
	}
}
