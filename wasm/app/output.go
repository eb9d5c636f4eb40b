package app

import (
	"bytes"
	"errors"
	"fmt"
	"hash"
	"hash/fnv"
	"strings"
	"unicode/utf8"
)

// Console output limits: what one command prints is kept up to
// MaxOutputLines lines or MaxOutputBytes bytes, whichever comes first (the
// command is stopped there), and each line the page shows is cut at
// MaxLineRunes characters.
const (
	MaxOutputLines = 500
	MaxOutputBytes = 256 << 10
	MaxLineRunes   = 2000
)

// capWriter keeps the first max lines written to it (and no more than
// MaxOutputBytes) and hashes them, so that two runs can be compared
// without keeping their output. At the line after the cap, or the byte,
// it stops the command, as `| head -n max` or `| head -c` would, by
// panicking with errCut (see runCapped): printing 160,000 routes would
// otherwise hold the page for seconds.
type capWriter struct {
	max      int
	kept     strings.Builder
	lines    int // complete lines seen
	partial  bool
	cut      bool // the command was stopped at the cap
	cutBytes bool // ... at MaxOutputBytes (one long line: `ip -j` prints one)
	sum      hash.Hash64
}

// errCut is the panic value with which a capWriter stops a command.
var errCut = errors.New("output cut")

// runCapped runs f (a command writing to w), turning w's stop into a
// normal return with w.cut set; other panics go on.
func runCapped(w *capWriter, f func()) {
	defer func() {
		if r := recover(); r != nil {
			if r != errCut {
				panic(r)
			}
			w.cut = true
		}
	}()
	f()
}

func newCapWriter(max int) *capWriter { return &capWriter{max: max, sum: fnv.New64a()} }

// Write implements io.Writer; it never fails.
func (w *capWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		chunk := p
		if i >= 0 {
			chunk = p[:i+1]
		}
		if w.lines >= w.max {
			panic(errCut)
		}
		if room := MaxOutputBytes - w.kept.Len(); len(chunk) > room {
			w.kept.Write(chunk[:room])
			w.sum.Write(chunk[:room])
			w.partial = room > 0 || w.partial
			w.cutBytes = true
			panic(errCut)
		}
		w.kept.Write(chunk)
		if i >= 0 {
			w.lines++
			w.partial = false
		} else {
			w.partial = true
		}
		w.sum.Write(chunk)
		p = p[len(chunk):]
	}
	return n, nil
}

// String returns the kept output.
func (w *capWriter) String() string { return w.kept.String() }

// note returns the line that says the command was stopped at the cap, or
// "".
func (w *capWriter) note() string {
	switch {
	case !w.cut:
		return ""
	case w.cutBytes:
		nl := ""
		if w.partial {
			nl = "\n"
		}
		return fmt.Sprintf(nl+"... more output not shown: the console stops a command after %s bytes of output, as | head -c %d would\n", Commas(MaxOutputBytes), MaxOutputBytes)
	}
	return fmt.Sprintf("... more lines not shown: the console stops a command after %d lines of output, as | head -n %d would\n", w.max, w.max)
}

// Printable returns line as the console shows it: control characters
// (but tabs) as their visible Unicode pictures (U+2400..), invalid UTF-8
// as U+FFFD, and no more than MaxLineRunes characters.
func Printable(line string) string {
	var b strings.Builder
	n := 0
	for i, r := range line {
		if n == MaxLineRunes {
			fmt.Fprintf(&b, "… (%s more characters)", Commas(utf8.RuneCountInString(line[i:])))
			break
		}
		switch {
		case r == '\t':
		case r < 0x20:
			r += 0x2400
		case r == 0x7f:
			r = 0x2421
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}
