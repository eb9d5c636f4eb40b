package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"

	"fib6lab/engine/ftrace"
	"fib6lab/engine/iproute2"
)

// tracefs is a mounted tracefs with what ip6sim check needs of the
// running kernel: the address of fib6_gc_timer_cb (the GC timer's
// callback, to filter timer events on) and the names of the functions
// whose slab allocations it records (fib6_add_1 may be a compiler clone
// such as fib6_add_1.isra.0).
type tracefs struct {
	dir     string
	mounted bool // mounted by ip6sim, to unmount at the end
	gcTimer string
	allocs  []string // call sites of node and dst allocations
}

// kernelInfo describes the running kernel for reports: release, build
// and tick rate (CONFIG_HZ from /proc/config.gz, 0 when unknown).
type kernelInfo struct {
	Release, Version string
	HZ               int64
}

func (k kernelInfo) String() string {
	hz := "HZ unknown"
	if k.HZ > 0 {
		hz = fmt.Sprintf("HZ %d", k.HZ)
	}
	return fmt.Sprintf("Linux %s (%s, %s)", k.Release, k.Version, hz)
}

// runningKernel reads the running kernel's description.
func runningKernel() kernelInfo {
	var k kernelInfo
	if b, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		k.Release = strings.TrimSpace(string(b))
	}
	if b, err := os.ReadFile("/proc/sys/kernel/version"); err == nil {
		k.Version = strings.TrimSpace(string(b))
	}
	if f, err := os.Open("/proc/config.gz"); err == nil {
		defer f.Close()
		if z, err := gzip.NewReader(f); err == nil {
			sc := bufio.NewScanner(z)
			for sc.Scan() {
				if v, ok := strings.CutPrefix(sc.Text(), "CONFIG_HZ="); ok {
					k.HZ, _ = strconv.ParseInt(v, 10, 64)
				}
			}
		}
	}
	return k
}

// errNoKernel says why scripts cannot run on this machine's kernel.
type errNoKernel struct{ why string }

func (e errNoKernel) Error() string { return e.why }

// checkRoot reports why scripts cannot run in namespaces here, or nil.
func checkRoot() error {
	if os.Getenv("FIB6LAB_NO_KERNEL") != "" {
		return errNoKernel{"FIB6LAB_NO_KERNEL is set: this machine's kernel is not to be used"}
	}
	if os.Geteuid() != 0 {
		return errNoKernel{fmt.Sprintf("needs root to run scripts in throw-away network namespaces (running as uid %d)", os.Geteuid())}
	}
	for _, p := range []string{"ip", "bash"} {
		if _, err := exec.LookPath(p); err != nil {
			return errNoKernel{fmt.Sprintf("%s is not installed (make deps installs iproute2)", p)}
		}
	}
	return nil
}

// openTracefs finds tracefs (mounting it on a temporary directory when it
// is not mounted) and the kernel symbols the trace filters name. Errors
// say why tracing is not possible.
func openTracefs() (*tracefs, error) {
	t := &tracefs{}
	if mounts, err := os.ReadFile("/proc/mounts"); err == nil {
		for _, l := range strings.Split(string(mounts), "\n") {
			if f := strings.Fields(l); len(f) > 2 && f[2] == "tracefs" {
				t.dir = f[1]
				break
			}
		}
	}
	if t.dir == "" {
		dir, err := os.MkdirTemp("", "ip6sim-tracefs-")
		if err != nil {
			return nil, err
		}
		if out, err := exec.Command("mount", "-t", "tracefs", "nodev", dir).CombinedOutput(); err != nil {
			os.Remove(dir)
			return nil, errNoKernel{fmt.Sprintf("tracefs is not mounted and cannot be (mount -t tracefs nodev %s: %v %s)", dir, err, bytes.TrimSpace(out))}
		}
		t.dir, t.mounted = dir, true
	}
	if _, err := os.Stat(filepath.Join(t.dir, "events/fib6/fib6_table_lookup")); err != nil {
		t.close()
		return nil, errNoKernel{"this kernel has no fib6:fib6_table_lookup tracepoint (CONFIG_IPV6 built without tracepoints?)"}
	}
	syms, err := os.ReadFile("/proc/kallsyms")
	if err != nil {
		t.close()
		return nil, err
	}
	for _, l := range strings.Split(string(syms), "\n") {
		f := strings.Fields(l)
		if len(f) < 3 || len(f) > 3 { // skip module symbols ([mod])
			continue
		}
		switch ftrace.CallSite(f[2]) {
		case "fib6_gc_timer_cb":
			if f[2] == "fib6_gc_timer_cb" {
				t.gcTimer = "0x" + f[0]
			}
		case "fib6_add_1", "fib6_add", "dst_alloc":
			t.allocs = append(t.allocs, f[2])
		}
	}
	if t.gcTimer == "" || strings.Trim(t.gcTimer, "0x") == "" || len(t.allocs) == 0 {
		t.close()
		return nil, errNoKernel{"/proc/kallsyms does not show fib6_gc_timer_cb and fib6_add_1 (kptr_restrict, or IPv6 is a module not loaded)"}
	}
	return t, nil
}

