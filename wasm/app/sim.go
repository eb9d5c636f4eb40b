package app

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"net/netip"
	"runtime/debug"
	"time"

	"fib6lab/data"
	"fib6lab/engine/errno"
	"fib6lab/engine/fib6"
	"fib6lab/engine/iproute2"
	"fib6lab/engine/netns"
	"fib6lab/engine/trace"
)

// Speeds are the playback speeds offered, in trace events per frame.
var Speeds = []float64{1.0 / 16, 1.0 / 8, 1.0 / 4, 1.0 / 2, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096}

// OpSeconds is how long a console or script command's events play, at
// the default speed, however many they are: a lookup of 40 events and a
// flood of 80,000 both take 2 s. A speed the user chose plays them at
// that speed instead.
const OpSeconds = 2.0

// TimeRates are the virtual-clock rates offered, in virtual seconds per
// wall second.
var TimeRates = []float64{1, 2, 5, 10, 20, 50, 100}

// Options configures a Sim. DefaultOptions gives the page's settings.
type Options struct {
	Prefixes    []netip.Prefix // table loaded into table main; nil = data.FullTable()
	ChunkSize   int            // prefixes loaded per frame (into the lane built; see load)
	FPS         float64        // nominal frames per wall second (ebiten's TPS)
	Speed       float64        // trace events played per nominal frame
	TimeRate    float64        // virtual seconds per wall second
	DemoRoutes  int            // expiring routes added once loaded (0: none)
	DemoPlen    int            // their prefix length (128 or 64)
	DemoExpires int64          // their lifetime in seconds
	Seed        uint64         // seed of the random expiring routes
	Nanotime    func() int64   // monotonic ns for timing GC passes; nil = wall clock
	GCBudget    time.Duration  // engine time per frame of a timer-started GC pass (netns.GCSlice); 0 = whole pass at once
	MemBudget   int64          // live heap the namespaces may grow to, bytes (memory.go); 0 = DefaultMemBudget
	ReadHeap    HeapReader     // the live heap and GC cycles; nil = runtime/metrics
	Headline    bool           // measure the headline while playing (headline.go; timed by Nanotime)
	// QuietGC stops Go's garbage collector while the table loads
	// (runtime/debug.SetGCPercent(-1), restored once it is in; the memory
	// limit still applies): the load allocates its routes in one burst, and
	// a collection in between would mark them all again and free nothing.
	QuietGC bool
	// BuildBoth builds each lane's table itself instead of cloning the
	// built lane's (slower; tests compare the two).
	BuildBoth bool
}

// DefaultOptions returns the demo settings: the full table, loaded 40,000
// prefixes per frame, at 60 frames per second; 2048 events per
// frame (a full-table trie walk of about 450,000 events plays in about 4
// s); the clock at 10x, so the 30 s GC timer fires 3 s after 10 routes
// expiring in 5 s are added.
func DefaultOptions() Options {
	return Options{ChunkSize: 40000, FPS: 60, Speed: 2048, TimeRate: 10,
		DemoRoutes: 10, DemoPlen: 128, DemoExpires: 5, Seed: 6, GCBudget: DefaultGCBudget}
}

// Sim runs two kernel releases side by side on identical copies of the
// routing state (by default one whose GC walks the trie and one whose GC
// walks the GC list, LaneKernels): one simulated namespace per Lane, one
// shared virtual clock, and a player that shows each lane's trace a
// frame's worth at a time. All methods are meant for one goroutine.
type Sim struct {
	Lanes    [2]*Lane // left, then right (LaneIDs)
	Playing  bool
	Speed    float64 // events per frame
	TimeRate float64 // virtual seconds per wall second
	Frames   int
	Loaded   int    // prefixes loaded into each lane so far
	Err      string // last engine error or recovered panic, "" if none
	Console  Console
	// Headline is the headline measurement, nil unless Options.Headline.
	Headline *Headline
	teach    teachSim // scenario, narration and view (scenario.go, urlstate.go)
	// KernelRoutes is the number of routes SetupScript left in table main
	// (eth0's prefix and link-local routes), before the table is loaded.
	KernelRoutes int

	opts     Options
	demo     Options    // the page's first options, its full-table demo's, which a link to the demo restarts with
	table    []data.Key // the table loaded into table main
	ready    bool
	credit   float64 // events owed to each lane by fractional speeds
	opRate   float64 // events per frame of the console operations queued
	backlog  int     // events queued after the last frame
	clockDue float64 // jiffies owed to the clock by fractional rates
	rng      *rand.Rand
	expiring expiringQueue // AddExpiring's routes still to add
	fill     fillState     // blocks of the routes Fill generated (fill.go)
	stepMsg  string        // see StepMessage
	job      *job          // the command running, sliced over frames (job.go)
	slot     slot          // what this frame may still spend on commands
	mem      memGauge      // the memory budget (memory.go)
	gaps     gapMeter      // wall time between frames (frametime.go)
	timing   LoadTiming
	created  int64 // Nanotime when the Sim was made
	cloned   bool  // the lane not built got its table as a clone (copyTable)
}

