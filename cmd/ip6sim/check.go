package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"fib6lab/engine/ftrace"
	"fib6lab/engine/iproute2"
	"fib6lab/engine/netns"
)

// checkOptions are the settings of `ip6sim check`.
type checkOptions struct {
	model   options // the model's tick rate, release and GC strategy
	trace   bool
	verbose bool // report every command's events, not only differences
	events  ftrace.Category
	jobs    int
	retries int
	known   map[string]bool // scripts (base names) listed as differing, by --known
	timeout time.Duration
	shims   string // a directory put first on the kernel run's PATH ("": none)
	scripts []string
}

// defaultEvents are the categories --trace compares unless --events says
// otherwise: all of them. dst allocations follow the CPU a command runs
// on (ip6_pol_route makes a route's per-CPU copy on first use); the
// kernel side runs the script on CPU 0, as the model does.
const defaultEvents = ftrace.Lookups | ftrace.GCTimer | ftrace.Nodes | ftrace.Dsts

// parseCheck parses the arguments of `ip6sim check`. Errors are printed
// by the flag package (flagError) or name the bad value.
func parseCheck(args []string, usage io.Writer) (checkOptions, error) {
	o := checkOptions{events: defaultEvents}
	fs := flag.NewFlagSet("ip6sim check", flag.ContinueOnError)
	fs.SetOutput(usage)
	fs.Usage = func() {
		fmt.Fprintf(usage, "usage: ip6sim check [--trace] [--events LIST] [--hz N] [--kernel V] [--gc S] [--jobs N] SCRIPT...\n"+
			"Runs each script (kdiff format: one command per line) on this machine's kernel in a throw-away\n"+
			"network namespace (as root) and in the model, and reports per command where output, exit status\n"+
			"and, with --trace, the normalised tracepoint events differ. Exit status 1 on any difference.\n")
		fs.PrintDefaults()
	}
	fs.BoolVar(&o.trace, "trace", false, "compare the tracepoint events too (needs tracefs)")
	fs.BoolVar(&o.verbose, "v", false, "with --trace: list every command's events, also where both sides agree")
	events := fs.String("events", "lookup,timer,node,dst", "with --trace: the event categories to compare (lookup, timer, node, dst)")
	fs.Int64Var(&o.model.hz, "hz", 0, "the model's tick rate (default: the kernel's CONFIG_HZ, else 250)")
	fs.StringVar(&o.model.kernel, "kernel", "", "the model's kernel release (default: the running kernel's)")
	gcName := fs.String("gc", "", "the model's GC strategy, trie-walk or gc-list, in place of the release's")
	fs.IntVar(&o.jobs, "jobs", 4, "scripts run at once")
	fs.IntVar(&o.retries, "retries", 1, "run a script that differed again, alone, up to this many times (the kernel's deferred work can lose a race with the next command on a busy machine)")
	fs.DurationVar(&o.timeout, "timeout", 10*time.Minute, "longest a script may run on the kernel")
	fs.StringVar(&o.shims, "shims", findShims(), "a directory put first on PATH for the kernel's run, holding the kernel-side programs of the event commands udp and ra (default: testdata/kshim of the fib6lab checkout the current directory is in)")
	knownPath := fs.String("known", "", "a list of scripts known to differ, with why (lines \"- `NAME.sh`: ...\", as testdata/kdiff/TRACE-DIFFERENCES.md): their differences are reported but do not fail the check")
	if err := fs.Parse(args); err != nil {
		return o, flagError{err}
	}
	o.scripts = fs.Args()
	if len(o.scripts) == 0 {
		return o, errors.New("ip6sim check: no script given (usage: ip6sim check [--trace] SCRIPT...)")
	}
	var err error
	if o.events, err = ftrace.ParseCategories(*events); err != nil {
		return o, fmt.Errorf("ip6sim check: --events: %v", err)
	}
	if o.model.hz != 0 && (o.model.hz < minHZ || o.model.hz > maxHZ) {
		return o, fmt.Errorf("ip6sim check: --hz %d: out of range: a Linux kernel has CONFIG_HZ %d..%d", o.model.hz, minHZ, maxHZ)
	}
	if *gcName != "" {
		full, err := parseOptions([]string{"--gc", *gcName}, io.Discard)
		if err != nil {
			return o, fmt.Errorf("ip6sim check: --gc: %v", err)
		}
		o.model.strategy, o.model.gcSet = full.strategy, true
	}
	o.jobs = max(o.jobs, 1)
	if *knownPath != "" {
		if o.known, err = readKnown(*knownPath); err != nil {
			return o, fmt.Errorf("ip6sim check: --known: %v", err)
		}
	}
	return o, nil
}

