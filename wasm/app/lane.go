package app

import (
	"errors"
	"fmt"
	"net/netip"

	"fib6lab/data"
	"fib6lab/engine/errno"
	"fib6lab/engine/fib6"
	"fib6lab/engine/gc"
	"fib6lab/engine/iproute2"
	"fib6lab/engine/kernel"
	"fib6lab/engine/netns"
	"fib6lab/engine/trace"
)

// gateway is the next hop of every route the page bulk-loads, on-link on
// eth0 (see SetupScript).
var gateway = fib6.GatewayOf(netip.MustParseAddr("2001:db8::2"))

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
// did, as struct fib6_gc_args and the walker counters would, and how the
// pass found its routes, as its trace says (its OpBegin).
type Progress struct {
	Active   bool        // a pass is being shown
	Strategy gc.Strategy // trie walk (trace.OpGCTrie) or GC list (trace.OpGCList)
	Visited  int         // nodes the walker stepped on
	Checked  int         // routes aged by fib6_age
	Removed  int         // routes deleted
}

// LaneIDs name the two lanes, left and right, as the console's `left:`
// and `right:` prefixes and state().lanes do.
var LaneIDs = [2]string{"left", "right"}

// LaneKernels are the releases the lanes start with: left before the
// 2023 GC list (its passes walk the trie), right a current kernel (they
// walk the GC list). `kernel VERSION` in the console changes them.
var LaneKernels = [2]string{"6.1", "6.18"}

// Lane is one side of the comparison: a namespace of one kernel release
// (its GC strategy is the release's), the layout of its table main and
// the playback of its trace.
type Lane struct {
	ID    string          // LaneIDs
	NS    *netns.Netns    // the namespace the console's commands run in (World.Init)
	Shell *iproute2.Shell // the console's shell on NS
	// Display is what the lane shows at the player's position; a
	// checkpoint of the player keeps a copy of it (player.go).
	Display
	Dropped int // trace events not kept: the recorder was full

	rec         *trace.Recorder
	ftrace      *ftraceLog        // the tracepoints recorded on demand, or nil (ftrace.go)
	dev         int               // ifindex of eth0, the device of bulk-loaded routes
	marks       []mark            // console commands by the absolute index of their first event
	markPos     int               // first of marks not applied yet
	queued      int64             // events ever queued
	hist        history           // the player's checkpoints and markers (player.go)
	prefixOf    map[uint32]string // node prefixes as first captioned, by fib6.Node.ID
	drainGC     bool              // drain is inside a GC pass (OpBegin of a GC op .. GCPass)
	drainDepth  int               // drain's OpBegin/OpEnd nesting outside GC passes
	events      eventLog          // queued trace, played from index played
	played      int
	dirty       bool         // the trie changed since Layout was built
	stripStale  bool         // the GC list changed since Strip was built
	lazy        bool         // a link's replay holds the layouts back (Sim.catchUp)
	twin        *Lane        // the other lane, whose layout refresh copies when the tries are alike
	cmdStart    int          // recorder events before the console command running
	sifted      int          // recorder events filtered already (sift)
	gcEvents    int          // events of GC passes among those filtered since the command began
	bulk        bool         // that command traced more than MaxCommandEvents: not animated
	build       *layoutBuild // table main's layout being built over frames, nil none
	samples     []Traffic    // counters read as events were queued (traffic.go)
	trafficMemo trafficMemo  // Traffic's last answer
	sampleGen   int          // changes to samples, for trafficMemo
	packets     []*Packet    // `send` commands' packets (traffic.go)
	cmdLine     string       // the console command running
	cmdAt       int64        // absolute position of its first event
	view        *netns.Netns // the namespace shown when not NS (SelectNetns), nil NS
	skipped     int          // operations capBacklog stepped over, not yet reported
}

