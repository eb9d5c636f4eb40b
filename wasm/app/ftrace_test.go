package app

import (
	"net/netip"
	"regexp"
	"strings"
	"testing"

	"fib6lab/engine/trace"
)

func TestFtraceRecordsTracepointsOnDemand(t *testing.T) {
	s := loadedSim(t, []netip.Prefix{netip.MustParsePrefix("2001:db8::/32")}, 0)
	s.Exec("ip -6 route get 2001:db8:1::5")
	if got := s.Ftrace(); got != "" {
		t.Fatalf("recorded before SetFtrace: %q", got)
	}
	s.SetFtrace(true)
	s.Exec("ip -6 route get 2001:db8:1::5")
	s.Exec("ip -6 route add 2001:db8:aa::/48 dev eth0 expires 5")
	s.Exec("sleep 40")
	text := s.Ftrace()
	lanes := strings.Split(text, "# lane ")
	if len(lanes) != 3 || !strings.HasPrefix(lanes[1], "left: kernel 6.1, GC trie-walk\n") || !strings.HasPrefix(lanes[2], "right: kernel 6.18, GC gc-list\n") {
		t.Fatalf("lanes: %q", text)
	}
	for i, lane := range lanes[1:] {
		cmds := strings.Split(lane, "# cmd ")
		if len(cmds) != 4 {
			t.Fatalf("lane %d: %d command markers, want 3:\n%s", i, len(cmds)-1, lane)
		}
		want := []string{"1: ip -6 route get 2001:db8:1::5\n" +
			"ip-1001 [000] ..... 300.012000: fib6_table_lookup: table 255 oif 0 iif 1 proto 0 ::/0 -> 2001:db8:1::5/0 flowlabel 0x0 tos 0 scope 0 flags 0 ==> dev lo gw :: err -113\n" +
			"ip-1001 [000] ..... 300.012000: fib6_table_lookup: table 254 oif 0 iif 1 proto 0 ::/0 -> 2001:db8:1::5/0 flowlabel 0x0 tos 0 scope 0 flags 0 ==> dev eth0 gw 2001:db8::2 err 0\n" +
			"", // and no dst_alloc: the get before recording made the route's per-CPU copy
			"2: ip -6 route add 2001:db8:aa::/48 dev eth0 expires 5\n",
			"3: sleep 40\n"}
		for j, w := range want {
			if got := squeeze(cmds[j+1]); !strings.HasPrefix(got, w) || j == 0 && got != w {
				t.Errorf("lane %d command %d:\n got %s\nwant %s...", i, j+1, got, w)
			}
		}
		if n := strings.Count(cmds[2], "call_site=fib6_add_1"); n != 2 {
			t.Errorf("lane %d: the add allocates %d trie nodes, want 2", i, n)
		}
		if !strings.Contains(cmds[2], "function=fib6_gc_timer_cb expires=4294974800 [timeout=7500]") {
			t.Errorf("lane %d: GC timer not armed for gc_interval (30 s = 7500 jiffies):\n%s", i, cmds[2])
		}
		if !regexp.MustCompile(`<idle>-0 +\[000\] \.\.s1\. +330\.720000: timer_expire_entry`).MatchString(cmds[3]) {
			t.Errorf("lane %d: no GC timer expiry in softirq at 330.72 s:\n%s", i, cmds[3])
		}
		// node_free_rcu's free has its own event before 6.13 only
		if frees := strings.Count(cmds[3], "call_site=node_free_rcu"); frees != 2*(1-i) {
			t.Errorf("lane %d: %d node frees, want %d", i, frees, 2*(1-i))
		}
	}
	for _, l := range s.Lanes {
		for _, e := range l.events.Slice(0) {
			if e.Kind == trace.TableLookup || e.Kind == trace.TimerExpire {
				t.Fatalf("lane %s: the player got tracepoint-only event %v", l.ID, e)
			}
		}
	}
	s.SetFtrace(false)
	if got := s.Ftrace(); got != "" {
		t.Fatalf("still recording after SetFtrace(false): %q", got)
	}
}

// squeeze collapses runs of spaces and trims each line's start.
func squeeze(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return strings.Join(lines, "\n")
}

// TestRecordingEndsWithARestart: the page's record button follows
// Recording, which a scenario, a script or a link ends (its recorder
// goes with the namespaces it recorded).
func TestRecordingEndsWithARestart(t *testing.T) {
	s := loadedSim(t, full(t)[:100], 0)
	s.SetFtrace(true)
	if !s.Recording() {
		t.Fatal("not recording after SetFtrace(true)")
	}
	s.RunScript("true\n")
	if s.Recording() || s.Ftrace() != "" {
		t.Fatalf("recording %v after a script started, %d bytes recorded", s.Recording(), len(s.Ftrace()))
	}
}