// close unmounts tracefs if ip6sim mounted it.
func (t *tracefs) close() {
	if t.mounted {
		exec.Command("umount", t.dir).Run()
		os.Remove(t.dir)
	}
}

// siteFilter is an event filter matching any of the functions as the
// call site of a kmem event.
func siteFilter(funcs []string) string {
	var parts []string
	for _, f := range funcs {
		parts = append(parts, "call_site.function == "+f)
	}
	return strings.Join(parts, " || ")
}

// settleText marks where the settling after a command starts.
const settleText = "# settle"

// kernelRun is what a script did on the kernel: its output (standard
// output and error, with the status lines), the event lines of each
// command (index = command number - 1) that belong to the script, and
// rt6_stats after each command.
type kernelRun struct {
	Output  string
	Windows [][]ftrace.Line
	Stats   []string
}

var instanceSeq atomic.Int64

// traced is a tracefs instance of one run.
type traced struct{ dir string }

func (i traced) write(file, text string) error {
	if err := os.WriteFile(filepath.Join(i.dir, file), []byte(text), 0o644); err != nil {
		return fmt.Errorf("tracefs %s: %w", file, err)
	}
	return nil
}

// setup writes each file's text in order.
func (i traced) setup(files [][2]string) error {
	for _, f := range files {
		if err := i.write(f[0], f[1]); err != nil {
			return err
		}
	}
	return nil
}

func (i traced) lines() ([]ftrace.Line, error) {
	b, err := os.ReadFile(filepath.Join(i.dir, "trace"))
	var ls []ftrace.Line
	for _, s := range strings.Split(string(b), "\n") {
		if l, ok := ftrace.ParseLine(s); ok {
			ls = append(ls, l)
		}
	}
	return ls, err
}

// privateNetns is the shell text that gives a process just unshared
// into a network and a mount namespace of its own (`unshare --net
// --mount`) what `ip netns exec` would: /sys showing its own devices, and
// a private, empty /run/netns (a tmpfs), so that a script's `ip netns`
// names never meet the machine's or another run's and vanish with it,
// even when the run is killed.
const privateNetns = `mount --make-rprivate / && mount -t sysfs ip6sim-sys /sys && mkdir -p /run/netns && mount -t tmpfs -o mode=755 ip6sim-netns /run/netns`