// LoadTiming is how the page got going, from the Sim's making on:
// when its first frame ran and when the table was in (Ready), and the
// engine time the table load took over its frames (Table), in parts:
// decoding the shipped table, building the built lane's trie,
// compacting it, giving the other lane its copy, and the rest (tracing
// on, layouts, demo routes).
type LoadTiming struct {
	FirstFrame, Ready, Table             time.Duration
	Decode, Build, Compact, Copy, Finish time.Duration
}

// since returns the time from start (Nanotime) to now and now.
func (s *Sim) since(start int64) (time.Duration, int64) {
	now := s.opts.Nanotime()
	return time.Duration(now - start), now
}

// NewSim returns a simulation that loads its table over the next frames.
func NewSim(o Options) *Sim {
	if o.Nanotime == nil {
		start := time.Now()
		o.Nanotime = func() int64 { return int64(time.Since(start)) }
	}
	if o.MemBudget <= 0 {
		o.MemBudget = DefaultMemBudget
	}
	if o.ReadHeap == nil {
		o.ReadHeap = readHeap
	}
	s := &Sim{Speed: o.Speed, TimeRate: o.TimeRate, opts: o, demo: o, table: keysOf(o.Prefixes),
		rng:  rand.New(rand.NewPCG(o.Seed, o.Seed^0x9e3779b97f4a7c15)),
		mem:  memGauge{budget: o.MemBudget, read: o.ReadHeap},
		slot: slot{end: math.MaxInt64, lines: MaxLinesPerFrame}}
	for i, id := range LaneIDs {
		ns := netns.New(0)
		ns.Nanotime = o.Nanotime
		if o.GCBudget > 0 {
			ns.GCSlice = initGCSlice
		}
		s.Lanes[i] = &Lane{ID: id, NS: ns, Shell: iproute2.NewShell(ns), rec: &trace.Recorder{}, Display: Display{Current: -1, Sweep: -1, StripPos: -1}}
	}
	s.Lanes[0].twin, s.Lanes[1].twin = s.Lanes[1], s.Lanes[0]
	if o.Headline {
		s.Headline = NewHeadline(o.Nanotime)
	}
	s.created = o.Nanotime()
	s.guard(s.setup)
	return s
}

// setup selects each lane's release (LaneKernels), runs SetupScript in
// both namespaces and notes eth0 and the kernel routes it made.
func (s *Sim) setup() error {
	for i, l := range s.Lanes {
		if err := l.NS.SetKernel(LaneKernels[i]); err != nil {
			return fmt.Errorf("setting up the namespace: kernel %s: %w", LaneKernels[i], err)
		}
		for _, line := range SetupScript {
			w := newCapWriter(MaxOutputLines)
			if l.Shell.Run(line, w) != 0 {
				return fmt.Errorf("setting up the namespace: %s: %s", line, w)
			}
		}
		l.dev = l.NS.Dev("eth0").Index
	}
	s.KernelRoutes = s.Lanes[0].Routes()
	return nil
}

// Ready reports whether both lanes hold the whole table.
func (s *Sim) Ready() bool { return s.ready }

// Total returns the number of prefixes to load (0 until the table is read).
func (s *Sim) Total() int { return len(s.table) }

