package app

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"fib6lab/engine/iproute2"
	"fib6lab/engine/netns"
)

// ViewState is what the page shows besides the simulation: the shared camera
// and which panels are on.
type ViewState struct {
	Cam       Camera
	Pseudo    bool // pseudo-code panels
	Timeline  bool // the player's time line
	Presenter bool // large high-contrast text
	Help      bool // the shortcuts overlay
	NoLegend  bool // the legend of the marks is hidden (K); it is shown by default

	pending [4]float64 // camera from a link, applied once the viewport is known
}

// ApplyPending sets the camera from a restored link once the front end
// has given it a viewport (Camera.SetViewport); call it after that.
func (v *ViewState) ApplyPending() {
	c := &v.Cam
	if v.pending == [4]float64{} || c.fitSX == 0 {
		return
	}
	p := v.pending
	c.X0, c.Y0, c.SX, c.SY = p[0], p[1], c.fitSX*p[2], c.fitSY*p[3]
	c.clamp()
	v.pending = [4]float64{}
}

// ZoomFactors returns the camera's zoom over the fit, across and down (1
// before the first viewport).
func (v *ViewState) ZoomFactors() (float64, float64) {
	c := &v.Cam
	if c.fitSX == 0 || c.fitSY == 0 {
		return 1, 1
	}
	return c.SX / c.fitSX, c.SY / c.fitSY
}

// TheView returns the page's view, which the front end draws from and
// changes.
func (s *Sim) TheView() *ViewState { return &s.teach.View }

// Share is everything a link restores: the scenario or script, the
// commands typed in the console, both lanes' player positions and the
// virtual time they were at, whether the player was paused, the speed
// and the view.
type Share struct {
	Scenario string   // built-in scenario name, "" for none or a script
	Script   string   // the pasted script (when Scenario is "")
	Typed    []Typed  // console commands, in the order they ran
	Pos      [2]int64 // player positions (absolute history indexes)
	Line     int      // script lines run (0 with Pos and Jiffies 0 and nothing typed: a bare link, the scenario just starts)
	Jiffies  int64    // virtual clock
	Paused   bool     // the player was paused (a link reopens playing otherwise)
	Speed    float64
	Cam      [4]float64 // camera X0, Y0 and zoom over the fit in x and y; all 0 = fit
	Pseudo   bool
	Timeline bool
	Present  bool
	NoLegend bool
	Panel    string // the page's view ("gc", "dst", ...), set and applied by the front end
}

// Typed is a command typed in the console, as a link replays it: after
// Line lines of the scenario or script had run, with the clock at
// Jiffies, and before the player had shown the events queued earlier
// (Behind) or after. Behind matters to the picture: the page lays the
// trie out again only once everything queued is shown.
type Typed struct {
	Line    int
	Jiffies int64
	Behind  bool
	Text    string
}

// typedLog is what the page keeps for links: the commands typed in the
// console since the scenario, script or demo started (within a link's
// limits, checkTyped: bytes counts their record's), and a link waiting
// for the full table to load (restoreDemo).
type typedLog struct {
	typed   []Typed
	bytes   int
	full    bool
	pending *Share
}

// noteTyped records line, typed in the console, as running now.
func (s *Sim) noteTyped(line string) {
	s.logTyped(Typed{Line: s.teach.next, Jiffies: s.Jiffies(), Behind: s.Pending() > 0, Text: line})
}

// logTyped appends t to the typed commands links carry. Past a link's
// limits it records nothing more and says so once.
func (s *Sim) logTyped(t Typed) {
	g := &s.teach.link
	n := len(typedRecord(t))
	if g.full || len(g.typed) >= iproute2.MaxScriptLines || g.bytes+n > maxScript {
		if !g.full {
			s.Console.write(LineNote, fmt.Sprintf("fib6lab: links to this page carry no more typed commands (at most %s lines, %s KiB); this one and the next are left out",
				Commas(iproute2.MaxScriptLines), Commas(maxScript>>10)))
		}
		g.full = true
		return
	}
	g.typed, g.bytes = append(g.typed, t), g.bytes+n
}

