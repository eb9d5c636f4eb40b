package iproute2

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The shell builtins this shell has, as bash 5.2 runs them: echo (with
// -n, -e, -E), `:`, true, false and exit. The other builtins are refused
// (builtinRefusal).

// refusedBuiltins are bash's builtins this shell does not have.
var refusedBuiltins = map[string]bool{
	".": true, "[": true, "alias": true, "bg": true, "bind": true, "break": true, "builtin": true,
	"caller": true, "cd": true, "command": true, "compgen": true, "complete": true, "compopt": true,
	"continue": true, "declare": true, "dirs": true, "disown": true, "enable": true, "eval": true,
	"exec": true, "export": true, "fc": true, "fg": true, "getopts": true, "hash": true, "help": true,
	"history": true, "jobs": true, "kill": true, "let": true, "local": true, "logout": true,
	"mapfile": true, "popd": true, "printf": true, "pushd": true, "pwd": true, "read": true,
	"readarray": true, "readonly": true, "return": true, "set": true, "shift": true, "shopt": true,
	"source": true, "suspend": true, "test": true, "times": true, "trap": true, "type": true,
	"typeset": true, "ulimit": true, "umask": true, "unalias": true, "unset": true, "wait": true,
}

// builtinNotHere is the refusal of a bash builtin this shell lacks.
func builtinNotHere(name string) refusal {
	return refusal{"shell builtin '" + name + "'", "this shell's builtins are echo, :, true, false and exit"}
}

// builtinRefusal returns the refusal of a command word, written without
// expansions, that names a builtin this shell lacks, or nil.
func builtinRefusal(word []part) error {
	var name strings.Builder
	for _, p := range word {
		if p.param {
			return nil // known when the command runs (Shell.exec)
		}
		name.WriteString(p.text)
	}
	if refusedBuiltins[name.String()] {
		return builtinNotHere(name.String())
	}
	return nil
}

// runEcho models bash's builtin echo (xpg_echo off): leading words made
// of '-' and the letters n, e, E only are options (-n: no newline, -e:
// escapes, -E: none; the last of -e/-E wins); the other words are
// printed joined by spaces. With -e, `\c` ends the output there.
func runEcho(_ *Shell, args []string, out io.Writer) int {
	newline, escapes := true, false
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' && strings.Trim(args[0][1:], "neE") == "" {
		for _, c := range args[0][1:] {
			newline = newline && c != 'n'
			if c != 'n' {
				escapes = c == 'e'
			}
		}
		args = args[1:]
	}
	s := strings.Join(args, " ")
	if escapes {
		var stop bool
		s, stop = unescape(s, true)
		newline = newline && !stop
	}
	if newline {
		s += "\n"
	}
	io.WriteString(out, s)
	return 0
}

// exitHelp is what `exit --help` prints.
const exitHelp = `exit: exit [n]
    Exit the shell.
    
    Exits the shell with a status of N.  If N is omitted, the exit status
    is that of the last command executed.
`

// runExit models bash's exit builtin: the shell stops (Shell.Exited)
// with status N & 255, or the last command's status without N. A word
// that is not a decimal number (legalNumber) prints "numeric argument
// required" and exits with 2; a second word prints "too many arguments"
// and exits with 1. `exit --help` prints the help and does not exit
// (status 2).
func runExit(sh *Shell, args []string, out io.Writer) int {
	if len(args) > 0 && args[0] == "--help" {
		io.WriteString(out, exitHelp)
		return 2
	}
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	sh.exited = true
	if len(args) == 0 {
		return sh.Status
	}
	n, ok := legalNumber(args[0])
	switch {
	case !ok:
		fmt.Fprintf(out, "bash: line %d: exit: %s: numeric argument required\n", sh.Line, args[0])
		return 2
	case len(args) > 1:
		fmt.Fprintf(out, "bash: line %d: exit: too many arguments\n", sh.Line)
		return 1
	}
	return int(n & 0xff)
}

