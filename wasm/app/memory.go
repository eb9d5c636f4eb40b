package app

import (
	"fmt"
	"runtime/metrics"

	"fib6lab/engine/netns"
)

// The page's memory budget. The wasm heap cannot grow past 4 GiB, and Go's
// collector lets the heap grow to about twice the live data between
// cycles, so the page stops growing its namespaces well before: a command
// or request that would add routes past the budget fails as an allocation
// failure does (ENOMEM, which ip prints as "RTNETLINK answers: Cannot
// allocate memory"), and a note says why.

// DefaultMemBudget is the live heap the page lets itself reach: 1.5 GiB,
// which holds 1,000,000 routes in each namespace (about 1.0 GiB with the
// full table's layouts) and leaves the collector room below 4 GiB.
const DefaultMemBudget = 1536 << 20

// RouteBytes bounds what one more route costs the page in one namespace,
// in bytes of live heap: its fib6_info and trie nodes (about 300) and its
// view nodes in the trie layout (about 2 of 32 bytes), with room for a
// layout the player still keeps. TestPageBytesPerRoute measures 376.
const RouteBytes = 500

// HeapReader returns the live heap in bytes as of the last completed GC
// cycle, and the number of completed cycles.
type HeapReader func() (live, cycles uint64)

// readHeap reads the runtime's own figures (runtime/metrics).
func readHeap() (live, cycles uint64) {
	s := heapSamples[:]
	metrics.Read(s)
	return s[0].Value.Uint64(), s[1].Value.Uint64()
}

// heapSamples is readHeap's reusable request (the page reads it every
// frame; wasm runs one goroutine at a time).
var heapSamples = [2]metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/cycles/total:gc-cycles"}}

// mappedBytes returns the memory the Go runtime has mapped from the
// system: in the browser, about the size of the wasm memory.
func mappedBytes() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64())
}

// MemState is the budget's state for the page (state().memory).
type MemState struct {
	Used, Budget int64 // estimated live heap and the budget, bytes
	Mapped       int64 // memory the Go runtime holds (mappedBytes)
	Room         int   // routes that still fit in each namespace
	Refusals     int   // commands and requests refused for the budget so far
	Note         string
}

// memGauge estimates the live heap between GC cycles: the live heap the
// last cycle measured plus RouteBytes for every route added since (the
// routes counted when the cycle was first seen).
type memGauge struct {
	budget   int64
	read     HeapReader
	cycles   uint64
	atGC     int // routes in both lanes when the last cycle was seen
	last     int // routes at the last reading
	started  bool
	refusals int
	note     string
}

// used returns the estimated live heap with routes routes in both lanes.
func (m *memGauge) used(routes int) int64 {
	live, cycles := m.read()
	return m.observe(live, cycles, routes)
}

// observe is used with the runtime's figures already read (Sim.Frame
// reads them once for the gauge and the frame-gap meter).
func (m *memGauge) observe(live, cycles uint64, routes int) int64 {
	if !m.started || cycles != m.cycles {
		m.cycles, m.atGC, m.started = cycles, m.last, true
		if m.last == 0 {
			m.atGC = routes
		}
	}
	m.last = routes
	return int64(live) + int64(max(routes-m.atGC, 0))*RouteBytes
}

// routes returns the routes of every table of both lanes (rt6_stats
// fib_rt_entries).
func (s *Sim) routes() int {
	n := 0
	for _, l := range s.Lanes {
		n += l.NS.FIB.Stats.FibRtEntries
	}
	return n
}

// routeRoom returns how many more routes fit in each namespace: the
// budget left over RouteBytes per route in each lane, at most up to
// netns.DefaultMaxRoutes.
func (s *Sim) routeRoom() int {
	left := max(s.mem.budget-s.mem.used(s.routes()), 0)
	room := int(left / (RouteBytes * int64(len(s.Lanes))))
	for _, l := range s.Lanes {
		room = min(room, max(netns.DefaultMaxRoutes-l.NS.FIB.Stats.FibRtEntries, 0))
	}
	return room
}

// limitRoutes sets each namespace's MaxRoutes to the routes it holds plus
// routeRoom, before a command runs: its adds fail with ENOMEM past it.
func (s *Sim) limitRoutes() {
	room := s.routeRoom()
	for _, l := range s.Lanes {
		l.NS.MaxRoutes = max(l.NS.FIB.Stats.FibRtEntries+room, 1)
	}
}

// noteBudget writes the budget's note after a command that failed at the
// limit limitRoutes set below netns.DefaultMaxRoutes.
func (s *Sim) noteBudget(r Result) {
	ns := s.Lanes[0].NS
	if r.Status == 0 || ns.MaxRoutes >= netns.DefaultMaxRoutes || ns.FIB.Stats.FibRtEntries < ns.MaxRoutes {
		return
	}
	s.refuseForBudget()
	s.Console.write(LineNote, s.mem.note)
}

// refuseForBudget counts a refusal and words its note.
func (s *Sim) refuseForBudget() {
	m := &s.mem
	m.refusals++
	m.note = fmt.Sprintf("fib6lab: memory budget reached: %s routes in each namespace, about %s MiB of the page's %s MiB; "+
		"more routes are refused (Cannot allocate memory). Delete routes, or reload the page.",
		Commas(s.Lanes[0].NS.FIB.Stats.FibRtEntries), Commas(int(m.used(s.routes())>>20)), Commas(int(m.budget>>20)))
}

// Memory returns the budget's state.
func (s *Sim) Memory() MemState {
	m := &s.mem
	return MemState{Used: m.used(s.routes()), Budget: m.budget, Mapped: mappedBytes(), Room: s.routeRoom(), Refusals: m.refusals, Note: m.note}
}
