// Package share is the page's link format: what a link to fib6lab's page
// carries (a scenario or script, the commands typed, the player's
// position, the clock, the view) and its text form in the URL fragment.
// Links are untrusted input: Decode parses, Check bounds every field
// before the page replays anything. Plain Go, tested natively.
package share

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

// Link is everything a link restores: the scenario or script, the
// commands typed in the console, both lanes' player positions and the
// virtual time they were at, whether the player was paused, the speed
// and the view.
type Link struct {
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

// Encode returns the URL fragment (without '#') for sh: key=value pairs,
// the script deflated and base64url-encoded.
func (sh Link) Encode() string {
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

// Decode parses a fragment made by Encode (a leading '#' is fine).
func Decode(frag string) (Link, error) {
	v, err := url.ParseQuery(strings.TrimPrefix(frag, "#"))
	if err != nil {
		return Link{}, err
	}
	sh := Link{Scenario: v.Get("s"), Panel: v.Get("v")}
	if sh.Scenario != "" && v.Get("x") != "" {
		return Link{}, errors.New("a link runs a scenario or a script, not both")
	}
	if x := v.Get("x"); x != "" {
		if sh.Script, err = inflate(x); err != nil {
			return Link{}, fmt.Errorf("script in the link: %w", err)
		}
	}
	if t := v.Get("t"); t != "" {
		if sh.Typed, err = decodeTyped(t); err != nil {
			return Link{}, fmt.Errorf("typed commands in the link: %w", err)
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
			return Link{}, errors.New("camera in the link: want 4 numbers")
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

// typedText writes typed commands one a line (Typed.Record).
func typedText(ts []Typed) string {
	var b strings.Builder
	for _, t := range ts {
		b.WriteString(t.Record())
	}
	return b.String()
}

// Record is the line of a typed command in a link: "LINE JIFFIES B
// QUOTED", B 1 when Behind else 0, the command quoted as a Go string (a
// command may span lines). A link holds at most MaxScript bytes of them.
func (t Typed) Record() string {
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
	// maxLinkUptime bounds the virtual time a link's clock may stand at,
	// in seconds after the namespace was created (about 31.7 years).
	maxLinkUptime = 1e9
)

// Check refuses a link whose fields are out of range for a page ticking
// at hz and playing at speeds[0] to speeds[1] events per frame: negative positions or lines, more lines than a script may have,
// a clock outside [InitialJiffies, InitialJiffies + maxLinkUptime s],
// typed commands beyond a script's limits or out of order (checkTyped),
// a speed that is not one the player offers, a camera that is not
// finite or zooms by zero or less.
func (sh Link) Check(hz int64, speeds [2]float64) error {
	maxJ := netns.InitialJiffies + int64(maxLinkUptime)*hz
	switch {
	case sh.Pos[0] < 0 || sh.Pos[1] < 0:
		return fmt.Errorf("player position %d.%d is negative", sh.Pos[0], sh.Pos[1])
	case sh.Line < 0 || sh.Line > iproute2.MaxScriptLines:
		return fmt.Errorf("line %d is out of range (0 to %d)", sh.Line, iproute2.MaxScriptLines)
	case sh.Jiffies != 0 && (sh.Jiffies < netns.InitialJiffies || sh.Jiffies > maxJ):
		return fmt.Errorf("clock %d jiffies is out of range (%d to %d)", sh.Jiffies, int64(netns.InitialJiffies), maxJ)
	case sh.Speed != 0 && !(sh.Speed >= speeds[0] && sh.Speed <= speeds[1]):
		return fmt.Errorf("speed %v is out of range (%v to %v)", sh.Speed, speeds[0], speeds[1])
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
// (more than iproute2.MaxScriptLines lines, more than MaxScript bytes
// written in the link) or that are out of order: each must come at or
// after the one before in script lines and clock, within the link's
// lines and clock, and the clock within [InitialJiffies, maxJ].
func (sh Link) checkTyped(maxJ int64) error {
	if n := len(sh.Typed); n > iproute2.MaxScriptLines {
		return fmt.Errorf("%d typed commands: a link holds at most %d", n, iproute2.MaxScriptLines)
	}
	end := maxJ
	if sh.Jiffies != 0 {
		end = sh.Jiffies
	}
	bytes, prev := 0, Typed{Jiffies: netns.InitialJiffies}
	for i, t := range sh.Typed {
		bytes += len(t.Record())
		switch {
		case bytes > MaxScript:
			return fmt.Errorf("typed commands longer than %d bytes", MaxScript)
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
	out, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(raw)), MaxScript+1))
	if err != nil {
		return "", err
	}
	if len(out) > MaxScript {
		return "", fmt.Errorf("longer than %d bytes", MaxScript)
	}
	return string(out), nil
}

// MaxScript bounds a script carried in a link, decompressed, and the
// records of its typed commands together, in bytes.
const MaxScript = 1 << 20
