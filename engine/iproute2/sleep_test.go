package iproute2

import (
	"strings"
	"testing"

	"fib6lab/engine/netns"
)

// try is the last line of sleep's usage errors.
const try = "Try 'sleep --help' for more information.\n"

// past is fib6lab's refusal of a sleep beyond the clock, at HZ 250 on a
// fresh namespace: (2^62 - 2^32) / 250 seconds are left.
func past(what string) string {
	return "sleep: fib6lab: '" + what + "' is past the virtual clock's range (it ends 18446744056529682 seconds after boot)\n"
}

// TestSleep compares sleep with GNU coreutils 9.1's /usr/bin/sleep on the
// reference machine (outputs recorded from it, program name "sleep"):
// what it accepts, its exact messages and statuses; and for what it
// accepts, the jiffies the virtual clock moves at HZ 250. Durations past
// the clock's range (inf among them) are fib6lab's refusal, status 1.
func TestSleep(t *testing.T) {
	bad := func(q string) string { return "sleep: invalid time interval \u2018" + q + "\u2019\n" }
	opt := func(c string) string { return "sleep: invalid option -- '" + c + "'\n" + try }
	cases := []struct {
		args    []string
		out     string
		rc      int
		jiffies int64
	}{
		{nil, "sleep: missing operand\n" + try, 1, 0},
		{[]string{"--"}, "", 0, 0},
		{[]string{"0"}, "", 0, 0},
		{[]string{"1"}, "", 0, 250},
		{[]string{"1", "2"}, "", 0, 750},
		{[]string{"1", "--", "2"}, "", 0, 750},
		{[]string{"--", "1"}, "", 0, 250},
		{[]string{"1s"}, "", 0, 250},
		{[]string{"1m"}, "", 0, 15000},
		{[]string{"1h"}, "", 0, 900000},
		{[]string{"1d"}, "", 0, 21600000},
		{[]string{"1.5m"}, "", 0, 22500},
		{[]string{"1e3m"}, "", 0, 15000000},
		{[]string{"0x10"}, "", 0, 4000},
		{[]string{"0x1.8p1"}, "", 0, 750},
		{[]string{"0x1P2"}, "", 0, 1000},
		{[]string{"0x.8"}, "", 0, 125},
		{[]string{"0x1p-3"}, "", 0, 31},
		{[]string{"010"}, "", 0, 2500},
		{[]string{"1E2"}, "", 0, 25000},
		{[]string{"1e+2"}, "", 0, 25000},
		{[]string{"1.e2"}, "", 0, 25000},
		{[]string{".5"}, "", 0, 125},
		{[]string{"5."}, "", 0, 1250},
		{[]string{"+1"}, "", 0, 250},
		{[]string{" 1"}, "", 0, 250},
		{[]string{"\t1"}, "", 0, 250},
		{[]string{"\n1"}, "", 0, 250},
		{[]string{"\v1"}, "", 0, 250},
		{[]string{"--", "-0"}, "", 0, 0},
		{[]string{"1e-9"}, "", 0, 0},
		{[]string{"1e-9s"}, "", 0, 0},
		{[]string{"0.0000000001"}, "", 0, 0},
		{[]string{"1e-400"}, "", 0, 0},
		{[]string{"99999999999"}, "", 0, 24999999999750},
		{[]string{"1e16"}, "", 0, 2500000000000000000},
		{[]string{"2e16"}, past("2e16"), 1, 0},
		{[]string{"1e16", "1e16"}, past("1e16 1e16"), 1, 0},
		{[]string{"1e308"}, past("1e308"), 1, 0},
		{[]string{"1e309"}, past("1e309"), 1, 0},
		{[]string{"inf"}, past("inf"), 1, 0},
		{[]string{"infinity"}, past("infinity"), 1, 0},
		{[]string{"INF"}, past("INF"), 1, 0},
		{[]string{"inF"}, past("inF"), 1, 0},
		{[]string{"infinitY"}, past("infinitY"), 1, 0},
		{[]string{"+inf"}, past("+inf"), 1, 0},
		{[]string{"nan"}, bad("nan") + try, 1, 0},
		{[]string{"NaN"}, bad("NaN") + try, 1, 0},
		{[]string{"nan(123)"}, bad("nan(123)") + try, 1, 0},
		{[]string{"nanx"}, bad("nanx") + try, 1, 0},
		{[]string{"infx"}, bad("infx") + try, 1, 0},
		{[]string{"infinit"}, bad("infinit") + try, 1, 0},
		{[]string{""}, bad("") + try, 1, 0},
		{[]string{"1x"}, bad("1x") + try, 1, 0},
		{[]string{"1 "}, bad("1 ") + try, 1, 0},
		{[]string{"1e"}, bad("1e") + try, 1, 0},
		{[]string{"0x"}, bad("0x") + try, 1, 0},
		{[]string{"0x.p1"}, bad("0x.p1") + try, 1, 0},
		{[]string{"."}, bad(".") + try, 1, 0},
		{[]string{"1,5"}, bad("1,5") + try, 1, 0},
		{[]string{"1.5.2"}, bad("1.5.2") + try, 1, 0},
		{[]string{"1ss"}, bad("1ss") + try, 1, 0},
		{[]string{"1S"}, bad("1S") + try, 1, 0},
		{[]string{"1mm"}, bad("1mm") + try, 1, 0},
		{[]string{"0b1"}, bad("0b1") + try, 1, 0},
		{[]string{"1_0"}, bad("1_0") + try, 1, 0},
		{[]string{"\u0661"}, bad("\u0661") + try, 1, 0},
		{[]string{"1\u00e9"}, bad("1\u00e9") + try, 1, 0},
		{[]string{"1", "m"}, bad("m") + try, 1, 0},
		{[]string{"x", "y", "1", "z"}, bad("x") + bad("y") + bad("z") + try, 1, 0},
		{[]string{"-"}, bad("-") + try, 1, 0},
		{[]string{"--", "-1"}, bad("-1") + try, 1, 0},
		{[]string{"--", "--"}, bad("--") + try, 1, 0},
		{[]string{" -1"}, bad(" -1") + try, 1, 0},
		{[]string{"1\t"}, bad(`1\t`) + try, 1, 0},
		{[]string{"a\x01b"}, bad(`a\001b`) + try, 1, 0},
		{[]string{"a'b"}, bad("a'b") + try, 1, 0},
		{[]string{`a\b`}, bad(`a\\b`) + try, 1, 0},
		{[]string{"\x7f"}, bad(`\177`) + try, 1, 0},
		{[]string{"\x1b"}, bad(`\033`) + try, 1, 0},
		{[]string{"\xff"}, bad(`\377`) + try, 1, 0},
		{[]string{"-1"}, opt("1"), 1, 0},
		{[]string{"-0"}, opt("0"), 1, 0},
		{[]string{"-x"}, opt("x"), 1, 0},
		{[]string{"-h"}, opt("h"), 1, 0},
		{[]string{"-inf"}, opt("i"), 1, 0},
		{[]string{"-1", "-2"}, opt("1"), 1, 0},
		{[]string{"x", "-1"}, opt("1"), 1, 0},
		{[]string{"--help2"}, "sleep: unrecognized option '--help2'\n" + try, 1, 0},
		{[]string{"--x=1"}, "sleep: unrecognized option '--x=1'\n" + try, 1, 0},
		{[]string{"--help=x"}, "sleep: option '--help' doesn't allow an argument\n" + try, 1, 0},
		{[]string{"--=x"}, "sleep: option '--=x' is ambiguous; possibilities: '--help' '--version'\n" + try, 1, 0},
		{[]string{"1", "--h"}, sleepHelp, 0, 0},
		{[]string{"--versio", "x"}, "sleep (fib6lab) GNU coreutils 9.1 sleep on a virtual clock\n", 0, 0},
	}
	for _, c := range cases {
		sh := NewShell(netns.New(250))
		from := sh.NS.Now()
		var out strings.Builder
		rc := runSleep(sh, c.args, &out)
		if rc != c.rc || out.String() != c.out || sh.NS.Now()-from != c.jiffies {
			t.Errorf("sleep %q: rc %d, moved %d jiffies, printed %q; want rc %d, %d jiffies, %q",
				c.args, rc, sh.NS.Now()-from, out.String(), c.rc, c.jiffies, c.out)
		}
	}
}

// TestSleepFractions: the fractions of a jiffy that sleeps leave add up
// over sleeps (0.003 s three times at HZ 250, 4 ms a jiffy, is 2 jiffies
// with 1 ms left), and dtotimespec's rounding up of nanoseconds holds.
func TestSleepFractions(t *testing.T) {
	sh := NewShell(netns.New(250))
	from := sh.NS.Now()
	for range 3 {
		if rc := runSleep(sh, []string{"0.003"}, &strings.Builder{}); rc != 0 {
			t.Fatal(rc)
		}
	}
	if got := sh.NS.Now() - from; got != 2 || sh.nanos != 1_000_000 {
		t.Fatalf("moved %d jiffies, %d ns left", got, sh.nanos)
	}
	for _, c := range []struct {
		v         float64
		sec, nsec int64
	}{{0.1, 0, 100000000}, {1.5, 1, 500000000}, {2, 2, 0}, {1e-9, 0, 1}, {0.9999999999, 1, 0}, {0.3, 0, 300000000}, {9e15, 9e15, 0}} {
		if s, n := splitSeconds(c.v); s != c.sec || n != c.nsec {
			t.Errorf("%v s: %d s %d ns, want %d s %d ns", c.v, s, n, c.sec, c.nsec)
		}
	}
}
