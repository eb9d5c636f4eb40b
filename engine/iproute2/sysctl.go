package iproute2

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"

	"fib6lab/engine/netns"
)

// procps sysctl 4.0.2 (src/sysctl.c) over the /proc/sys files the engine
// models: net/ipv6/route/* (netns.SysctlNames), net/ipv6/conf/DEV/
// {disable_ipv6,mtu} for each device with IPv6, and
// net/ipv6/conf/{all,default}/disable_ipv6. Only these exist here, so
// `sysctl -a` and a directory such as `sysctl net.ipv6` list only them,
// and any other key is "cannot stat", as on a kernel without it.

// procSys is procps' PROC_PATH.
const procSys = "/proc/sys/"

// sysctlVersion is what `sysctl -V` prints.
const sysctlVersion = "sysctl from procps-ng 4.0.2"

// sysctlUsage is procps' usage text.
const sysctlUsage = `
Usage:
 sysctl [options] [variable[=value] ...]

Options:
  -a, --all            display all variables
  -A                   alias of -a
  -X                   alias of -a
      --deprecated     include deprecated parameters to listing
      --dry-run        Print the key and values but do not write
  -b, --binary         print value without new line
  -e, --ignore         ignore unknown variables errors
  -N, --names          print variable names without values
  -n, --values         print only values of the given variable(s)
  -p, --load[=<file>]  read values from file
  -f                   alias of -p
      --system         read values from all system directories
  -r, --pattern <expression>
                       select setting that match expression
  -q, --quiet          do not echo variable set
  -w, --write          enable writing a value to variable
  -o                   does nothing
  -x                   does nothing
  -d                   alias of -h

 -h, --help     display this help and exit
 -V, --version  output version information and exit

For more details see sysctl(8).
`

// sysctlRun is one sysctl invocation: its options (procps' globals) and
// where it prints.
type sysctlRun struct {
	ns                               *netns.Netns
	out                              io.Writer
	all, write, quiet, names, ignore bool
	dryRun, load                     bool
	printName, newline               bool
	pattern                          *string
	loadFile                         string // -pFILE, --load=FILE
}

// sysctlLongOpts are procps' long options with the short option each
// stands for ('D' --deprecated, 'R' --dry-run, 'S' --system) and
// whether it takes an argument (0 no, 1 required, 2 optional).
var sysctlLongOpts = []struct {
	name  string
	short byte
	arg   int
}{
	{"all", 'a', 0}, {"deprecated", 'D', 0}, {"dry-run", 'R', 0}, {"binary", 'b', 0},
	{"ignore", 'e', 0}, {"names", 'N', 0}, {"values", 'n', 0}, {"load", 'p', 2},
	{"quiet", 'q', 0}, {"write", 'w', 0}, {"system", 'S', 0}, {"pattern", 'r', 1},
	{"help", 'h', 0}, {"version", 'V', 0},
}

// runSysctl models procps sysctl's main: options (getopt_long, which
// also takes options after the keys), then -a lists every key, or each
// argument is read, or written when -w is given or it holds '='. The
// status is the sum of the reads' statuses ORed with the writes'.
func runSysctl(sh *Shell, args []string, out io.Writer) int {
	if len(args) == 0 {
		io.WriteString(out, sysctlUsage) // to stderr: status 1
		return 1
	}
	s := &sysctlRun{ns: sh.NS, out: out, printName: true, newline: true}
	keys, rc, done := s.options(args)
	switch {
	case done:
		return rc
	case s.all:
		return s.displayAll(procSys)
	case s.load:
		return s.preload(keys)
	case len(keys) == 0:
		fmt.Fprintln(out, "sysctl: no variables specified\nTry `sysctl --help' for more information.")
		return 1
	case s.names && s.quiet:
		fmt.Fprintln(out, "sysctl: options -N and -q cannot coexist\nTry `sysctl --help' for more information.")
		return 1
	}
	for _, k := range keys {
		if s.write || strings.Contains(k, "=") {
			rc |= s.writeSetting(k)
		} else {
			rc += s.readSetting(k)
		}
	}
	return rc & 0xff
}

