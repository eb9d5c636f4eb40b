package iproute2

import (
	"regexp"
	"strings"
)

// The shell's lexer: it reads text as bash reads a script, byte by byte,
// and cuts it into tokens (words, operators) and logical lines. A logical
// line is what bash parses before it runs anything: one physical line,
// or several when a backslash ends a line (the pair is removed), a quote
// ('...', "...", $'...', `...`), a `$(`, `${`, `$[` or an array `NAME=(`
// is still open at the newline (the newline is kept in the word), the
// line ends with `&&`, `||`, `|` or `|&`, a `(` is not yet closed, or
// here-document bodies follow (bash's read_token, parse_matched_pair and
// shell_getc, parse.y).

// tokKind is the kind of a token.
type tokKind uint8

const (
	tokWord tokKind = iota // a word, as written (quotes and escapes kept)
	tokOp                  // an operator: ; && || | & ;; ( ) a redirection, ...
	tokEnd                 // the newline that ends a logical line
)

// token is one token of a logical line.
type token struct {
	kind tokKind
	text string
	// line is the physical line the token ends on, counted from 0 at
	// the start of the text lexed.
	line int
	// end is, for tokEnd, the byte offset of the newline (len(text)
	// for the newline bash adds at the end of input).
	end int
	// reserved marks a reserved word (if, for, {, ...) where a command
	// would start.
	reserved bool
}

// shellOps are the operators bash's lexer reads greedily from the
// metacharacters ; & | < > (parentheses are single tokens).
var shellOps = map[string]bool{
	";": true, ";;": true, ";&": true, ";;&": true,
	"&": true, "&&": true, "&>": true, "&>>": true,
	"|": true, "||": true, "|&": true,
	"<": true, "<<": true, "<<<": true, "<<-": true, "<&": true, "<>": true,
	">": true, ">>": true, ">&": true, ">|": true,
}

// continuing lists the operators after which bash reads on past a
// newline: the command they need may be on the next line.
var continuing = map[string]bool{"&&": true, "||": true, "|": true, "|&": true}

// reservedWords are bash's reserved words, each with the word that
// closes the compound command it opens ("" for none).
var reservedWords = map[string]string{
	"if": "fi", "for": "done", "while": "done", "until": "done", "select": "done",
	"case": "esac", "{": "}", "then": "", "elif": "", "else": "", "fi": "", "do": "",
	"done": "", "esac": "", "}": "", "function": "", "!": "", "[[": "", "time": "",
	"coproc": "",
}

// commandFollows lists the reserved words after which a command starts.
var commandFollows = map[string]bool{
	"if": true, "then": true, "elif": true, "else": true, "do": true, "while": true,
	"until": true, "{": true, "!": true, "time": true,
}

// commandOps lists the operators after which a command starts.
var commandOps = map[string]bool{
	";": true, "&&": true, "||": true, "|": true, "|&": true, "&": true,
	"(": true, ")": true, ";;": true, ";&": true, ";;&": true,
}

// The contexts the lexer keeps open (lexer.ctx): the quotes and the
// bytes that open a construct read to its matching close.
const (
	ctxSingle  = '\'' // '...'
	ctxDouble  = '"'  // "..."
	ctxBack    = '`'  // `...`
	ctxParen   = '('  // $(...), <(...), >(...), or a ( nested in one
	ctxArray   = 'a'  // NAME=(...), an array assignment
	ctxANSI    = '$'  // $'...', whose backslash escapes even a quote
	ctxBrace   = '{'  // ${...}
	ctxBracket = '['  // $[...], or a [ nested in one
)

// heredoc is a here-document whose body is still to be read.
type heredoc struct {
	delim string
	strip bool // `<<-`: leading tabs are stripped from body lines
}

// lexer holds the state of reading a text; feed it bytes, then finish.
type lexer struct {
	toks     []token
	endsOnly bool   // keep only the tokEnd tokens (lineEnds)
	ended    int    // logical lines completed (tokEnd tokens emitted)
	word     []byte // the word being read
	inWord   bool
	op       []byte // the operator being read
	ctx      []byte // open contexts (ctxSingle, ...), innermost last
	ctxLine  []int  // the line each was opened on
	line     int    // current physical line
	pos      int    // bytes fed so far
	esc      bool   // a backslash waits for the next byte
	dollar   bool   // the previous byte was a '$' that starts an expansion ($$ does not)
	comment  bool
	parens   int       // "(" operators not yet closed
	compound []string  // the words that close the open compound commands
	argPos   bool      // the next word is not where a command starts
	assigned bool      // the words since the command started are assignments
	funcName bool      // the next word names a function (`function f`)
	start    int       // offset where the current logical line starts
	lastOp   string    // the last token of this logical line, if an operator
	delim    int       // 1: the next word is a `<<` delimiter, 2: a `<<-` one
	heredocs []heredoc // bodies to read after this line
	body     []byte    // the here-document line being read
	inBody   bool
}

