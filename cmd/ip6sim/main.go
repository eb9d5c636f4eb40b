// Command ip6sim runs iproute2 command scripts against a simulated Linux
// IPv6 namespace (engine/iproute2 over engine/netns) and prints exactly
// what the commands print on Linux. With -f it runs a script; without
// arguments it is an interactive prompt with line editing and history.
// --export FILE writes table main's trie after the script and
// --export-plot FILE the measured GC cost per pass (.svg, .pdf or .png).
// --dump FILE starts from another machine's routes (see dump.go).
// Ctrl-C (SIGINT) interrupts the command that runs (see interrupt.go).
// --ftrace FILE writes the events the kernel's tracepoints would record
// (ftrace.go). `ip6sim check [--trace] SCRIPT...` runs scripts on this
// machine's kernel and in the model and reports where they differ
// (check.go, kernel.go, compare.go). `ip6sim record [-n NS] SECONDS FILE`
// records a machine's routes, route changes, lookups and GC timer, and
// `ip6sim replay FILE` replays such a record in the model (record.go).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"fib6lab/engine/gc"
	"fib6lab/engine/iproute2"
	"fib6lab/engine/netns"
	"fib6lab/render/export"
)

// The range of CONFIG_HZ a Linux kernel can be built with: below 12 or
// from 12288 on, include/linux/jiffies.h stops the build with "Invalid
// value of HZ". Kconfig offers 100, 250, 300 and 1000 on x86, and 24 to
// 1200 on some other architectures.
const (
	minHZ = 12
	maxHZ = 12287
)

// options are ip6sim's command-line settings, checked.
type options struct {
	script, tablePath, plotPath string
	ftracePath                  string // --ftrace: write the tracepoint events here
	hz                          int64
	strategy                    gc.Strategy // with gcSet: --gc's, in place of the release's
	gcSet                       bool
	kernel                      string
	dump                        string // --dump: a machine's routes to start from
}

func main() {
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "check":
			os.Exit(checkMain(os.Args[2:], os.Stdout, os.Stderr))
		case "record":
			os.Exit(recordMain(os.Args[2:], os.Stdout, os.Stderr))
		case "replay":
			os.Exit(replayMain(os.Args[2:], os.Stdout, os.Stderr))
		}
	}
	o, err := parseOptions(os.Args[1:], os.Stderr)
	switch e := err.(type) {
	case nil:
	case flagError: // printed by the flag package
		if e.error == flag.ErrHelp {
			os.Exit(0)
		}
		os.Exit(2)
	default:
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	sh, err := newShell(o)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if o.ftracePath != "" {
		f, err := os.Create(o.ftracePath)
		if err != nil {
			fmt.Fprintln(os.Stderr, "ip6sim: --ftrace:", err)
			os.Exit(2)
		}
		t := newTracer(sh, f)
		sh.OnLine = t.command
		rc := batch(sh, o.script, o.tablePath, o.plotPath)
		if err := errors.Join(t.flush(), f.Close()); err != nil {
			fmt.Fprintln(os.Stderr, "ip6sim: --ftrace:", err)
			rc = max(rc, 1)
		}
		os.Exit(rc)
	}
	if o.script != "" || o.tablePath != "" || o.plotPath != "" {
		os.Exit(batch(sh, o.script, o.tablePath, o.plotPath))
	}
	os.Exit(interactive(sh))
}

// flagError is an error of the flag package (unknown flag, not a
// number, -h), which it has printed with the usage.
type flagError struct{ error }

