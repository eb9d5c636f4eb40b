package main

import (
	"bufio"
	"io"
	"unicode/utf8"
)

// readLine reads the next line of br and returns it without its "\n"
// (a "\r" before it stays, as bash keeps it) when it has at most max
// bytes; n is the line's length in bytes either way. A longer line is
// read to its end but not kept (line ""), so memory stays within about
// twice max whatever the input. err is io.EOF when the input has no more
// lines, or the read error.
func readLine(br *bufio.Reader, max int) (line string, n int, err error) {
	var kept []byte
	for {
		piece, err := br.ReadSlice('\n')
		n += len(piece)
		kept = append(kept, piece...)
		if n > max+1 { // +1: the "\n" that is not part of the line
			kept = kept[:0]
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if n == 0 {
			return "", 0, err
		}
		if piece[len(piece)-1] == '\n' {
			n--
		}
		if n > max {
			return "", n, nil
		}
		return string(kept[:n]), n, nil
	}
}

// promptLimit is the most bytes typed or pasted into one line that the
// terminal prompt passes to its line editor. The editor redraws the
// whole line at each key, so a line costs CPU time in the square of its
// length: pasting 1000 bytes costs about 0.1 s here, 2000 bytes 0.35 s,
// 4000 bytes 1.4 s. Longer lines run from a script or a pipe.
const promptLimit = 2048

// overflowMark stands, in what typedLimit passes on, for the bytes of a
// line it dropped: U+FDD0, a Unicode noncharacter, which no keyboard or
// text sends.
const overflowMark = '\uFDD0'

// Bytes that end the line being edited.
const (
	keyCtrlC = 0x03
	keyEsc   = 0x1b
)

// typedLimit reads terminal input for the line editor and passes on at
// most limit bytes of each line (the bytes since the last Enter or
// Ctrl-C, editing keys included): past that it passes overflowMark once,
// then drops everything up to the key that ends the line, at the cost of
// a byte comparison per byte. It never cuts an escape sequence or a
// UTF-8 sequence in two. passed counts the bytes passed on.
type typedLimit struct {
	r        io.ReadCloser
	limit    int
	passed   int64
	n        int  // bytes of the current line passed on
	esc      int  // position in an escape sequence (see nextEsc)
	dropping bool // the current line overflowed
	pend     []byte
	err      error
}

// Read implements io.Reader.
func (t *typedLimit) Read(p []byte) (int, error) {
	for len(t.pend) == 0 && t.err == nil {
		var n int
		n, t.err = t.r.Read(p)
		t.pend = t.filter(t.pend[:0], p[:n])
	}
	n := copy(p, t.pend)
	t.pend = t.pend[n:]
	t.passed += int64(n)
	if len(t.pend) > 0 {
		return n, nil
	}
	return n, t.err
}

// Close closes the terminal input.
func (t *typedLimit) Close() error { return t.r.Close() }

// filter appends to dst what of src is passed on.
func (t *typedLimit) filter(dst, src []byte) []byte {
	for _, b := range src {
		switch {
		case b == '\r' || b == '\n' || b == keyCtrlC:
			t.n, t.esc, t.dropping = 0, 0, false
		case t.dropping:
			continue
		case t.n >= t.limit && t.esc == 0 && utf8.RuneStart(b):
			t.dropping = true
			dst = utf8.AppendRune(dst, overflowMark)
			continue
		default:
			t.n++
			t.esc = nextEsc(t.esc, b)
		}
		dst = append(dst, b)
	}
	return dst
}

// nextEsc follows a terminal escape sequence: state 0 is outside one, 1
// after ESC, 2 inside a CSI (ESC [) or SS3 (ESC O) sequence, which a
// byte from '@' to '~' ends.
func nextEsc(state int, b byte) int {
	switch {
	case state == 0 && b == keyEsc:
		return 1
	case state == 1 && (b == '[' || b == 'O'):
		return 2
	case state == 2 && (b < '@' || b > '~'):
		return 2
	}
	return 0
}
