package iproute2

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"fib6lab/engine/netns"
)

// shellCase is a script with the output and exit status of real bash
// (bash 5.2 reading it on its standard input, standard error merged).
type shellCase struct {
	name, script, out string
	rc                int
}

// bashCases are multi-line scripts the shell must run as bash does:
// line continuations, quotes over lines, lists over lines, syntax errors
// and end of input inside a construct, with bash's line numbers; ANSI-C
// quotes, variables and word splitting, exit, :, echo's options and
// escapes, and the "\r" of CRLF line ends, which bash keeps.
var bashCases = []shellCase{
	{"syntax error stops the script", "echo a; ; echo b\necho next\n", "bash: line 1: syntax error near unexpected token `;'\nbash: line 1: `echo a; ; echo b'\n", 2},
	{"&& at line end continues", "echo a &&\necho b\n", "a\nb\n", 0},
	{"&& continues over blank lines", "echo a &&\n\n\necho b\nnosuch\n", "a\nb\nbash: line 5: nosuch: command not found\n", 127},
	{"&& then end of input", "echo a &&\n", "bash: line 2: syntax error: unexpected end of file\n", 2},
	{"|| and backslash continuation", "echo a || \\\n echo b\n", "a\n", 0},
	{"lists update $?", "false; echo $?\nfalse && echo x; echo $?\nfalse || echo y; echo $?\ntrue || echo z; echo $?\n", "1\n1\ny\n0\n0\n", 0},
	{"backslash joins words", "echo a\\\nb\n", "ab\n", 0},
	{"single quotes keep newlines", "echo 'a\nb' c\nnosuch\n", "a\nb c\nbash: line 3: nosuch: command not found\n", 127},
	{"unterminated double quote", "echo \"a\nb\n", "bash: line 1: unexpected EOF while looking for matching `\"'\n", 2},
	{"continuation inside double quotes", "echo \"a\\\nb\"\n", "ab\n", 0},
	{"no continuation inside single quotes", "echo 'a\\\nb'\n", "a\\\nb\n", 0},
	{"no continuation in a comment", "# comment \\\necho x\n", "x\n", 0},
	{"comment after a command", "echo x # comment \\\necho y\n", "x\ny\n", 0},
	{"command line is where it ends", "nosuch \\\n arg\nnosuch2\n", "bash: line 2: nosuch: command not found\nbash: line 3: nosuch2: command not found\n", 127},
	{"continuation then blank line", "echo a \\\n\nnosuch\n", "a\nbash: line 3: nosuch: command not found\n", 127},
	{"backslash at end of input", "echo a\\", "a\n", 0},
	{"each command of a list has its own line", "nosuch1 \\\n arg; nosuch2 'x\ny'; nosuch3 \\\n\\\n; nosuch4\nnosuch5", "bash: line 2: nosuch1: command not found\nbash: line 3: nosuch2: command not found\nbash: line 5: nosuch3: command not found\nbash: line 5: nosuch4: command not found\nbash: line 6: nosuch5: command not found\n", 127},
	{"&& and || over lines", "nosuch1 a &&\n nosuch2 ||\n\n nosuch3\n", "bash: line 1: nosuch1: command not found\nbash: line 4: nosuch3: command not found\n", 127},
	{"quote open to end of input, after a command", "echo ok\necho \"a\nb\nc\n", "ok\nbash: line 2: unexpected EOF while looking for matching `\"'\n", 2},
	{"list open to end of input, after a command", "echo ok\necho a &&\n\n", "ok\nbash: line 4: syntax error: unexpected end of file\n", 2},
	{"continuation at end of input", "echo ok\necho a \\\n", "ok\na\n", 0},
	{"syntax error after a quoted newline", "echo ok; echo \"x\n;;\n\"; ;\n", "bash: line 3: syntax error near unexpected token `;'\nbash: line 3: `\"; ;'\n", 2},
	{"syntax error names its physical line", "echo ok\n echo \"x\ny\" ;; z\n", "ok\nbash: line 3: syntax error near unexpected token `;;'\nbash: line 3: `y\" ;; z'\n", 2},
	{"quotes, list and continuation", "echo 'a' \"b\nc\" && echo d\\\ne; echo $?\n", "a b\nc\nde\n0\n", 0},
	{"quote opened on a continued line", "echo a \\\n \"b\nc\n", "bash: line 2: unexpected EOF while looking for matching `\"'\n", 2},
	{"quote names the line it opened on", "echo a \"x\" 'y\nz' \\\n \"b\nc\n", "bash: line 3: unexpected EOF while looking for matching `\"'\n", 2},
	{"blank and comment lines after &&", "echo a &&\n\n# c\n", "bash: line 4: syntax error: unexpected end of file\n", 2},
	{"unterminated $(", "echo $(echo a\n", "bash: line 2: unexpected EOF while looking for matching `)'\n", 2},
	{"unterminated backquote", "echo `echo a\n", "bash: line 1: unexpected EOF while looking for matching ``'\n", 2},
	{"pipe then blank lines", "echo a |\n\n  \n", "bash: line 4: syntax error: unexpected end of file\n", 2},
	{"command continued to end of input", "nosuch \\\n", "bash: line 2: nosuch: command not found\n", 127},
	{"backslash, no final newline", "nosuch \\", "bash: line 2: nosuch: command not found\n", 127},
	{"syntax error on a continued line", "echo a \\\n  ;; b\n", "bash: line 2: syntax error near unexpected token `;;'\nbash: line 2: `  ;; b'\n", 2},
	{"syntax error after && on the next line", "echo a &&\n  ;; b\n", "bash: line 2: syntax error near unexpected token `;;'\nbash: line 2: `  ;; b'\n", 2},
	{"syntax error after a multi-line quote", "echo \"a\nb\" ;; c\n", "bash: line 2: syntax error near unexpected token `;;'\nbash: line 2: `b\" ;; c'\n", 2},
	{"( open to end of input", "( echo a\n", "bash: line 2: syntax error: unexpected end of file\n", 2},
	{"lone ; on line 2", "true\n;\n", "bash: line 2: syntax error near unexpected token `;'\nbash: line 2: `;'\n", 2},
	{"$? in quotes and across a continuation", "echo \"$?\" '$?' \\$? \"\\$?\" $\\\n?\nfalse\necho $?$?\n", "0 $? $? $? 0\n11\n", 0},
	{"blank lines are counted", "\n\n\nnosuch\n", "bash: line 4: nosuch: command not found\n", 127},
	{"while open to end of input", "while true; do\n", "bash: line 2: syntax error: unexpected end of file\n", 2},
	{"for open to end of input", "for x in a\n\n", "bash: line 3: syntax error: unexpected end of file\n", 2},
	{"ANSI-C quotes: simple escapes", "echo $'a\\tb|\\a\\b\\e\\E\\f\\n\\r\\v\\\\\\'\\\"\\?|'\n", "a\tb|\a\b\x1b\x1b\f\n\r\v\\'\"?|\n", 0},
	{"ANSI-C quotes: octal, hex, Unicode", "echo $'\\101\\1012\\0101\\8\\18\\777' $'\\x41\\x4g\\xg\\x414\\xff' $'\\u00e9\\u41\\U0001F600\\u\\U' $'\\U110000\\U7fffffff\\uD800' $'a\\U80000000b\\U123456789'\n", "AA2\b1\\8\x018\xff A\x04g\\xgA4\xff éA😀\\u\\U \xf4\x90\x80\x80\xfd\xbf\xbf\xbf\xbf\xbf\xed\xa0\x80 ab\xfc\x92\x8d\x85\x99\xb89\n", 0},
	{"ANSI-C quotes: control characters", "echo $'\\cA\\ca\\c?\\c[\\c\\\\x\\c' $'\\c\\x' $'\\c0\\c~' $'\\z\\q'\n", "\x01\x01\x7f\x1b\x1cx\\c \x1cx \x10\x1e \\z\\q\n", 0},
	{"ANSI-C quotes: a NUL ends the quote's text", "echo $'a\\0b'c x$'\\x00y'z [$'\\c z'] $'\\u0000'x\n", "ac xz [] x\n", 0},
	{"ANSI-C quotes keep backslash-newline and newlines", "echo $'a\\\nb' $'c\nd'\nnosuch\n", "a\\\nb c\nd\nbash: line 4: nosuch: command not found\n", 127},
	{"ANSI-C quote escapes its quote", "echo $'it\\'s'\necho next\n", "it's\nnext\n", 0},
	{"ANSI-C quote open to end of input", "echo ok\necho $'a\\'\nb\n", "ok\nbash: line 2: unexpected EOF while looking for matching `''\n", 2},
	{"escaped $ before a quote is no ANSI-C quote", "echo \\$'a\\'b'\necho no\n", "bash: line 1: unexpected EOF while looking for matching `''\n", 2},
	{"$\"...\" is a double quote; no ANSI-C inside quotes", "echo $\"a b\" \"$'x'\" '$\"y\"' \"$\"\n", "a b $'x' $\"y\" $\n", 0},
	{"${ open to end of input", "echo x\necho ${X:-a\n\n", "x\nbash: line 2: unexpected EOF while looking for matching `}'\n", 2},
	{"$[ open to end of input", "echo x\necho $[1+\n\n", "x\nbash: line 2: unexpected EOF while looking for matching `]'\n", 2},
	{"array open to end of input", "echo x\na=(1\n2\n", "x\nbash: line 2: unexpected EOF while looking for matching `)'\n", 1},
	{"variables", "DEV=va; echo $DEV ${DEV}x \"$DEV\" '$DEV' \\$DEV\n_a1=ok; echo $_a1\n", "va vax va $DEV $DEV\nok\n", 0},
	{"unquoted expansions are split", "X=' a  b '; echo \"<\"$X\">\" \"<$X>\" x${X}y\nY=; echo a $Y b \"$Y\" c\nT=$'a\\tb\\nc'; echo $T \"$T\"\n", "< a b > < a  b > x a b y\na b  c\na b c a\tb\nc\n", 0},
	{"a quoted empty string keeps a field", "E=; echo \"\"$E x\necho $E x\nX=' a'; echo \"\"$X\n", " x\nx\n a\n", 0},
	{"assignments set $? to 0", "false; X=1; echo $?\nfalse; X=1 Y=2; echo $? $X$Y\nfalse; X=$?; echo $X\n", "0\n0 12\n1\n", 0},
	{"an empty expansion runs nothing", "E=; false; $E; echo $?\nfalse; $E $E; echo $?\n", "0\n0\n", 0},
	{"+= appends; values are not split or globbed", "X=a; X+=b; echo $X\nX=*; echo \"$X\" $X\nX='a  b'; Y=$X; echo \"$Y\"\nX={a,b}; echo $X\n", "ab\n* *\na  b\n{a,b}\n", 0},
	{"names are read greedily", "N=x; Ny=z; echo $Ny ${N}y $N-y\n", "z xy x-y\n", 0},
	{"words that are not assignments", "echo X=1 a=b\n\"X\"=1\nX\\=1\n9X=1\n", "X=1 a=b\nbash: line 2: X=1: command not found\nbash: line 3: X=1: command not found\nbash: line 4: 9X=1: command not found\n", 127},
	{"a $ that starts nothing", "echo $ a$ $% $/ $, \"$\" \"$ x\" $=\n", "$ a$ $% $/ $, $ $ x $=\n", 0},
	{"patterns stay as written in an empty directory", "echo * ? [a] x*y \"*\" \\*\nW='a*'; echo $W \"$W\"\n", "* ? [a] x*y * *\na* a*\n", 0},
	{"patterns with '/' that find nothing in an empty directory", "echo [2001:db8::]/48 x/* ./a* .* ./.* .?/x *\\/ x/../* \x1b[31m/\n", "[2001:db8::]/48 x/* ./a* .* ./.* .?/x */ x/../* \x1b[31m/\n", 0},
	{"exit stops the script", "echo a; exit 4; echo b\necho c\n", "a\n", 4},
	{"exit without N keeps the last status", "false; exit\necho no\n", "", 1},
	{"exit with a bad number", "exit abc; echo after\necho no\n", "bash: line 1: exit: abc: numeric argument required\n", 2},
	{"exit with too many arguments", "exit 1 2; echo after\n", "bash: line 1: exit: too many arguments\n", 1},
	{"exit N is taken modulo 256", "exit 256\n", "", 0},
	{"exit -1", "exit -1\n", "", 255},
	{"exit with blanks and a sign", "exit ' +5 '\n", "", 5},
	{"exit 010 is decimal", "exit 010\n", "", 10},
	{"exit 0x10", "exit 0x10\n", "bash: line 1: exit: 0x10: numeric argument required\n", 2},
	{"exit past intmax", "exit 9223372036854775808\n", "bash: line 1: exit: 9223372036854775808: numeric argument required\n", 2},
	{"exit --", "false; exit --\n", "", 1},
	{"exit -- N", "exit -- 4\n", "", 4},
	{"exit --help does not exit", "exit --help; echo after $?\n", "exit: exit [n]\n    Exit the shell.\n    \n    Exits the shell with a status of N.  If N is omitted, the exit status\n    is that of the last command executed.\nafter 2\n", 0},
	{"exit in a list", "true && exit 3 || echo x\necho y\n", "", 3},
	{"exit after a continuation", "exit \\\n 5\necho no\n", "", 5},
	{": is true", ": a b; echo $?\nfalse; :; echo $?\n", "0\n0\n", 0},
	{"echo options", "echo -n a; echo b\necho -e 'a\\tb\\c' x; echo\necho -E 'a\\tb'\necho -ne 'a\\nb'; echo\necho -nn x; echo\necho -x a\necho - a\necho -- a\necho -n -e 'q\\x41'; echo\necho -e -z a\necho -en\necho '-e' 'a\\tb'\necho -neE 'a\\tb'; echo\necho -enE 'a\\tb' -n; echo\necho -e\n", "ab\na\tb\na\\tb\na\nb\nx\n-x a\n- a\n-- a\nqA\n-z a\na\tb\na\\tb\na\\tb -n\n\n", 0},
	{"echo -e escapes", "echo -e '\\101 \\0101 \\01010 \\1 \\8 \\x41 \\u00e9 \\' \"\\\\'\" '\\\"' '\\?' '\\e\\E\\a\\b\\f\\v\\r\\n\\\\'\necho -e '\\x' '\\xg' '\\u' '\\U' '\\x4g' '\\u41x' '\\U0001F600'\necho -e '\\0' '\\00' '\\0000' '\\00000' '\\777' '\\0777' 'a\\U80000000b' 'a\\u0000b' 'tail\\'\necho -e 'x\\cAy' z\necho\n", "\\101 A A0 \\1 \\8 A é \\ \\' \\\" \\? \x1b\x1b\a\b\f\v\r\n\\\n\\x \\xg \\u \\U \x04g Ax 😀\n\x00 \x00 \x00 \x000 \\777 \xff ab a\x00b tail\\\nx\n", 0},
	{"CRLF line ends stay in the words", "echo a\r\nnosuch\r\nip -6 route show\r\necho $?\n", "a\r\nbash: line 2: $'nosuch\\r': command not found\nCommand \"show\r\" is unknown, try \"ip route help\".\n255\n", 0},
	{"( after words is a syntax error", "echo a (b)\necho after\n", "bash: line 1: syntax error near unexpected token `('\nbash: line 1: `echo a (b)'\n", 2},
	{"( after an assignment is a syntax error", "X=1 f() { :; }\necho after\n", "bash: line 1: syntax error near unexpected token `('\nbash: line 1: `X=1 f() { :; }'\n", 2},
	{"$$ then a quote", "echo $$'a\\'b'\necho no\n", "bash: line 1: unexpected EOF while looking for matching `''\n", 2},
}

