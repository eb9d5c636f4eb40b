package iproute2

import (
	"fmt"
	"strconv"
	"strings"

	"fib6lab/engine/netns"
)

// Limits of the user surface. Linux and bash have none of these (or much
// larger ones); fib6lab needs them so that whatever a person pastes into
// the console costs bounded time and memory. Each limit fails with a
// clear message in the style of the tool that would have failed.

// MaxLineBytes is the longest command line Run executes (4 MiB). bash has
// no line limit, but an external command (ip, sysctl, sleep) whose
// arguments exceed the kernel's execve limit (about 2 MiB here, see
// argMax) already fails with "Argument list too long", so only builtins
// such as echo behave differently. A longer line prints
// "bash: line N: line too long: B bytes (fib6lab limit 4194304)" and
// exits with status 2, changing nothing.
const MaxLineBytes = 4 << 20

// MaxVarBytes bounds the shell's variables (4 MiB, names and values
// together); bash has no limit. An assignment past it is not made and
// prints "fib6lab: variables too large: ..." with status 2.
const MaxVarBytes = 4 << 20

// MaxScriptBytes is the largest script RunScript reads (16 MiB); the rest
// is not run and a line "fib6lab: script too long: ..." is printed with
// status 2.
const MaxScriptBytes = 16 << 20

// MaxScriptLines is the largest number of lines RunScript runs (100,000);
// past it the script stops with "fib6lab: script too long: ..." and
// status 2.
const MaxScriptLines = 100_000

// MaxCount is the largest `count N` accepted by any command that
// generates packets or routes (for example `send raw ... count N` and
// `ptb ... count N`): 100,000. Use CheckCount to parse and check it.
const MaxCount = 100_000

// MaxRoutes is the default limit of routes per namespace
// (netns.DefaultMaxRoutes). Linux has none: an add beyond it fails as an
// allocation failure would, with ENOMEM, which `ip` prints as
// "RTNETLINK answers: Cannot allocate memory" (exit status 2).
const MaxRoutes = netns.DefaultMaxRoutes

// CheckCount parses the value of a `count` keyword as iproute2's get_u32
// would and checks it against MaxCount. The error prints like
// iproute2's invalid-argument message, e.g. `Error: argument "200000" is
// wrong: "count" value is invalid (fib6lab limit 100000)`, exit status
// 255.
func CheckCount(s string) (uint32, error) {
	v, err := strconv.ParseUint(s, 0, 32)
	if err != nil {
		return 0, invarg("\"count\" value is invalid", s)
	}
	if v > MaxCount {
		return 0, invarg(fmt.Sprintf("\"count\" value is invalid (fib6lab limit %d)", MaxCount), s)
	}
	return uint32(v), nil
}

// Status returns the exit status and message of an error returned by
// CheckCount or another parser of this package, as a command would print
// it.
func Status(err error) (int, string) {
	if err == nil {
		return 0, ""
	}
	var b strings.Builder
	rc := status(err, &b)
	return rc, b.String()
}

// Kernel execve limits as bash hits them when it starts an external
// command: one argument may be at most MAX_ARG_STRLEN (32 pages) long
// including its NUL; all arguments and the environment, with a pointer
// each, must fit in a quarter of the 8 MiB stack rlimit.
const (
	maxArgStrlen = 32 * 4096
	argMax       = 8 << 20 / 4
	// envBytes and envCount approximate the environment of a root shell
	// under `ip netns exec` on the reference machine.
	envBytes = 1500
	envCount = 20
)

// tooBig reports whether execve of args would fail with E2BIG.
func tooBig(args []string) bool {
	total := envBytes + (len(args)+envCount)*8
	for _, a := range args {
		if len(a)+1 > maxArgStrlen {
			return true
		}
		total += len(a) + 1
	}
	return total > argMax
}