// keysOf returns ps as keys (nil for nil: the shipped table).
func keysOf(ps []netip.Prefix) []data.Key {
	if ps == nil {
		return nil
	}
	ks := make([]data.Key, len(ps))
	for i, p := range ps {
		ks[i] = data.KeyOf(p)
	}
	return ks
}

// Jiffies returns the shared virtual clock.
func (s *Sim) Jiffies() int64 { return s.Lanes[0].NS.Now() }

// Seconds returns virtual seconds since the namespaces were created.
func (s *Sim) Seconds() float64 {
	ns := s.Lanes[0].NS
	return float64(ns.Uptime()) / float64(ns.HZ)
}

// Pending returns the trace events still to play, summed over the lanes.
func (s *Sim) Pending() int {
	return s.Lanes[0].Pending() + s.Lanes[1].Pending()
}

// maxCatchUp bounds the frames' worth of playback and clock that one
// slow frame may catch up with.
const maxCatchUp = 15

// Frame does the work of a frame that comes dt of wall time after the
// previous one: load a chunk of the table, or run console and script
// commands for the frame's slot (job.go) and (when playing) show Speed
// events per lane for every 1/FPS of dt and, once every lane has shown
// its pass and no command runs, move the virtual clock on by dt times
// TimeRate. Measuring dt keeps the pace when the browser draws fewer
// than FPS frames a second. While a command runs over frames, nothing
// else changes the engine: the player shows what was queued before.
// While a link replays over frames, a frame only carries the replay on
// (continueReplay). Panics in the engine are recovered into Err and
// pause the simulation.
func (s *Sim) Frame(dt time.Duration) {
	s.guard(func() error {
		s.Frames++
		live, cycles := s.opts.ReadHeap()
		s.gaps.frame(s.opts.Nanotime(), cycles)
		s.newSlot()
		if s.Frames == 1 {
			s.timing.FirstFrame = time.Duration(s.opts.Nanotime() - s.created)
		}
		if !s.ready {
			start := s.opts.Nanotime()
			err := s.load()
			end := s.opts.Nanotime()
			s.timing.Table += time.Duration(end - start)
			if s.ready {
				s.timing.Ready = time.Duration(end - s.created)
			}
			return err
		}
		s.mem.observe(live, cycles, s.routes()) // the gauge counts the routes added since the last GC
		// a link's replay has the frame: console lines wait for it
		if s.replaying() {
			if err := s.continueReplay(s.slot.start + ReplayBudget); err != nil {
				return errors.New("link: " + err.Error())
			}
			return nil
		}
		s.work()
		if err := s.addQueued(); err != nil {
			return err
		}
		if s.Playing {
			s.runScriptLines()
			if s.job == nil {
				s.continueGC()
			}
			// nominal frames in dt, to a thousandth so that 1/60 s is one
			ticks := Clamp(math.Round(dt.Seconds()*s.opts.FPS*1000)/1000, 0, maxCatchUp)
			s.credit += s.speed() * ticks
			n := int(s.credit)
			s.credit -= float64(n)
			s.play(n)
			s.backlog = s.Lanes[0].Pending()
			// queued adds happen at one instant; a lane's GC pass is shown whole first
			if s.Pending() == 0 && !s.scriptBusy() && s.expiring.left == 0 && s.job == nil && !s.building() && !s.gcBusy() {
				s.clockDue += s.TimeRate * float64(s.Lanes[0].NS.HZ) * ticks / s.opts.FPS
				d := int64(s.clockDue)
				s.clockDue -= float64(d)
				s.advance(d)
			}
		}
		s.refresh()
		s.measureHeadline()
		s.noteSkipped() // what this frame's commands and GC passes queued
		return nil
	})
}

// speed returns the events per frame to play now: Speed, or while a
// command's events are shown at the default speed, the rate that shows
// them in OpSeconds.
func (s *Sim) speed() float64 {
	l := s.Lanes[0]
	if p := l.Pending(); p > s.backlog || s.opRate == 0 {
		// more was queued: a rate that shows all of it in OpSeconds
		s.opRate = float64(p) / (OpSeconds * s.opts.FPS)
	}
	if !l.inOp() || s.Speed != s.opts.Speed {
		return s.Speed
	}
	return s.opRate
}

