package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"fib6lab/engine/ftrace"
	"fib6lab/engine/iproute2"
	"fib6lab/engine/netns"
)

// recordOptions are the settings of `ip6sim record`.
type recordOptions struct {
	netns   string // -n: the namespace recorded ("": the machine's own)
	pid     int    // -p: record only the lookups of this process and its children
	seconds float64
	path    string
}

// Markers the recorder writes to trace_marker, so that the dump and the
// lines of `ip -6 monitor route` are timed on the trace clock.
const (
	markBegin = "fib6lab begin"  // the dump is about to be taken
	markStart = "fib6lab start"  // it has been: time 0 of the replay
	markRoute = "fib6lab route " // a line `ip -6 monitor route` printed
)

// recordMain runs `ip6sim record [-n NS] [-p PID] SECONDS FILE`: exit
// status 0, 1 when recording failed, 2 on bad arguments or when this
// machine cannot be recorded (not root, no tracefs: it says why).
func recordMain(args []string, stdout, stderr io.Writer) int {
	o, err := parseRecord(args, stderr)
	if err != nil {
		if _, ok := err.(flagError); !ok {
			fmt.Fprintln(stderr, err)
		}
		return 2
	}
	err = record(o, func() {
		fmt.Fprintf(stderr, "ip6sim record: recording for %g s...\n", o.seconds)
	})
	var nk errNoKernel
	switch {
	case errors.As(err, &nk):
		fmt.Fprintln(stderr, "ip6sim record: cannot record this machine:", err)
		return 2
	case err != nil:
		fmt.Fprintln(stderr, "ip6sim record:", err)
		return 1
	}
	fmt.Fprintf(stdout, "ip6sim record: wrote %s (replay it: ip6sim replay %s)\n", o.path, o.path)
	return 0
}

// parseRecord parses the arguments of `ip6sim record`.
func parseRecord(args []string, usage io.Writer) (recordOptions, error) {
	var o recordOptions
	fs := flag.NewFlagSet("ip6sim record", flag.ContinueOnError)
	fs.SetOutput(usage)
	fs.Usage = func() {
		fmt.Fprintf(usage, "usage: ip6sim record [-n NS] [-p PID] SECONDS FILE\n"+
			"Records, as root, this machine's (or network namespace NS's) IPv6 routes, their changes\n"+
			"(ip -6 monitor route) and, for SECONDS seconds, the kernel's fib6 table lookups and GC timer\n"+
			"events (tracefs) into FILE, for `ip6sim replay FILE` and the page's Load my table….\n")
		fs.PrintDefaults()
	}
	fs.StringVar(&o.netns, "n", "", "record network namespace NS (`ip netns` name) rather than the machine's own")
	fs.IntVar(&o.pid, "p", 0, "record only the lookups of process PID and the processes it starts (tracefs cannot tell namespaces apart)")
	if err := fs.Parse(args); err != nil {
		return o, flagError{err}
	}
	if fs.NArg() != 2 {
		return o, errors.New("ip6sim record: SECONDS and FILE expected (usage: ip6sim record [-n NS] [-p PID] SECONDS FILE)")
	}
	s, err := strconv.ParseFloat(fs.Arg(0), 64)
	if err != nil || s <= 0 || s > 24*3600 {
		return o, fmt.Errorf("ip6sim record: %q: seconds (more than 0, at most a day) expected", fs.Arg(0))
	}
	o.seconds, o.path = s, fs.Arg(1)
	if o.pid < 0 {
		return o, fmt.Errorf("ip6sim record: -p %d: not a process id", o.pid)
	}
	return o, nil
}

// inNetns returns the command line args run in namespace ns ("": as is).
func inNetns(ns string, args ...string) *exec.Cmd {
	if ns != "" {
		args = append([]string{"ip", "netns", "exec", ns}, args...)
	}
	return exec.Command(args[0], args[1:]...)
}

