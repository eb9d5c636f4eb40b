package app

import (
	"embed"
	"fmt"
	"io/fs"
	"net/netip"
	"path"
	"sort"
	"strings"

	"fib6lab/engine/iproute2"
)

//go:embed scenarios/*.sh
var scenarioFS embed.FS

// Scenario is a script in the console's syntax (iproute2, sysctl, sleep,
// kernel, send, ptb, ...) that the page runs from an empty table main in
// both namespaces, command by command as the player shows each one's
// events. Script lines with special meaning:
//
//	# > text      narration, shown as the caption once reached
//	# pause       pauses playback there (an exercise's question)
//	# batch       runs the lines up to "# end" untraced (a setup)
//	# lane L NS   lane L (left, right) shows namespace NS from there on
//	              (without NS: the init namespace), as the menu would
type Scenario struct {
	Name  string // id in the menu and the URL
	Title string // what the menu shows
	Text  string // the script
	// View is the view that shows the scenario's subject best ("": the GC
	// view). Loading a scenario keeps the view shown: it runs in any.
	View View
}

// scenarioMeta gives the built-in scripts short menu titles and the view
// that shows them (their first comment line stays the long description).
var scenarioMeta = map[string]Scenario{
	"selftest":           {Title: "Selftest: expiring routes gone after one GC"},
	"ra-default":         {Title: "RA default route expires"},
	"ptb-flood":          {Title: "PTB flood: PMTU exceptions (route cache view)", View: ViewDst},
	"raw-flood":          {Title: "Raw-socket flood vs max_size (route cache view)", View: ViewDst},
	"ila-flows":          {Title: "ILA flows: /128 cached vs /64 (ILA view)", View: ViewILA},
	"exercise-lookup":    {Title: "Exercise: which node answers a lookup?"},
	"exercise-backtrack": {Title: "Exercise: a lookup that backtracks"},
	"rio-storm":          {Title: "A router announces 5,000 RIO routes"},
	"router-dies":        {Title: "Default router dies (router lifetime 0)"},
	"slaac-ages":         {Title: "SLAAC address ages out"},
}

// The scenario directives.
const (
	narrationPrefix = "# >"
	pauseLine       = "# pause"
	batchLine       = "# batch"
	endLine         = "# end"
	laneLine        = "# lane" // # lane LANE [NETNS]: the lane shows NETNS (none: init)
)

// Scenarios returns the built-in scenarios, in menu order: the seed's GC
// measurement (generated) and the scripts of wasm/app/scenarios.
func Scenarios() []Scenario {
	out := []Scenario{gcMeasure(1000), gcMeasure(9000)}
	names, _ := fs.Glob(scenarioFS, "scenarios/*.sh")
	sort.Strings(names)
	for _, n := range names {
		b, _ := scenarioFS.ReadFile(n)
		text := string(b)
		sc := Scenario{Name: scenarioName(n), Title: firstComment(text), Text: text}
		if m, ok := scenarioMeta[sc.Name]; ok {
			sc.Title, sc.View = m.Title, m.View
		}
		out = append(out, sc)
	}
	return out
}

// scenarioName makes "06-exercise-lookup" of "scenarios/06-exercise-lookup.sh"
// and drops the ordering number.
func scenarioName(file string) string {
	n := strings.TrimSuffix(path.Base(file), ".sh")
	if i := strings.IndexByte(n, '-'); i > 0 {
		n = n[i+1:]
	}
	return n
}

// firstComment returns the script's first comment line without "# ".
func firstComment(text string) string {
	line, _, _ := strings.Cut(text, "\n")
	return strings.TrimPrefix(line, "# ")
}

// FindScenario returns the built-in scenario called name.
func FindScenario(name string) (Scenario, bool) {
	for _, sc := range Scenarios() {
		if sc.Name == name {
			return sc, true
		}
	}
	return Scenario{}, false
}

// gcMeasure returns the seed's GC measurement with n permanent /128
// routes and one that expires: one timer-driven GC pass per strategy.
func gcMeasure(n int) Scenario {
	var b strings.Builder
	fmt.Fprintf(&b, "# GC cost: %d permanent routes and 1 expiring (the seed's measurement)\n", n)
	fmt.Fprintf(&b, "%s %d permanent /128 routes are added (untraced setup)...\n%s\n", narrationPrefix, n, batchLine)
	fmt.Fprintf(&b, "gen routes %d 2001:db8:100::1 dev eth0\n", n)
	fmt.Fprintf(&b, "%s\n%s ...and one route that expires in 5 s.\n", endLine, narrationPrefix)
	b.WriteString("ip -6 route add 2001:db8:200::1/128 dev eth0 expires 5\n")
	fmt.Fprintf(&b, "%s The GC timer fires: the trie walk visits all %d routes, the GC list one.\n", narrationPrefix, n)
	b.WriteString("sleep 32\nip -6 route show 2001:db8:200::/64\n")
	return Scenario{Name: fmt.Sprintf("gc-measure-%d", n), Title: fmt.Sprintf("GC cost: %d permanent + 1 expiring", n), Text: b.String()}
}

