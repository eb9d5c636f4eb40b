package app

import (
	"fmt"
	"strings"
)

// commandHelp is one line of `help`: a command of the shell
// (iproute2.Commands), how it is called and what it does.
type commandHelp struct {
	name, usage, what string
}

// commandHelps are the lines `help` prints about the commands the
// console and ip6sim run, one per command of the shell, in the order a
// newcomer needs them; a test checks that they are the shell's commands.
var commandHelps = []commandHelp{
	{"ip", "ip -6 route add|del|replace|get|show|flush ...", "routes (iproute2); also ip link, ip -6 addr"},
	{"sysctl", "sysctl [-w] net.ipv6.route.gc_interval[=N]", "kernel parameters (procps); sysctl -a lists them"},
	{"sleep", "sleep SECONDS", "move the virtual clock: timers fire, GC passes run"},
	{"kernel", "kernel [VERSION]", "print or choose the kernel release (4.8, 6.1, 6.18 ...)"},
	{"gen", "gen routes|ra ...", "add N routes (gen routes N PREFIX [route options]) or announce them (gen ra IFNAME N P/L,LT [ra options])"},
	{"send", "send DST [count N] | send raw DST [count N]", "UDP packets through the output path / a raw-socket flood"},
	{"ptb", "ptb DST mtu M [count N]", "ICMPv6 Packet Too Big: a PMTU exception"},
	{"redirect", "redirect DST to TARGET", "ICMPv6 redirect: a redirect exception"},
	{"udp", "udp DST size N", "one UDP datagram through routers in other namespaces (ip netns exec NS udp ...)"},
	{"ra", "ra IFNAME [lifetime S] [pio P/L,V,P[,LA]]... [rio P/L,LT[,PRF]]...", "one Router Advertisement out of IFNAME"},
	{"cat", "cat /proc/net/rt6_stats", "the kernel's route counters"},
	{"taskset", "taskset -c CPU COMMAND ...", "run a command on one CPU (its per-CPU route copies)"},
	{"echo", "echo WORDS", "print the words"},
	{"true", "true", "exit status 0"},
	{"false", "false", "exit status 1"},
	{":", ": [WORDS]", "do nothing (exit status 0)"},
	{"exit", "exit [N]", "stop the script here, with exit status N"},
}

// KeyHelp is one of the page's keys as `help` lists it: the key as
// written on the keyboard and what it does.
type KeyHelp struct {
	Key, What string
}

// Bounds of the keys the page registers (SetKeys): how many, and the
// bytes of a key's name or description.
const (
	MaxKeys    = 64
	maxKeyText = 120
)

// SetKeys sets the page's keys that `help` lists, as the page binds them
// (web/teach.js). Past MaxKeys keys or maxKeyText bytes a text, the rest
// is left out.
func (c *Console) SetKeys(keys []KeyHelp) {
	c.keys = c.keys[:0]
	for _, k := range keys[:min(len(keys), MaxKeys)] {
		c.keys = append(c.keys, KeyHelp{Key: cut(k.Key, maxKeyText), What: cut(k.What, maxKeyText)})
	}
}

// cut returns s up to n bytes.
func cut(s string, n int) string { return s[:min(len(s), n)] }

// isHelp reports whether a console line is the page's `help`: its first
// word is help (bash's builtin of that name is not modelled, and its
// output would not help here).
func isHelp(line string) bool {
	w := strings.Fields(line)
	return len(w) > 0 && w[0] == "help"
}

// help writes the console's help to the scrollback: how lines run, one
// line per command, and the page's keys.
func (c *Console) help(line string) {
	c.write(LineInput, line)
	var b strings.Builder
	b.WriteString("fib6lab console: each line runs in both namespaces as bash runs it (cmd; cmd, &&, ||, \\ continues a line)\n")
	for _, h := range commandHelps {
		fmt.Fprintf(&b, "  %-46s %s\n", h.usage, h.what)
	}
	prefixes := make([]string, len(LaneIDs))
	for i, id := range LaneIDs {
		prefixes[i] = id + ": CMD"
	}
	fmt.Fprintf(&b, "  %-46s %s\n", strings.Join(prefixes, ", "), "run CMD in that lane's namespace only")
	fmt.Fprintf(&b, "  %-46s %s\n", laneLine+" left|right [NETNS]", "the namespace that lane shows (init without NETNS; to bash a comment)")
	fmt.Fprintf(&b, "  %-46s %s\n", "help", "this list (a command of the page, not of bash)")
	b.WriteString("↑/↓ recall lines · a pasted script runs line by line · Esc cancels the command running")
	if len(c.keys) > 0 {
		b.WriteString("\nkeys, when no input has the focus:")
		for _, k := range c.keys {
			fmt.Fprintf(&b, "\n  %-12s %s", k.Key, k.What)
		}
	}
	c.write(LineOutput, b.String())
}