// record records as o says (see recordMain); ready is called once the
// recording runs (the dump taken, tracing on).
func record(o recordOptions, ready func()) error {
	if err := checkRoot(); err != nil {
		return err
	}
	t, err := openTracefs()
	if err != nil {
		return err
	}
	defer t.close()
	if o.netns != "" {
		if out, err := exec.Command("ip", "netns", "exec", o.netns, "true").CombinedOutput(); err != nil {
			return fmt.Errorf("-n %s: %v %s", o.netns, err, bytes.TrimSpace(out))
		}
	}
	f, err := os.Create(o.path)
	if err != nil {
		return err
	}
	defer f.Close()
	id := fmt.Sprintf("ip6sim-record-%d", os.Getpid())
	look, other := traced{filepath.Join(t.dir, "instances", id+"-l")}, traced{filepath.Join(t.dir, "instances", id+"-t")}
	for _, i := range []traced{look, other} {
		if err := os.Mkdir(i.dir, 0o755); err != nil {
			return fmt.Errorf("tracefs instance: %w", err)
		}
		defer os.Remove(i.dir)
	}
	lookSetup := [][2]string{{"tracing_on", "0"}, {"trace_clock", "mono"}, {"buffer_size_kb", "8192"}, {"trace_options", "nooverwrite"}}
	if o.pid > 0 {
		lookSetup = append(lookSetup, [2]string{"trace_options", "event-fork"}, [2]string{"set_event_pid", strconv.Itoa(o.pid)})
	}
	err = errors.Join(look.setup(append(lookSetup, [2]string{"set_event", "fib6:fib6_table_lookup\n"})),
		other.setup([][2]string{{"tracing_on", "0"}, {"trace_clock", "mono"}, {"buffer_size_kb", "1024"}, {"trace_options", "nooverwrite"},
			{"events/timer/timer_start/filter", "function == " + t.gcTimer},
			{"events/timer/timer_expire_entry/filter", "function == " + t.gcTimer},
			{"set_event", "timer:timer_start\ntimer:timer_expire_entry\n"}}))
	if err != nil {
		return err
	}
	marker, err := os.OpenFile(filepath.Join(other.dir, "trace_marker"), os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	defer marker.Close()
	mon := inNetns(o.netns, "ip", "-6", "monitor", "route")
	pipe, err := mon.StdoutPipe()
	if err != nil {
		return err
	}
	if err := mon.Start(); err != nil {
		return fmt.Errorf("ip -6 monitor route: %v", err)
	}
	done := make(chan struct{})
	go func() { // each line the monitor prints, on the trace clock as it comes
		defer close(done)
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			io.WriteString(marker, markRoute+sc.Text())
		}
	}()
	defer func() { mon.Process.Kill(); mon.Wait(); <-done }()
	// ip monitor has no way to say it listens; it has once it runs
	// (a change made before is in the dump, one made while the dump is
	// taken may be in both: the replay takes it as known)
	time.Sleep(200 * time.Millisecond)
	if err := errors.Join(look.write("tracing_on", "1"), other.write("tracing_on", "1")); err != nil {
		return err
	}
	io.WriteString(marker, markBegin)
	var dump bytes.Buffer
	for _, c := range [][]string{{"ip", "-6", "route", "show", "table", "all"}, {"ip", "-6", "addr", "show"}, {"sysctl", "net.ipv6.route"}} {
		fmt.Fprintf(&dump, "$ %s\n", strings.Join(c, " "))
		cmd := inNetns(o.netns, c...)
		cmd.Stdout = &dump
		if err := cmd.Run(); err != nil && c[0] == "ip" {
			return fmt.Errorf("%s: %v", strings.Join(c, " "), err)
		}
	}
	io.WriteString(marker, markStart)
	ready()
	time.Sleep(time.Duration(o.seconds * float64(time.Second)))
	look.write("tracing_on", "0")
	other.write("tracing_on", "0")
	ll, err1 := look.lines()
	ol, err2 := other.lines()
	if err := errors.Join(err1, err2); err != nil {
		return err
	}
	if err := writeRecord(f, o, runningKernel(), dump.String(), append(ll, ol...), dropped(look)+dropped(other)); err != nil {
		return err
	}
	return f.Close()
}

// dropped returns the events an instance lost to a full buffer.
func dropped(i traced) int {
	files, _ := filepath.Glob(filepath.Join(i.dir, "per_cpu", "cpu*", "stats"))
	n := 0
	for _, f := range files {
		b, _ := os.ReadFile(f)
		for _, l := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "dropped events: "); ok {
				d, _ := strconv.Atoi(strings.TrimSpace(v))
				n += d
			}
		}
	}
	return n
}

