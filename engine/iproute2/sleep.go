package iproute2

import (
	"fib6lab/engine/netns"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// sleepTry is the line coreutils prints after a usage error.
const sleepTry = "Try 'sleep --help' for more information."

// runSleep models GNU coreutils 9.1 sleep on the namespace's virtual
// clock: each operand is a number as strtod reads it (leading blanks,
// sign, decimal or hexadecimal, exponent, inf, infinity) with an optional
// suffix s, m, h or d, not negative and not NaN; the operands add up.
// Options are read as getopt_long reads them, anywhere before `--`:
// --help and --version (or a prefix of them) print and exit 0, any other
// ends with coreutils' message and status 1. Every bad operand is
// reported, then one "Try" line, status 1. A total past the virtual
// clock's range (inf among others) is refused with status 1, as the clock
// cannot go there. The clock then advances by the total, running the
// timers on the way; when NS.Yield cancels, the command ends with
// "fib6lab: interrupted after X of Y seconds", status 130.
func runSleep(sh *Shell, args []string, out io.Writer) int {
	ops, rc, exit := sleepOptions(args, out)
	if exit {
		return rc
	}
	if len(args) == 0 {
		fmt.Fprintln(out, "sleep: missing operand\n"+sleepTry)
		return 1
	}
	total, ok := 0.0, true
	for _, a := range ops {
		v, valid := parseInterval(a)
		if !valid {
			fmt.Fprintf(out, "sleep: invalid time interval %s\n", quoteArg(a))
			ok = false
		}
		total += v
	}
	if !ok {
		fmt.Fprintln(out, sleepTry)
		return 1
	}
	return sh.sleep(total, ops, out)
}

// sleepOptions reads the options of sleep's arguments as getopt_long
// with GNU's permutation does, and returns the operands. exit is true
// when an option ends the command, with its status in rc (its output
// written).
func sleepOptions(args []string, out io.Writer) (ops []string, rc int, exit bool) {
	for i, a := range args {
		switch {
		case a == "--":
			return append(ops, args[i+1:]...), 0, false
		case strings.HasPrefix(a, "--"):
			return nil, longOption(a, out), true
		case len(a) > 1 && a[0] == '-':
			fmt.Fprintf(out, "sleep: invalid option -- '%s'\n%s\n", a[1:2], sleepTry)
			return nil, 1, true
		}
		ops = append(ops, a)
	}
	return ops, 0, false
}

// longOption handles a `--NAME[=VALUE]` argument of sleep: --help and
// --version (or an unambiguous prefix) print and return 0; anything else
// prints getopt_long's message and returns 1.
func longOption(a string, out io.Writer) int {
	name, _, hasValue := strings.Cut(a[2:], "=")
	var full string
	for _, o := range []string{"help", "version"} {
		if strings.HasPrefix(o, name) {
			full = o
		}
	}
	switch {
	case name == "":
		fmt.Fprintf(out, "sleep: option '%s' is ambiguous; possibilities: '--help' '--version'\n", a)
	case full == "":
		fmt.Fprintf(out, "sleep: unrecognized option '%s'\n", a)
	case hasValue:
		fmt.Fprintf(out, "sleep: option '--%s' doesn't allow an argument\n", full)
	case full == "help":
		fmt.Fprint(out, sleepHelp)
		return 0
	default:
		fmt.Fprintln(out, "sleep (fib6lab) GNU coreutils 9.1 sleep on a virtual clock")
		return 0
	}
	fmt.Fprintln(out, sleepTry)
	return 1
}

// sleepHelp is fib6lab's short help for sleep (coreutils' own text is not
// copied).
const sleepHelp = `Usage: sleep NUMBER[SUFFIX]...
  or:  sleep OPTION
Let NUMBER seconds of the namespace's virtual clock pass, running the
timers that fall due. SUFFIX may be 's' (seconds, the default), 'm'
(minutes), 'h' (hours) or 'd' (days); several NUMBERs add up.
`

// parseInterval reads one operand of sleep as coreutils does: a number as
// strtod reads it, then at most one suffix character among s, m, h, d.
// It returns the seconds and whether the operand is valid (a number, not
// negative, not NaN; an overflow reads as +Inf, an underflow as 0).
func parseInterval(a string) (float64, bool) {
	v, rest, ok := strtod(a)
	if !ok || !(v >= 0) || len(rest) > 1 {
		return v, false
	}
	if rest == "" {
		return v, true
	}
	mult, ok := map[byte]float64{'s': 1, 'm': 60, 'h': 3600, 'd': 86400}[rest[0]]
	return v * mult, ok
}

// strtod models C strtod in the C locale on s: leading white space, a
// sign, then inf, infinity, nan, nan(chars), a hexadecimal number (0x,
// digits with an optional point, optional binary exponent p) or a decimal
// one (digits with an optional point, optional exponent e). It returns
// the value, the text after the longest number it could read, and false
// when none could be read.
func strtod(s string) (float64, string, bool) {
	i := len(s) - len(strings.TrimLeft(s, " \t\n\v\f\r"))
	start := i
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	lower := strings.ToLower(s[i:])
	var end int
	switch {
	case strings.HasPrefix(lower, "infinity"):
		end = i + 8
	case strings.HasPrefix(lower, "inf"):
		end = i + 3
	case strings.HasPrefix(lower, "nan"):
		end = i + 3 + nanChars(s[i+3:])
		return math.NaN(), s[end:], true
	default:
		end = hexNumber(s, i)
		if end < 0 {
			end = decimalNumber(s, i)
		}
		if end < 0 {
			return 0, s, false
		}
	}
	text := s[start:end]
	if strings.ContainsAny(text, "xX") && !strings.ContainsAny(text, "pP") {
		text += "p0" // Go requires the binary exponent that C allows to omit
	}
	v, _ := strconv.ParseFloat(text, 64) // the syntax is checked; a range error reads as strtod's ±HUGE_VAL or 0
	return v, s[end:], true
}

// nanChars returns the length of the "(n-char-sequence)" after a nan, 0
// when there is none.
func nanChars(s string) int {
	if !strings.HasPrefix(s, "(") {
		return 0
	}
	for j := 1; j < len(s); j++ {
		c := s[j]
		switch {
		case c == ')':
			return j + 1
		case !(c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'):
			return 0
		}
	}
	return 0
}

// hexNumber returns the end of a hexadecimal floating number starting at
// s[i] ("0x", digits with an optional point, at least one digit, then an
// optional p exponent), or -1.
func hexNumber(s string, i int) int {
	if len(s) < i+2 || s[i] != '0' || (s[i+1] != 'x' && s[i+1] != 'X') {
		return -1
	}
	end := mantissa(s, i+2, isHex)
	if end < 0 {
		return -1
	}
	return exponent(s, end, "pP")
}

// decimalNumber returns the end of a decimal floating number starting at
// s[i] (digits with an optional point, at least one digit, then an
// optional e exponent), or -1.
func decimalNumber(s string, i int) int {
	end := mantissa(s, i, isDigit)
	if end < 0 {
		return -1
	}
	return exponent(s, end, "eE")
}

// mantissa returns the end of digits[.digits] at s[i] with at least one
// digit, or -1.
func mantissa(s string, i int, digit func(byte) bool) int {
	j, n := i, 0
	for ; j < len(s) && digit(s[j]); j++ {
		n++
	}
	if j < len(s) && s[j] == '.' {
		for j++; j < len(s) && digit(s[j]); j++ {
			n++
		}
	}
	if n == 0 {
		return -1
	}
	return j
}

// exponent returns the end of an optional exponent (a letter of marks, a
// sign, decimal digits) at s[i]; i when there is no complete one.
func exponent(s string, i int, marks string) int {
	if i >= len(s) || strings.IndexByte(marks, s[i]) < 0 {
		return i
	}
	j := i + 1
	if j < len(s) && (s[j] == '+' || s[j] == '-') {
		j++
	}
	k := j
	for k < len(s) && isDigit(s[k]) {
		k++
	}
	if k == j {
		return i
	}
	return k
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isHex(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// quoteArg quotes an operand as coreutils' quote() does in a UTF-8
// locale: between ‘ and ’, a backslash doubled, control characters as C
// escapes (\t, \n, ...) or three octal digits, bytes that are not UTF-8
// and C1 controls in octal; other characters as they are.
func quoteArg(a string) string {
	var b strings.Builder
	b.WriteString("\u2018")
	for i := 0; i < len(a); {
		r, n := utf8.DecodeRuneInString(a[i:])
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r >= ' ' && r < 0x7f || r >= 0xa0 && n > 1:
			b.WriteString(a[i : i+n])
		default:
			for _, c := range []byte(a[i : i+n]) {
				b.WriteString(cEscape(c))
			}
		}
		i += n
	}
	b.WriteString("\u2019")
	return b.String()
}

// cEscape is a byte as quotearg escapes it: \a \b \t \n \v \f \r or
// three octal digits.
func cEscape(c byte) string {
	if j := strings.IndexByte("\a\b\t\n\v\f\r", c); j >= 0 {
		return `\` + "abtnvfr"[j:j+1]
	}
	return fmt.Sprintf(`\%03o`, c)
}

// sleep lets total seconds of virtual time pass (the sum of ops), or
// refuses a total past the clock's range with status 1.
func (sh *Shell) sleep(total float64, ops []string, out io.Writer) int {
	maxSec := sh.NS.MaxAdvance() / sh.NS.HZ
	if !(total <= float64(maxSec)) {
		// the message names the clock's end, the same in every namespace
		end := (netns.MaxJiffies - netns.InitialJiffies) / sh.NS.HZ
		fmt.Fprintf(out, "sleep: fib6lab: '%s' is past the virtual clock's range (it ends %d seconds after boot)\n", strings.Join(ops, " "), end)
		return 1
	}
	sec, nsec := splitSeconds(total)
	moved, err := sh.elapse(sec, nsec)
	if err != nil {
		return sh.interrupt(out, fmtSeconds(float64(moved)/float64(sh.NS.HZ)), fmtSeconds(total)+" seconds")
	}
	return 0
}

// splitSeconds splits a non-negative duration in seconds into whole
// seconds and nanoseconds as coreutils' dtotimespec does (the
// nanoseconds rounded up).
func splitSeconds(v float64) (sec, nsec int64) {
	sec = int64(v)
	frac := 1e9 * (v - float64(sec))
	nsec = int64(frac)
	if float64(nsec) < frac {
		nsec++
	}
	if nsec >= 1e9 {
		sec, nsec = sec+1, nsec-1e9
	}
	return sec, nsec
}

// fmtSeconds formats seconds with commas and up to three decimals:
// 1,234.5.
func fmtSeconds(v float64) string {
	s := strconv.FormatFloat(v, 'f', 3, 64)
	whole, frac, _ := strings.Cut(s, ".")
	n, _ := strconv.ParseInt(whole, 10, 64)
	if frac = strings.TrimRight(frac, "0"); frac != "" {
		return commas(n) + "." + frac
	}
	return commas(n)
}
