package iproute2

import (
	"errors"
	"os"
	"strings"
	"testing"

	"fib6lab/engine/netns"
)

// readRecord returns the hand-written record of testdata.
func readRecord(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("testdata/record-small.txt")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestReplayRecord replays the small record: its five lookups, as the
// kernel answered them, the route added and deleted between them, and
// the expiring route gone by the last lookup.
func TestReplayRecord(t *testing.T) {
	r, err := ParseRecord(readRecord(t))
	if err != nil {
		t.Fatal(err)
	}
	var cmds []string
	for _, e := range r.Events {
		cmds = append(cmds, e.Command)
	}
	want := []string{
		"ip -6 route get 2001:db8:1::5",
		"ip -6 route get 2001:db8:2::5",
		"ip -6 route prepend 2001:db8:3::/64 via fe80::1 dev va metric 1024 pref medium",
		"ip -6 route get 2001:db8:3::5 from 2001:db8::7 iif vb",
		"ip -6 route del 2001:db8:1::/64 dev va metric 1024 pref medium",
		"ip -6 route get 2001:db8:1::5",
		"ip -6 route get 2001:db8:2::5",
	}
	if strings.Join(cmds, "\n") != strings.Join(want, "\n") {
		t.Fatalf("commands:\n%s\nwant:\n%s", strings.Join(cmds, "\n"), strings.Join(want, "\n"))
	}
	if r.Events[6].At != 3_490_000 {
		t.Errorf("last lookup at %d µs after the start, want 3490000", r.Events[6].At)
	}
	rep, err := r.Replay(netns.New(0))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Lookups) != 5 || rep.Routes != 2 || rep.RoutesKnown != 0 || len(rep.RouteErrors) != 0 {
		t.Fatalf("replay: %d lookups, %d routes, %d known, errors %q; want 5, 2, 0, none", len(rep.Lookups), rep.Routes, rep.RoutesKnown, rep.RouteErrors)
	}
	for _, l := range rep.Lookups {
		if !l.Same() {
			t.Errorf("line %d %s: model %q, kernel %q", l.Line, l.Command, l.Model, l.Kernel)
		}
	}
	if got := rep.Lookups[1].Model[1]; got != "table 254 ==> dev va gw fe80::1 err 0" {
		t.Errorf("second lookup, table main: %q", got)
	}
}

// TestParseRecordDuringDump: an event of the time the dump was taken
// (between begin and start; ip6sim record writes them) is replayed at
// time 0; one before begin is out of order.
func TestParseRecordDuringDump(t *testing.T) {
	good := readRecord(t)
	timer := "100.005000 timer timer_expire_entry timer=00000000cedcb765 function=fib6_gc_timer_cb now=4294892296 baseclk=4294892296\n"
	r, err := ParseRecord(strings.Replace(good, "[events]\n", "[events]\n"+timer, 1))
	if err != nil {
		t.Fatal(err)
	}
	if e := r.Events[0]; e.Kind != EventTimer || e.At != 0 || e.Line != 25 {
		t.Fatalf("first event %+v, want the timer at time 0 on line 25", e)
	}
	early := strings.Replace(timer, "100.005000", "99.999999", 1)
	if _, err := ParseRecord(strings.Replace(good, "[events]\n", "[events]\n"+early, 1)); err == nil || !strings.Contains(err.Error(), "record line 25: out of time order") {
		t.Fatalf("an event before begin: %v", err)
	}
}

// TestParseRecordBad: a bad record is refused with the line named.
func TestParseRecordBad(t *testing.T) {
	good := readRecord(t)
	line := func(n int) string { return strings.Split(good, "\n")[n-1] }
	replace := func(n int, with string) string {
		ls := strings.Split(good, "\n")
		ls[n-1] = with
		return strings.Join(ls, "\n")
	}
	cases := []struct {
		name, text, want string
	}{
		{"a dump", "2001:db8::/64 dev eth0\n", `record line 1: not a fib6lab record (its first line is "# fib6lab record 1")`},
		{"another version", strings.Replace(good, "record 1", "record 2", 1), "record line 1: not a fib6lab record"},
		{"empty", "", "record: empty"},
		{"unknown key", replace(3, "kernal 6.1"), `record line 3: unknown header key "kernal"`},
		{"unknown section", replace(10, "[routes]"), "record line 10: unknown section [routes]"},
		{"no start", replace(8, "# no start"), "record line 9: [dump] before the `start SECONDS.MICROS` header line"},
		{"bad dump line", replace(12, "10.0.0.0/8 dev va"), "record line 12: an IPv4 route"},
		{"truncated lookup", strings.TrimSuffix(good, "\n")[:len(good)-30], "record line 36: `lookup PID FIELDS`"},
		{"no events", good[:strings.Index(good, "[events]")], "cut short: the [events] section is missing"},
		{"out of order", replace(35, strings.Replace(line(35), "103.", "100.", 1)), "record line 35: out of time order"},
		{"unknown event", replace(25, "100.600000 packet x"), `record line 25: unknown event "packet"`},
		{"a day later", replace(35, strings.Replace(line(35), "103.", "90000.", 1)), "record line 35: more than 86400 s after the start"},
		{"bad time", replace(25, "100.6 route x"), "record line 25: SECONDS.MICROS KIND ... expected"},
		{"ipv4 route", replace(25, "100.600000 route 10.1.0.0/16 dev va"), "record line 25: an IPv4 route"},
		{"dangling nexthop", replace(25, "100.600000 route \tnexthop via fe80::1 dev va"), "record line 25: an indented line that is not the nexthop"},
	}
	for _, c := range cases {
		r, err := ParseRecord(c.text)
		var de *DumpError
		if r != nil || !errors.As(err, &de) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, %v; want an error with %q", c.name, r, err, c.want)
		}
	}
}

// FuzzParseRecord: any text parses or is refused with a line, without a
// panic; a parsed record's lookups have commands of `ip -6 route get`.
func FuzzParseRecord(f *testing.F) {
	b, err := os.ReadFile("testdata/record-small.txt")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(b))
	f.Add("# fib6lab record 1\nstart 1.000000\n[dump]\n::/0 dev lo\n[events]\n1.000001 route \tnexthop dev lo\n")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := ParseRecord(text)
		if err != nil {
			return
		}
		for _, e := range r.Events {
			if e.Kind == EventLookup && e.Command != "" && !strings.HasPrefix(e.Command, "ip -6 route get ") {
				t.Fatalf("lookup command %q", e.Command)
			}
		}
	})
}