// Display is everything a lane displays at a player position: the trie
// layout, the GC pass shown and the console operation shown. Stepping back
// restores a copy of it (Lane.snapshot, Lane.restore).
type Display struct {
	Layout   *Layout // table main as it was before the pass being shown
	Pass     Progress
	Current  int32   // view index of the node the walk stands on, -1 none
	Sweep    float64 // world x left of which the trie walk is done, -1 none
	Strip    []ListEntry
	StripPos int     // strip entry the list walk stands on, -1 none
	Removed  []int32 // view indexes of nodes that lost a route in this pass
	Op       *OpView // console operation on table main shown last, nil none
	Lookup   Lookup  // last lookup on table main shown

	netns   string    // name of the namespace the picture is of ("" init; netnsview.go)
	opDepth int       // OpBegin/OpEnd nesting of the console operation being shown
	opSkip  bool      // that operation is not on table main: not shown
	label   string    // console command whose events are being shown
	teach   teachView // the player's and pseudo-code panel's display state (player.go)
}

// Kernel returns the release the lane's namespace models.
func (l *Lane) Kernel() kernel.Release { return l.Netns().Features().Release }

// Strategy returns how the lane's GC passes find routes, as its release
// decides: what its next pass runs.
func (l *Lane) Strategy() gc.Strategy { return l.Netns().GCStrategy() }

// ShownStrategy returns the strategy the lane's picture shows: that of
// the pass being shown or shown last, as its trace says; before the
// first pass, that of its release. After a `kernel` change the picture
// keeps the last pass as it ran until the next pass shows the new one.
func (l *Lane) ShownStrategy() gc.Strategy {
	if l.Pass.Active || l.teach.shown.Passes > 0 {
		return l.Pass.Strategy
	}
	return l.Strategy()
}

// Pending returns the number of trace events still to show.
func (l *Lane) Pending() int { return l.events.Len() - l.played }

// Progress returns the shown fraction of the batch of events being shown
// (1 when none).
func (l *Lane) Progress() float64 {
	return l.segmentProgress()
}

// WalkProgress returns the shown fraction of the trie-walk pass being
// shown: the nodes the walker stepped on over the nodes of the trie it
// walks (table main as laid out before the pass; the walk of the other
// tables' few nodes counts too, so it is clamped to 1). It only grows
// through a pass, where Progress, the fraction of the events queued so
// far, falls back whenever a slice of a pass cut into frames is queued.
// Outside a trie walk it is Progress.
func (l *Lane) WalkProgress() float64 {
	if !l.Pass.Active || l.Pass.Strategy != gc.TrieWalk || l.Layout == nil || len(l.Layout.Nodes) == 0 {
		return l.Progress()
	}
	return min(float64(l.Pass.Visited)/float64(len(l.Layout.Nodes)), 1)
}

// Caption returns the one-line description of the console operation
// shown last (at most width characters), or "".
func (l *Lane) Caption(width int) string {
	if l.Op == nil {
		return ""
	}
	return l.Op.Caption(width)
}

// Routes returns the number of routes in table main.
func (l *Lane) Routes() int { return l.Netns().FIB.Table(fib6.RT_TABLE_MAIN).Entries }

// rtprotBoot is RTPROT_BOOT, the protocol `ip route add` gives routes
// (not printed by `ip route show`).
const rtprotBoot = 3

// addRoute adds p via 2001:db8::2 dev eth0 to table main, as `ip -6 route
// add p via 2001:db8::2 dev eth0 [expires secs]` does (no expiry when secs
// is 0).
func (l *Lane) addRoute(p netip.Prefix, secs int64) error {
	return l.addRouteIn(l.NS.FIB.NewInfo(), p, secs)
}

// addRoutes adds the routes of ks without expiry as addRoute does,
// their fib6_info in one allocation (fib6.Net.InitInfo) and added in one
// call (netns.Netns.AddRoutes); a prefix already in the table is skipped.
func (l *Lane) addRoutes(ks []data.Key) error {
	slab := make([]fib6.Info, len(ks))
	for i, k := range ks {
		rt := l.NS.FIB.InitInfo(&slab[i])
		rt.Dst, rt.DstLen = fib6.Key{Hi: k.Hi, Lo: k.Lo}, k.Bits
		l.routeConfig(rt)
	}
	var err error
	l.NS.AddRoutes(fib6.RT_TABLE_MAIN, slab, fib6.NLM_F_CREATE|fib6.NLM_F_EXCL, func(rt *fib6.Info, e error) bool {
		if errors.Is(e, errno.EEXIST) {
			return true
		}
		err = fmt.Errorf("loading %v: %w", rt.Prefix(), e)
		return false
	})
	return err
}

