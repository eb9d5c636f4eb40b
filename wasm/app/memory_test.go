package app

import (
	"runtime"
	"strings"
	"testing"
)

// heapInUse returns the live heap after a full collection.
func heapInUse() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

func TestPageBytesPerRoute(t *testing.T) {
	if testing.Short() {
		t.Skip("100,000 routes")
	}
	s := loadedSim(t, full(t)[:1000], 0)
	settle(t, s)
	before := heapInUse()
	s.Submit(genLine(100000, 1))
	frameUntilIdle(t, s)
	s.Frame(frame) // lays the tries out again
	per := float64(heapInUse()-before) / 2 / 100000
	t.Logf("the page holds %.0f bytes per route in each namespace (engine, layouts, player)", per)
	if per > RouteBytes {
		t.Fatalf("%.0f bytes per route, more than RouteBytes (%d)", per, RouteBytes)
	}
	runtime.KeepAlive(s)
}

// fixedHeap reports a live heap of live bytes and one GC cycle, always.
func fixedHeap(live uint64) HeapReader { return func() (uint64, uint64) { return live, 1 } }

func TestMemoryBudgetRefusesRoutes(t *testing.T) {
	const live = 100 << 20
	o := DefaultOptions()
	o.Prefixes, o.DemoRoutes, o.Nanotime = full(t)[:100], 0, fakeClock()
	o.ReadHeap, o.MemBudget = fixedHeap(live), live+500*2*RouteBytes // room for 500 routes in each lane
	s := NewSim(o)
	for !s.Ready() {
		s.Frame(frame)
	}
	if m := s.Memory(); m.Room != 500 || m.Used != live {
		t.Fatalf("memory %+v, want 500 routes of room", m)
	}
	exec(t, s, genLine(1000, 1), 2, "gen: 500 routes added\nRTNETLINK answers: Cannot allocate memory\n")
	m := s.Memory()
	// 605: table main's 100 + 2 kernel routes + 500, and table local's 3
	want := "fib6lab: memory budget reached: 605 routes in each namespace, about 100 MiB of the page's 100 MiB; " +
		"more routes are refused (Cannot allocate memory). Delete routes, or reload the page."
	if m.Room != 0 || m.Refusals != 1 || m.Note != want {
		t.Fatalf("memory %+v", m)
	}
	if ls := s.Console.Lines(0); ls[len(ls)-1].Text != want {
		t.Fatalf("last console line %q", ls[len(ls)-1].Text)
	}
	exec(t, s, "ip -6 route add 2001:db8:ffff::/48 dev eth0", 2, "RTNETLINK answers: Cannot allocate memory\n")
	if s.AddExpiring(10, 128, 5); s.ExpiringStatus() != "added 0 of 10 expiring routes: "+want || s.Memory().Refusals != 3 {
		t.Fatalf("expiring routes past the budget: %q, %d refusals", s.ExpiringStatus(), s.Memory().Refusals)
	}
	// deleting routes makes room again
	exec(t, s, "ip -6 route flush root 2001:db8:1::/64", 0, "")
	exec(t, s, "ip -6 route add 2001:db8:ffff::/48 dev eth0", 0, "")
	for _, l := range s.Lanes {
		if l.Routes() != 100+s.KernelRoutes+1 {
			t.Fatalf("%s: %d routes", l.ID, l.Routes())
		}
	}
}

func TestMemoryBudgetFromTheRuntime(t *testing.T) {
	o := DefaultOptions()
	o.Prefixes, o.DemoRoutes, o.Nanotime = full(t)[:100], 0, fakeClock()
	s := NewSim(o)
	for !s.Ready() {
		s.Frame(frame)
	}
	runtime.GC()
	used := s.Memory().Used
	if live, cycles := readHeap(); live == 0 || cycles == 0 || used < int64(live) {
		t.Fatalf("runtime/metrics: live %d, %d cycles, used %d", live, cycles, used)
	}
	s.mem.budget = used + 20<<20 // 20 MiB: 20,971 routes in each lane at RouteBytes
	r := s.Exec(genLine(100000, 1))
	added := s.Lanes[0].Routes() - 100 - s.KernelRoutes
	if r.Status != 2 || !strings.HasSuffix(r.Output, "RTNETLINK answers: Cannot allocate memory\n") || added < 16000 || added > 20971 {
		t.Fatalf("%d routes added under a 20 MiB budget: %q", added, r.Output)
	}
	t.Logf("a 20 MiB budget refused routes after %d in each namespace", added)
}