// narration is a narration line reached at a left lane position.
type narration struct {
	at   int64
	text string
}

// teachSim is the Sim's state for scenarios, narration and the view.
type teachSim struct {
	scenario string // built-in scenario name, "script" for a pasted one, "" none
	source   string // the script text running or run
	lines    []string
	next     int  // next line to run
	batch    bool // inside "# batch": commands run untraced
	narr     []narration
	View     ViewState
	link     typedLog // commands typed for links, a link waiting for the table (urlstate.go)
}

// ScriptName is the scenario name State reports for a pasted script.
const ScriptName = "script"

// LoadScenario runs built-in scenario name from an empty table (see
// RunScript).
func (s *Sim) LoadScenario(name string) error {
	sc, ok := FindScenario(name)
	if !ok {
		return fmt.Errorf("no scenario %q", name)
	}
	s.runScript(sc.Name, sc.Text)
	return nil
}

// RunScript starts the user's script text from an empty table main in
// both namespaces (eth0 set up as always), playing.
func (s *Sim) RunScript(text string) { s.runScript(ScriptName, text) }

// runScript resets the simulation to an empty table (restart) and queues
// the script. Lines past iproute2.MaxScriptLines or MaxScriptBytes are
// not run, and a note says so, as ip6sim -f does.
func (s *Sim) runScript(name, text string) {
	o := s.opts
	o.Prefixes, o.DemoRoutes = []netip.Prefix{}, 0
	s.restart(o)
	s.guard(s.load)
	s.teach.scenario, s.teach.source = name, text
	all, _ := scriptLines(text)
	lines, cut := scriptLimit(all, strings.HasSuffix(text, "\n"))
	s.teach.lines = lines
	s.Console.write(LineNote, fmt.Sprintf("— %s: %d lines, from an empty table main —", scenarioLabel(name), len(lines)))
	if cut != "" {
		s.Console.write(LineNote, cut)
	}
}

// restart makes s a new simulation with options o (its table loads over
// the next frames), stopping the command running first (dropJob) and
// keeping the console, speed, clock rate, view, frame-gap meter (so
// that a gap measured counts the restart itself) and the demo's options,
// with the camera reset to show the whole new trie. Tracepoints are no
// longer recorded (Recording).
func (s *Sim) restart(o Options) {
	s.dropJob()
	con, speed, rate, view, gaps, demo := s.Console, s.Speed, s.TimeRate, s.teach.View, s.gaps, s.demo
	*s = *NewSim(o)
	s.Console, s.Speed, s.TimeRate, s.teach.View, s.gaps, s.demo = con, speed, rate, view, gaps, demo
	s.teach.View.Cam.Reset()
}

// scriptLimit returns the logical lines of a script that fit the limits
// of iproute2.Shell.RunScript, counted as it counts them (physical lines,
// and bytes with each line's newline: none after the last when the text
// does not end with one, endsNL false), and the message the CLI prints
// where it stops ("" when all fit).
func scriptLimit(lines []string, endsNL bool) ([]string, string) {
	bytes, phys := 0, 0
	for i, ln := range lines {
		bytes += lineBytes(lines, i, endsNL)
		n := strings.Count(ln, "\n") + 1
		if bytes > iproute2.MaxScriptBytes || phys+n > iproute2.MaxScriptLines {
			return lines[:i], fmt.Sprintf("fib6lab: script too long: stopped before line %d (limits: %d lines, %d bytes)",
				phys+1, iproute2.MaxScriptLines, iproute2.MaxScriptBytes)
		}
		phys += n
	}
	return lines, ""
}

// lineBytes returns the bytes logical line i of lines takes in the text
// they were split from: its own and its newline's, but for the last line
// of a text that does not end with a newline (endsNL false).
func lineBytes(lines []string, i int, endsNL bool) int {
	if i == len(lines)-1 && !endsNL {
		return len(lines[i])
	}
	return len(lines[i]) + 1
}

func scenarioLabel(name string) string {
	if name == ScriptName {
		return "your script"
	}
	return "scenario " + name
}

