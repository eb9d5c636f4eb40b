package iproute2

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"strings"
)

// SyntaxError is input bash refuses to run, with bash's message: an
// unexpected token ("syntax error near unexpected token `;'"), or end of
// input inside a quote, an expansion, an array or an unfinished list.
// Line is the line bash names, counted from 1 at the start of the text
// given (a shell adds the lines it ran before). Text, for an unexpected
// token, is the physical line bash quotes on a second line. Status is
// the exit status bash sets when it is not 2 (1 for an array left open).
type SyntaxError struct {
	Line   int
	Msg    string
	Text   string
	Status int
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// print writes the error as bash does, its line numbers moved by base
// (the lines before the text).
func (e *SyntaxError) print(out io.Writer, base int) {
	fmt.Fprintf(out, "bash: line %d: %s\n", base+e.Line, e.Msg)
	if strings.HasPrefix(e.Msg, "syntax error near") {
		fmt.Fprintf(out, "bash: line %d: `%s'\n", base+e.Line, e.Text)
	}
}

// status is the exit status bash sets for the error.
func (e *SyntaxError) status() int { return cmp.Or(e.Status, 2) }

// refusal is what bash runs but this shell does not (pipes, redirections,
// substitutions, compound commands, special parameters, shell builtins
// it lacks, ...): "fib6lab: no WHAT here: WHY", status 2.
type refusal struct{ what, why string }

func (r refusal) Error() string { return "fib6lab: no " + r.what + " here: " + r.why }

// whyLists ends the refusal of a construct of bash's grammar.
const whyLists = "this shell runs simple commands, alone or in lists joined by ;, && and ||"

// construct is the refusal of a construct of bash's grammar.
func construct(what string) refusal { return refusal{what, whyLists} }

// refusalOf names what an operator would start.
func refusalOf(op string) refusal {
	switch {
	case op == "|" || op == "|&":
		return construct("pipes")
	case op == "&":
		return construct("background jobs")
	case op == "(":
		return construct("subshells or functions")
	}
	return construct("redirections")
}

// simple is one simple command of a list: its leading assignments and
// its other words, cut into parts (scanWord) when the line is parsed.
type simple struct {
	assigns []assignment
	args    [][]part
	op      string // the operator before it: "" (first), ";", "&&" or "||"
	line    int    // the line of the token that ends it, as bash numbers it
}

// add adds a word as written to the command: an assignment while no
// other word came, else an argument (the first one names the command).
// It returns the refusal of what the word holds that this shell does not
// expand or run.
func (c *simple) add(w string) error {
	if len(c.args) == 0 && isAssignment(w) {
		a, err := parseAssignment(w)
		c.assigns = append(c.assigns, a)
		return err
	}
	parts, err := scanWord(w, false)
	c.args = append(c.args, parts)
	switch {
	case err != nil:
		return err
	case len(c.assigns) > 0:
		return refusal{"assignments before a command", "set variables in a command of their own (X=1; cmd)"}
	case len(c.args) == 1:
		return builtinRefusal(parts)
	}
	return nil
}

// LogicalLines splits text into the logical lines bash would read from
// it, in order: one physical line each, or several joined when a line
// ends with a backslash, a quote, an expansion such as `$(` or an array
// spans lines, a line ends with `&&`, `||` or `|`, or here-document
// bodies follow. Each entry is the text as written (line continuations
// and the newlines inside it kept), so Shell.Run runs it as bash would
// and counts its lines; blank and comment-only lines are entries too,
// and strings.Join(lines, "\n") gives back text without its final
// newline. NUL bytes are dropped, as bash drops them. It is how the page
// cuts text pasted or typed into its console or script box, where a
// clipboard's "\r\n" line ends are line ends: the "\r" of each "\r\n" is
// dropped. (A script run by Shell.RunScript or fed to a Joiner keeps
// it, as bash does.)
//
// At end of input inside a quote, an expansion, an array or an
// unfinished list, the last entry is that unfinished rest and err is a
// *SyntaxError in bash's words (e.g. "line 2: unexpected EOF while
// looking for matching `\"'").
func LogicalLines(text string) (lines []string, err error) {
	lines, _, err = LogicalLinesUpTo(text, 0, 0)
	return lines, err
}

// LogicalLinesUpTo is LogicalLines reading no more of text (once NUL
// bytes and "\r" are dropped) than its first maxBytes+1 bytes and its
// first maxLines+1 lines (0: no limit): what a script or paste past its
// limits (MaxScriptBytes, MaxScriptLines) runs is known from them, and a
// 64 MB paste is not split whole. more reports that text goes on past
// what was read; the last line may then be cut short, and err is nil.
func LogicalLinesUpTo(text string, maxLines, maxBytes int) (lines []string, more bool, err error) {
	if text = cleanScript(text); text == "" {
		return nil, false, nil
	}
	if maxBytes > 0 && len(text) > maxBytes+1 {
		text, more = text[:maxBytes+1], true
	}
	text = strings.TrimSuffix(text, "\n")
	toks, cut, err := lineEnds(text, maxLines+min(maxLines, 1))
	if more {
		err = nil
	}
	more = more || cut
	lines = make([]string, 0, len(toks)+1)
	start := 0
	for _, t := range toks {
		if t.kind == tokEnd {
			lines = append(lines, text[start:min(t.end, len(text))])
			start = t.end + 1
		}
	}
	if start <= len(text) && !cut {
		lines = append(lines, text[start:])
	}
	return lines, more, err
}

// cleanScript drops NUL bytes and the "\r" of "\r\n" line ends (text
// pasted into the page, see LogicalLines).
func cleanScript(text string) string {
	return strings.ReplaceAll(strings.ReplaceAll(text, "\x00", ""), "\r\n", "\n")
}

// Words returns the words of line, one simple command, as the shell
// expands them for running it (see expandArgs): quotes removed, escapes
// and line continuations applied, `$?` and the shell's variables
// replaced, unquoted expansions split. A comment or blank line, and a
// line of assignments only, have no words. Errors: a *SyntaxError for
// what bash refuses (an unterminated quote, an unexpected token), the
// refusal message for a pipe, redirection, substitution, subshell or
// expansion this shell does not do, and an error when line holds more
// than one command (a list or several lines).
func (sh *Shell) Words(line string) ([]string, error) {
	text := strings.ReplaceAll(line, "\x00", "")
	toks, err := lex(text)
	if err != nil {
		return nil, err
	}
	var cmds []simple
	for _, group := range logicalGroups(toks) {
		c, err := parseList(text, group)
		if err != nil {
			return nil, err
		}
		cmds = append(cmds, c...)
	}
	switch len(cmds) {
	case 0:
		return nil, nil
	case 1:
		return sh.expandArgs(cmds[0].args)
	}
	return nil, errors.New("fib6lab: not one simple command: the line holds a list or several lines")
}

// logicalGroups cuts tokens at each tokEnd; each group keeps its tokEnd.
func logicalGroups(toks []token) [][]token {
	var groups [][]token
	for start, i := 0, 0; i < len(toks); i++ {
		if toks[i].kind == tokEnd {
			groups = append(groups, toks[start:i+1])
			start = i + 1
		}
	}
	return groups
}

// parseList checks one logical line's tokens against bash's grammar for
// lists and pipelines and returns its simple commands, their words cut
// into parts. Errors: a *SyntaxError for a token bash does not expect
// there, or else a refusal for the first construct this shell does not
// run.
func parseList(text string, toks []token) ([]simple, error) {
	ops := 0 // each command but the last ends at an operator: one slice, sized once
	for _, t := range toks {
		if t.kind == tokOp {
			ops++
		}
	}
	cmds := make([]simple, 0, ops+1)
	var cur simple
	var refused error
	refuse := func(err error) {
		if refused == nil {
			refused = err
		}
	}
	state := "start" // "start", "cmd" (words read), "sep" (after ; or &), "need" (after && || |)
	for i := 0; toks[i].kind != tokEnd; i++ {
		t := toks[i]
		switch {
		case t.reserved:
			return nil, reservedWord(text, t, refused)
		case t.kind == tokWord:
			if err := cur.add(t.text); err != nil {
				refuse(err)
			}
			state = "cmd"
			continue
		case t.text == "(" && state == "cmd" && (len(cur.args) != 1 || len(cur.assigns) > 0):
			return nil, unexpected(text, t) // only `NAME ()` defines a function
		case t.text == "(":
			refuse(refusalOf(t.text))
			return nil, refused
		case redirection(t.text):
			if toks[i+1].kind != tokWord {
				return nil, unexpected(text, toks[i+1])
			}
			refuse(refusalOf(t.text))
			i++
			state = "cmd"
			continue
		case state != "cmd" || strings.HasPrefix(t.text, ";;") || t.text == ";&" || t.text == ")":
			return nil, unexpected(text, t)
		case t.text == "|" || t.text == "|&" || t.text == "&":
			refuse(refusalOf(t.text))
		}
		cur.line = t.line
		cmds = append(cmds, cur)
		cur = simple{op: t.text}
		state = "need"
		if t.text == ";" || t.text == "&" {
			state = "sep"
		}
	}
	if refused != nil {
		return nil, refused
	}
	if state == "cmd" {
		cur.line = toks[len(toks)-1].line
		cmds = append(cmds, cur)
	}
	return cmds, nil
}

// reservedWord is the error for a reserved word where a command starts:
// a word that only continues or closes a compound command (then, do,
// done, fi, ...) is a syntax error there, as nothing opened it; one that
// starts a compound command or modifies a pipeline is refused, unless
// something was refused before it.
func reservedWord(text string, t token, refused error) error {
	switch {
	case strings.Contains(" then elif else fi do done esac } ", " "+t.text+" "):
		return unexpected(text, t)
	case refused != nil:
		return refused
	}
	switch t.text {
	case "!":
		return construct("pipeline negation (!)")
	case "time":
		return construct("time keyword")
	case "coproc":
		return construct("coprocesses")
	case "function":
		return construct("subshells or functions")
	}
	return construct("compound commands")
}

// redirection reports whether op is a redirection operator.
func redirection(op string) bool {
	return strings.ContainsAny(op[:1], "<>") || strings.HasPrefix(op, "&>")
}

// unexpected is bash's error for token t of text.
func unexpected(text string, t token) *SyntaxError {
	name := t.text
	if t.kind == tokEnd {
		name = "newline"
	}
	lines := strings.Split(text, "\n")
	return &SyntaxError{Line: t.line + 1, Msg: "syntax error near unexpected token `" + name + "'", Text: lines[min(t.line, len(lines)-1)]}
}

// runText runs text, whose first line is line first of the input: each
// logical line in turn is parsed, then its commands run. A syntax error
// stops it (bash stops reading a script there), and so do `exit` and an
// interrupted command; a refused construct fails its logical line with
// status 2 and the rest runs.
func (sh *Shell) runText(text string, first int, out io.Writer) {
	toks, eofErr := lex(text)
	for _, group := range logicalGroups(toks) {
		cmds, err := parseList(text, group)
		if err != nil {
			sh.fail(err, first, out)
			if sh.syntaxErr {
				return
			}
			continue
		}
		sh.runList(cmds, first, out)
		if sh.interrupted || sh.exited {
			return
		}
	}
	if eofErr != nil {
		sh.fail(eofErr, first, out)
	}
}

// fail prints a parse error and sets its status (2 but for some syntax
// errors).
func (sh *Shell) fail(err error, first int, out io.Writer) {
	var se *SyntaxError
	sh.Status = 2
	if errors.As(err, &se) {
		se.print(out, first-1)
		sh.syntaxErr = true
		sh.Status = se.status()
	} else {
		fmt.Fprintln(out, err)
	}
}

// runList runs a list's simple commands: after `&&` only when the last
// status is 0, after `||` only when it is not, after `;` always. Each
// command's words are expanded just before it runs.
func (sh *Shell) runList(cmds []simple, first int, out io.Writer) {
	for _, c := range cmds {
		if c.op == "&&" && sh.Status != 0 || c.op == "||" && sh.Status == 0 {
			continue
		}
		sh.Line = first + c.line
		sh.runSimple(c, out)
		if sh.interrupted || sh.exited { // as bash, a list killed by SIGINT goes no further
			return
		}
	}
}

// runSimple expands a simple command's words and runs it; without a
// command its assignments are made and the status is 0, as in bash. An
// expansion this shell refuses (a variable not set, a pattern that would
// search directories) prints its message and fails with status 2
// without running anything.
func (sh *Shell) runSimple(c simple, out io.Writer) {
	args, err := sh.expandArgs(c.args)
	switch {
	case err == nil && len(args) > 0:
		sh.runCommand(args, out)
		return
	case err == nil:
		err = sh.assign(c.assigns)
	}
	sh.Status = 0
	if err != nil {
		fmt.Fprintln(out, err)
		sh.Status = 2
	}
}
