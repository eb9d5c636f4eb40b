package main

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"fib6lab/engine/iproute2"
)

// runFile runs the script at path on sh (Shell.RunScript), writing its
// output to stdout, and returns its status and whether it ran to its
// end. The status is the last command's; 2 (not ended) when the file
// cannot be opened or read (a directory, an I/O error); 130 (not ended)
// when SIGINT stopped it: the command that runs is cut short and no
// later line runs.
func runFile(sh *iproute2.Shell, path string) (status int, ended bool) {
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ip6sim:", err)
		return 2, false
	}
	defer f.Close()
	in := catchInterrupts(sh.NS)
	defer in.stop()
	w := bufio.NewWriter(os.Stdout)
	feed := &scriptFeed{br: bufio.NewReader(f), stop: in.interrupted, flush: w.Flush}
	rc := sh.RunScript(feed, w)
	w.Flush()
	switch {
	case in.interrupted():
		return interruptStatus, false
	case feed.err != nil:
		fmt.Fprintln(os.Stderr, "ip6sim:", feed.err)
		return 2, false
	}
	return rc, true
}

// scriptFeed hands a script to Shell.RunScript one line per Read and
// ends it (io.EOF) before the next line once stop reports true, so that
// after an interrupted command not one more line runs, not even one
// already read from the file. Before handing over a line it calls flush,
// so that what the commands of the lines before printed is out (a
// SIGTERM, which ends the process at once, loses nothing they printed)
// while a line's output stays buffered. A read error other than io.EOF
// ends the script too and is kept in err.
type scriptFeed struct {
	br    *bufio.Reader
	stop  func() bool
	flush func() error
	err   error
	line  []byte // the rest of the current piece, not yet handed over
	mid   bool   // the pieces handed over so far end inside a line
}

// Read implements io.Reader.
func (s *scriptFeed) Read(p []byte) (int, error) {
	if len(s.line) == 0 {
		if !s.mid {
			s.flush()
		}
		if !s.mid && s.stop() {
			return 0, io.EOF
		}
		// a line longer than br's buffer comes in pieces (ErrBufferFull)
		l, err := s.br.ReadSlice('\n')
		if len(l) == 0 {
			if err != io.EOF {
				s.err = err
			}
			return 0, io.EOF
		}
		s.line, s.mid = l, l[len(l)-1] != '\n'
	}
	n := copy(p, s.line)
	s.line = s.line[n:]
	return n, nil
}