// scriptBusy reports whether script lines are left: the clock then moves
// only with the script's sleeps, so that a script always plays the same.
func (s *Sim) scriptBusy() bool { return s.teach.next < len(s.teach.lines) }

// runScriptLines runs, when the player has shown everything, script
// lines up to the first that queues events (or a pause), within the
// frame's slot; a command that does not end in the slot goes on over the
// next frames (work).
func (s *Sim) runScriptLines() {
	for s.scriptBusy() && s.Pending() == 0 && s.ready && !s.gcBusy() && s.job == nil && !s.slot.spent(s.opts.Nanotime()) {
		cmd, stop := s.nextScriptLine()
		switch {
		case stop:
			return
		case cmd == "":
			s.slot.lines--
		default:
			if _, ok := s.beginCommand(cmd, true); ok && !s.continueJob() {
				return
			}
		}
	}
}

// stepScript runs the next script lines as a step does; it reports
// whether there were any.
func (s *Sim) stepScript() bool {
	if !s.scriptBusy() {
		return false
	}
	for s.scriptBusy() && s.Pending() == 0 && !s.scriptLine() {
		s.finishGC()
	}
	s.finishGC()
	s.play(1)
	return true
}

// gcBusy reports whether a lane's GC pass is still running in slices.
func (s *Sim) gcBusy() bool {
	return s.Lanes[0].NS.GCInProgress() || s.Lanes[1].NS.GCInProgress()
}

// scriptLine runs the next script line to its end and reports whether
// it stops the run for now: it queued events or paused.
func (s *Sim) scriptLine() bool {
	cmd, stop := s.nextScriptLine()
	if cmd == "" {
		return stop
	}
	s.Exec(cmd)
	return s.Pending() > 0
}

// nextScriptLine takes the next script line. A command is returned, to
// be run; a directive is applied (narration, "# batch", "# end") and ""
// returned; "# pause" stops playing and reports stop.
func (s *Sim) nextScriptLine() (cmd string, stop bool) {
	t := &s.teach
	line := strings.TrimSpace(t.lines[t.next])
	t.next++
	switch {
	case line == "":
	case strings.HasPrefix(line, narrationPrefix):
		t.narr = append(t.narr, narration{at: s.Lanes[0].head(), text: strings.TrimSpace(line[len(narrationPrefix):])})
	case isLaneLine(line):
		s.laneDirective(line)
	case line == pauseLine:
		s.Playing = false
		return "", true
	case line == batchLine:
		t.batch = true
		for _, l := range s.Lanes {
			l.setTrace(nil)
		}
	case line == endLine && t.batch:
		s.endBatch()
	default:
		return line, false
	}
	return "", false
}

// endBatch ends a "# batch" block (a bulk setup, untraced like the
// page's table load): the trace goes back on and the tries are laid out
// again.
func (s *Sim) endBatch() {
	if !s.teach.batch {
		return
	}
	s.teach.batch = false
	for _, l := range s.Lanes {
		l.setTrace(l.rec)
		l.dirty, l.stripStale = true, true
	}
	s.refresh()
}

// Narration returns the narration line the left lane's player has
// reached: the last one whose commands' first event it has shown, or at
// the head of the history the last one run ("" if none); so step 0 shows
// none, as before the script ran.
func (s *Sim) Narration() string {
	l := s.Lanes[0]
	p := l.pos()
	if p == l.head() {
		p++ // everything is shown: narrations reached after the last event count
	}
	ns := s.teach.narr
	i := sort.Search(len(ns), func(i int) bool { return ns[i].at >= p }) - 1
	if i < 0 {
		return ""
	}
	return ns[i].text
}

// ScenarioName returns the scenario running ("script" for a pasted one,
// "" for the page's full-table demo).
func (s *Sim) ScenarioName() string { return s.teach.scenario }

// ScriptSource returns the text of the scenario or script running.
func (s *Sim) ScriptSource() string { return s.teach.source }

// ScenarioState is how far the scenario or script loaded last has run.
type ScenarioState struct {
	ID          string // Scenario.Name, ScriptName, "" for the page's full-table demo
	Line, Lines int    // script lines run, of all
	// Done: every line has run and the player has shown all they queued.
	Done bool
}

// ScenarioState returns how far the scenario loaded last has run.
func (s *Sim) ScenarioState() ScenarioState {
	t := &s.teach
	return ScenarioState{ID: t.scenario, Line: t.next, Lines: len(t.lines),
		Done: t.scenario != "" && s.ready && !s.scriptBusy() && s.job == nil && s.Pending() == 0 && !s.gcBusy()}
}
