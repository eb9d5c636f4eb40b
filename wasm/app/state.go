package app

// LaneState is the read-only summary of one lane that the page's JS hook
// returns: its id, release and GC strategy (the release's), the
// namespace's GC totals (struct GCStats) and its playback.
type LaneState struct {
	ID             string  // LaneIDs
	Kernel         string  // release, "6.1"
	Strategy       string  // "trie-walk" or "gc-list"
	Passes         int     // GC passes run
	Visited        int     // nodes stepped on by trie walks, all passes
	Checked        int     // routes aged, all passes
	Removed        int     // routes removed, all passes
	LastPassMicros float64 // engine time of the last pass, measured in the browser
	Routes         int     // routes in table main
	Pending        int     // trace events still to play
}

// State is the read-only summary of the simulation for tests and the page.
type State struct {
	Ready    bool // both lanes hold the whole table
	Loaded   int  // prefixes loaded into each lane
	Total    int  // prefixes to load
	Routes   int  // routes in table main of the left lane
	Jiffies  int64
	Seconds  float64 // virtual seconds since start
	Playing  bool
	Speed    float64 // events per frame
	TimeRate float64 // virtual seconds per wall second
	Frames   int
	Error    string
	Lanes    [2]LaneState // left, then right
	// KernelRoutes is the routes of eth0 in table main (Routes counts
	// them with the loaded table).
	KernelRoutes int
	LastLookup   Lookup // last lookup on table main the left lane showed
	Caption      string // the console operation being shown, "" if none
	Queued       int    // console lines waiting to run, with the one running
	ConsoleSeq   int    // number of the last console line written
	Mismatches   int    // console commands whose two runs differed
	Dropped      int    // trace events the left lane's recorder dropped (over its limit)
	// ExpiringPending is the expiring routes AddExpiring queued and not
	// added yet; ExpiringStatus its progress or result, "" if none.
	ExpiringPending int
	ExpiringStatus  string
	// Busy is the progress of the command running over frames, nil when
	// none runs (job.go); Memory the memory budget (memory.go).
	Busy   *Busy
	Memory MemState
	// Headline is the headline measurement's figures (headline.go).
	Headline HeadlineState
	// Timing is how the page got going (LoadTiming).
	Timing LoadTiming
}

// CaptionWidth is the caption length State reports, in characters.
const CaptionWidth = 400

// State returns the current summary.
func (s *Sim) State() State {
	st := State{Ready: s.ready, Loaded: s.Loaded, Total: s.Total(), Routes: s.Lanes[0].Routes(),
		Jiffies: s.Jiffies(), Seconds: s.Seconds(), Playing: s.Playing, Speed: s.Speed,
		TimeRate: s.TimeRate, Frames: s.Frames, Error: s.Err,
		KernelRoutes: s.KernelRoutes, LastLookup: s.Lanes[0].Lookup, Caption: s.Lanes[0].Caption(CaptionWidth),
		Queued: s.Console.Queued() + s.consoleRunning(), ConsoleSeq: s.Console.seq, Mismatches: s.Console.Mismatches, Dropped: s.Lanes[0].Dropped,
		ExpiringPending: s.ExpiringPending(), ExpiringStatus: s.ExpiringStatus(), Memory: s.Memory(), Headline: s.Headline.State(), Timing: s.timing}
	if b, ok := s.Busy(); ok {
		st.Busy = &b
	}
	for i, l := range s.Lanes {
		g := l.Netns().GC
		st.Lanes[i] = LaneState{ID: l.ID, Kernel: l.Kernel().String(), Strategy: l.Strategy().String(),
			Passes: g.Passes, Visited: g.Visited, Checked: g.Checked, Removed: g.Removed,
			LastPassMicros: float64(g.LastPassNanos) / 1e3, Routes: l.Routes(), Pending: l.Pending()}
	}
	return st
}
