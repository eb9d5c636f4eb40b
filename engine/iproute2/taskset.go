package iproute2

import (
	"fmt"
	"io"
)

// errTasksetForm is the refusal of the taskset forms the model lacks.
const errTasksetForm = "fib6lab: taskset here runs a command on one CPU: taskset -c CPU COMMAND [ARG...]\n"

// runTaskset models `taskset -c CPU COMMAND [ARG...]` (util-linux): the
// command runs pinned to CPU, so the kernel serves its system calls on
// that CPU and the per-CPU state they use is that CPU's (netns.Host.CPU:
// the per-CPU route copies of `ip -6 route get`), in whichever namespace
// the command acts (`ip -n NS`, `ip netns exec NS`; a nested bash that
// `ip netns exec NS bash` starts stays pinned until its exit). Unpinned
// commands run on CPU 0. taskset's own errors: a CPU list that does not parse (status
// 1), no command ("bad usage", status 1), a command that is not a
// program (status 127). CPU lists of several CPUs, CPU numbers the model
// does not have (it has netns.DefaultCPUs) and the other forms (a mask,
// -p) are refused with a fib6lab line, status 2. Status: the command's.
func runTaskset(sh *Shell, args []string, out io.Writer) int {
	if len(args) < 2 || (args[0] != "-c" && args[0] != "--cpu-list") {
		io.WriteString(out, errTasksetForm)
		return 2
	}
	cpu, rest, digits := cStrtoulBase(args[1], 10)
	switch {
	case !digits:
		fmt.Fprintf(out, "taskset: failed to parse CPU list: %s\n", args[1])
		return 1
	case rest != "" || cpu >= uint64(sh.NS.Dst.CPUs()):
		io.WriteString(out, errTasksetForm)
		return 2
	case len(args) == 2:
		io.WriteString(out, "taskset: bad usage\nTry 'taskset --help' for more information.\n")
		return 1
	}
	if _, ok := commands[args[2]]; !ok || args[2] == "exit" || args[2] == ":" {
		fmt.Fprintf(out, "taskset: failed to execute %s: No such file or directory\n", args[2])
		return 127
	}
	h, depth := sh.NS.Host(), len(sh.outer)
	prev := h.CPU
	h.CPU = int(cpu)
	defer func() {
		if len(sh.outer) > depth { // a nested bash runs on, pinned: its exit gives prev back
			sh.outer[depth].cpu = prev
		} else {
			h.CPU = prev
		}
	}()
	return sh.exec(args[2:], out)
}