// maxScript bounds a script carried in a link, decompressed.
const maxScript = 1 << 20

// Encode returns the URL fragment (without '#') for sh: key=value pairs,
// the script deflated and base64url-encoded.
func (sh Share) Encode() string {
	v := url.Values{}
	switch {
	case sh.Scenario != "":
		v.Set("s", sh.Scenario)
	case sh.Script != "":
		v.Set("x", deflate(sh.Script))
	}
	if len(sh.Typed) > 0 {
		v.Set("t", deflate(typedText(sh.Typed)))
	}
	if sh.Paused {
		v.Set("paused", "1")
	}
	v.Set("p", fmt.Sprintf("%d.%d", sh.Pos[0], sh.Pos[1]))
	v.Set("n", strconv.Itoa(sh.Line))
	v.Set("j", strconv.FormatInt(sh.Jiffies, 10))
	v.Set("sp", strconv.FormatFloat(sh.Speed, 'g', -1, 64))
	if sh.Cam != [4]float64{} {
		parts := make([]string, 4)
		for i, c := range sh.Cam {
			parts[i] = strconv.FormatFloat(c, 'g', 10, 64)
		}
		v.Set("c", strings.Join(parts, ","))
	}
	v.Set("f", flags(sh.Pseudo, sh.Timeline, sh.Present, sh.NoLegend))
	if sh.Panel != "" {
		v.Set("v", sh.Panel)
	}
	return v.Encode()
}

// flags spells the panel switches as a string of letters.
func flags(pseudo, timeline, present, noLegend bool) string {
	var b strings.Builder
	for _, f := range []struct {
		on bool
		c  byte
	}{{pseudo, 'p'}, {timeline, 't'}, {present, 'P'}, {noLegend, 'n'}} {
		if f.on {
			b.WriteByte(f.c)
		}
	}
	return b.String()
}

// DecodeShare parses a fragment made by Encode (a leading '#' is fine).
func DecodeShare(frag string) (Share, error) {
	v, err := url.ParseQuery(strings.TrimPrefix(frag, "#"))
	if err != nil {
		return Share{}, err
	}
	sh := Share{Scenario: v.Get("s"), Panel: v.Get("v")}
	if sh.Scenario != "" && v.Get("x") != "" {
		return Share{}, errors.New("a link runs a scenario or a script, not both")
	}
	if x := v.Get("x"); x != "" {
		if sh.Script, err = inflate(x); err != nil {
			return Share{}, fmt.Errorf("script in the link: %w", err)
		}
	}
	if t := v.Get("t"); t != "" {
		if sh.Typed, err = decodeTyped(t); err != nil {
			return Share{}, fmt.Errorf("typed commands in the link: %w", err)
		}
	}
	sh.Paused = v.Get("paused") == "1"
	if p := v.Get("p"); p != "" {
		a, b, _ := strings.Cut(p, ".")
		if sh.Pos[0], err = strconv.ParseInt(a, 10, 64); err == nil {
			sh.Pos[1], err = strconv.ParseInt(b, 10, 64)
		}
	}
	sh.Line, err = parseOr(v.Get("n"), err, strconv.Atoi)
	sh.Jiffies, err = parseOr(v.Get("j"), err, func(s string) (int64, error) { return strconv.ParseInt(s, 10, 64) })
	sh.Speed, err = parseOr(v.Get("sp"), err, func(s string) (float64, error) { return strconv.ParseFloat(s, 64) })
	if c := v.Get("c"); c != "" && err == nil {
		parts := strings.Split(c, ",")
		if len(parts) != 4 {
			return Share{}, errors.New("camera in the link: want 4 numbers")
		}
		for i, p := range parts {
			if sh.Cam[i], err = strconv.ParseFloat(p, 64); err != nil {
				break
			}
		}
	}
	f := v.Get("f")
	sh.Pseudo, sh.Timeline, sh.Present = strings.Contains(f, "p"), strings.Contains(f, "t"), strings.Contains(f, "P")
	sh.NoLegend = strings.Contains(f, "n")
	return sh, err
}