// options reads the options as getopt_long with procps' option string
// "bneNwfp::qoxaAXr:Vdh" does and returns the other arguments. done is
// true when an option ends the run (-V, -h, --system, a bad option),
// with its status.
func (s *sysctlRun) options(args []string) (keys []string, rc int, done bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		var end string
		switch {
		case a == "--":
			return append(keys, args[i+1:]...), 0, false
		case strings.HasPrefix(a, "--"):
			i, end = s.longOpt(args, i)
		case len(a) > 1 && a[0] == '-':
			i, end = s.shortOpts(args, i)
		default:
			keys = append(keys, a)
		}
		switch end {
		case "":
		case "version":
			fmt.Fprintln(s.out, sysctlVersion)
			return nil, 0, true
		case "help": // procps' Usage(stdout), also after getopt's error
			io.WriteString(s.out, sysctlUsage)
			return nil, 0, true
		case "system": // procps runs --system at once
			fmt.Fprintln(s.out, "fib6lab: sysctl --system is not modelled: there are no configuration directories here")
			return nil, 1, true
		default:
			fmt.Fprintf(s.out, "sysctl: %s\n%s", end, sysctlUsage)
			return nil, 0, true
		}
	}
	return keys, 0, false
}

// shortOpts handles the cluster args[i] ("-nq", "-rEXPR") and returns
// the index of the last argument it used and what ends the run: "" (go
// on), "version", "help", "system" or getopt's error message.
func (s *sysctlRun) shortOpts(args []string, i int) (int, string) {
	a := args[i]
	for j := 1; j < len(a); j++ {
		c := a[j]
		switch {
		case c == 'r' && j+1 == len(a):
			if i+1 >= len(args) {
				return i, "option requires an argument -- 'r'"
			}
			i++
			return i, s.option(c, args[i])
		case c == 'r' || c == 'p':
			return i, s.option(c, a[j+1:])
		case strings.IndexByte("bneNwfqoxaAXVdh", c) < 0:
			return i, fmt.Sprintf("invalid option -- '%c'", c)
		}
		if end := s.option(c, ""); end != "" {
			return i, end
		}
	}
	return i, ""
}

// longOpt handles "--name[=value]" at args[i], names abbreviated to any
// unambiguous prefix as getopt_long allows; results as shortOpts.
func (s *sysctlRun) longOpt(args []string, i int) (int, string) {
	name, val, hasVal := strings.Cut(args[i][2:], "=")
	var found []int
	for k, o := range sysctlLongOpts {
		if o.name == name {
			found = []int{k}
			break
		}
		if strings.HasPrefix(o.name, name) {
			found = append(found, k)
		}
	}
	switch {
	case len(found) == 0:
		return i, fmt.Sprintf("unrecognized option '--%s'", name)
	case len(found) > 1:
		msg := fmt.Sprintf("option '--%s' is ambiguous; possibilities:", name)
		for _, k := range found {
			msg += " '--" + sysctlLongOpts[k].name + "'"
		}
		return i, msg
	}
	o := sysctlLongOpts[found[0]]
	switch {
	case o.arg == 0 && hasVal:
		return i, fmt.Sprintf("option '--%s' doesn't allow an argument", o.name)
	case o.arg == 1 && !hasVal:
		if i+1 >= len(args) {
			return i, fmt.Sprintf("option '--%s' requires an argument", o.name)
		}
		i++
		val = args[i]
	}
	return i, s.option(o.short, val)
}

// option applies one option (val: its argument) and returns what ends
// the run: "", "version", "help" or "system".
func (s *sysctlRun) option(c byte, val string) string {
	switch c {
	case 'b':
		s.newline, s.printName = false, false
	case 'n':
		s.printName = false
	case 'e':
		s.ignore = true
	case 'N':
		s.names = true
	case 'w':
		s.write = true
	case 'f', 'p':
		s.load = true
		s.loadFile = val
	case 'S':
		return "system"
	case 'q':
		s.quiet = true
	case 'a', 'A', 'X':
		s.all = true
	case 'R':
		s.dryRun = true
	case 'r':
		s.pattern = &val
	case 'V':
		return "version"
	case 'd', 'h':
		return "help"
	}
	return ""
}

