package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"sync/atomic"

	"github.com/chzyer/readline"

	"fib6lab/engine/iproute2"
)

// lineSource gives the prompt its lines: readline at a terminal
// (terminalPrompt), bufio otherwise (pipePrompt).
type lineSource interface {
	// Readline returns the next line; io.EOF at the end of input,
	// readline.ErrInterrupt when Ctrl-C discarded the line being typed,
	// or a refusal: *lineTooLong or errPromptTooLong.
	Readline() (string, error)
	// SetPrompt shows p before the next line typed (a terminal only).
	SetPrompt(p string)
	Close() error
}

// The prompts: PS1 for a new command, PS2 while a quote, a trailing
// backslash or a list (&&, ||) makes the command go on, as bash shows.
const (
	ps1 = "ip6sim# "
	ps2 = "> "
)

// prompt1 is PS1 for the namespace sh runs in: ps1 in the machine's
// first namespace, "ip6sim(NS)# " inside `ip netns exec NS bash`.
func prompt1(sh *iproute2.Shell) string {
	if ns := sh.Namespace(); ns != "" {
		return "ip6sim(" + ns + ")# "
	}
	return ps1
}

// errPromptTooLong refuses a line typed or pasted at the terminal past
// promptLimit.
var errPromptTooLong = fmt.Errorf("ip6sim: line too long: more than %d bytes typed at the prompt, not run (run it with -f FILE or from a pipe)", promptLimit)

// lineTooLong refuses a line of input longer than iproute2.MaxLineBytes,
// which was read to its end without being kept.
type lineTooLong struct{ n int }

func (e *lineTooLong) Error() string {
	return fmt.Sprintf("line too long: %d bytes (fib6lab limit %d)", e.n, iproute2.MaxLineBytes)
}

// interactive runs the prompt on sh until EOF or `exit` and returns the
// last command's status. Ctrl-C (SIGINT) interrupts the command that
// runs; at the terminal, Ctrl-C while typing discards the line as
// readline does. Without a terminal (input from a pipe) a SIGINT that
// arrives between commands interrupts the next command that does long
// work; two SIGINTs before a command takes them end ip6sim (status 130).
func interactive(sh *iproute2.Shell) int {
	var src lineSource = pipePrompt{bufio.NewReader(os.Stdin)}
	if readline.DefaultIsTerminal() {
		var err error
		src, err = newTerminalPrompt(readline.NewCancelableStdin(os.Stdin), os.Stdout, usableHistory(historyPath(), os.Stderr))
		if err != nil {
			fmt.Fprintln(os.Stderr, "ip6sim:", err)
			return 2
		}
	}
	defer src.Close()
	in := catchInterrupts(sh.NS)
	defer in.stop()
	return prompt(sh, src, in, os.Stdout)
}

// prompt runs the lines of src on sh, writing their output to out. It
// returns the last status at EOF, the status of `exit` (Shell.Exited:
// `exit 3` ends it with 3, as it ends bash), or 2 on a read error. A
// refused line prints its message and sets the status to 2; each
// command takes the SIGINT that arrived before it ended (in.consume).
func prompt(sh *iproute2.Shell, src lineSource, in *interrupter, out io.Writer) int {
	var j iproute2.Joiner
	for {
		line, err := src.Readline()
		var long *lineTooLong
		switch {
		case err == io.EOF && j.Pending():
			sh.Run(j.Flush(), out) // bash's "unexpected EOF" message
			return sh.Status
		case err == io.EOF:
			return sh.Status
		case err == readline.ErrInterrupt: // bash: the line is dropped, $? is 130
			j.Reset()
			src.SetPrompt(prompt1(sh))
			sh.Status = interruptStatus
			continue
		case errors.As(err, &long):
			sh.Line++ // the shell counts the lines it refuses
			fmt.Fprintf(out, "bash: line %d: %v\n", sh.Line, long)
			sh.Status = 2
			continue
		case err == errPromptTooLong:
			fmt.Fprintln(out, err)
			sh.Status = 2
			continue
		case err != nil:
			fmt.Fprintln(os.Stderr, "ip6sim:", err)
			return 2
		}
		logical, ok := j.Add(line)
		if !ok {
			src.SetPrompt(ps2)
			continue
		}
		sh.Run(logical, out)
		src.SetPrompt(prompt1(sh))
		in.consume()
		if sh.Exited() {
			return sh.Status
		}
	}
}

// pipePrompt reads lines from input that is not a terminal, in time and
// memory linear in their length (readLine), refusing lines longer than
// iproute2.MaxLineBytes as the shell does.
type pipePrompt struct{ br *bufio.Reader }

// Readline implements lineSource.
func (p pipePrompt) Readline() (string, error) {
	line, n, err := readLine(p.br, iproute2.MaxLineBytes)
	if err == nil && n > iproute2.MaxLineBytes {
		err = &lineTooLong{n}
	}
	return line, err
}

// SetPrompt implements lineSource: a pipe shows no prompt.
func (pipePrompt) SetPrompt(string) {}

// Close implements lineSource; standard input stays open.
func (pipePrompt) Close() error { return nil }

// terminalPrompt reads lines at a terminal with github.com/chzyer/readline
// (arrow keys, Ctrl-R search, history), the input passing through
// typedLimit: a line past promptLimit rings the bell, takes no more
// input and is refused at Enter (errPromptTooLong).
type terminalPrompt struct {
	rl      *readline.Instance
	hist    history
	refused atomic.Bool // the editor met overflowMark in the line being read
}

// newTerminalPrompt returns a prompt reading stdin and echoing to stdout,
// with its history in the file histPath ("": none; see usableHistory).
func newTerminalPrompt(stdin io.ReadCloser, stdout io.Writer, histPath string) (*terminalPrompt, error) {
	p := &terminalPrompt{}
	cfg := &readline.Config{
		Prompt: ps1, InterruptPrompt: "^C", EOFPrompt: "exit",
		HistoryFile: histPath, HistoryLimit: historyLines, DisableAutoSaveHistory: true,
		Stdin: &typedLimit{r: stdin, limit: promptLimit}, Stdout: stdout,
		// The mark becomes Ctrl-G, a key that changes nothing. (Dropping
		// it would make readline read the next line ahead.)
		FuncFilterInputRune: func(r rune) (rune, bool) {
			if r == overflowMark {
				p.refused.Store(true)
				stdout.Write([]byte{readline.CharBell})
				r = readline.CharBell
			}
			return r, true
		},
	}
	rl, err := readline.NewEx(cfg)
	if err != nil {
		return nil, err
	}
	p.rl, p.hist = rl, history{rl: rl, path: histPath}
	return p, nil
}

// Readline implements lineSource, saving the lines it returns to the
// history (history.save).
func (p *terminalPrompt) Readline() (string, error) {
	line, err := p.rl.Readline()
	if p.refused.Swap(false) && err == nil {
		return "", errPromptTooLong
	}
	if err == nil {
		p.hist.save(line)
	}
	return line, err
}

// SetPrompt implements lineSource.
func (p *terminalPrompt) SetPrompt(s string) { p.rl.SetPrompt(s) }

// Close implements lineSource, restoring the terminal.
func (p *terminalPrompt) Close() error { return p.rl.Close() }