// writeRecord writes the record (iproute2.ParseRecord's format) of the
// dump and the trace lines of both instances.
func writeRecord(w io.Writer, o recordOptions, k kernelInfo, dump string, lines []ftrace.Line, lost int) error {
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].Micros < lines[j].Micros })
	stamp := func(us int64) string { return fmt.Sprintf("%d.%06d", us/1_000_000, us%1_000_000) }
	var begin, start int64 = -1, -1
	for _, l := range lines {
		switch {
		case l.Event == "tracing_mark_write" && l.Fields == markBegin:
			begin = l.Micros
		case l.Event == "tracing_mark_write" && l.Fields == markStart:
			start = l.Micros
		}
	}
	if begin < 0 || start < 0 {
		return errors.New("the trace lost the recorder's own markers (tracefs buffer full?)")
	}
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "%s\n# ip6sim record: the namespace's routes at the start and their changes (ip -6 monitor route);\n", iproute2.RecordMagic)
	fmt.Fprintf(b, "# lookups (fib6:fib6_table_lookup) and fib6_gc_timer_cb timer events on the trace clock (mono)\n")
	ns, lookups := "-", "all (every namespace's: tracefs cannot tell them apart)"
	if o.netns != "" {
		ns = o.netns
	}
	if o.pid > 0 {
		lookups = fmt.Sprintf("pid %d and its children", o.pid)
	}
	fmt.Fprintf(b, "kernel %s\nnetns %s\nlookups %s\ntimers all (every namespace's)\nseconds %g\ndropped %d\nbegin %s\nstart %s\n[dump]\n%s[events]\n",
		k, ns, lookups, o.seconds, lost, stamp(begin), stamp(start), dump)
	for _, l := range lines {
		if l.Micros < begin {
			continue
		}
		switch {
		case l.Event == "fib6_table_lookup":
			fmt.Fprintf(b, "%s lookup %d %s\n", stamp(l.Micros), l.Pid, l.Fields)
		case l.Event == "timer_start" || l.Event == "timer_expire_entry":
			fmt.Fprintf(b, "%s timer %s %s\n", stamp(l.Micros), l.Event, l.Fields)
		case l.Event == "tracing_mark_write" && strings.HasPrefix(l.Fields, markRoute):
			fmt.Fprintf(b, "%s route %s\n", stamp(l.Micros), strings.TrimPrefix(l.Fields, markRoute))
		}
	}
	return b.Flush()
}

// replayMain runs `ip6sim replay FILE`: replays a record in the model
// (iproute2.Record.Replay) and reports the lookups replayed and where
// the model answered otherwise than the kernel. Exit status 0 when
// every lookup agrees, 1 on a difference, 2 when the record does not
// load (the message names its line).
func replayMain(args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(stderr, "usage: ip6sim replay FILE (a file `ip6sim record` wrote)")
		return 2
	}
	text, err := os.ReadFile(args[0])
	if err == nil && len(text) > iproute2.MaxDumpBytes {
		err = fmt.Errorf("%d bytes: too large (fib6lab's limit is %d bytes)", len(text), iproute2.MaxDumpBytes)
	}
	var r *iproute2.Record
	if err == nil {
		r, err = iproute2.ParseRecord(string(text))
	}
	var rep *iproute2.Replay
	if err == nil {
		rep, err = r.Replay(netns.New(0))
	}
	if err != nil {
		fmt.Fprintf(stderr, "ip6sim replay %s: %v\n", args[0], err)
		return 2
	}
	diffs := rep.Differences()
	fmt.Fprintf(stdout, "replayed %.3f s: %d lookups, %d agree, %d differ; %d route changes applied, %d already in the model, %d refused; %d lookups not replayable\n",
		rep.Seconds, len(rep.Lookups), len(rep.Lookups)-len(diffs), len(diffs), rep.Routes, rep.RoutesKnown, len(rep.RouteErrors), rep.Unreplayable)
	fmt.Fprintf(stdout, "GC timer: fired %d times in the kernel, the model ran %d GC passes\n", rep.KernelGCFired, rep.ModelGCPasses)
	for _, e := range rep.RouteErrors {
		fmt.Fprintln(stdout, "route change refused:", e)
	}
	for i, d := range diffs {
		if i == 5 {
			fmt.Fprintf(stdout, "... and %d more differences\n", len(diffs)-i)
			break
		}
		fmt.Fprintf(stdout, "line %d, %.6f s: %s\n  kernel: %s\n  model:  %s\n", d.Line, float64(d.At)/1e6, d.Command,
			strings.Join(d.Kernel, "; "), strings.Join(d.Model, "; "))
	}
	if len(diffs) > 0 {
		return 1
	}
	return 0
}