// runBash runs script with bash on its standard input, in an empty
// directory (where a pattern matches no file, as in the shell modelled)
// and the C.UTF-8 locale (in which $'\u00e9' is UTF-8, as modelled).
func runBash(t *testing.T, script string) (string, int) {
	cmd := exec.Command("bash")
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "LC_ALL=C.UTF-8")
	cmd.Stdin = strings.NewReader(script)
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return string(out), ee.ExitCode()
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(out), 0
}

// TestShellLikeBash runs bashCases with RunScript and requires bash's
// output, status and line count; where bash is installed it also runs
// each script with bash and requires the stored output to be bash's.
func TestShellLikeBash(t *testing.T) {
	_, err := exec.LookPath("bash")
	live := err == nil
	for _, c := range bashCases {
		if live {
			if out, rc := runBash(t, c.script); out != c.out || rc != c.rc {
				t.Errorf("%s: bash now prints %q (rc %d), the table %q (rc %d)", c.name, out, rc, c.out, c.rc)
			}
		}
		var out bytes.Buffer
		sh := NewShell(netns.New(0))
		rc := sh.RunScript(strings.NewReader(c.script), &out)
		if out.String() != c.out || rc != c.rc {
			t.Errorf("%s: %q\n got rc=%d %q\nwant rc=%d %q", c.name, c.script, rc, out.String(), c.rc, c.out)
		}
	}
}