// PausedHint returns, while the page is paused with something left to
// show, how to step through it; "" otherwise.
func (s *Sim) PausedHint() string {
	if s.Playing || !s.ready || s.Err != "" {
		return ""
	}
	if p := s.Lanes[0].Pending(); p > 0 {
		return fmt.Sprintf("paused: → shows the next event (%s to show), Shift+→ the next operation, Space plays", Commas(p))
	}
	if s.scriptBusy() {
		return "paused: → runs the script's next command, Space plays it on"
	}
	return ""
}

// guard runs f, turning its error or panic into Err (and pausing).
func (s *Sim) guard(f func() error) {
	if err := recovered(f); err != nil {
		s.Err, s.Playing = err.Error(), false
	}
}

// recovered runs f and returns its error, or its panic as an "engine
// panic: ..." error.
func recovered(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("engine panic: %v", r)
		}
	}()
	return f()
}

// builtLane is the lane whose table main the load builds route by route;
// the other lane's is cloned from it (load).
const builtLane = 1

// load adds the next chunk of the table to the lane built (builtLane);
// after the last chunk that lane's arena is compacted (fib6.Table.Compact:
// built in address order the nodes lie nearly depth-first already, but
// walks and lookups still run 1.3 to 1.8 times slower natively than on
// the compacted arena), the other lane's table main becomes a copy of it
// with the same layout (copyTable), tracing is turned on, the tries are
// laid out (the copy's layout is the built lane's), the demo routes
// added, the page plays and a link that waited for the table is replayed
// (resumeLink). The shipped table is decoded from its binary form
// (data.FullTable), already in the order a depth-first walk meets its
// prefixes; each chunk's routes share one allocation.
func (s *Sim) load() error {
	t := &s.timing
	at := s.opts.Nanotime()
	var d time.Duration
	if s.opts.QuietGC && s.Loaded == 0 {
		quietGC(true)
	}
	if s.table == nil {
		ks, err := data.FullTableKeys()
		if err != nil {
			return err
		}
		s.table = ks
		d, at = s.since(at)
		t.Decode += d
	}
	end := min(s.Loaded+max(s.opts.ChunkSize, 1), len(s.table))
	if err := s.Lanes[builtLane].addRoutes(s.table[s.Loaded:end]); err != nil {
		return err
	}
	s.Loaded = end
	d, at = s.since(at)
	t.Build += d
	if end < len(s.table) {
		return nil
	}
	s.Lanes[builtLane].NS.FIB.Table(fib6.RT_TABLE_MAIN).Compact()
	d, at = s.since(at)
	t.Compact += d
	if err := s.copyTable(); err != nil {
		return err
	}
	if s.opts.QuietGC {
		quietGC(false)
	}
	d, at = s.since(at)
	t.Copy += d
	defer func() { t.Finish, _ = s.since(at) }()
	s.ready = true
	for _, l := range s.Lanes {
		l.setTrace(l.rec)
		l.dirty = true
		l.sampleTraffic(nil)
		l.hist.start = l.NS.Now()
	}
	if s.opts.DemoRoutes > 0 {
		if _, err := s.addExpiring(s.opts.DemoRoutes, s.opts.DemoPlen, s.opts.DemoExpires); err != nil {
			return err
		}
		s.relayout()
	}
	s.Playing = true
	if built := s.Lanes[builtLane]; s.cloned {
		// the clone's trie is the built one's: its layout is copied
		built.refresh()
		s.Lanes[1-builtLane].refreshLike(built.Layout)
	}
	s.refresh()
	s.resumeLink()
	return nil
}

// copyTable gives the lane not built the table the load built: a clone
// of the built lane's table main (fib6.Net.CloneTable), or with
// Options.BuildBoth, or if the namespaces were not alike before the load
// (the clone refuses then), the same routes added one by one.
func (s *Sim) copyTable() error {
	from, to := s.Lanes[builtLane], s.Lanes[1-builtLane]
	if !s.opts.BuildBoth && to.NS.FIB.CloneTable(from.NS.FIB, fib6.RT_TABLE_MAIN) == nil {
		s.cloned = true
		return nil
	}
	if err := to.addRoutes(s.table); err != nil {
		return err
	}
	to.NS.FIB.Table(fib6.RT_TABLE_MAIN).Compact()
	return nil
}

