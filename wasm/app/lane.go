package app

import (
	"net/netip"

	"fib6lab/engine/fib6"
	"fib6lab/engine/gc"
	"fib6lab/engine/netns"
	"fib6lab/engine/trace"
)

// gateway is the next hop of every route the page adds.
var gateway = netip.MustParseAddr("fe80::1")

// EntryState is what the shown part of a GC pass did to a GC list entry.
type EntryState uint8

// GC list entry states.
const (
	EntryWaiting EntryState = iota // not aged yet in this pass
	EntryKept                      // fib6_age: not expired, stays (gc_args.more++)
	EntryExpired                   // fib6_age: expired, about to be deleted
	EntryRemoved                   // deleted by fib6_del
)

// ListEntry is one route on the table's tb6_gc_hlist as the strip shows it.
type ListEntry struct {
	Route, Node uint32 // fib6.Info.ID and its fib6.Node.ID
	State       EntryState
}

// Progress counts what the shown part of the current (or last) GC pass
// did, as struct fib6_gc_args and the walker counters would.
type Progress struct {
	Active  bool // a pass is being shown
	Visited int  // nodes the walker stepped on
	Checked int  // routes aged by fib6_age
	Removed int  // routes deleted
}

// Lane is one side of the comparison: a namespace running one GC
// strategy, the layout of its table main and the playback of its trace.
type Lane struct {
	Strategy gc.Strategy
	NS       *netns.Netns
	Layout   *Layout // table main as it was before the pass being shown
	Pass     Progress
	Current  int32   // view index of the node the walk stands on, -1 none
	Sweep    float64 // world x left of which the trie walk is done, -1 none
	Strip    []ListEntry
	StripPos int     // strip entry the list walk stands on, -1 none
	Listed   int     // routes on tb6_gc_hlist now
	Removed  []int32 // view indexes of nodes that lost a route in this pass

	rec        *trace.Recorder
	events     []trace.Event // queued trace, played from index played
	played     int
	dirty      bool // the trie changed since Layout was built
	stripStale bool // the GC list changed since Strip was built
}

// Pending returns the number of trace events still to show.
func (l *Lane) Pending() int { return len(l.events) - l.played }

// Progress returns the shown fraction of the queued trace (1 when none).
func (l *Lane) Progress() float64 {
	if len(l.events) == 0 {
		return 1
	}
	return float64(l.played) / float64(len(l.events))
}

// Routes returns the number of routes in table main.
func (l *Lane) Routes() int { return l.NS.FIB.Table(fib6.RT_TABLE_MAIN).Entries }

// addRoute adds p via fe80::1 dev 2 to table main, as `ip -6 route add p
// via fe80::1 dev eth0 [expires secs]` does (no expiry when secs is 0).
func (l *Lane) addRoute(p netip.Prefix, secs int64) error {
	ns := l.NS
	rt := ns.FIB.NewInfo()
	rt.Dst, rt.DstLen = fib6.KeyOf(p.Addr()), uint8(p.Bits())
	rt.Type, rt.Metric, rt.Flags = fib6.RTN_UNICAST, fib6.IP6_RT_PRIO_USER, fib6.RTF_UP|fib6.RTF_GATEWAY
	rt.NH.Dev, rt.NH.Gw = 2, gateway
	if secs > 0 {
		rt.SetExpires(ns.Now() + secs*ns.HZ)
	}
	return ns.AddRoute(fib6.RT_TABLE_MAIN, rt, fib6.NLM_F_CREATE|fib6.NLM_F_EXCL)
}

// drain moves what the engine traced into the playback queue.
func (l *Lane) drain() {
	evs := l.rec.Events
	if len(evs) == 0 {
		return
	}
	for _, e := range evs {
		if e.Kind == trace.RouteUnlink || e.Kind == trace.RouteLink {
			l.dirty = true
			break
		}
	}
	if l.Pending() == 0 {
		// swap buffers instead of copying a whole pass
		l.events, l.rec.Events, l.played = evs, l.events[:0], 0
		return
	}
	l.events = append(l.events, evs...)
	l.rec.Reset()
}