// legalNumber models bash's legal_number: a decimal intmax_t with an
// optional sign, white space allowed around it.
func legalNumber(s string) (int64, bool) {
	n, err := strconv.ParseInt(strings.Trim(s, " \t\n\v\f\r"), 10, 64)
	return n, err == nil
}

// unescape decodes the backslash escapes of s as bash's ansicstr does,
// for $'...' (echo false) or for `echo -e` (echo true): \a \b \e \E \f
// \n \r \t \v \\, \xHH (one or two hex digits), \uHHHH and \UHHHHHHHH
// (up to four and eight, written in UTF-8 as bash writes any value up
// to 0x7fffffff, nothing above); for $'...' also \' \" \?, octal \nnn
// (one to three digits) and \cX (control-X, \c? is DEL); for echo octal
// \0nnn (up to three digits after the 0) and \c, which ends the output
// (stop). Other escapes stay as written, backslash included.
func unescape(s string, echo bool) (out string, stop bool) {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b = append(b, c)
			continue
		}
		i++
		c = s[i]
		switch {
		case strings.IndexByte("abeEfnrtv\\", c) >= 0:
			b = append(b, simpleEscapes[c])
		case !echo && (c == '\'' || c == '"' || c == '?'):
			b = append(b, c)
		case c == 'x' || c == 'u' || c == 'U':
			v, n := digits(s[i+1:], 16, hexDigits[c])
			switch {
			case n == 0:
				b = append(b, '\\', c)
			case c == 'x':
				b = append(b, byte(v))
			default:
				b = appendUTF8(b, v)
			}
			i += n
		case echo && c == 'c':
			return string(b), true
		case c == 'c' && i+1 < len(s):
			i++
			if s[i] == '\\' && i+1 < len(s) && s[i+1] == '\\' {
				i++
			}
			b = append(b, control(s[i]))
		case echo && c == '0', !echo && c >= '0' && c <= '7':
			from := i
			if echo {
				from++
			}
			v, n := digits(s[from:], 8, 3)
			b = append(b, byte(v))
			i = from + n - 1
		default:
			b = append(b, '\\', c)
		}
	}
	return string(b), false
}

// hexDigits is how many hex digits \x, \u and \U take at most.
var hexDigits = map[byte]int{'x': 2, 'u': 4, 'U': 8}

// simpleEscapes are the one-letter escapes both forms decode.
var simpleEscapes = map[byte]byte{'a': 7, 'b': 8, 'e': 27, 'E': 27, 'f': 12, 'n': 10, 'r': 13, 't': 9, 'v': 11, '\\': '\\'}

// digits reads up to max digits of base at the start of s and returns
// their value and how many there were.
func digits(s string, base, max int) (uint64, int) {
	var v uint64
	n := 0
	for ; n < max && n < len(s); n++ {
		d, err := strconv.ParseUint(s[n:n+1], base, 8)
		if err != nil {
			break
		}
		v = v*uint64(base) + d
	}
	return v, n
}

// control is bash's TOCTRL: the control character of c.
func control(c byte) byte {
	if c == '?' {
		return 0x7f
	}
	if c >= 'a' && c <= 'z' {
		c -= 'a' - 'A'
	}
	return c & 0x1f
}

// appendUTF8 appends v as bash's u32toutf8 writes it: UTF-8 extended to
// six bytes for values up to 0x7fffffff (surrogates and values past
// U+10FFFF included), nothing for larger ones.
func appendUTF8(b []byte, v uint64) []byte {
	switch {
	case v < 0x80:
		return append(b, byte(v))
	case v > 0x7fffffff:
		return b
	}
	n := 2 // bytes in the sequence
	for v >= 1<<(5*n+1) {
		n++
	}
	lead := byte(0xff << (8 - n)) // n high bits set
	b = append(b, lead|byte(v>>(6*(n-1))))
	for k := n - 2; k >= 0; k-- {
		b = append(b, 0x80|byte(v>>(6*k))&0x3f)
	}
	return b
}
