package app

import (
	"slices"
	"strings"
	"testing"

	"fib6lab/engine/iproute2"

	"fib6lab/wasm/share"
)

func TestHelpHasALinePerShellCommand(t *testing.T) {
	var names []string
	for _, h := range commandHelps {
		names = append(names, h.name)
		if !strings.HasPrefix(h.usage, h.name) {
			t.Errorf("the help line of %s reads %q", h.name, h.usage)
		}
	}
	slices.Sort(names)
	if want := iproute2.Commands(); !slices.Equal(names, want) {
		t.Fatalf("help lists %v, the shell runs %v", names, want)
	}
}

func TestHelpAnswersWhileTheTableLoads(t *testing.T) {
	o := DefaultOptions()
	o.Nanotime = fakeClock()
	s := NewSim(o)
	s.Submit("help")
	ls := s.Console.Lines(0)
	if s.Ready() || s.Console.Queued() != 0 || len(ls) < 2 || !strings.HasPrefix(ls[1].Text, "fib6lab console:") {
		t.Fatalf("ready %v, queued %d, scrollback %+v", s.Ready(), s.Console.Queued(), ls)
	}
}

func TestConsoleHelpListsCommandsAndKeys(t *testing.T) {
	s := loadedSim(t, full(t)[:100], 0)
	s.Console.SetKeys([]KeyHelp{{"Space", "play / pause"}, {"0", "reset the view"}, {strings.Repeat("x", 500), "long"}})
	s.Submit("help")
	s.Frame(frame)
	var out []string
	for _, l := range s.Console.Lines(0) {
		out = append(out, l.Text)
		if l.Kind == LineError || strings.Contains(l.Text, "not found") {
			t.Errorf("help printed %q (%v)", l.Text, l.Kind)
		}
	}
	text := strings.Join(out, "\n")
	for _, h := range commandHelps {
		if !strings.Contains(text, h.usage+" ") || !strings.Contains(text, h.what) {
			t.Errorf("no line for %s in\n%s", h.name, text)
		}
	}
	for _, want := range []string{"  left: CMD, right: CMD", "  Space        play / pause", "  0            reset the view", strings.Repeat("x", maxKeyText) + " long"} {
		if !strings.Contains(text, want) {
			t.Errorf("no key line %q in\n%s", want, text)
		}
	}
	if s.Console.History.Prev("") != "help" || len(s.Share().Typed) != 0 {
		t.Fatalf("help: history %q, carried in links as %+v", s.Console.History.Prev(""), s.Share().Typed)
	}
	// a script runs as the shell does: the page's help is not there
	if r := s.Exec("help"); r.Status == 0 || strings.Contains(r.Output, "fib6lab console") {
		t.Fatalf("help in a script: status %d, %q", r.Status, r.Output)
	}
}

func TestTypedCommandsStopAtALinksLimits(t *testing.T) {
	s := loadedSim(t, full(t)[:100], 0)
	long := strings.Repeat("x", 60_000)
	for range 20 { // 20 x 60 kB: past a link's 1 MiB
		s.noteTyped("echo " + long)
	}
	if n := len(s.teach.link.typed); n != 17 {
		t.Fatalf("%d typed commands kept, want the 17 that fit in 1 MiB", n)
	}
	notes := 0
	for _, l := range s.Console.Lines(0) {
		if l.Kind == LineNote && strings.Contains(l.Text, "links to this page carry no more typed commands") {
			notes++
		}
	}
	if notes != 1 {
		t.Fatalf("%d notes that the link is full, want 1", notes)
	}
	if _, err := share.Decode(s.Share().Encode()); err != nil {
		t.Fatalf("the link does not open: %v", err)
	}
}