// typedText writes typed commands one a line (typedRecord).
func typedText(ts []Typed) string {
	var b strings.Builder
	for _, t := range ts {
		b.WriteString(typedRecord(t))
	}
	return b.String()
}

// typedRecord is the line of a typed command in a link: "LINE JIFFIES
// B QUOTED", B 1 when Behind else 0, the command quoted as a Go string (a
// command may span lines).
func typedRecord(t Typed) string {
	b := 0
	if t.Behind {
		b = 1
	}
	return fmt.Sprintf("%d %d %d %s\n", t.Line, t.Jiffies, b, strconv.Quote(t.Text))
}

// decodeTyped reads typed commands written by typedText, deflated.
func decodeTyped(z string) ([]Typed, error) {
	text, err := inflate(z)
	if err != nil {
		return nil, err
	}
	var ts []Typed
	for i, rec := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		f := strings.SplitN(rec, " ", 4)
		t, err := Typed{}, errors.New("want LINE JIFFIES 0|1 \"COMMAND\"")
		if len(f) == 4 && (f[2] == "0" || f[2] == "1") {
			t.Behind = f[2] == "1"
			if t.Line, err = strconv.Atoi(f[0]); err == nil {
				if t.Jiffies, err = strconv.ParseInt(f[1], 10, 64); err == nil {
					t.Text, err = strconv.Unquote(f[3])
				}
			}
		}
		if err != nil {
			return nil, fmt.Errorf("command %d: %w", i+1, err)
		}
		ts = append(ts, t)
	}
	return ts, nil
}

// Bounds of what a link may ask the page to replay: links are untrusted
// input, so each field is checked before anything runs.
const (
	// maxLinkPasses bounds the GC passes Restore replays to catch up with
	// a link's clock (each may walk the whole trie).
	maxLinkPasses = 2000
	// maxLinkUptime bounds the virtual time a link's clock may stand at,
	// in seconds after the namespace was created (about 31.7 years).
	maxLinkUptime = 1e9
)

// check refuses a link whose fields are out of range for a page ticking
// at hz: negative positions or lines, more lines than a script may have,
// a clock outside [InitialJiffies, InitialJiffies + maxLinkUptime s],
// typed commands beyond a script's limits or out of order (checkTyped),
// a speed that is not one the player offers, a camera that is not
// finite or zooms by zero or less.
func (sh Share) check(hz int64) error {
	maxJ := netns.InitialJiffies + int64(maxLinkUptime)*hz
	switch {
	case sh.Pos[0] < 0 || sh.Pos[1] < 0:
		return fmt.Errorf("player position %d.%d is negative", sh.Pos[0], sh.Pos[1])
	case sh.Line < 0 || sh.Line > iproute2.MaxScriptLines:
		return fmt.Errorf("line %d is out of range (0 to %d)", sh.Line, iproute2.MaxScriptLines)
	case sh.Jiffies != 0 && (sh.Jiffies < netns.InitialJiffies || sh.Jiffies > maxJ):
		return fmt.Errorf("clock %d jiffies is out of range (%d to %d)", sh.Jiffies, int64(netns.InitialJiffies), maxJ)
	case sh.Speed != 0 && !(sh.Speed >= Speeds[0] && sh.Speed <= Speeds[len(Speeds)-1]):
		return fmt.Errorf("speed %v is out of range (%v to %v)", sh.Speed, Speeds[0], Speeds[len(Speeds)-1])
	}
	if err := sh.checkTyped(maxJ); err != nil {
		return err
	}
	for i, c := range sh.Cam {
		if math.IsNaN(c) || math.IsInf(c, 0) || i >= 2 && c < 0 || i >= 2 && c == 0 && sh.Cam != [4]float64{} {
			return errors.New("camera in the link: want finite numbers and positive zooms")
		}
	}
	return nil
}