// play shows up to n queued events.
func (l *Lane) play(n int) {
	for ; n > 0 && l.played < len(l.events); n-- {
		l.show(l.events[l.played])
		l.played++
	}
}

// show updates what the lane displays for one trace event.
func (l *Lane) show(e trace.Event) {
	switch e.Kind {
	case trace.OpBegin:
		if op := trace.Op(e.Val); op == trace.OpGCTrie || op == trace.OpGCList {
			l.beginPass()
		}
	case trace.NodeVisit:
		l.Pass.Visited++
		l.stand(e.Node, false)
	case trace.ListVisit:
		l.StripPos++
		l.stand(e.Node, false)
	case trace.RouteAge:
		l.Pass.Checked++
		l.stand(e.Node, true)
		state := EntryKept
		if e.Val <= 0 {
			state = EntryExpired
		}
		l.markEntry(e.Route, state)
	case trace.RouteUnlink:
		if l.Pass.Active {
			l.Pass.Removed++
			if i := l.layoutIndex(e.Node); i >= 0 {
				l.Removed = append(l.Removed, i)
			}
			l.markEntry(e.Route, EntryRemoved)
		}
	case trace.GCPass:
		l.Pass.Active, l.Current, l.Sweep, l.StripPos = false, -1, -1, -1
	}
}

// beginPass resets the pass display; for a list walk the strip becomes
// the list entries the pass is about to visit.
func (l *Lane) beginPass() {
	l.Pass = Progress{Active: true}
	l.Removed, l.StripPos, l.Sweep = l.Removed[:0], -1, 0
	var strip []ListEntry
	for _, e := range l.events[l.played:] {
		if e.Kind == trace.GCPass {
			break
		}
		if e.Kind == trace.ListVisit {
			strip = append(strip, ListEntry{Route: e.Route, Node: e.Node})
		}
	}
	if l.Strategy == gc.GCList {
		l.Strip = strip
	}
}

// stand moves the walk's cursor to node id. The trie walk is post-order:
// a node is stepped on going down (everything left of its span is done)
// and its routes are aged coming back up (its whole span is done).
func (l *Lane) stand(id uint32, after bool) {
	i := l.layoutIndex(id)
	if i < 0 {
		return
	}
	l.Current = i
	if l.Strategy != gc.TrieWalk {
		return
	}
	v := &l.Layout.Nodes[i]
	if after {
		l.Sweep = max(l.Sweep, float64(v.Hi))
	} else {
		l.Sweep = max(l.Sweep, float64(v.Lo))
	}
}

func (l *Lane) layoutIndex(id uint32) int32 {
	if l.Layout == nil {
		return -1
	}
	return l.Layout.Index(id)
}

// markEntry sets the state of the strip entry the list walk stands on
// when it is route id.
func (l *Lane) markEntry(id uint32, st EntryState) {
	if l.StripPos >= 0 && l.StripPos < len(l.Strip) && l.Strip[l.StripPos].Route == id {
		l.Strip[l.StripPos].State = st
	}
}

// refresh re-lays out the trie and re-reads the GC list if they changed.
// It is called only when nothing is left to play.
func (l *Lane) refresh() {
	tb := l.NS.FIB.Table(fib6.RT_TABLE_MAIN)
	if l.dirty || l.stripStale {
		l.Listed = len(tb.GCList())
	}
	if l.dirty {
		l.Layout, l.dirty = BuildLayout(tb), false
		l.Removed, l.Current, l.Sweep = l.Removed[:0], -1, -1
	}
	if l.stripStale {
		l.Strip, l.StripPos, l.stripStale = l.Strip[:0], -1, false
		for _, rt := range tb.GCList() {
			l.Strip = append(l.Strip, ListEntry{Route: rt.ID, Node: rt.Node.ID})
		}
	}
}