// runKernel runs the commands of a kdiff script with bash (reading them
// from its standard input, as the kdiff tests do) in a fresh network
// namespace on this kernel (privateNetns) (pinned to CPU 0, so that per-CPU route copies
// are made as in a one-CPU model), each command preceded by a marker in
// the trace and followed by the status line and a copy of rt6_stats.
// With t set it records, in two tracefs instances: the tracepoints of
// the script's own processes (set_event_pid with event-fork: lookups,
// node and dst allocations, and the GC timers they arm, which identify
// the namespace's timers), and every GC timer event, kept for those
// timers. shims, when not "", goes first on the script's PATH (the
// kernel-side programs of the event commands).
func runKernel(ctx context.Context, t *tracefs, cmds []string, tmp, shims string) (*kernelRun, error) {
	id := fmt.Sprintf("ip6sim-check-%d-%d", os.Getpid(), instanceSeq.Add(1))
	var proc, timers traced
	if t != nil {
		proc, timers = traced{filepath.Join(t.dir, "instances", id+"-p")}, traced{filepath.Join(t.dir, "instances", id+"-t")}
		for _, i := range []traced{proc, timers} {
			if err := os.Mkdir(i.dir, 0o755); err != nil {
				return nil, fmt.Errorf("tracefs instance: %w", err)
			}
			defer os.Remove(i.dir)
		}
		err := errors.Join(proc.setup([][2]string{
			{"tracing_on", "0"}, {"trace_clock", "mono"}, {"buffer_size_kb", "4096"}, {"trace_options", "event-fork"},
			{"events/kmem/kmem_cache_alloc/filter", siteFilter(t.allocs)},
			{"events/timer/timer_start/filter", "function == " + t.gcTimer},
			{"set_event", "fib6:fib6_table_lookup\nkmem:kmem_cache_alloc\ntimer:timer_start\n"},
		}), timers.setup([][2]string{
			{"tracing_on", "0"}, {"trace_clock", "mono"}, {"buffer_size_kb", "4096"},
			{"events/timer/timer_start/filter", "function == " + t.gcTimer},
			{"events/timer/timer_expire_entry/filter", "function == " + t.gcTimer},
			{"set_event", "timer:timer_start\ntimer:timer_expire_entry\ntimer:timer_cancel\n"},
		}))
		if err != nil {
			return nil, err
		}
	}
	marker, stats := "/dev/null", filepath.Join(tmp, id+".stats")
	if t != nil {
		marker = filepath.Join(proc.dir, "trace_marker")
	}
	// Two lines per command, as the model runs them, so that bash's
	// "bash: line N:" messages name the same lines: the marker and the
	// command; then the status line, the settling and a copy of
	// rt6_stats. Settling reads every device's carrier, which runs a
	// link event linkwatch has not handled yet (linkwatch_sync_dev, as
	// the RTM_GETLINK of the next `ip ... dev D` would): the kernel's
	// link state is then what an idle machine has right after the
	// command, whatever the load, as in the model, where that work is
	// done at once (in a worker: its events are not the command's).
	var script strings.Builder
	for i, c := range cmds {
		fmt.Fprintf(&script, "printf '%%s\\n' '%s' > %s; %s\n%s; printf '%%s\\n' '%s' > %s; cat /sys/class/net/*/carrier /proc/net/rt6_stats >> %s 2> /dev/null\n",
			ftrace.MarkerText(i+1), marker, c, iproute2.StatusLine, settleText, marker, stats)
	}
	fmt.Fprintf(&script, "printf '# end\\n' > %s\n", marker)
	defer os.Remove(stats)
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer pw.Close()
	var out bytes.Buffer
	pin := ""
	if _, err := exec.LookPath("taskset"); err == nil {
		pin = "taskset -c 0"
	}
	cmd := exec.CommandContext(ctx, "unshare", "--net", "--mount", "bash", "-c", privateNetns+` && read -r _ <&3 && exec 3<&- && exec `+pin+` bash`)
	cmd.Stdin = strings.NewReader(script.String())
	if shims != "" {
		cmd.Env = append(os.Environ(), "PATH="+shims+string(os.PathListSeparator)+os.Getenv("PATH"))
	}
	cmd.ExtraFiles = []*os.File{pr}
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		pr.Close()
		return nil, err
	}
	pr.Close()
	if t != nil {
		err = errors.Join(proc.write("set_event_pid", strconv.Itoa(cmd.Process.Pid)), proc.write("tracing_on", "1"), timers.write("tracing_on", "1"))
	}
	pw.Write([]byte("go\n"))
	pw.Close()
	waitErr := cmd.Wait()
	if err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		return nil, fmt.Errorf("the script did not end within the time allowed")
	}
	_ = waitErr // the last command's status is in the output
	r := &kernelRun{Output: out.String(), Windows: make([][]ftrace.Line, len(cmds))}
	if b, err := os.ReadFile(stats); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if len(strings.Fields(l)) == 7 { // rt6_stats, not a carrier
				r.Stats = append(r.Stats, l)
			}
		}
	}
	if t == nil {
		return r, nil
	}
	proc.write("tracing_on", "0")
	timers.write("tracing_on", "0")
	pl, err1 := proc.lines()
	tl, err2 := timers.lines()
	if err := errors.Join(err1, err2); err != nil {
		return nil, err
	}
	r.assign(pl, tl)
	return r, nil
}

// assign sorts the events of both instances into the command windows
// the markers delimit. The script's own events are kept, but for those
// of the settling after each command (settleText); of the other
// instance's, the events of the timers the script armed.
func (r *kernelRun) assign(proc, other []ftrace.Line) {
	type event struct {
		ftrace.Line
		own bool // from the script's processes
	}
	timers := map[string]bool{}
	var marks []ftrace.Line
	var events []event
	for _, l := range proc {
		switch l.Event {
		case "tracing_mark_write":
			marks = append(marks, l)
		case "timer_start":
			// a timer started by the script's processes, not by an
			// interrupt that ran while one of them was on the CPU
			if !l.Deferred() {
				timers[ftrace.Field(l.Fields, "timer")] = true
			}
		default:
			events = append(events, event{l, true})
		}
	}
	for _, l := range other {
		if timers[ftrace.Field(l.Fields, "timer")] {
			events = append(events, event{l, false})
		}
	}
	sort.SliceStable(events, func(i, j int) bool { return events[i].Micros < events[j].Micros })
	for _, e := range events {
		w, settling := -1, false
		for _, m := range marks {
			if m.Micros > e.Micros {
				break
			}
			n, ok := ftrace.Marker(m.Fields)
			switch {
			case ok:
				w, settling = n-1, false
			case m.Fields == settleText:
				settling = true
			default:
				w = -1 // after the end marker
			}
		}
		if w >= 0 && w < len(r.Windows) && !(settling && e.own) {
			r.Windows[w] = append(r.Windows[w], e.Line)
		}
	}
}
