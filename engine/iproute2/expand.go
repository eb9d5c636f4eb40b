package iproute2

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Word expansion, as bash does it for a simple command (subst.c,
// expand_word_list_internal), for what this shell models: parameter
// expansion of `$?`, `${?}` and the variables a script sets (`$NAME`,
// `${NAME}`), word splitting of unquoted expansions on IFS's default
// white space (space, tab, newline), and quote removal, with `'...'`,
// `"..."`, `$'...'` (ANSI-C escapes, see unescape) and `$"..."` (no
// message catalogue: as "..."). Pathname expansion finds no file, as in
// an empty directory: a pattern stays as written, and one that would
// search directories that are not empty (absolute, or through "..") is
// refused. Bash's other
// expansions are refused as a whole line ("fib6lab: no ... here"):
// brace and tilde expansion, special and positional parameters, `${...}`
// operators, arithmetic, command and process substitution, arrays, and
// the variables bash or the environment give a value or a meaning (HOME,
// PATH, IFS, LANG, RANDOM, ...). A variable the script did not set is
// refused when the command runs: this shell has no environment to take
// it from.

// whyExpand ends the refusal of an expansion.
const whyExpand = "this shell expands $?, ${?} and the variables set in it ($NAME, ${NAME})"

// part is a piece of a word after quote removal: literal text, or a
// parameter to expand (text is its name: "?" or a variable's).
type part struct {
	text   string
	param  bool
	quoted bool // inside quotes: not split, not a pattern
}

// assignment is a NAME=value or NAME+=value word.
type assignment struct {
	name   string
	append bool
	value  []part
}

// parseAssignment cuts an assignment word (assignWord matches it) into
// name and value. Errors: the refusal of an array, of a variable bash
// or the environment gives a meaning, or of what the value holds.
func parseAssignment(w string) (assignment, error) {
	eq := strings.IndexByte(w, '=')
	a := assignment{name: strings.TrimSuffix(w[:eq], "+")}
	a.append = len(a.name) < eq
	if strings.Contains(a.name, "[") {
		return a, refusal{"arrays", whyExpand}
	}
	if err := specialVar(a.name); err != nil {
		return a, err
	}
	var err error
	a.value, err = scanWord(w[eq+1:], true)
	return a, err
}

// scanWord cuts word w, as the lexer wrote it, into parts. value says
// that w is what follows the '=' of an assignment: no brace expansion
// there, and a '~' after a ':' expands as at the start. Errors: the
// refusal of the first expansion this shell does not do.
func scanWord(w string, value bool) ([]part, error) {
	s := scanner{w: w, tildeAfter: "=:"}
	if !value && !isAssignment(w) {
		s.tildeAfter = "" // bash expands `~` after = and : in words like NAME=VALUE only
	}
	for s.i < len(w) && s.err == nil {
		if s.dq {
			s.double()
		} else {
			s.plain(!value)
		}
	}
	return s.parts, s.err
}

// scanner reads a word as written (scanWord).
type scanner struct {
	w          string
	i          int
	dq         bool // inside double quotes
	parts      []part
	err        error
	tildeAfter string // the bytes after which an unquoted '~' expands
	braces     int    // unquoted '{' not yet closed
	braceList  bool   // a ',' or ".." inside them: brace expansion
}

// lit adds literal text.
func (s *scanner) lit(text string, quoted bool) {
	s.parts = append(s.parts, part{text: text, quoted: quoted})
}

// refuse stops the scan with the refusal of what.
func (s *scanner) refuse(what string) { s.err = refusal{what, whyExpand} }

// plain reads the byte at s.i outside double quotes; braces says that
// brace expansion applies.
func (s *scanner) plain(braces bool) {
	w, c := s.w, s.w[s.i]
	next := byte(0)
	if s.i+1 < len(w) {
		next = w[s.i+1]
	}
	switch {
	case c == '"':
		s.dq = true
		s.lit("", true)
		s.i++
	case c == '\'':
		end := s.i + 1 + strings.IndexByte(w[s.i+1:], '\'')
		s.lit(w[s.i+1:end], true)
		s.i = end + 1
	case c == '$' && next == '\'':
		s.ansi()
	case c == '$' && next == '"':
		s.i++ // no catalogue: $"..." is "..."
	case c == '\\' && next != 0:
		s.lit(w[s.i+1:s.i+2], true)
		s.i += 2
	case c == '$' || c == '`':
		s.dollar()
	case c == '<' || c == '>':
		s.err = construct("process substitution")
	case c == '(':
		s.refuse("arrays") // the lexer keeps a '(' in a word only after NAME=
	case c == '~' && (s.i == 0 || strings.IndexByte(s.tildeAfter, w[s.i-1]) >= 0):
		s.refuse("tilde expansion")
	case braces && s.brace(c, next):
		s.refuse("brace expansion")
	case braces:
		s.run(plainSpecial, false)
	default:
		s.run(plainSpecial[:len(plainSpecial)-braceSpecial], false)
	}
}

// The bytes plain reads one at a time (the rest are read in runs), the
// last braceSpecial of them only where brace expansion applies; and those
// double reads one at a time.
const (
	plainSpecial  = "\"'$`\\<>(~{},."
	braceSpecial  = 4
	doubleSpecial = "\"$`\\"
)

// run adds as one literal the byte at s.i and those after it up to the
// next of special: a long word is a few parts, not a part per byte.
func (s *scanner) run(special string, quoted bool) {
	j := s.i + 1
	if k := strings.IndexAny(s.w[j:], special); k >= 0 {
		j += k
	} else {
		j = len(s.w)
	}
	s.lit(s.w[s.i:j], quoted)
	s.i = j
}

// brace follows the unquoted '{', ',', ".." and '}' of a word and reports
// whether a brace expansion closes at c (a list or a sequence between
// braces; the check is wider than bash's, never narrower).
func (s *scanner) brace(c, next byte) bool {
	switch {
	case c == '{':
		s.braces++
	case s.braces > 0 && (c == ',' || c == '.' && next == '.'):
		s.braceList = true
	case s.braces > 0 && c == '}':
		s.braces--
		return s.braceList
	}
	return false
}

// double reads the byte at s.i inside double quotes: a backslash escapes
// only " \ $ and `, and `$` expands.
func (s *scanner) double() {
	w, c := s.w, s.w[s.i]
	switch {
	case c == '"':
		s.dq = false
		s.i++
	case c == '\\' && s.i+1 < len(w) && strings.IndexByte("\"\\$`", w[s.i+1]) >= 0:
		s.lit(w[s.i+1:s.i+2], true)
		s.i += 2
	case c == '$' || c == '`':
		s.dollar()
	default:
		s.run(doubleSpecial, true)
	}
}

// ansi reads a $'...' quote and adds its text, escapes decoded; it ends
// at a NUL, as bash's C strings do.
func (s *scanner) ansi() {
	end := s.i + 2
	for end < len(s.w) && s.w[end] != '\'' {
		if s.w[end] == '\\' {
			end++
		}
		end++
	}
	text, _ := unescape(s.w[s.i+2:end], false)
	if nul := strings.IndexByte(text, 0); nul >= 0 {
		text = text[:nul]
	}
	s.lit(text, true)
	s.i = end + 1
}

// braceParam matches ${NAME} and ${?}.
var braceParam = regexp.MustCompile(`^\$\{([A-Za-z_][A-Za-z0-9_]*|\?)\}`)

// varName matches a variable name after a '$'.
var varName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*`)

// dollar reads what starts with the '$' or '`' at s.i: a parameter, an
// expansion this shell refuses, or a '$' that starts nothing (literal).
func (s *scanner) dollar() {
	w := s.w[s.i:]
	next := byte(0)
	if len(w) > 1 {
		next = w[1]
	}
	name, n := "", 0
	var brace []string // ${NAME} or ${?}
	if next == '{' {
		brace = braceParam.FindStringSubmatch(w)
	}
	plain := varName.FindString(w[min(1, len(w)):]) // $NAME
	switch {
	case w[0] == '`':
		s.err = construct("command substitution")
	case next == '(' && len(w) > 2 && w[2] == '(', next == '[':
		s.refuse("arithmetic expansion")
	case next == '(':
		s.err = construct("command substitution")
	case next == '?':
		name, n = "?", 2
	case brace != nil:
		name, n = brace[1], len(brace[0])
	case next == '{' && len(w) > 3 && strings.IndexByte(specialParams, w[2]) >= 0 && w[3] == '}':
		s.refuse("special parameter ${" + w[2:3] + "}")
	case next == '{':
		s.refuse("parameter expansion operators (${NAME:-WORD}, ${#NAME}, ...)")
	case next != 0 && strings.IndexByte(specialParams, next) >= 0:
		s.refuse("special parameter $" + w[1:2])
	case plain != "":
		name, n = plain, 1+len(plain)
	default:
		s.lit("$", s.dq)
		s.i++
		return
	}
	if s.err == nil {
		s.err = specialVar(name)
	}
	s.parts = append(s.parts, part{text: name, param: true, quoted: s.dq})
	s.i += n
}

// specialParams are the parameters bash sets itself ($0..$9, $#, $@,
// ...), but for $? (and $_, read as a name, see specialVars).
const specialParams = "0123456789#@*$!-"

// specialVars are the variables bash gives a value or a meaning (bash(1),
// "Shell Variables"), and those of the environment that change what the
// modelled commands print (locale, POSIXLY_CORRECT): the shell refuses
// to set or expand them. Names starting with BASH_, LC_, COMP_, HIST or
// READLINE_ are too.
var specialVars = map[string]bool{
	"_": true, "BASH": true, "BASHOPTS": true, "BASHPID": true, "CDPATH": true, "CHILD_MAX": true,
	"COLUMNS": true, "COMPREPLY": true, "COPROC": true, "DIRSTACK": true, "EMACS": true, "ENV": true,
	"EPOCHREALTIME": true, "EPOCHSECONDS": true, "EUID": true, "EXECIGNORE": true, "FCEDIT": true,
	"FIGNORE": true, "FUNCNAME": true, "FUNCNEST": true, "GLOBIGNORE": true, "GLOBSORT": true,
	"GROUPS": true, "HOME": true, "HOSTFILE": true, "HOSTNAME": true, "HOSTTYPE": true, "IFS": true,
	"IGNOREEOF": true, "INPUTRC": true, "INSIDE_EMACS": true, "LANG": true, "LANGUAGE": true,
	"LINENO": true, "LINES": true, "MACHTYPE": true, "MAIL": true, "MAILCHECK": true, "MAILPATH": true,
	"MAPFILE": true, "OLDPWD": true, "OPTARG": true, "OPTERR": true, "OPTIND": true, "OSTYPE": true,
	"PATH": true, "PIPESTATUS": true, "POSIXLY_CORRECT": true, "PPID": true, "PROMPT_COMMAND": true,
	"PROMPT_DIRTRIM": true, "PS0": true, "PS1": true, "PS2": true, "PS3": true, "PS4": true,
	"PWD": true, "RANDOM": true, "REPLY": true, "SECONDS": true, "SHELL": true, "SHELLOPTS": true,
	"SHLVL": true, "SRANDOM": true, "TIMEFORMAT": true, "TMOUT": true, "TMPDIR": true, "TZ": true,
	"UID": true,
}

// specialVar returns the refusal of a variable bash or the environment
// gives a value or meaning, or nil.
func specialVar(name string) error {
	special := specialVars[name]
	for _, p := range []string{"BASH_", "LC_", "COMP_", "HIST", "READLINE_"} {
		special = special || strings.HasPrefix(name, p)
	}
	if !special {
		return nil
	}
	return refusal{"variable " + name, "bash or the environment gives it its value or meaning, and this shell models neither"}
}

// notSet is the refusal of a variable the script has not set.
type notSet string

func (n notSet) Error() string {
	return fmt.Sprintf("fib6lab: no variable %s here: it is not set, and this shell has no environment (set it first: %s=VALUE)", string(n), string(n))
}

// patternDir is the refusal of a pattern bash would match against real
// directories (searchesDirs).
var patternDir = refusal{"pathname expansion into directories", "this shell has no files; other patterns stay as written, as bash leaves them in an empty directory"}

// expansionTooLong is the refusal of a command whose expanded words pass
// MaxLineBytes.
var expansionTooLong = fmt.Errorf("fib6lab: expansion too long: the words make more than %d bytes (fib6lab limit)", MaxLineBytes)

// value returns the text a part stands for: its literal text, or its
// parameter's value. Error: notSet.
func (sh *Shell) value(p part) (string, error) {
	switch {
	case !p.param:
		return p.text, nil
	case p.text == "?":
		return strconv.Itoa(sh.Status), nil
	}
	v, ok := sh.vars[p.text]
	if !ok {
		return "", notSet(p.text)
	}
	return v, nil
}

// expandArgs expands words into the arguments of a command: parameters
// replaced, unquoted ones split into fields on space, tab and newline
// (an unquoted expansion that is empty or all white space makes no
// field), quotes removed. Errors: notSet, patternDir, expansionTooLong.
func (sh *Shell) expandArgs(words [][]part) ([]string, error) {
	var f fields
	for _, w := range words {
		for _, p := range w {
			v, err := sh.value(p)
			if err != nil {
				return nil, err
			}
			if f.size+len(f.cur)+len(v) > MaxLineBytes {
				return nil, expansionTooLong
			}
			f.add(v, p.quoted, p.param)
		}
		f.cut()
	}
	return f.out, f.err
}

// fields gathers the fields of expanded words.
type fields struct {
	out  []string
	cur  []byte
	open bool // cur is a field, even empty (quotes were met)
	glob bool // cur holds an unquoted *, ? or [
	size int  // bytes in out
	err  error
}

// add adds text to the field being built; split cuts unquoted text at
// white space.
func (f *fields) add(text string, quoted, split bool) {
	if quoted {
		f.cur = append(f.cur, text...)
		f.open = true
		return
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		if split && (c == ' ' || c == '\t' || c == '\n') {
			f.cut()
			continue
		}
		f.cur = append(f.cur, c)
		f.open = true
		f.glob = f.glob || c == '*' || c == '?' || c == '['
	}
}

// cut ends the field being built, if any. A pattern stays as written,
// as in an empty directory, unless it would search directories that
// are not empty (patternDir, see searchesDirs).
func (f *fields) cut() {
	if !f.open {
		return
	}
	if f.glob && searchesDirs(string(f.cur)) && f.err == nil {
		f.err = patternDir
	}
	f.out = append(f.out, string(f.cur))
	f.size += len(f.cur)
	f.cur, f.open, f.glob = f.cur[:0], false, false
}

// searchesDirs reports whether pathname expansion of pattern, run in an
// empty directory, would read a directory that is not empty: when it is
// absolute, or reaches ".." through components that are "." or "..".
// Any other first component names nothing there (bash 5.2's globskipdots:
// a pattern does not match "." or ".."), so the pattern matches nothing.
func searchesDirs(pattern string) bool {
	if strings.HasPrefix(pattern, "/") {
		return true
	}
	for _, c := range strings.Split(pattern, "/") {
		switch c {
		case "", ".":
		case "..":
			return true
		default:
			return false
		}
	}
	return false
}

// assign makes assignments in order, each value expanded without
// splitting. Errors: notSet, and varsTooLarge when the variables would
// pass MaxVarBytes (that assignment and the later ones are not made).
func (sh *Shell) assign(as []assignment) error {
	for _, a := range as {
		var b strings.Builder
		if a.append {
			b.WriteString(sh.vars[a.name])
		}
		others := sh.varBytes - len(sh.vars[a.name])
		for _, p := range a.value {
			v, err := sh.value(p)
			if err != nil {
				return err
			}
			if others+b.Len()+len(v) > MaxVarBytes {
				return varsTooLarge(a.name)
			}
			b.WriteString(v)
		}
		if err := sh.setVar(a.name, b.String()); err != nil {
			return err
		}
	}
	return nil
}

// setVar sets variable name to v, keeping the variables within
// MaxVarBytes (names and values). Error: varsTooLarge.
func (sh *Shell) setVar(name, v string) error {
	old, had := sh.vars[name]
	size := sh.varBytes + len(v) - len(old)
	if !had {
		size += len(name)
	}
	if size > MaxVarBytes {
		return varsTooLarge(name)
	}
	if sh.vars == nil {
		sh.vars = map[string]string{}
	}
	sh.vars[name], sh.varBytes = v, size
	return nil
}

// varsTooLarge is the error of an assignment past MaxVarBytes.
type varsTooLarge string

func (v varsTooLarge) Error() string {
	return fmt.Sprintf("fib6lab: variables too large: %s not set (fib6lab limit %d bytes for all names and values)", string(v), MaxVarBytes)
}