// feed lexes s.
func (lx *lexer) feed(s string) {
	for i := 0; i < len(s); i++ {
		lx.step(s[i])
	}
}

// step lexes one byte.
func (lx *lexer) step(c byte) {
	lx.pos++
	switch {
	case lx.inBody:
		lx.bodyByte(c)
		return
	case lx.comment:
		if c != '\n' {
			return
		}
		lx.comment = false
	case lx.esc:
		lx.esc = false
		if c == '\n' && lx.top() != ctxANSI { // line continuation: both bytes vanish
			lx.line++
			return
		}
		lx.add('\\')
		lx.add(c)
		return
	}
	if len(lx.op) > 0 && lx.extendOp(c) {
		return
	}
	top := lx.top()
	if top == ctxSingle || top == ctxANSI && c != '\\' {
		lx.add(c)
		if c == '\'' {
			lx.pop()
		}
		return
	}
	dollar := lx.dollar
	lx.dollar = false
	switch {
	case c == '\\':
		lx.esc = true
	case top == ctxDouble || top == ctxBack:
		lx.quoted(c, top, dollar)
	case top == ctxBrace || top == ctxBracket:
		lx.matched(c, top, dollar)
	default:
		lx.plain(c, top, dollar)
	}
}

// top returns the innermost open quote or parenthesis, or 0.
func (lx *lexer) top() byte {
	if len(lx.ctx) == 0 {
		return 0
	}
	return lx.ctx[len(lx.ctx)-1]
}

func (lx *lexer) push(c byte) {
	lx.ctx = append(lx.ctx, c)
	lx.ctxLine = append(lx.ctxLine, lx.line)
}

func (lx *lexer) pop() {
	lx.ctx = lx.ctx[:len(lx.ctx)-1]
	lx.ctxLine = lx.ctxLine[:len(lx.ctxLine)-1]
}

// add appends c to the word being read.
func (lx *lexer) add(c byte) {
	lx.word = append(lx.word, c)
	lx.inWord = true
	if c == '\n' {
		lx.line++
	}
}

// quoted reads c inside double quotes or backquotes (dollar: after a
// '$' that starts an expansion): `$(`, `${`, `$[` and a backquote open
// their construct, the quote closes.
func (lx *lexer) quoted(c, top byte, dollar bool) {
	switch {
	case c == top:
		lx.pop()
	case c == '`' || dollar && (c == '(' || c == '{' || c == '['):
		lx.push(c)
	}
	lx.add(c)
	lx.dollar = c == '$' && top == ctxDouble && !dollar
}

// matched reads c inside `${...}` or `$[...]` (top ctxBrace or
// ctxBracket), read to the matching '}' or ']' as bash's
// parse_matched_pair does: quotes and nested expansions are read whole,
// white space and operators belong to the word.
func (lx *lexer) matched(c, top byte, dollar bool) {
	switch {
	case c == closing(top)[0]:
		lx.pop()
	case c == '[' && top == ctxBracket:
		lx.push(c)
	default:
		lx.open(c, dollar)
	}
	lx.add(c)
	lx.dollar = c == '$' && !dollar
}

// open opens the context c starts where quotes and expansions are read
// (dollar: after a '$' that starts an expansion), and reports whether it
// did.
func (lx *lexer) open(c byte, dollar bool) bool {
	switch {
	case c == '\'' && dollar:
		lx.push(ctxANSI)
	case c == '\'' || c == '"' || c == '`':
		lx.push(c)
	case dollar && (c == '(' || c == '{' || c == '['):
		lx.push(c)
	default:
		return false
	}
	return true
}

// plain reads c outside quotes (dollar: after a '$' that starts an
// expansion), at command level (top 0) or inside a command substitution
// or an array assignment (top ctxParen or ctxArray), where it belongs to
// the word.
func (lx *lexer) plain(c, top byte, dollar bool) {
	inParens := top == ctxParen || top == ctxArray
	switch {
	case lx.open(c, dollar):
	case c == '(' && inParens:
		lx.push(c)
	case c == '(' && top == 0 && lx.arrayStart():
		lx.push(ctxArray)
	case inParens && c == '#' && strings.IndexByte(" \t\n(;&|", lx.word[len(lx.word)-1]) >= 0:
		lx.comment = true // a comment at the start of a word, to the newline
		return
	case inParens:
		if c == ')' {
			lx.pop()
		}
	case c == '#' && !lx.inWord:
		lx.comment = true
		return
	case c == ' ' || c == '\t':
		lx.endWord()
		return
	case c == '\n':
		lx.endWord()
		lx.newline()
		return
	case c == '(' || c == ')':
		lx.endWord()
		lx.emit(token{kind: tokOp, text: string(c), line: lx.line})
		return
	case strings.IndexByte(";&|<>", c) >= 0:
		lx.endWord()
		lx.op = append(lx.op, c)
		return
	}
	lx.add(c)
	lx.dollar = c == '$' && !dollar
}