// addRouteIn is addRoute for the fresh route rt.
func (l *Lane) addRouteIn(rt *fib6.Info, p netip.Prefix, secs int64) error {
	l.routeIn(rt, p, secs)
	return l.NS.AddRoute(fib6.RT_TABLE_MAIN, rt, fib6.NLM_F_CREATE|fib6.NLM_F_EXCL)
}

// routeIn makes the fresh route rt p via 2001:db8::2 dev eth0 (see
// addRoute), not linked yet.
func (l *Lane) routeIn(rt *fib6.Info, p netip.Prefix, secs int64) {
	ns := l.NS
	rt.Dst, rt.DstLen = fib6.KeyOf(p.Addr()), uint8(p.Bits())
	l.routeConfig(rt)
	if secs > 0 {
		rt.SetExpires(ns.Now() + secs*ns.HZ)
	}
}

// routeConfig gives rt the configuration of the routes the page adds:
// unicast via 2001:db8::2 dev eth0, metric 1024, proto boot.
func (l *Lane) routeConfig(rt *fib6.Info) {
	rt.Type, rt.Metric, rt.Flags = fib6.RTN_UNICAST, fib6.IP6_RT_PRIO_USER, fib6.RTF_UP|fib6.RTF_GATEWAY
	rt.Protocol = rtprotBoot
	rt.NH.Dev, rt.NH.Gw = l.dev, gateway
}

// mark is a console command and the count of queued events at which its
// events start.
type mark struct {
	at   int64
	text string
}

// markCommand labels the events the next engine work queues with the
// console command line that causes them.
func (l *Lane) markCommand(line string) {
	l.ftrace.command(line)
	l.marks = append(l.marks, mark{at: l.queued + int64(len(l.rec.Events)), text: line})
}

// MaxCommandEvents is the number of trace events, GC passes apart, that
// one command may queue for animation in a lane. A command that traces
// more (gen routes 100000, a flush of the full table) is bulk work: it
// runs untraced from there on, and its events are dropped, so that its
// trace never holds more than this (1.5 MiB) and the player's history
// does not grow with it; the trie is laid out again with its result. The
// GC passes a command runs (a sleep past the GC timer) are animated whole
// while the recorder keeps them (trace.DefaultLimit events, enough for a
// trie walk over 1,000,000 routes); past that the command is bulk too.
const MaxCommandEvents = 1 << 17

// beginCommand starts a console command's trace: events queued before
// are drained, and the command's are labelled with line.
func (l *Lane) beginCommand(line string) {
	l.drain()
	l.markCommand(line)
	l.cmdStart, l.bulk, l.gcEvents = len(l.rec.Events), false, 0
	l.cmdLine, l.cmdAt = line, l.head()
}

// checkBulk turns the trace off, dropping the command's events, once the
// command running has traced more than MaxCommandEvents (or the recorder
// dropped some). The engine calls it at every Yield; endCommand once more.
func (l *Lane) checkBulk() {
	if l.bulk || l.Netns().FIB.Trace == nil {
		return
	}
	l.sift()
	if len(l.rec.Events)-l.cmdStart-l.gcEvents > MaxCommandEvents || l.rec.Dropped > 0 {
		l.bulk = true
		l.setTrace(nil)
		l.rec.Events, l.rec.Dropped = l.rec.Events[:l.cmdStart], 0
		l.sifted = l.cmdStart
		l.ftrace.alignStamps(l.rec)
	}
}

// sift drops, in place, the recorder's events not filtered yet that the
// player does not show (filter), so that only the events kept count.
func (l *Lane) sift() {
	l.ftrace.events(l.rec, l.sifted)
	kept := l.filter(l.rec.Events[l.sifted:])
	l.rec.Events = l.rec.Events[:l.sifted+len(kept)]
	l.sifted = len(l.rec.Events)
	l.ftrace.alignStamps(l.rec)
}