// sysctlConf is procps' DEFAULT_PRELOAD. The model's file system has it
// without settings (as Debian ships it: comments only) and no other
// file.
const sysctlConf = "/etc/sysctl.conf"

// preload models -p: the settings of /etc/sysctl.conf (when no file is
// named) or of the files named, none here; a file that cannot be opened
// fails with status 1.
func (s *sysctlRun) preload(files []string) int {
	if s.loadFile != "" {
		files = append([]string{s.loadFile}, files...)
	}
	rc := 0
	for _, f := range files {
		if f != sysctlConf {
			fmt.Fprintf(s.out, "sysctl: cannot open \"%s\": No such file or directory\n", f)
			rc = 1
		}
	}
	return rc
}

// matches models procps' pattern_match: an extended regular expression
// searched in the key; one that does not compile matches nothing.
func (s *sysctlRun) matches(key string) bool {
	if s.pattern == nil {
		return true
	}
	re, err := regexp.Compile(*s.pattern)
	return err == nil && re.MatchString(key)
}

// slashdot models procps' slashdot: when the first separator of p is
// old, every '/' and '.' swap places; a separator followed by another
// draws one warning, printed with the rest of p from there.
func (s *sysctlRun) slashdot(p string, old, new byte) string {
	first := strings.IndexAny(p, "/.")
	if first < 0 || p[first] == new {
		return p
	}
	b := []byte(p)
	warned := false
	for i := first; i < len(b); i++ {
		c := b[i]
		if c != '/' && c != '.' {
			continue
		}
		if i+1 < len(b) && (b[i+1] == '/' || b[i+1] == '.') && !warned {
			fmt.Fprintf(s.out, "sysctl: separators should not be repeated: %s\n", b[i:])
			warned = true
		}
		if c == old {
			b[i] = new
		} else {
			b[i] = old
		}
	}
	return string(b)
}

// readSetting models ReadSetting: a file prints its value, a directory
// lists what is under it. It returns 0, 1 (cannot stat) or -1.
func (s *sysctlRun) readSetting(name string) int {
	if name == "" {
		fmt.Fprintln(s.out, "sysctl: \"\" is an unknown key")
		return -1
	}
	outname := s.slashdot(name, '/', '.')
	path := procSys + s.slashdot(name, '.', '/')
	outname = s.slashdot(name, '/', '.') // procps 4.0.2 converts it twice
	f, rc, ok := s.find(path, -1)
	switch {
	case !ok:
		return rc
	case f.dir != nil:
		return s.displayAll(path + "/")
	case f.writeOnly || !s.matches(outname):
		return 0
	case s.names:
		fmt.Fprintln(s.out, outname)
		return 0
	case f.unreadable:
		return 1
	}
	v, _ := sysctlGet(s.ns, f.key)
	s.printValue(outname, v)
	return 0
}

// printValue prints a setting as procps does: "KEY = VALUE", or with -n
// the value alone (with -b, without its newline).
func (s *sysctlRun) printValue(key, v string) {
	switch {
	case s.printName:
		fmt.Fprintf(s.out, "%s = %s\n", key, v)
	case s.newline:
		fmt.Fprintln(s.out, v)
	default:
		io.WriteString(s.out, v)
	}
}

// displayAll models DisplayAll: every entry of the directory at path
// (ending in '/'), in the kernel's order; files are read, directories
// listed in turn. It returns the files' statuses ORed.
func (s *sysctlRun) displayAll(path string) int {
	f, _ := s.stat(path)
	rc := 0
	for _, e := range f.dir {
		if e.dir {
			s.displayAll(path + e.name + "/")
		} else {
			rc |= s.readSetting(path[len(procSys):] + e.name)
		}
	}
	return rc
}