// arrayStart reports whether a '(' read now starts an array assignment:
// the word so far is NAME=, NAME+= or NAME[...]= where an assignment may
// stand (bash's parse.y, token after an assignment word).
func (lx *lexer) arrayStart() bool {
	if !lx.inWord || lx.argPos && !lx.assigned {
		return false
	}
	m := assignWord.FindIndex(lx.word)
	return m != nil && m[1] == len(lx.word)
}

// assignWord matches the start of an assignment word as bash's lexer
// recognizes it: NAME=, NAME+=, NAME[SUBSCRIPT]= or NAME[SUBSCRIPT]+=,
// the name unquoted.
var assignWord = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=`)

// isAssignment reports whether word w is an assignment (NAME=...), the
// regexp run only on words with an '=' past their first byte.
func isAssignment(w string) bool { return strings.IndexByte(w, '=') > 0 && assignWord.MatchString(w) }

// extendOp adds c to the operator being read when that makes a longer
// operator, else ends the operator and reports false. `<(` and `>(`
// start a process substitution, a word.
func (lx *lexer) extendOp(c byte) bool {
	p := string(lx.op)
	lx.op = lx.op[:0]
	switch {
	case (p == "<" || p == ">") && c == '(':
		lx.add(p[0])
		lx.add(c)
		lx.push(c)
		return true
	case shellOps[p+string(c)]:
		lx.op = append(lx.op, p...)
		lx.op = append(lx.op, c)
		return true
	}
	lx.emit(token{kind: tokOp, text: p, line: lx.line})
	return false
}

// emit appends a token and keeps track of what a newline means after it
// and of where a command and its assignments start.
func (lx *lexer) emit(t token) {
	cmdPos, funcName, assignPos := !lx.argPos, lx.funcName, !lx.argPos || lx.assigned
	lx.lastOp, lx.argPos, lx.funcName = "", true, false
	lx.assigned = t.kind == tokWord && assignPos && isAssignment(t.text)
	switch {
	case t.kind == tokWord && lx.delim > 0:
		lx.heredocs = append(lx.heredocs, heredoc{delim: unquote(t.text), strip: lx.delim == 2})
		lx.delim = 0
	case t.kind == tokWord && cmdPos:
		_, t.reserved = reservedWords[t.text]
		lx.compoundWord(t.text)
	case t.kind == tokWord:
		lx.argPos = !funcName // `function f {`: the `{` opens the body
	case t.kind == tokOp:
		lx.lastOp = t.text
		lx.argPos = !commandOps[t.text]
		switch t.text {
		case "<<":
			lx.delim = 1
		case "<<-":
			lx.delim = 2
		case "(":
			lx.parens++
		case ")":
			lx.parens = max(lx.parens-1, 0)
		}
	}
	if !lx.endsOnly {
		lx.toks = append(lx.toks, t)
	}
}

// compoundWord follows the compound commands a word at command position
// opens or closes, so that bash's reading goes on to their end.
func (lx *lexer) compoundWord(w string) {
	closer, reserved := reservedWords[w]
	if !reserved {
		return
	}
	lx.argPos = !commandFollows[w]
	lx.funcName = w == "function"
	if n := len(lx.compound); n > 0 && lx.compound[n-1] == w {
		lx.compound = lx.compound[:n-1]
	}
	if closer != "" {
		lx.compound = append(lx.compound, closer)
	}
}

// endWord ends the word being read, if any.
func (lx *lexer) endWord() {
	if !lx.inWord {
		return
	}
	lx.emit(token{kind: tokWord, text: string(lx.word), line: lx.line})
	lx.word, lx.inWord = lx.word[:0], false
}

// newline handles a newline at command level: here-document bodies come
// first, then the logical line ends unless the command goes on.
func (lx *lexer) newline() {
	lx.line++
	if len(lx.heredocs) > 0 {
		lx.inBody = true
		return
	}
	lx.lineEnd(lx.line - 1)
}

// lineEnd ends the logical line at the newline on line, unless an
// operator or an open "(" makes bash read on.
func (lx *lexer) lineEnd(line int) {
	lx.argPos = false
	if lx.goesOn() {
		return
	}
	lx.toks = append(lx.toks, token{kind: tokEnd, line: line, end: lx.pos - 1})
	lx.ended++
	lx.lastOp, lx.delim, lx.start = "", 0, lx.pos
}

// goesOn reports whether the logical line must go on past a newline: an
// operator needs its command, or a "(" or a compound command is open.
func (lx *lexer) goesOn() bool {
	return continuing[lx.lastOp] || lx.parens > 0 || len(lx.compound) > 0
}

// bodyByte reads a here-document body: lines up to the delimiter.
func (lx *lexer) bodyByte(c byte) {
	if c != '\n' {
		lx.body = append(lx.body, c)
		return
	}
	lx.line++
	h := lx.heredocs[0]
	l := string(lx.body)
	lx.body = lx.body[:0]
	if h.strip {
		l = strings.TrimLeft(l, "\t")
	}
	if l != h.delim {
		return
	}
	lx.heredocs = lx.heredocs[1:]
	if len(lx.heredocs) == 0 {
		lx.inBody = false
		lx.lineEnd(lx.line - 1)
	}
}

// finish ends the input as bash does: it reads the newline that ends
// the last line (the text lexed holds lines without a final newline),
// ends a here-document at end of input (bash only warns), and returns
// the error bash reports for a quote, an expansion, an array or a list
// still open at end of input, or nil. bash names the line a quote, `${`,
// `$[` or an array opened on, and the last line for `$(`; an array left
// open fails with status 1, the others with 2.
func (lx *lexer) finish() error {
	lx.step('\n')
	eof := lx.line + 1 // the line bash names at end of input
	if lx.inBody {
		lx.inBody, lx.heredocs = false, nil
		lx.lineEnd(lx.line - 1)
	}
	if n := len(lx.ctx); n > 0 {
		e := &SyntaxError{Line: lx.ctxLine[n-1] + 1, Msg: "unexpected EOF while looking for matching `" + closing(lx.ctx[n-1]) + "'"}
		switch lx.ctx[n-1] {
		case ctxParen:
			e.Line = eof
		case ctxArray:
			e.Status = 1
		}
		return e
	}
	lx.endWord() // a word before a final line continuation
	if lx.goesOn() {
		return &SyntaxError{Line: eof, Msg: "syntax error: unexpected end of file"}
	}
	if lx.pos > lx.start { // the last newline was a line continuation
		lx.lastOp = ""
		lx.lineEnd(lx.line)
	}
	return nil
}

// closing is the character that closes an open context.
func closing(c byte) string {
	switch c {
	case ctxParen, ctxArray:
		return ")"
	case ctxANSI:
		return "'"
	case ctxBrace:
		return "}"
	case ctxBracket:
		return "]"
	}
	return string(c)
}

// unquote removes the quotes and backslashes of a here-document
// delimiter word, as bash does before comparing body lines with it.
func unquote(w string) string {
	var b strings.Builder
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c == '\'' || c == '"':
		case c == '\\' && i+1 < len(w):
			i++
			b.WriteByte(w[i])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// lex lexes text, lines without a final newline, and returns its
// tokens, each logical line ended by a tokEnd, and the end-of-input
// error (see finish).
func lex(text string) ([]token, error) {
	return lexWith(&lexer{toks: make([]token, 0, tokenGuess(text))}, text)
}

// tokenGuess returns about how many tokens text lexes to, so that a long
// line's tokens are not copied as their slice grows (400,000 of them for
// 200,000 `true;`): one per blank or ';', and one more.
func tokenGuess(text string) int {
	n := 2
	if len(text) > 256 {
		n += strings.Count(text, " ") + strings.Count(text, ";")
	}
	return n
}

// lineEnds lexes text as lex does but returns only its tokEnd tokens:
// a 100,000-line script's words and operators would be 48 bytes each
// for nothing. With max > 0 it stops after max of them and reports
// whether it did (more), with no error for what follows.
func lineEnds(text string, max int) (toks []token, more bool, err error) {
	n := strings.Count(text, "\n") + 1
	if max > 0 {
		n = min(n, max)
	}
	lx := lexer{endsOnly: true, toks: make([]token, 0, n)}
	for i := 0; i < len(text); i++ {
		lx.step(text[i])
		if max > 0 && lx.ended == max && i+1 < len(text) {
			return lx.toks, true, nil
		}
	}
	return lx.toks, false, lx.finish()
}

func lexWith(lx *lexer, text string) ([]token, error) {
	lx.feed(text)
	err := lx.finish()
	return lx.toks, err
}