// refusedCases are scripts bash runs but this shell refuses, each
// logical line as a whole with status 2, then going on (the refusal is
// not a syntax error).
var refusedCases = []shellCase{
	{"pipe", "echo a | cat\necho $?\n", refusedLine("pipes") + "2\n", 0},
	{"pipe continued on the next line", "echo a |\n cat\necho b\n", refusedLine("pipes") + "b\n", 0},
	{"background job", "echo a & echo b\n", refusedLine("background jobs"), 2},
	{"redirection", "ip -6 route show >/tmp/x\n", refusedLine("redirections"), 2},
	{"here-document and its body", "cat <<EOF\nip -6 route flush\nEOF\necho $?\n", refusedLine("redirections") + "2\n", 0},
	{"command substitution over lines", "echo \"$(ip -6 route show\n)\" && echo x\necho after\n", refusedLine("command substitution") + "after\n", 0},
	{"backquotes", "echo `ls`\n", refusedLine("command substitution"), 2},
	{"process substitution", "diff <(echo a) x\n", refusedLine("process substitution"), 2},
	{"subshell over lines", "( echo a\necho b )\necho c\n", refusedLine("subshells or functions") + "c\n", 0},
	{"function", "f() {\n echo a\n}\necho after\n", refusedLine("subshells or functions") + "after\n", 0},
	{"for loop and its body", "for i in 1 2; do\n  ip -6 route flush\ndone\necho after\n", refusedLine("compound commands") + "after\n", 0},
	{"if over lines", "if true\nthen\n echo a\nfi; echo b\n", refusedLine("compound commands"), 2},
	{"list with a pipe refused whole", "echo a; echo b | c; echo d\n", refusedLine("pipes"), 2},
	{"pipeline negation", "! true; echo x\n", refusedLine("pipeline negation (!)"), 2},
	{"time keyword", "time echo x\n", refusedLine("time keyword"), 2},
	{"coprocess", "coproc true\n", refusedLine("coprocesses"), 2},
	{"array", "a=(1 2)\n", expandLine("arrays"), 2},
	{"command substitution with a comment", "echo $(echo a # )\n)\necho after\n", refusedLine("command substitution") + "after\n", 0},
	{"array over lines, with a comment", "a=(1 # )\n2); echo x\necho $?\n", expandLine("arrays") + "2\n", 0},
	{"array after an assignment", "X=1 a=(1)\n", expandLine("arrays"), 2},
	{"array element", "a[1]=x\n", expandLine("arrays"), 2},
	{"arithmetic expansion over lines", "echo $((1\n+1))\necho after\n", expandLine("arithmetic expansion") + "after\n", 0},
	{"old arithmetic expansion", "echo $[1+1]\n", expandLine("arithmetic expansion"), 2},
	{"${...} operator with a blank, over lines", "echo ${X:-a\nb} c\necho after\n", expandLine("parameter expansion operators (${NAME:-WORD}, ${#NAME}, ...)") + "after\n", 0},
	{"${...} with quotes inside double quotes", "echo \"${X:-'}'}\"\n", expandLine("parameter expansion operators (${NAME:-WORD}, ${#NAME}, ...)"), 2},
	{"positional parameter", "echo $1\n", expandLine("special parameter $1"), 2},
	{"special parameters", "echo ok; echo $#\n", expandLine("special parameter $#"), 2},
	{"special parameter in braces", "echo ${@}\n", expandLine("special parameter ${@}"), 2},
	{"$$ then an ANSI-C quote", "echo $$$'a\\'b'\necho next\n", expandLine("special parameter $$") + "next\n", 0},
	{"$_", "echo $_\n", specialVarLine("_"), 2},
	{"environment variable", "echo $HOME\n", specialVarLine("HOME"), 2},
	{"setting IFS", "IFS=:\n", specialVarLine("IFS"), 2},
	{"setting a locale", "LC_ALL=C\n", specialVarLine("LC_ALL"), 2},
	{"tilde", "echo ~/x\n", expandLine("tilde expansion"), 2},
	{"tilde after = in an argument", "echo a=~\n", expandLine("tilde expansion"), 2},
	{"tilde after : in a value", "X=a:~\n", expandLine("tilde expansion"), 2},
	{"brace expansion", "echo x{1..3}\n", expandLine("brace expansion"), 2},
	{"brace list", "echo {a,b}\n", expandLine("brace expansion"), 2},
	{"assignment before a command", "A=1 echo $A\n", refusal{"assignments before a command", "set variables in a command of their own (X=1; cmd)"}.Error() + "\n", 2},
	{"set refused before the list runs", "set -e; echo x\n", builtinNotHere("set").Error() + "\n", 2},
	{"printf", "printf x\n", builtinNotHere("printf").Error() + "\n", 2},
	{"[", "[ 1 ]\n", builtinNotHere("[").Error() + "\n", 2},
	{"quoted builtin name", "'cd' /\n", builtinNotHere("cd").Error() + "\n", 2},
	{"builtin named by a variable", "X=export; $X Y; echo $?\n", builtinNotHere("export").Error() + "\n2\n", 0},
	{"variable not set", "echo a; echo $NOSUCH; echo b\n", "a\n" + notSet("NOSUCH").Error() + "\nb\n", 0},
	{"variable not set in an assignment", "X=$NOSUCH\necho $?\n", notSet("NOSUCH").Error() + "\n2\n", 0},
	{"pattern with a slash", "echo /proc/net/rt6_*\n", patternDir.Error() + "\n", 2},
	{"pattern through ..", "echo ../*\n", patternDir.Error() + "\n", 2},
	{"pattern through ./..", "X=./../a*; echo $X\n", patternDir.Error() + "\n", 2},
	{"pattern with a slash from a variable", "X='/proc/*'; echo $X\necho \"$X\"\n", patternDir.Error() + "\n/proc/*\n", 0},
}