// findShims returns testdata/kshim of the fib6lab checkout the current
// directory is in (it or a parent holds it), or "".
func findShims() string {
	dir, err := os.Getwd()
	for err == nil {
		shims := filepath.Join(dir, "testdata", "kshim")
		if _, e := os.Stat(filepath.Join(shims, "udp")); e == nil {
			return shims
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return ""
}

// readKnown reads the names of the scripts a list of known differences
// names: each line "- `NAME.sh`..." names one.
func readKnown(path string) (map[string]bool, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	known := map[string]bool{}
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, "- `"); ok {
			if name, _, ok := strings.Cut(rest, "`"); ok && strings.HasSuffix(name, ".sh") {
				known[name] = true
			}
		}
	}
	return known, nil
}

// checkMain runs `ip6sim check` and returns its exit status: 0 when every
// script behaved the same on the kernel and in the model, 1 when one
// differed, 2 when the check could not run (usage, no root, no tracefs,
// an unreadable script).
func checkMain(args []string, stdout, stderr io.Writer) int {
	o, err := parseCheck(args, stderr)
	if err != nil {
		var fe flagError
		if errors.As(err, &fe) {
			if fe.error == flag.ErrHelp {
				return 0
			}
			return 2
		}
		fmt.Fprintln(stderr, err)
		return 2
	}
	k := runningKernel()
	if o.model.hz == 0 {
		o.model.hz = k.HZ
		if o.model.hz == 0 {
			o.model.hz = netns.DefaultHZ
		}
	}
	if _, err := newShell(o.model); err != nil { // a bad --kernel
		fmt.Fprintln(stderr, err)
		return 2
	}
	if o.model.kernel == "" {
		o.model.kernel = k.Release
		if _, err := newShell(o.model); err != nil {
			o.model.kernel = "" // a running release the model cannot parse: its default
		}
	}
	if err := checkRoot(); err != nil {
		fmt.Fprintf(stderr, "ip6sim check: cannot run on this machine's kernel (%s): %v; nothing was compared\n", k.Release, err)
		return 2
	}
	var tfs *tracefs
	if o.trace {
		if tfs, err = openTracefs(); err != nil {
			fmt.Fprintf(stderr, "ip6sim check: --trace: cannot trace this kernel (%s): %v; nothing was compared\n", k.Release, err)
			return 2
		}
		defer tfs.close()
	}
	probe, _ := newShell(o.model)
	fmt.Fprintf(stdout, "ip6sim check: kernel %s; model: kernel %s, HZ %d, GC %s\n", k, probe.NS.Features().Release, o.model.hz, probe.NS.GCStrategy())
	if o.trace {
		fmt.Fprintf(stdout, "events compared: %s\n", categoryText(o.events))
	}
	results := make([]*scriptResult, len(o.scripts))
	var wg sync.WaitGroup
	sem := make(chan struct{}, o.jobs)
	for i, path := range o.scripts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			results[i] = checkScript(path, o, k, tfs)
		}()
	}
	wg.Wait()
	for i, r := range results {
		for try := 1; try <= o.retries && r.differs && r.err == nil; try++ {
			again := checkScript(o.scripts[i], o, k, tfs)
			if !again.differs {
				again.report = strings.Replace(again.report, ")\n", fmt.Sprintf("; identical when run again alone, try %d; the first run, beside other scripts, differed at %s)\n", try, differingCommands(r.report)), 1)
			}
			results[i], r = again, again
		}
	}
	status, same, known := 0, 0, 0
	for i, r := range results {
		listed := o.known[filepath.Base(o.scripts[i])]
		switch {
		case r.err != nil:
			status = 2
		case r.differs && listed:
			known++
			r.report = "KNOWN " + strings.TrimPrefix(r.report, "DIFF ")
		case r.differs:
			status = max(status, 1)
		case listed:
			same++
			r.report = strings.Replace(r.report, ")\n", "; listed as differing: take it off the list)\n", 1)
		default:
			same++
		}
		io.WriteString(stdout, r.report)
	}
	what := "output and status"
	if o.trace {
		what = "output, status and events"
	}
	fmt.Fprintf(stdout, "summary: %d of %d scripts identical (%s) on Linux %s", same, len(results), what, k.Release)
	if known > 0 {
		fmt.Fprintf(stdout, "; %d known to differ", known)
	}
	fmt.Fprintln(stdout)
	return status
}