// checkTyped refuses typed commands that a link's script could not hold
// (more than iproute2.MaxScriptLines lines, more than maxScript bytes
// written in the link) or that are out of order: each must come at or
// after the one before in script lines and clock, within the link's
// lines and clock, and the clock within [InitialJiffies, maxJ].
func (sh Share) checkTyped(maxJ int64) error {
	if n := len(sh.Typed); n > iproute2.MaxScriptLines {
		return fmt.Errorf("%d typed commands: a link holds at most %d", n, iproute2.MaxScriptLines)
	}
	end := maxJ
	if sh.Jiffies != 0 {
		end = sh.Jiffies
	}
	bytes, prev := 0, Typed{Jiffies: netns.InitialJiffies}
	for i, t := range sh.Typed {
		bytes += len(typedRecord(t))
		switch {
		case bytes > maxScript:
			return fmt.Errorf("typed commands longer than %d bytes", maxScript)
		case t.Line < prev.Line || t.Line > sh.Line:
			return fmt.Errorf("typed command %d: after script line %d, out of order (%d to %d)", i+1, t.Line, prev.Line, sh.Line)
		case t.Jiffies < prev.Jiffies || t.Jiffies > end:
			return fmt.Errorf("typed command %d: clock %d jiffies, out of order (%d to %d)", i+1, t.Jiffies, prev.Jiffies, end)
		}
		prev = t
	}
	return nil
}

// parseOr parses s with parse unless err is set or s is empty.
func parseOr[T any](s string, err error, parse func(string) (T, error)) (T, error) {
	var zero T
	if err != nil || s == "" {
		return zero, err
	}
	return parse(s)
}

func deflate(s string) string {
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestCompression)
	io.WriteString(w, s)
	w.Close()
	return base64.RawURLEncoding.EncodeToString(b.Bytes())
}

func inflate(s string) (string, error) {
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return "", err
	}
	out, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(raw)), maxScript+1))
	if err != nil {
		return "", err
	}
	if len(out) > maxScript {
		return "", fmt.Errorf("longer than %d bytes", maxScript)
	}
	return string(out), nil
}

// Share returns what a link to the page as shown now carries.
func (s *Sim) Share() Share {
	v := &s.teach.View
	sh := Share{Typed: slices.Clone(s.teach.link.typed), Pos: s.Positions(), Line: s.teach.next, Jiffies: s.Jiffies(),
		Paused: !s.Playing, Speed: s.Speed, Pseudo: v.Pseudo, Timeline: v.Timeline, Present: v.Presenter, NoLegend: v.NoLegend}
	if s.teach.scenario == ScriptName {
		sh.Script = s.teach.source
	} else {
		sh.Scenario = s.teach.scenario
	}
	if c := v.Cam; c.fitSX != 0 {
		sh.Cam = [4]float64{c.X0, c.Y0, c.SX / c.fitSX, c.SY / c.fitSY}
	}
	return sh
}

// Restore makes the page show what sh describes: it runs the scenario or
// script again from an empty table (scripts play the same every time),
// runs as many of its lines and the typed commands where they came,
// plays everything, moves the clock to the time, and stands at the
// positions, paused or playing as the link was. A bare link (no lines
// run, no position, no clock, nothing typed) just starts the scenario. A link to
// the full-table demo is replayed once the table is loaded (restoreDemo).
//
// An error (unknown scenario, too much to replay) is also left in Err,
// so the page's banner shows it.
func (s *Sim) Restore(sh Share) (err error) {
	defer func() {
		if err != nil {
			s.Err = "link: " + err.Error()
		}
	}()
	if err := sh.check(s.Lanes[0].NS.HZ); err != nil {
		return err
	}
	switch {
	case sh.Scenario != "":
		if err := s.LoadScenario(sh.Scenario); err != nil {
			return err
		}
	case sh.Script != "":
		s.RunScript(sh.Script)
	}
	if sh.Speed > 0 {
		s.SetSpeed(sh.Speed)
	}
	v := &s.teach.View
	v.Pseudo, v.Timeline, v.Presenter, v.NoLegend = sh.Pseudo, sh.Timeline, sh.Present, sh.NoLegend
	v.pending = sh.Cam
	if s.teach.scenario == "" {
		s.restoreDemo(sh)
		return nil
	}
	return s.replay(sh)
}