// expandLine is the refusal the shell prints for an expansion.
func expandLine(what string) string { return refusal{what, whyExpand}.Error() + "\n" }

// specialVarLine is the refusal of a variable bash or the environment
// gives a meaning.
func specialVarLine(name string) string { return specialVar(name).Error() + "\n" }

// refusedLine is the refusal the shell prints for what.
func refusedLine(what string) string { return construct(what).Error() + "\n" }

// TestShellRefuses checks the refusals: whole logical lines, status 2,
// never run in part and never split into iproute2 words.
func TestShellRefuses(t *testing.T) {
	for _, c := range refusedCases {
		var out bytes.Buffer
		ns := badNamespace()
		before := engineDump(ns)
		rc := NewShell(ns).RunScript(strings.NewReader(c.script), &out)
		if out.String() != c.out || rc != c.rc {
			t.Errorf("%s: %q\n got rc=%d %q\nwant rc=%d %q", c.name, c.script, rc, out.String(), c.rc, c.out)
		}
		if after := engineDump(ns); after != before {
			t.Errorf("%s: the state changed:\n%s", c.name, after)
		}
	}
}

// TestLogicalLines checks the logical lines of texts (entries exactly as
// written), that they join back into the text, and bash's error at end
// of input.
func TestLogicalLines(t *testing.T) {
	cases := []struct {
		text  string
		lines []string
		err   string
	}{
		{"", nil, ""},
		{"\n", []string{""}, ""},
		{"a\nb\n", []string{"a", "b"}, ""},
		{"a\n\n# c\nb", []string{"a", "", "# c", "b"}, ""},
		{"ip -6 route add \\\n  2001:db8::/64 dev va\nip -6 route show\n", []string{"ip -6 route add \\\n  2001:db8::/64 dev va", "ip -6 route show"}, ""},
		{"echo 'a\nb' c\nx", []string{"echo 'a\nb' c", "x"}, ""},
		{"true &&\n\n false ||\n echo x\ny", []string{"true &&\n\n false ||\n echo x", "y"}, ""},
		{"a | \nb\n", []string{"a | \nb"}, ""},
		{"cat <<E\nx\nE\ny\n", []string{"cat <<E\nx\nE", "y"}, ""},
		{"for i in 1\ndo\n echo\ndone; x\ny\n", []string{"for i in 1\ndo\n echo\ndone; x", "y"}, ""},
		{"echo $(a\nb)\n", []string{"echo $(a\nb)"}, ""},
		{"# it's \\\nx\n", []string{"# it's \\", "x"}, ""},
		{"a\r\nb\x00c\r\n", []string{"a", "bc"}, ""},
		{"a\necho \"x\ny\n", []string{"a", "echo \"x\ny"}, "line 2: unexpected EOF while looking for matching `\"'"},
		{"a\nb &&\n\n", []string{"a", "b &&\n"}, "line 4: syntax error: unexpected end of file"},
		{"echo `a\n", []string{"echo `a"}, "line 1: unexpected EOF while looking for matching ``'"},
		{"echo $'a\\\nb' $'c\nd'\nx", []string{"echo $'a\\\nb' $'c\nd'", "x"}, ""},
		{"a=(1\n2) b\n${X:-a\nb}\n$[1\n]\n", []string{"a=(1\n2) b", "${X:-a\nb}", "$[1\n]"}, ""},
		{"echo \\$'a\\'b'\nc\n", []string{"echo \\$'a\\'b'\nc"}, "line 1: unexpected EOF while looking for matching `''"},
		{"x\na=(1\n", []string{"x", "a=(1"}, "line 2: unexpected EOF while looking for matching `)'"},
	}
	for _, c := range cases {
		lines, err := LogicalLines(c.text)
		if strings.Join(lines, "|") != strings.Join(c.lines, "|") || len(lines) != len(c.lines) {
			t.Errorf("LogicalLines(%q) = %q, want %q", c.text, lines, c.lines)
		}
		var se *SyntaxError
		switch {
		case c.err == "" && err != nil, c.err != "" && (err == nil || err.Error() != c.err || !errors.As(err, &se)):
			t.Errorf("LogicalLines(%q): error %v, want %q", c.text, err, c.err)
		}
	}
}

