package iproute2

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// SyntaxError is input bash refuses to run, with bash's message: an
// unexpected token ("syntax error near unexpected token `;'"), or end of
// input inside a quote, a `$(` or an unfinished list. Line is the line
// bash names, counted from 1 at the start of the text given (a shell
// adds the lines it ran before). Text, for an unexpected token, is the
// physical line bash quotes on a second line.
type SyntaxError struct {
	Line int
	Msg  string
	Text string
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

// refusal is a construct bash runs but this shell does not (pipes,
// background jobs, redirections, command and process substitution,
// subshells and functions).
type refusal string

func (r refusal) Error() string {
	return fmt.Sprintf("fib6lab: no %s here: this shell runs simple commands, alone or in lists joined by ;, && and ||", string(r))
}

// refusalOf names what an operator would start.
func refusalOf(op string) refusal {
	switch {
	case op == "|" || op == "|&":
		return "pipes"
	case op == "&":
		return "background jobs"
	case op == "(":
		return "subshells or functions"
	}
	return "redirections"
}

// simple is one simple command of a list.
type simple struct {
	words []token
	op    string // the operator before it: "" (first), ";", "&&" or "||"
	line  int    // the line of the token that ends it, as bash numbers it
}

// LogicalLines splits text into the logical lines bash would read from
// it, in order: one physical line each, or several joined when a line
// ends with a backslash, a quote or `$(` spans lines, a line ends with
// `&&`, `||` or `|`, or here-document bodies follow. Each entry is the
// text as written (line continuations and the newlines inside it kept),
// so Shell.Run runs it as bash would and counts its lines; blank and
// comment-only lines are entries too, and strings.Join(lines, "\n") gives
// back text without its final newline. NUL bytes are dropped (bash drops
// them) and so is a "\r" before each "\n" (scripts saved with CRLF line
// ends run), as Shell.RunScript does.
//
// At end of input inside a quote, a `$(` or an unfinished list, the last
// entry is that unfinished rest and err is a *SyntaxError in bash's words
// (e.g. "line 2: unexpected EOF while looking for matching `\"'").
func LogicalLines(text string) (lines []string, err error) {
	if text == "" {
		return nil, nil
	}
	text = strings.TrimSuffix(cleanScript(text), "\n")
	toks, err := lex(text)
	start := 0
	for _, t := range toks {
		if t.kind == tokEnd {
			lines = append(lines, text[start:min(t.end, len(text))])
			start = t.end + 1
		}
	}
	if start <= len(text) {
		lines = append(lines, text[start:])
	}
	return lines, err
}

// cleanScript drops NUL bytes and the "\r" of "\r\n" line ends.
func cleanScript(text string) string {
	return strings.ReplaceAll(strings.ReplaceAll(text, "\x00", ""), "\r\n", "\n")
}

// Words returns the words of line, one simple command, as the shell
// splits them for running it: quotes removed, escapes and line
// continuations applied, `$?` replaced by the shell's status. A comment
// or blank line has no words. Errors: a *SyntaxError for what bash
// refuses (an unterminated quote, an unexpected token), the refusal
// message for a pipe, redirection, substitution or subshell, and an error
// when line holds more than one command (a list or several lines).
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
		return sh.expand(cmds[0].words), nil
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
// lists and pipelines and returns its simple commands. Errors: a
// *SyntaxError for a token bash does not expect there, or else a refusal
// for the first construct this shell does not run.
func parseList(text string, toks []token) ([]simple, error) {
	var cmds []simple
	var cur simple
	var refused error
	refuse := func(r refusal) {
		if refused == nil {
			refused = r
		}
	}
	state := "start" // "start", "cmd" (words read), "sep" (after ; or &), "need" (after && || |)
	for i := 0; toks[i].kind != tokEnd; i++ {
		t := toks[i]
		switch {
		case t.reserved:
			return nil, reservedWord(text, t, refused)
		case t.kind == tokWord:
			cur.words = append(cur.words, t)
			if t.subst != "" {
				refuse(refusal(t.subst))
			}
			state = "cmd"
			continue
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
	return refusal("compound commands")
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
// stops it (bash stops reading a script there), and so does an
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
		if sh.interrupted {
			return
		}
	}
	if eofErr != nil {
		sh.fail(eofErr, first, out)
	}
}

// fail prints a parse error and sets status 2.
func (sh *Shell) fail(err error, first int, out io.Writer) {
	var se *SyntaxError
	if errors.As(err, &se) {
		se.print(out, first-1)
		sh.syntaxErr = true
	} else {
		fmt.Fprintln(out, err)
	}
	sh.Status = 2
}

// runList runs a list's simple commands: after `&&` only when the last
// status is 0, after `||` only when it is not, after `;` always. $? is
// expanded for each command just before it runs.
func (sh *Shell) runList(cmds []simple, first int, out io.Writer) {
	for _, c := range cmds {
		if c.op == "&&" && sh.Status != 0 || c.op == "||" && sh.Status == 0 {
			continue
		}
		sh.Line = first + c.line
		sh.runCommand(sh.expand(c.words), out)
		if sh.interrupted { // as bash, a list killed by SIGINT goes no further
			return
		}
	}
}

// expand turns words as written into the arguments a command gets.
func (sh *Shell) expand(words []token) []string {
	status := fmt.Sprint(sh.Status)
	args := make([]string, len(words))
	for i, w := range words {
		args[i] = expandWord(w.text, status)
	}
	return args
}

// expandWord removes the quotes of a word as written, applies its
// backslash escapes (inside double quotes only before " \ $ and `) and
// replaces `$?` with status outside single quotes. Line continuations
// are already gone (the lexer drops them).
func expandWord(w, status string) string {
	var b strings.Builder
	dq := false
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c == '"':
			dq = !dq
		case c == '\'' && !dq:
			j := strings.IndexByte(w[i+1:], '\'')
			b.WriteString(w[i+1 : i+1+j])
			i += j + 1
		case c == '\\' && i+1 < len(w) && (!dq || strings.IndexByte("\"\\$`", w[i+1]) >= 0):
			i++
			b.WriteByte(w[i])
		case c == '$' && i+1 < len(w) && w[i+1] == '?':
			b.WriteString(status)
			i++
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
