package iproute2

import (
	"bytes"
	"errors"
	"os/exec"
	"strings"
	"testing"

	"fib6lab/engine/gc"
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
// and end of input inside a construct, with bash's line numbers.
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
}

// runBash runs script with bash on its standard input.
func runBash(t *testing.T, script string) (string, int) {
	cmd := exec.Command("bash")
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
		sh := NewShell(netns.New(0, gc.GCList))
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
}

// refusedLine is the refusal the shell prints for what.
func refusedLine(what string) string { return refusal(what).Error() + "\n" }

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

// TestWords checks the words of one simple command and Words' errors.
func TestWords(t *testing.T) {
	sh := NewShell(netns.New(0, gc.GCList))
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
		{"echo a | cat", nil, refusal("pipes").Error()},
		{"echo a; echo b", nil, "fib6lab: not one simple command: the line holds a list or several lines"},
		{"echo a\necho b", nil, "fib6lab: not one simple command: the line holds a list or several lines"},
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
// models in the order procps prints them: as root, the kernel's own
// `sysctl -a` kept to those keys must be identical (device names with '-'
// and '.' test the kernel's order by name within each directory, and the
// '/' procps prints for a '.' in a name); without root, the listing
// stored here.
func TestSysctlAll(t *testing.T) {
	script := badPreamble + "ip link add va-x type veth peer name v.1\nsysctl -a\n"
	var out bytes.Buffer
	NewShell(netns.New(0, gc.GCList)).RunScript(strings.NewReader(script), &out)
	got := out.String()
	want := sysctlAllStored
	if kernelAvailable(t) {
		keys := map[string]bool{}
		for _, l := range strings.Split(got, "\n") {
			key, _, _ := strings.Cut(l, " = ")
			keys[key] = true
		}
		var kept []string
		for _, l := range strings.Split(runKernel(t, script), "\n") {
			if key, _, ok := strings.Cut(l, " = "); ok && keys[key] {
				kept = append(kept, l)
			}
		}
		want = strings.Join(kept, "\n") + "\n"
	}
	if got != want || strings.Count(got, "\n") != 22 {
		t.Errorf("sysctl -a:\n%s\nwant\n%s", got, want)
	}
}

// sysctlAllStored is the kernel's `sysctl -a` for the keys fib6lab
// models, after TestSysctlAll's script.
const sysctlAllStored = `net.ipv6.conf.all.disable_ipv6 = 0
net.ipv6.conf.default.disable_ipv6 = 0
net.ipv6.conf.lo.disable_ipv6 = 0
net.ipv6.conf.lo.mtu = 65536
net.ipv6.conf.v/1.disable_ipv6 = 0
net.ipv6.conf.v/1.mtu = 1500
net.ipv6.conf.va.disable_ipv6 = 0
net.ipv6.conf.va.mtu = 1500
net.ipv6.conf.va-x.disable_ipv6 = 0
net.ipv6.conf.va-x.mtu = 1500
net.ipv6.conf.vb.disable_ipv6 = 1
net.ipv6.conf.vb.mtu = 1500
net.ipv6.route.gc_elasticity = 9
net.ipv6.route.gc_interval = 30
net.ipv6.route.gc_min_interval = 0
net.ipv6.route.gc_min_interval_ms = 500
net.ipv6.route.gc_thresh = 1024
net.ipv6.route.gc_timeout = 60
net.ipv6.route.max_size = 2147483647
net.ipv6.route.min_adv_mss = 1220
net.ipv6.route.mtu_expires = 600
net.ipv6.route.skip_notify_on_dev_down = 0
`
