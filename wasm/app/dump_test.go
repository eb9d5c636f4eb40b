package app

import (
	"fmt"
	"strings"
	"testing"
)

// testDump is a small machine: eth0 with its kernel routes, a route
// that expires in 20 s and a route of table local.
const testDump = `2001:db8:1::/64 dev eth0 proto kernel metric 256 pref medium
2001:db8:9::/48 via 2001:db8:1::9 dev eth0 metric 1024 expires 20sec pref medium
2001:db8:a::/48 via 2001:db8:1::a dev eth0 proto static metric 1024 pref medium
fe80::/64 dev eth0 proto kernel metric 256 pref medium
local 2001:db8:1::1 dev eth0 table local proto kernel metric 0 pref medium
`

func TestLoadDumpLanes(t *testing.T) {
	s := loadedSim(t, full(t)[:1000], 0)
	if err := s.LoadDump(testDump); err != nil {
		t.Fatal(err)
	}
	untilReady(t, s)
	for _, l := range s.Lanes {
		if l.Routes() != 4 || len(l.Strip) != 1 {
			t.Errorf("lane %s: %d routes in table main, GC strip %d, want 4 and 1", l.ID, l.Routes(), len(l.Strip))
		}
	}
	st := s.State()
	if st.Routes != 4 || !st.Ready || !st.Playing {
		t.Errorf("state: routes %d ready %v playing %v", st.Routes, st.Ready, st.Playing)
	}
	lines := s.Console.Lines(0)
	last := lines[len(lines)-1]
	if want := "— your table: 5 routes (4 in table main) —"; last.Text != want {
		t.Errorf("console note %q, want %q", last.Text, want)
	}
	// the GC timer is armed: 40 s later both lanes have removed the route
	for i := 0; i < 60*10 && s.Lanes[1].NS.GC.Removed == 0; i++ {
		s.Frame(frame)
	}
	for _, l := range s.Lanes {
		if l.NS.GC.Removed != 1 || l.Routes() != 3 {
			t.Errorf("lane %s: GC removed %d, %d routes left; want 1 and 3", l.ID, l.NS.GC.Removed, l.Routes())
		}
	}
}

func TestLoadDumpBadKeepsTable(t *testing.T) {
	s := loadedSim(t, full(t)[:1000], 0)
	before := s.State()
	for _, c := range []struct{ text, want string }{
		{testDump + "default via 192.0.2.1 dev eth0\n", "dump line 6: an IPv4 route"},
		{testDump + "2001:db8:b::/48 via\n", "dump line 6: cut short"},
		{testDump + "2001:db8:b::/48 via 2001:db8:77::1 dev eth0 metric 1024 pref medium\n", "dump line 6: RTNETLINK answers: No route to host"},
		{"hello\n", "dump line 1: not a line of"},
	} {
		err := s.LoadDump(c.text)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q...", c.text, err, c.want)
		}
	}
	if after := s.State(); fmt.Sprint(after.Routes, after.Lanes[0].Kernel, after.Ready) != fmt.Sprint(before.Routes, before.Lanes[0].Kernel, before.Ready) || after.Routes != 1000+before.KernelRoutes {
		t.Errorf("state changed: %d routes, was %d", after.Routes, before.Routes)
	}
}