// TestLogicalLinesUpTo checks that reading up to a limit gives the
// lines LogicalLines gives, no more than one past the limit, and no
// error for what follows.
func TestLogicalLinesUpTo(t *testing.T) {
	text := "a\necho 'b\nc'\nd \\\ne\nf\n"
	all := []string{"a", "echo 'b\nc'", "d \\\ne", "f"}
	for _, c := range []struct {
		lines, bytes int
		want         []string
		more         bool
	}{
		{0, 0, all, false},
		{4, 0, all, false},
		{3, 0, all, false},
		{2, 0, all[:3], true},
		{1, 0, all[:2], true},
		{0, 7, []string{"a", "echo '"}, true}, // cut in a quote: no error
		{0, 100, all, false},
		{1, 7, []string{"a", "echo '"}, true},
	} {
		lines, more, err := LogicalLinesUpTo(text, c.lines, c.bytes)
		if strings.Join(lines, "|") != strings.Join(c.want, "|") || more != c.more || err != nil {
			t.Errorf("LogicalLinesUpTo(%d lines, %d bytes) = %q, %v, %v; want %q, %v", c.lines, c.bytes, lines, more, err, c.want, c.more)
		}
	}
}

// TestWords checks the words of one simple command, expanded with the
// shell's variables, and Words' errors.
func TestWords(t *testing.T) {
	sh := NewShell(netns.New(0))
	sh.Run("DEV=va SP=' a b ' E=", io.Discard)
	sh.Status = 3
	cases := []struct {
		line  string
		words []string
		err   string
	}{
		{"ip -6 route add 2001:db8::/64 dev va", []string{"ip", "-6", "route", "add", "2001:db8::/64", "dev", "va"}, ""},
		{"echo \"a b\"'c d' \\x $? \"$?\" '$?' a\\\nb", []string{"echo", "a bc d", "x", "3", "3", "$?", "ab"}, ""},
		{"echo a; # c", []string{"echo", "a"}, ""},
		{"  # only a comment", nil, ""},
		{"echo ''", []string{"echo", ""}, ""},
		{"echo 'a", nil, "line 1: unexpected EOF while looking for matching `''"},
		{"echo a;;", nil, "line 1: syntax error near unexpected token `;;'"},
		{"echo a | cat", nil, construct("pipes").Error()},
		{"echo a; echo b", nil, "fib6lab: not one simple command: the line holds a list or several lines"},
		{"echo a\necho b", nil, "fib6lab: not one simple command: the line holds a list or several lines"},
		{"ip link set $DEV up", []string{"ip", "link", "set", "va", "up"}, ""},
		{"'send' $SP\"$SP\"x $'\\x41' $E", []string{"send", "a", "b", " a b x", "A"}, ""},
		{"X=1 Y=2", nil, ""},
		{"$E", nil, ""},
		{"echo $NOSUCH", nil, notSet("NOSUCH").Error()},
		{"echo $1", nil, refusal{"special parameter $1", whyExpand}.Error()},
	}
	for _, c := range cases {
		words, err := sh.Words(c.line)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if strings.Join(words, "|") != strings.Join(c.words, "|") || len(words) != len(c.words) || got != c.err {
			t.Errorf("Words(%q) = %q, %q; want %q, %q", c.line, words, got, c.words, c.err)
		}
	}
}