// differingCommands lists the commands a report shows ("cmd 6, cmd 9").
func differingCommands(report string) string {
	var cmds []string
	for _, l := range strings.Split(report, "\n") {
		if rest, ok := strings.CutPrefix(l, "  cmd "); ok {
			n, _, _ := strings.Cut(rest, ":")
			cmds = append(cmds, "cmd "+n)
		}
	}
	if len(cmds) == 0 {
		return "the end of the script"
	}
	return strings.Join(cmds, ", ")
}

// categoryText names the categories of c for the report.
func categoryText(c ftrace.Category) string {
	var names []string
	for _, n := range []struct {
		cat  ftrace.Category
		text string
	}{
		{ftrace.Lookups, "fib6_table_lookup"},
		{ftrace.GCTimer, "GC timer (timer_start timeout, timer_expire_entry, timer_cancel)"},
		{ftrace.Nodes, "trie node allocations (kmem_cache_alloc in fib6_add_1) and rt6_stats fib_nodes/fib_route_nodes after each command"},
		{ftrace.Dsts, "dst allocations (kmem_cache_alloc in dst_alloc)"},
	} {
		if c&n.cat != 0 {
			names = append(names, n.text)
		}
	}
	return strings.Join(names, "; ")
}

// scriptResult is the outcome of one script: its report text, whether it
// differed, and the error that kept it from being compared.
type scriptResult struct {
	report  string
	differs bool
	err     error
}

// checkScript runs one script on both sides and reports the differences.
func checkScript(path string, o checkOptions, k kernelInfo, tfs *tracefs) *scriptResult {
	src, err := os.ReadFile(path)
	if err != nil {
		return &scriptResult{report: fmt.Sprintf("ERROR %s: %v\n", path, err), err: err}
	}
	cmds := iproute2.KdiffCommands(string(src))
	ctx, cancel := context.WithTimeout(context.Background(), o.timeout)
	defer cancel()
	kr, err := runKernel(ctx, tfs, cmds, os.TempDir(), o.shims)
	if err != nil {
		return &scriptResult{report: fmt.Sprintf("ERROR %s: on the kernel: %v\n", path, err), err: err}
	}
	mr := runModel(cmds, o.model)
	kHZ := k.HZ
	if kHZ == 0 {
		kHZ = o.model.hz
	}
	c := comparison{events: o.events, trace: o.trace, verbose: o.verbose, kernel: ftrace.Normalizer{HZ: kHZ}, model: ftrace.Normalizer{HZ: o.model.hz}}
	return c.script(path, cmds, kr, mr)
}

// modelRun is what a script did in the model, in the shape of a kernelRun.
type modelRun = kernelRun

// runModel runs the commands of a kdiff script in a fresh model namespace
// set up as m says, each followed by the status line, recording the
// tracepoint events (tracefs text, parsed back) and rt6_stats.
func runModel(cmds []string, m options) *modelRun {
	sh, _ := newShell(m)
	var text, out bytes.Buffer
	t := newTracer(sh, &text)
	r := &modelRun{Windows: make([][]ftrace.Line, len(cmds))}
	for _, c := range cmds {
		t.command(c)
		sh.Run(c, &out)
		sh.Run(iproute2.StatusLine, &out)
		r.Stats = append(r.Stats, sh.NS.RT6Stats().String())
	}
	t.flush()
	r.Output = out.String()
	w := -1
	for _, s := range strings.Split(text.String(), "\n") {
		if n, ok := ftrace.Marker(s); ok {
			w = n - 1
		} else if l, ok := ftrace.ParseLine(s); ok && w >= 0 && w < len(cmds) {
			r.Windows[w] = append(r.Windows[w], l)
		}
	}
	return r
}