// restoreDemo keeps sh to replay once the full table is loaded
// (resumeLink): the demo's history starts with the load, so a page that
// has loaded it already starts again.
func (s *Sim) restoreDemo(sh Share) {
	if s.Loaded > 0 {
		s.restart(s.opts)
	}
	s.teach.link.pending = &sh
}

// resumeLink replays the link restoreDemo kept, once the table is in;
// an error goes to Err for the page's banner.
func (s *Sim) resumeLink() {
	sh := s.teach.link.pending
	if sh == nil {
		return
	}
	s.teach.link.pending = nil
	if err := s.replay(*sh); err != nil {
		s.Err = "link: " + err.Error()
	}
}

// replay runs what sh says ran (catchUp), seeks the positions and pauses
// or plays; a bare link only sets the play state.
func (s *Sim) replay(sh Share) error {
	if sh.Line != 0 || sh.Pos != [2]int64{} || len(sh.Typed) > 0 || sh.Jiffies != 0 {
		s.guard(func() error { return s.catchUp(sh) })
		if s.Err != "" {
			return errors.New(strings.TrimPrefix(s.Err, "link: "))
		}
		s.SeekTo(sh.Pos)
	}
	s.Playing = !sh.Paused
	return nil
}

// catchUp runs the first sh.Line lines of the script and the typed
// commands, each typed one after the lines it followed, with the clock
// where it was and before or after the events queued earlier are shown
// (Typed.Behind), playing everything each queues, then moves the clock
// to sh.Jiffies (the engine skips the GC timer's firings that change
// nothing). It refuses to replay more than maxLinkPasses GC passes.
func (s *Sim) catchUp(sh Share) error {
	typed := sh.Typed
	for advances := 0; ; {
		s.finishGC()
		lines, to := min(sh.Line, len(s.teach.lines)), sh.Jiffies
		due := len(typed) > 0 && s.teach.next >= min(typed[0].Line, lines)
		if due {
			to = typed[0].Jiffies
		}
		switch {
		case due && s.Jiffies() >= to && (typed[0].Behind || s.Pending() == 0):
			s.logTyped(typed[0])
			s.Console.History.Add(typed[0].Text)
			s.Exec(typed[0].Text)
			typed = typed[1:]
		case s.Pending() > 0:
			s.play(s.Pending())
			s.refresh()
		case !due && s.teach.next < lines:
			s.scriptLine()
		case s.Jiffies() < to:
			if advances++; advances > maxLinkPasses {
				return fmt.Errorf("replaying it would take more than %d GC passes", maxLinkPasses)
			}
			s.advance(s.clockStep(to, advances))
		default:
			return nil
		}
	}
}

// stepTimers is how many clock moves of a link's replay stop at each
// timer (clockStep).
const stepTimers = 64

// clockStep returns how far catchUp moves the clock toward to: for its
// first stepTimers moves, to the next timer only, as the page does (it
// holds the clock while a pass is shown, and lays the trie out again
// after it, so that a pass is shown over the trie it walked); then all
// the way (the engine skips the passes that change nothing).
func (s *Sim) clockStep(to int64, advances int) int64 {
	now := s.Jiffies()
	for _, l := range s.Lanes {
		if at, ok := l.NS.NextTimer(); ok && at > now && at < to && advances <= stepTimers {
			to = at
		}
	}
	return to - now
}
