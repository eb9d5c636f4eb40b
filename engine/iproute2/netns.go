package iproute2

import (
	"fmt"
	"io"

	"fib6lab/engine/netns"
	"fib6lab/engine/world"
)

// enter runs the shell in ns until the returned function is called (ip
// -n NS, ip netns exec NS).
func (sh *Shell) enter(ns *netns.Netns) func() {
	prev := sh.NS
	sh.switchTo(ns)
	return func() { sh.NS = prev }
}

// switchTo makes ns the namespace commands run in; the front end's
// Yield and Nanotime, set on the namespace it gave the shell, drive the
// work done there too.
func (sh *Shell) switchTo(ns *netns.Netns) {
	ns.Yield, ns.Nanotime = sh.NS.Yield, sh.NS.Nanotime
	sh.NS = ns
}

// runNetns models `ip netns [list|add|delete|exec]` (iproute2
// ip/ipnetns.c over the names in world.World): the subcommands by unique
// prefix in iproute2's order.
func runNetns(sh *Shell, _ ipOpts, args []string, out io.Writer) error {
	if len(args) == 0 {
		return netnsList(sh, out)
	}
	cmd, rest := args[0], args[1:]
	switch {
	case matches(cmd, "list"), matches(cmd, "show"), matches(cmd, "lst"):
		return netnsList(sh, out)
	case matches(cmd, "help"):
	case matches(cmd, "add"):
		return netnsAdd(sh, rest)
	case matches(cmd, "attach"), matches(cmd, "set"):
	case matches(cmd, "delete"):
		return netnsDel(sh, rest)
	case matches(cmd, "identify"), matches(cmd, "pids"):
	case matches(cmd, "exec"):
		return netnsExec(sh, rest, out)
	case matches(cmd, "monitor"):
	default:
		return &exitErr{fmt.Sprintf("Command \"%s\" is unknown, try \"ip netns help\".\n", cmd), 255}
	}
	return &exitErr{fmt.Sprintf("fib6lab: ip netns %s is not modelled (list, add, delete and exec are)\n", cmd), 2}
}

// netnsList prints the names newest first, each with the id the shell's
// namespace has for it (peernet2id, as RTM_GETNSID answers).
func netnsList(sh *Shell, out io.Writer) error {
	for _, name := range sh.World.Names() {
		if id, ok := sh.NS.NetID(sh.World.Get(name)); ok {
			fmt.Fprintf(out, "%s (id: %d)\n", name, id)
		} else {
			fmt.Fprintln(out, name)
		}
	}
	return nil
}

var errNoNetnsName = &exitErr{"No netns name specified\n", 1}

// netnsAdd models `ip netns add NAME` (words after NAME are ignored, as
// iproute2 ignores them).
func netnsAdd(sh *Shell, args []string) error {
	if len(args) == 0 {
		return errNoNetnsName
	}
	switch _, err := sh.World.Add(args[0]); err {
	case world.ErrBadName:
		return &exitErr{fmt.Sprintf("Invalid netns name \"%s\"\n", args[0]), 255}
	case world.ErrExists:
		return &exitErr{fmt.Sprintf("Cannot create namespace file \"/run/netns/%s\": File exists\n", args[0]), 1}
	}
	return nil
}

// netnsDel models `ip netns delete NAME`.
func netnsDel(sh *Shell, args []string) error {
	if len(args) == 0 {
		return errNoNetnsName
	}
	if sh.World.Del(args[0]) != nil {
		return &exitErr{fmt.Sprintf("Cannot remove namespace file \"/run/netns/%s\": No such file or directory\n", args[0]), 1}
	}
	return nil
}

// netnsExec models `ip netns exec NAME CMD [ARGS]`: CMD runs as a
// program in NAME, so a shell builtin that is no program (exit, :)
// fails to exec. `bash` without arguments starts a shell in NAME that
// reads the next lines until its `exit`, as a nested bash reads the rest
// of a script from its standard input.
func netnsExec(sh *Shell, args []string, out io.Writer) error {
	switch {
	case len(args) == 0:
		return errNoNetnsName
	case len(args) == 1:
		return &exitErr{"No command specified\n", 1}
	}
	ns := sh.World.Get(args[0])
	if ns == nil {
		return &exitErr{fmt.Sprintf("Cannot open network namespace \"%s\": No such file or directory\n", args[0]), 255}
	}
	cmd := args[1:]
	switch {
	case cmd[0] == "bash" && len(cmd) == 1:
		sh.outer = append(sh.outer, outerShell{sh.NS, sh.NS.Host().CPU})
		sh.switchTo(ns)
		return nil
	case cmd[0] == "bash" || cmd[0] == "sh":
		return &exitErr{fmt.Sprintf("fib6lab: no %s with arguments here: %s (ip netns exec NS bash, alone, enters NS until exit)\n", cmd[0], cmd[0]), 2}
	case cmd[0] == "exit" || cmd[0] == ":" || refusedBuiltins[cmd[0]] || commands[cmd[0]] == nil:
		return &exitErr{fmt.Sprintf("exec of \"%s\" failed: No such file or directory\n", cmd[0]), 1}
	}
	defer sh.enter(ns)()
	if rc := sh.exec(cmd, out); rc != 0 {
		return &exitErr{"", rc}
	}
	return nil
}
