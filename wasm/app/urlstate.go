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

// Share is everything a link restores: the scenario or script, both
// lanes' player positions and the virtual time they were at, the speed
// and the view.
type Share struct {
	Scenario string   // built-in scenario name, "" for none or a script
	Script   string   // the pasted script (when Scenario is "")
	Pos      [2]int64 // player positions (absolute history indexes)
	Line     int      // script lines run (0 with Pos 0: a bare link, the scenario just starts)
	Jiffies  int64    // virtual clock
	Speed    float64
	Cam      [4]float64 // camera X0, Y0 and zoom over the fit in x and y; all 0 = fit
	Pseudo   bool
	Timeline bool
	Present  bool
	Panel    string // the page's view ("gc", "dst", ...), set and applied by the front end
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
	v.Set("f", flags(sh.Pseudo, sh.Timeline, sh.Present))
	if sh.Panel != "" {
		v.Set("v", sh.Panel)
	}
	return v.Encode()
}

// flags spells the panel switches as a string of letters.
func flags(pseudo, timeline, present bool) string {
	var b strings.Builder
	for _, f := range []struct {
		on bool
		c  byte
	}{{pseudo, 'p'}, {timeline, 't'}, {present, 'P'}} {
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
	if x := v.Get("x"); x != "" {
		if sh.Script, err = inflate(x); err != nil {
			return Share{}, fmt.Errorf("script in the link: %w", err)
		}
	}
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
	return sh, err
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
	for i, c := range sh.Cam {
		if math.IsNaN(c) || math.IsInf(c, 0) || i >= 2 && c < 0 || i >= 2 && c == 0 && sh.Cam != [4]float64{} {
			return errors.New("camera in the link: want finite numbers and positive zooms")
		}
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
	sh := Share{Pos: s.Positions(), Line: s.teach.next, Jiffies: s.Jiffies(), Speed: s.Speed,
		Pseudo: v.Pseudo, Timeline: v.Timeline, Present: v.Presenter}
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
// runs as many of its lines, plays everything, moves the clock to the
// time, and stands paused at the positions. A bare link (no lines run,
// no position) just starts the scenario. Without a scenario or script
// only the view and speed are restored (the full-table demo depends on
// wall time).
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
	v.Pseudo, v.Timeline, v.Presenter = sh.Pseudo, sh.Timeline, sh.Present
	v.pending = sh.Cam
	if s.teach.scenario == "" || sh.Line == 0 && sh.Pos == [2]int64{} {
		return nil
	}
	s.guard(func() error { return s.catchUp(sh.Line, sh.Jiffies) })
	if s.Err != "" {
		return errors.New(strings.TrimPrefix(s.Err, "link: "))
	}
	s.SeekTo(sh.Pos)
	return nil
}

// catchUp runs the first line lines of the script, playing everything
// each queues, then moves the clock to jiffies (the engine skips the GC
// timer's firings that change nothing). It refuses to replay more than
// maxLinkPasses GC passes.
func (s *Sim) catchUp(line int, jiffies int64) error {
	for advances := 0; ; {
		s.finishGC()
		switch {
		case s.Pending() > 0:
			s.play(s.Pending())
			s.refresh()
		case s.teach.next < min(line, len(s.teach.lines)):
			s.scriptLine()
		case s.Jiffies() < jiffies:
			if advances++; advances > maxLinkPasses {
				return fmt.Errorf("replaying it would take more than %d GC passes", maxLinkPasses)
			}
			s.advance(jiffies - s.Jiffies())
		default:
			return nil
		}
	}
}