// quietGC turns Go's garbage collector off (on: while a table loads) and
// back to the percentage it had (Options.QuietGC). Calls nest on nothing:
// the first off saves the setting, the first on after it restores it.
func quietGC(off bool) {
	switch {
	case off && !gcQuiet.off:
		gcQuiet.percent, gcQuiet.off = debug.SetGCPercent(-1), true
	case !off && gcQuiet.off:
		debug.SetGCPercent(gcQuiet.percent)
		gcQuiet.off = false
	}
}

// gcQuiet is quietGC's saved setting (the page has one collector).
var gcQuiet struct {
	percent int
	off     bool
}

// play shows up to n events in every lane whose layout is not being
// built (Lane.buildLayout).
func (s *Sim) play(n int) {
	for _, l := range s.Lanes {
		if !l.building() {
			l.play(n)
		}
	}
}

// building reports whether a lane's layout is being built over frames.
func (s *Sim) building() bool { return s.Lanes[0].building() || s.Lanes[1].building() }

// advance moves the shared clock d jiffies in both lanes, firing their
// timers (GC passes), and queues the events that produced. Each lane
// goes to the same time, d past the later lane's: a GC pass cut into
// frames halts its lane's clock where it starts (netns.GCSlice), and the
// other lane's, ended in its first slice, does not, so a lane catches up
// once its pass is done.
func (s *Sim) advance(d int64) {
	s.advanceTo(max(s.Lanes[0].NS.Now(), s.Lanes[1].NS.Now()) + d)
}

// advanceTo moves each lane's clock on to jiffies at (a lane there or
// past it stays), firing its timers, and queues the events that
// produced; it reports whether a GC pass ran (or was counted, skipped)
// in either lane.
func (s *Sim) advanceTo(at int64) bool {
	passes := 0
	for _, l := range s.Lanes {
		passes -= l.NS.GC.Passes
		l.NS.Advance(at - l.NS.Now())
		l.drain()
		passes += l.NS.GC.Passes
	}
	return passes != 0
}

// refresh re-lays out every lane whose trie changed and that has nothing
// left to play (or waits for its layout), so a walk is always shown over
// the trie it walked (not while a command runs: its trie is half done,
// nor while console lines wait: they will change it again).
func (s *Sim) refresh() {
	if s.job != nil || s.Console.Queued() > 0 {
		return
	}
	for _, l := range s.Lanes {
		if (l.Pending() == 0 || l.building()) && !l.NS.GCInProgress() {
			l.refresh()
		}
	}
}

// Play starts playback and the clock, clearing the last error.
func (s *Sim) Play() { s.Playing, s.Err = true, "" }

// Pause stops playback and the clock.
func (s *Sim) Pause() { s.Playing = false }

// Step pauses and shows exactly one more event per lane; when no lane has
// events left it moves the clock to the next timer expiry (so the next GC
// pass runs and its events become playable).
func (s *Sim) Step() {
	s.stepMsg = ""
	s.guard(func() error {
		s.Playing = false
		if b, ok := s.Busy(); ok {
			s.stepMsg = "busy: " + b.Text
			return nil
		}
		if !s.ready {
			return nil
		}
		s.finishGC()
		if s.Pending() > 0 {
			s.play(1)
		} else if s.stepScript() {
		} else if at, ok := s.Lanes[0].NS.NextTimer(); ok {
			s.advance(at - s.Jiffies())
		} else {
			s.stepMsg = NothingToStep
		}
		s.refresh()
		return nil
	})
}

// NothingToStep is StepMessage after a step that found no event to show,
// no script line to run and no timer to move the clock to.
const NothingToStep = "nothing left to show; no timer armed"

// StepMessage returns NothingToStep when the last Step had nothing to do,
// "busy: PROGRESS" when a command was running, else "".
func (s *Sim) StepMessage() string { return s.stepMsg }