// writeSetting models parse_setting_line and WriteSetting for one
// KEY=VALUE argument. It returns 0 or 1.
func (s *sysctlRun) writeSetting(arg string) int {
	key := strings.TrimLeft(arg, " \t\n\v\f\r")
	if len(key) < 2 || key[0] == '#' || key[0] == ';' || !s.matches(key) {
		return 1
	}
	key, value, hasValue := strings.Cut(key, "=")
	switch {
	case !hasValue && !strings.HasPrefix(key, "-"):
		fmt.Fprintln(s.out, "sysctl: command line(0): invalid syntax, continuing...")
		return 1
	case !hasValue:
		value = "(null)" // procps writes its NULL value with printf
	}
	// a leading '-' asks to ignore a failure to open the file, which
	// the model never has (a value the kernel refuses fails on close)
	key = strings.TrimPrefix(key, "-")
	key = strings.TrimRight(key, " \t\n\v\f\r")
	value = strings.Trim(value, " \t\n\v\f\r")
	path := procSys + s.slashdot(key, '.', '/')
	f, rc, ok := s.find(path, 1)
	if !ok {
		return rc
	}
	dotted := s.slashdot(path[len(procSys):], '/', '.')
	if f.dir != nil { // procps warns with the errno left by realpath
		fmt.Fprintf(s.out, "sysctl: setting key \"%s\": Invalid argument\n", dotted)
		return 0
	}
	return s.store(f.key, dotted, value)
}

// store writes value to the file and prints what procps prints.
func (s *sysctlRun) store(key []string, dotted, value string) int {
	if !s.dryRun {
		if err := sysctlSet(s.ns, key, value+"\n"); err != nil {
			if err == errReadOnlyHere {
				fmt.Fprintf(s.out, "fib6lab: writing %s is not modelled (fib6lab only reads it)\n", dotted)
				return 1
			}
			fmt.Fprintf(s.out, "sysctl: setting key \"%s\": Invalid argument\n", dotted)
			if err == netns.ErrReadOnly { // procps finds the file not writable: a warning, status 0
				return 0
			}
			return 1
		}
	}
	switch {
	case s.quiet && !s.dryRun:
	case s.names: // procps 4.0.2 prints the value for -N
		fmt.Fprintln(s.out, value)
	default:
		s.printValue(dotted, value)
	}
	return 0
}

// find stats path as ReadSetting and WriteSetting do: a path that does
// not exist prints "cannot stat" (status 1, or 0 without a word with
// -e); /proc/sys itself prints "Path is not under" (status notUnder). ok
// is false when it failed.
func (s *sysctlRun) find(path string, notUnder int) (f sysctlFile, rc int, ok bool) {
	f, err := s.stat(path)
	switch {
	case err != "" && s.ignore:
		return f, 0, false
	case err != "":
		fmt.Fprintf(s.out, "sysctl: cannot stat %s: %s\n", path, err)
		return f, 1, false
	case f.root:
		fmt.Fprintf(s.out, "sysctl: Path is not under %s: %s\n", procSys, path)
		return f, notUnder, false
	}
	return f, 0, true
}

// sysctlFile is what a /proc/sys path names: a file (key, its path
// components) or a directory (its entries), which may be /proc/sys
// itself (root: realpath drops its final '/', so procps finds it is
// "not under /proc/sys/").
type sysctlFile struct {
	key                   []string
	writeOnly, unreadable bool
	dir                   []dirEntry
	root                  bool
}

// dirEntry is one entry of a directory.
type dirEntry struct {
	name string
	dir  bool
}