// endCommand queues the events of the command that ended; for a bulk
// command it finishes, untraced, any GC pass the command started, and
// has the trie and GC list read again. The trace goes back on when
// traced. A command that queued no events loses its label, which would
// otherwise be taken by the next one's events. It reports whether the
// command was bulk.
func (l *Lane) endCommand(traced bool) bool {
	l.checkView()
	l.checkBulk()
	if l.bulk {
		l.NS.FinishGC()
		l.dirty, l.stripStale = true, true
		l.drainGC, l.drainDepth = false, 0 // the filter saw operations whose ends were not traced
	}
	if traced {
		l.setTrace(l.rec)
	}
	before := l.queued
	l.drain()
	if l.queued == before && len(l.marks) > 0 && l.marks[len(l.marks)-1].at >= before {
		l.marks = l.marks[:len(l.marks)-1]
	}
	if at := max(l.cmdAt, l.hist.base); at < l.head() {
		l.notePacket(l.cmdLine, at)
	}
	l.sampleTraffic(nil)
	return l.bulk
}

// keepRecorder is the recorder capacity, in events, kept between drains;
// a bigger buffer (a GC pass run at once over a big table) is let go.
const keepRecorder = MaxCommandEvents

// drain moves what the engine traced into the playback queue. When the
// lane was idle and the new events create nodes, the trie is laid out
// again at once, so an add is shown over the trie that has its new nodes.
func (l *Lane) drain() {
	l.Dropped += l.rec.Dropped
	l.sift()
	evs := l.rec.Events
	if len(evs) == 0 {
		l.resetRecorder()
		return
	}
	start := l.queued
	l.queued += int64(len(evs))
	creates := false
	for _, e := range evs {
		switch e.Kind {
		case trace.RouteUnlink, trace.RouteLink:
			l.dirty = true
		case trace.NodeCreate:
			creates = true
		}
	}
	idle := l.Pending() == 0
	l.events.Append(evs) // kept as the player's history
	l.noteQueued(evs, start)
	l.sampleTraffic(evs)
	l.resetRecorder()
	if idle && creates && l.Layout != nil {
		l.refresh()
	}
	l.skipped += l.capBacklog()
}

// resetRecorder empties the recorder, letting a big buffer go.
func (l *Lane) resetRecorder() {
	l.rec.Reset()
	l.sifted = 0
	if cap(l.rec.Events) > keepRecorder {
		l.rec.Events = nil
	}
}

// filter drops, in place, the node visits of walks that are neither a GC
// pass nor inside an operation: the dumps of `ip -6 route show` and
// flush, which are not shown and would otherwise queue a visit of every
// node of the trie.
func (l *Lane) filter(evs []trace.Event) []trace.Event {
	out := evs[:0]
	for _, e := range evs {
		switch {
		case e.Kind == trace.OpBegin && isGCOp(e.Val):
			l.drainGC = true
		case e.Kind == trace.GCPass:
			l.drainGC = false
		case l.drainGC:
		case e.Kind == trace.OpBegin:
			l.drainDepth++
		case e.Kind == trace.OpEnd:
			l.drainDepth = max(l.drainDepth-1, 0)
		case e.Kind == trace.NodeVisit && l.drainDepth == 0,
			e.Kind == trace.TableLookup, e.Kind == trace.TimerExpire: // tracepoints only (ftrace.go)
			continue
		}
		if l.drainGC || e.Kind == trace.GCPass {
			l.gcEvents++
		}
		out = append(out, e)
	}
	return out
}

// play shows up to n queued events.
func (l *Lane) play(n int) {
	for ; n > 0 && l.played < l.events.Len(); n-- {
		l.checkpoint()
		for ; l.markPos < len(l.marks) && l.marks[l.markPos].at <= l.pos(); l.markPos++ {
			l.label = l.marks[l.markPos].text
		}
		l.show(l.events.At(l.played))
		l.played++
	}
}