// SetSpeed sets the playback speed in events per frame. A value outside
// the range of Speeds (NaN included) is refused with an error, and the
// speed stays.
func (s *Sim) SetSpeed(v float64) error {
	return setIn(&s.Speed, v, Speeds, "speed", "events per frame")
}

// SetTimeRate sets the virtual seconds per wall second. A value outside
// the range of TimeRates (NaN included) is refused with an error, and
// the rate stays.
func (s *Sim) SetTimeRate(x float64) error {
	return setIn(&s.TimeRate, x, TimeRates, "clock rate", "virtual seconds per second")
}

// setIn sets *p to v when v lies within the range of the offered values.
func setIn(p *float64, v float64, offered []float64, what, unit string) error {
	lo, hi := offered[0], offered[len(offered)-1]
	if !(v >= lo && v <= hi) {
		return fmt.Errorf("%s %v is out of range: %v to %v %s", what, v, lo, hi, unit)
	}
	*p = v
	return nil
}

// RunGC runs a GC pass now in both lanes (in the namespace each shows),
// as fib6_run_gc(0, net, true) does; its events are queued for playback.
func (s *Sim) RunGC() {
	s.guard(func() error {
		if !s.ready {
			return errors.New("the table is still loading")
		}
		if b, ok := s.Busy(); ok {
			s.Console.write(LineNote, "fib6lab: busy: "+b.Text+"; run GC again when it is done")
			return nil
		}
		for _, l := range s.Lanes {
			l.Netns().RunGC(0, true)
			l.drain()
		}
		s.noteSkipped()
		return nil
	})
}

// noteSkipped says in the console how many operations queued and not
// shown to their end the lanes stepped over to keep their backlog bounded
// (Lane.capBacklog), if any.
func (s *Sim) noteSkipped() {
	n := 0
	for _, l := range s.Lanes {
		n, l.skipped = max(n, l.skipped), 0
	}
	if n == 0 {
		return
	}
	ops := "operations"
	if n == 1 {
		ops = "operation"
	}
	s.Console.write(LineNote, fmt.Sprintf("fib6lab: shown at once: %s earlier %s not shown to the end (at most %s events wait to be shown)",
		Commas(n), ops, Commas(MaxBacklog)))
}

// AddExpiringBudget is the wall time per frame spent adding queued
// expiring routes (AddExpiring), so that a big request never blocks the
// page.
const AddExpiringBudget = 4_000_000 // ns

// expiringQueue is an AddExpiring request being worked through.
type expiringQueue struct {
	left, total int // routes still to add, routes asked for
	plen        int
	secs        int64
	added, dups int
	status      string // progress or result, for the page's status line
}

// AddExpiring queues n routes with RTF_EXPIRES (lifetime secs seconds)
// for table main of both lanes: /128s or /64s (plen) at random addresses
// inside random prefixes of the loaded table, the same routes in both
// lanes. They are added over the next frames, AddExpiringBudget of wall
// time per frame (the first chunk right away); a random prefix that
// already exists is skipped and counted. It returns the number added when
// the whole request fit in that first chunk, else n (queued; see
// ExpiringPending and ExpiringStatus). A request replaces one still
// queued.
func (s *Sim) AddExpiring(n, plen int, secs int64) int {
	ret := 0
	s.guard(func() error {
		if !s.ready {
			return errors.New("the table is still loading")
		}
		if plen != 64 && plen != 128 {
			return fmt.Errorf("expiring routes must be /64 or /128, not /%d", plen)
		}
		if n < 0 || n > 1_000_000 || secs < 1 {
			return fmt.Errorf("bad expiring routes request: %d routes, %d s", n, secs)
		}
		s.expiring = expiringQueue{left: n, total: n, plen: plen, secs: secs}
		if err := s.addQueued(); err != nil {
			return err
		}
		ret = n
		if s.expiring.left == 0 {
			ret = s.expiring.added
		}
		return nil
	})
	return ret
}

// ExpiringPending returns the expiring routes queued by AddExpiring and
// not added yet.
func (s *Sim) ExpiringPending() int { return s.expiring.left }