// stat resolves a /proc/sys path as the file system does ("" and "."
// components skipped, ".." going up, any component after a file "Not a
// directory", a final '/' included) and returns what it names, or the
// strerror text of stat's failure.
func (s *sysctlRun) stat(path string) (sysctlFile, string) {
	var comps []string
	keys := sysctlKeys(s.ns)
	for _, c := range strings.Split(path[len(procSys):], "/") {
		if len(comps) > 0 && slices.ContainsFunc(keys, func(k sysctlKey) bool { return slices.Equal(k.path, comps) }) {
			return sysctlFile{}, "Not a directory"
		}
		switch c {
		case "", ".":
		case "..":
			if len(comps) == 0 {
				return sysctlFile{}, "No such file or directory" // outside the model
			}
			comps = comps[:len(comps)-1]
		default:
			comps = append(comps, c)
		}
	}
	f := sysctlFile{root: len(comps) == 0}
	found := f.root
	for _, k := range keys {
		switch {
		case len(k.path) >= len(comps) && slices.Equal(k.path[:len(comps)], comps):
			found = true
			if len(k.path) == len(comps) {
				return sysctlFile{key: k.path, writeOnly: k.writeOnly, unreadable: k.unreadable}, ""
			}
			e := dirEntry{name: k.path[len(comps)], dir: len(k.path) > len(comps)+1}
			if n := len(f.dir); n == 0 || f.dir[n-1] != e {
				f.dir = append(f.dir, e)
			}
		case len(k.path) < len(comps) && slices.Equal(k.path, comps[:len(k.path)]):
			return sysctlFile{}, "Not a directory"
		}
	}
	if !found {
		return sysctlFile{}, "No such file or directory"
	}
	return f, ""
}

// sysctlKey is one file of the modelled /proc/sys; unreadable is a
// file whose read fails with EIO (stable_secret before it is set),
// which procps skips without a word.
type sysctlKey struct {
	path       []string
	writeOnly  bool
	unreadable bool
}

// sysctlKeys lists the modelled files in the order the kernel's sysctl
// directories list them (entries sorted by name, byte by byte): the
// conf directories all, default and one per device with IPv6
// (netns.ConfNames), and the route settings.
func sysctlKeys(ns *netns.Netns) []sysctlKey {
	conf := []string{"all", "default"}
	for _, d := range ns.Devices() {
		if d.HasIPv6() {
			conf = append(conf, d.Name)
		}
	}
	var keys []sysctlKey
	for _, dev := range conf {
		for _, name := range netns.ConfNames() {
			keys = append(keys, sysctlKey{path: []string{"net", "ipv6", "conf", dev, name}, unreadable: name == "stable_secret"})
		}
	}
	for _, name := range netns.SysctlNames() {
		keys = append(keys, sysctlKey{path: []string{"net", "ipv6", "route", name}, writeOnly: name == "flush"})
	}
	for _, k := range ns.Knobs() {
		keys = append(keys, sysctlKey{path: k.Path})
	}
	slices.SortStableFunc(keys, func(a, b sysctlKey) int { return slices.Compare(a.path, b.path) })
	return keys
}

// sysctlGet reads the modelled file at path (components).
func sysctlGet(ns *netns.Netns, path []string) (string, error) {
	if k := knobAt(ns, path); k != nil {
		return k.Get(), nil
	}
	if path[2] == "route" {
		return ns.SysctlGet(path[3])
	}
	return ns.ConfGet(path[3], path[4])
}

// errReadOnlyHere is the error for writing a file the kernel lets root
// write but fib6lab only reads (conf/DEV/stable_secret).
var errReadOnlyHere = errors.New("not modelled")

// sysctlSet writes value (the text procps writes, with its newline) to
// the modelled file at path. Errors: netns.ErrInvalid (EINVAL) for a
// value the kernel refuses, netns.ErrReadOnly for a file of mode 0444,
// errReadOnlyHere.
func sysctlSet(ns *netns.Netns, path []string, value string) error {
	if k := knobAt(ns, path); k != nil {
		return k.Set(value)
	}
	if path[2] == "route" {
		return ns.SysctlSet(path[3], value)
	}
	err := ns.ConfSetValue(path[3], path[4], value)
	if err == netns.ErrNotModelled {
		return errReadOnlyHere
	}
	return err
}

// knobAt returns the namespace's knob at path, or nil.
func knobAt(ns *netns.Netns, path []string) *netns.Knob {
	for _, k := range ns.Knobs() {
		if slices.Equal(k.Path, path) {
			return &k
		}
	}
	return nil
}