// parseOptions parses and checks ip6sim's arguments. Errors name the
// flag and its value, e.g. "ip6sim: --hz 2000000000: out of range ...",
// or are a flagError, printed to usage with the usage text.
func parseOptions(args []string, usage io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("ip6sim", flag.ContinueOnError)
	fs.SetOutput(usage)
	fs.StringVar(&o.script, "f", "", "run the commands of this script file and exit")
	fs.Int64Var(&o.hz, "hz", netns.DefaultHZ, fmt.Sprintf("kernel tick rate (CONFIG_HZ, %d..%d)", minHZ, maxHZ))
	name := fs.String("gc", "", "GC strategy trie-walk or gc-list, in place of the one the kernel release implies (default: the release's)")
	fs.StringVar(&o.tablePath, "export", "", "after the script, draw table main's trie to this file (.svg, .pdf or .png)")
	fs.StringVar(&o.plotPath, "export-plot", "", "measure a GC pass of both strategies and plot it to this file (.svg, .pdf or .png)")
	fs.StringVar(&o.kernel, "kernel", "", "modelled kernel release, as the `kernel VERSION` command (e.g. 6.1)")
	fs.StringVar(&o.ftracePath, "ftrace", "", "with -f: write the events the kernel's tracepoints would record (tracefs text, a `# cmd N: LINE` marker per command) to this file")
	fs.StringVar(&o.dump, "dump", "", "start from the routes of this file: the output of `ip -6 route show table all` (optionally with `ip -6 addr show` and `sysctl net.ipv6.route`)")
	if err := fs.Parse(args); err != nil {
		return o, flagError{err}
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("ip6sim: unexpected argument %q (to run a script: ip6sim -f %s)", fs.Arg(0), fs.Arg(0))
	}
	if o.hz < minHZ || o.hz > maxHZ {
		return o, fmt.Errorf("ip6sim: --hz %d: out of range: a Linux kernel has CONFIG_HZ %d..%d (usually 100, 250, 300 or 1000)", o.hz, minHZ, maxHZ)
	}
	var err error
	fs.Visit(func(f *flag.Flag) {
		o.gcSet = o.gcSet || f.Name == "gc"
		if f.Value.String() == "" && err == nil {
			err = fmt.Errorf("ip6sim: %s: empty value", dashed(f.Name))
		}
	})
	if err != nil {
		return o, err
	}
	if o.gcSet {
		if o.strategy, err = gc.ParseStrategy(*name); err != nil {
			return o, fmt.Errorf("ip6sim: --gc: %v", err)
		}
	}
	for _, e := range []struct{ flag, path string }{{"export", o.tablePath}, {"export-plot", o.plotPath}} {
		if err := checkExportPath(e.path); err != nil {
			return o, fmt.Errorf("ip6sim: --%s: %v", e.flag, err)
		}
	}
	if o.ftracePath != "" && o.script == "" {
		return o, fmt.Errorf("ip6sim: --ftrace %s: needs a script (-f)", o.ftracePath)
	}
	if o.tablePath != "" && sameFile(o.tablePath, o.plotPath) {
		return o, fmt.Errorf("ip6sim: --export and --export-plot name the same file %s: the plot would overwrite the table", o.plotPath)
	}
	return o, nil
}

// sameFile reports whether paths a and b name the same file: the same
// path once made absolute and clean, or the same existing file (links).
func sameFile(a, b string) bool {
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	if errA == nil && errB == nil && absA == absB {
		return true
	}
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}

// dashed returns a flag's name as ip6sim's messages write it: -f, --hz.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// checkExportPath reports why path ("": no export) cannot take an export:
// an unknown format, a file that is there but neither a regular file nor
// a directory (a named pipe would block the export, a device would
// swallow it), or a file that cannot be opened for writing (a
// directory). It opens path as the export
// will, without truncating it, and removes it again if it did not
// exist, so that a bad path fails before the script runs rather than
// after.
func checkExportPath(path string) error {
	if path == "" {
		return nil
	}
	if _, err := export.FormatFromPath(path); err != nil {
		return err
	}
	fi, statErr := os.Stat(path)
	if statErr == nil && !fi.Mode().IsRegular() && !fi.IsDir() { // a directory fails to open
		return fmt.Errorf("%s is not a regular file (%s)", path, fileKind(fi.Mode()))
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	f.Close()
	if os.IsNotExist(statErr) {
		return os.Remove(path)
	}
	return nil
}

// newShell returns a shell on a fresh namespace set up as o says: tick
// rate and kernel release; with --gc, the release's features with their
// GC strategy changed to o.strategy (set once: a `kernel` command in the
// script sets all of them from its release again); then the machine of
// --dump.
func newShell(o options) (*iproute2.Shell, error) {
	ns := netns.New(o.hz)
	if o.kernel != "" {
		if err := ns.SetKernel(o.kernel); err != nil {
			return nil, fmt.Errorf("ip6sim: --kernel %s: %v", o.kernel, err)
		}
	}
	if o.gcSet {
		f := ns.Features()
		f.GCList = o.strategy == gc.GCList
		ns.SetFeatures(f)
	}
	if o.dump != "" {
		if err := loadDumpFile(ns, o.dump); err != nil {
			return nil, err
		}
	}
	return iproute2.NewShell(ns), nil
}