// ExpiringStatus returns the progress or result of the last AddExpiring,
// "" if none.
func (s *Sim) ExpiringStatus() string { return s.expiring.status }

// addQueued adds queued expiring routes for AddExpiringBudget of wall
// time (not while a GC pass runs in slices or a command runs); past the
// memory budget (routeRoom) the request stops there.
func (s *Sim) addQueued() error {
	q := &s.expiring
	if q.left == 0 || s.gcBusy() || s.job != nil || s.replaying() {
		return nil
	}
	start := s.opts.Nanotime()
	for q.left > 0 {
		chunk := min(q.left, 64, s.routeRoom())
		if chunk == 0 {
			s.refuseForBudget()
			q.left = 0
			s.relayout()
			q.status = fmt.Sprintf("added %s of %s expiring routes: %s", Commas(q.added), Commas(q.total), s.mem.note)
			return nil
		}
		added, err := s.addExpiring(chunk, q.plen, q.secs)
		q.left -= chunk
		q.added += added
		q.dups += chunk - added
		if err != nil {
			q.left = 0
			s.relayout()
			q.status = fmt.Sprintf("adding expiring routes: %v", err)
			return err
		}
		if s.opts.Nanotime()-start >= AddExpiringBudget {
			break
		}
	}
	if q.left > 0 {
		// the trie is laid out again once, at the end (a layout of the full
		// table takes longer than the budget)
		q.status = fmt.Sprintf("adding expiring routes: %s of %s…", Commas(q.total-q.left), Commas(q.total))
		return nil
	}
	s.relayout()
	q.status = fmt.Sprintf("added %s expiring routes", Commas(q.added))
	if q.dups > 0 {
		q.status += fmt.Sprintf(" (%s random prefixes already existed)", Commas(q.dups))
	}
	return nil
}

func (s *Sim) addExpiring(n, plen int, secs int64) (int, error) {
	if plen != 64 && plen != 128 {
		return 0, fmt.Errorf("expiring routes must be /64 or /128, not /%d", plen)
	}
	if n < 0 || n > 1_000_000 || secs < 1 {
		return 0, fmt.Errorf("bad expiring routes request: %d routes, %d s", n, secs)
	}
	for _, l := range s.Lanes {
		defer l.setTrace(l.Netns().FIB.Trace)
		l.setTrace(nil) // the adds are not animated; only GC passes are
	}
	added := 0
	for range n {
		p := s.randomPrefix(plen)
		err := s.Lanes[0].addRoute(p, secs)
		if errors.Is(err, errno.EEXIST) {
			continue
		}
		if err == nil {
			err = s.Lanes[1].addRoute(p, secs)
		}
		if err != nil {
			return added, fmt.Errorf("adding %v: %w", p, err)
		}
		added++
	}
	return added, nil
}

// relayout has both lanes' tries laid out and GC lists read again once
// nothing is left to play.
func (s *Sim) relayout() {
	for _, l := range s.Lanes {
		l.dirty, l.stripStale = true, true
	}
}

// randomPrefix returns a /plen at a random address inside a random prefix
// of the table that is no longer than plen.
func (s *Sim) randomPrefix(plen int) netip.Prefix {
	var base netip.Prefix
	for range 64 {
		if len(s.table) == 0 { // a scenario: no loaded table
			base = netip.MustParsePrefix("2001:db8:8000::/33")
			break
		}
		base = s.table[s.rng.IntN(len(s.table))].Prefix()
		if base.Bits() <= plen {
			break
		}
	}
	bits := uint8(min(base.Bits(), plen))
	k := fib6.KeyOf(base.Addr())
	m := fib6.Key{Hi: ^uint64(0), Lo: ^uint64(0)}.Masked(bits)
	r := fib6.Key{Hi: s.rng.Uint64(), Lo: s.rng.Uint64()}
	k = fib6.Key{Hi: k.Hi&m.Hi | r.Hi&^m.Hi, Lo: k.Lo&m.Lo | r.Lo&^m.Lo}.Masked(uint8(plen))
	return netip.PrefixFrom(k.Addr(), plen)
}