// inOp reports whether the next event to show is outside a GC pass: a
// console operation, shown over OpSeconds.
func (l *Lane) inOp() bool {
	if l.Pending() == 0 || l.Pass.Active {
		return false
	}
	e := l.events.At(l.played)
	return e.Kind != trace.OpBegin || !isGCOp(e.Val)
}

func isGCOp(v int64) bool { op := trace.Op(v); return op == trace.OpGCTrie || op == trace.OpGCList }

// show updates what the lane displays for one trace event.
func (l *Lane) show(e trace.Event) {
	l.track(e)
	if l.Pass.Active || e.Kind == trace.GCPass || e.Kind == trace.OpBegin && isGCOp(e.Val) {
		l.showGC(e)
		return
	}
	l.showOp(e)
}

// showOp shows one event of a console operation. Only operations that
// start on a node of the layout (table main) are shown; nested ones (a
// replaced route's unlink inside fib6_add) belong to the outer one.
func (l *Lane) showOp(e trace.Event) {
	switch {
	case isPacket(e) && l.opDepth == 0:
		l.Op = packetView(e, l.label, l.devName(int(e.Node)))
		return
	case e.Kind == trace.OpBegin && l.opDepth == 0:
		l.opDepth, l.opSkip = 1, l.layoutIndex(e.Node) < 0
		if !l.opSkip {
			l.Op = &OpView{Op: trace.Op(e.Val), Label: l.label}
		}
		return
	case e.Kind == trace.OpBegin:
		l.opDepth++
		return
	case l.opDepth == 0 || l.opSkip || l.Op == nil:
		l.closeOp(e)
		return
	case e.Kind == trace.OpEnd && l.opDepth == 1:
		l.Op.end(e, l.nodePrefix)
		if l.Op.Op == trace.OpLookup {
			l.Lookup = Lookup{Label: l.Op.Label, Prefix: l.Op.Prefix, Steps: len(l.Op.Path),
				Backtracks: l.Op.Backtracks, Count: l.Lookup.Count + 1}
		}
	default:
		l.Op.apply(e, l.nodePrefix, l.nodeParent)
	}
	l.closeOp(e)
}

// closeOp leaves one level of operation nesting at an OpEnd.
func (l *Lane) closeOp(e trace.Event) {
	if e.Kind == trace.OpEnd && l.opDepth > 0 {
		l.opDepth--
	}
}

// nodePrefix returns the prefix of node id, or "" when it is not laid out.
// The first answer for a node is kept, so that replaying the history
// (player.go) captions it as it was first shown.
func (l *Lane) nodePrefix(id uint32) string {
	if p, ok := l.prefixOf[id]; ok {
		return p
	}
	if i := l.layoutIndex(id); i >= 0 {
		p := l.Layout.prefixOr(i)
		if l.prefixOf == nil {
			l.prefixOf = map[uint32]string{}
		}
		l.prefixOf[id] = p
		return p
	}
	return ""
}

// nodeParent returns the ID of node id's parent, or 0.
func (l *Lane) nodeParent(id uint32) uint32 {
	if i := l.layoutIndex(id); i >= 0 {
		return l.Layout.ParentID(i)
	}
	return 0
}