// TestSysctlAll checks that `sysctl -a` lists every key the engine
// models (net.ipv6.conf.*, net.ipv6.route.* and the multipath hash
// settings) with the kernel's values
// and in the order procps prints them: as root, the kernel's own
// `sysctl -a` kept to those directories must be identical (device names
// with '-' and '.' test the kernel's order by name within each directory,
// and the '/' procps prints for a '.' in a name); without root, the
// listing stored in testdata/sysctl_all.expected.
func TestSysctlAll(t *testing.T) {
	script := badPreamble + "ip link add va-x type veth peer name v.1\nsysctl -a\n"
	var out bytes.Buffer
	NewShell(netns.New(0)).RunScript(strings.NewReader(script), &out)
	got := out.String()
	b, err := os.ReadFile("testdata/sysctl_all.expected")
	must(t, err)
	want := string(b)
	if kernelAvailable(t) {
		keys := map[string]bool{}
		for _, l := range strings.Split(got, "\n") {
			key, _, _ := strings.Cut(l, " = ")
			keys[key] = true
		}
		var kept []string
		for _, l := range strings.Split(runKernel(t, script), "\n") {
			if key, _, ok := strings.Cut(l, " = "); ok && (keys[key] || strings.HasPrefix(key, "net.ipv6.conf.") || strings.HasPrefix(key, "net.ipv6.route.")) {
				kept = append(kept, l)
			}
		}
		want = strings.Join(kept, "\n") + "\n"
	}
	if got != want || strings.Count(got, "\n") != 7*62+10+3 {
		t.Errorf("sysctl -a:\n%s\nwant\n%s", got, want)
	}
}

// BenchmarkLogicalLines splits a 100,000-line script, as the page does
// when a script is pasted or run (its time is a frame's gap).
func BenchmarkLogicalLines(b *testing.B) {
	text := strings.Repeat("ip -6 route add 2001:db8::/64 dev eth0\n", 100000)
	for b.Loop() {
		if lines, err := LogicalLines(text); len(lines) != 100000 || err != nil {
			b.Fatal(len(lines), err)
		}
	}
}