// showGC updates what the lane displays for one event of a GC pass.
func (l *Lane) showGC(e trace.Event) {
	switch e.Kind {
	case trace.OpBegin:
		if op := trace.Op(e.Val); op == trace.OpGCTrie || op == trace.OpGCList {
			l.beginPass(op)
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

// beginPass resets the pass display for a pass of GC operation op; for a
// list walk the strip becomes the list entries the pass is about to
// visit.
func (l *Lane) beginPass(op trace.Op) {
	l.Pass = Progress{Active: true, Strategy: gc.TrieWalk}
	if op == trace.OpGCList {
		l.Pass.Strategy = gc.GCList
	}
	l.Removed, l.StripPos, l.Sweep = l.Removed[:0], -1, 0
	var strip []ListEntry
	for e := range l.events.Range(l.played, l.events.Len()) {
		if e.Kind == trace.GCPass {
			break
		}
		if e.Kind == trace.ListVisit {
			strip = append(strip, ListEntry{Route: e.Route, Node: e.Node})
		}
	}
	if l.Pass.Strategy == gc.GCList {
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
	if l.Pass.Strategy != gc.TrieWalk {
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
// It is called when nothing is left to play, or when the lane holds its
// playback for a layout being built over frames (buildLayout); a layout
// still being built leaves everything as it is.
func (l *Lane) refresh() { l.refreshLike(l.twinLayout()) }

// twinLayout returns the twin lane's layout when it is the layout of its
// table as it is and the two tries may be alike (after the same command
// they are, and CopyLayout takes it for this lane's at a fraction of a
// layout's cost), else nil: tries that differ in their counts of nodes,
// route nodes or routes (a command run in one lane) are not compared
// node by node at every layout.
func (l *Lane) twinLayout() *Layout {
	t := l.twin
	if t == nil || t.dirty || t.lazy || t.Layout == nil || t.building() {
		return nil
	}
	a, b := l.Netns().FIB, t.Netns().FIB
	if a.Stats.FibNodes != b.Stats.FibNodes || a.Stats.FibRouteNodes != b.Stats.FibRouteNodes ||
		a.Table(fib6.RT_TABLE_MAIN).Entries != b.Table(fib6.RT_TABLE_MAIN).Entries {
		return nil
	}
	return t.Layout
}

// refreshLike is refresh for a lane whose table main may be laid out as
// like is (CopyLayout); nil, or a trie that differs, lays it out anew.
func (l *Lane) refreshLike(like *Layout) {
	if l.lazy {
		return
	}
	tb := l.Netns().FIB.Table(fib6.RT_TABLE_MAIN)
	var lay *Layout
	if l.dirty && like != nil {
		if lay = CopyLayout(like, tb); lay != nil {
			l.build = nil // a layout built over frames is not needed any more
		}
	}
	if l.dirty && lay == nil {
		if lay = l.buildLayout(tb); lay == nil {
			return
		}
	}
	if l.dirty || l.stripStale {
		l.relaid()
	}
	if l.dirty {
		l.Layout, l.dirty = lay, false
		l.Removed, l.Current, l.Sweep = l.Removed[:0], -1, -1
	}
	if l.stripStale {
		l.Strip, l.StripPos, l.stripStale = l.Strip[:0], -1, false
		for _, rt := range tb.GCList() {
			l.Strip = append(l.Strip, ListEntry{Route: rt.ID, Node: rt.Node().ID})
		}
	}
}

// Layouts of big tables are built over frames: laying out 1,000,000
// routes takes over a second in the browser.
const (
	// SyncLayoutRoutes is the size of table main up to which its layout
	// is built at once (the full table's is, in about 150 ms).
	SyncLayoutRoutes = 200_000
	// LayoutSlice is the work (nodes walked, aggregated or indexed) done
	// per frame on a bigger table's layout.
	LayoutSlice = 1 << 17
)

// buildLayout returns table main's new layout, built at once for a table
// of at most SyncLayoutRoutes routes; for a bigger one it does the next
// LayoutSlice of the build and returns nil until the build is done. A
// build whose trie changed starts again. While it runs, the lane's
// playback waits (Sim.play): events queued meanwhile need the new layout.
func (l *Lane) buildLayout(tb *fib6.Table) *Layout {
	if tb.Entries <= SyncLayoutRoutes && l.build == nil {
		return BuildLayout(tb)
	}
	if key := keyOfTrie(tb, l.Netns().FIB.Stats); l.build == nil || l.build.key != key {
		l.build = newLayoutBuild(tb)
		l.build.key, l.build.at = key, l.pos()
	}
	if !l.build.step(LayoutSlice) {
		return nil
	}
	lay := l.build.l
	l.build = nil
	return lay
}

// building reports whether the lane's layout is being built over frames
// from its player position (not when the player was moved away).
func (l *Lane) building() bool { return l.build != nil && l.build.at == l.pos() }
