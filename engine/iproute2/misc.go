package iproute2

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"fib6lab/engine/netns"
)

// runSleep models coreutils sleep: SECONDS may have a fraction; the
// namespace clock advances by that much virtual time, firing timers.
func runSleep(sh *Shell, args []string, out io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(out, "sleep: missing operand\nTry 'sleep --help' for more information.")
		return 1
	}
	var total float64
	for _, a := range args {
		if len(a) > 1 && a[0] == '-' {
			fmt.Fprintf(out, "sleep: invalid option -- '%c'\nTry 'sleep --help' for more information.\n", a[1])
			return 1
		}
	}
	for _, a := range args {
		v, err := strconv.ParseFloat(strings.TrimSuffix(a, "s"), 64)
		if err != nil || v < 0 {
			fmt.Fprintf(out, "sleep: invalid time interval \u2018%s\u2019\nTry 'sleep --help' for more information.\n", a)
			return 1
		}
		total += v
	}
	sh.elapse(int64(total * 1e9))
	return 0
}

// runSysctl models procps sysctl for the keys the engine has:
// net.ipv6.route.* and net.ipv6.conf.DEV.disable_ipv6. Options -w
// (write KEY=VALUE), -n (value only), -q (no output on write).
func runSysctl(sh *Shell, args []string, out io.Writer) int {
	write, quiet, valueOnly := false, false, false
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && len(args[0]) > 1 {
		for _, f := range args[0][1:] {
			switch f {
			case 'w':
				write = true
			case 'q':
				quiet = true
			case 'n':
				valueOnly = true
			}
		}
		args = args[1:]
	}
	rc := 0
	for _, a := range args {
		key, val, hasVal := strings.Cut(a, "=")
		key = dottedKey(key)
		if write && !hasVal {
			fmt.Fprintln(out, "sysctl: command line(0): invalid syntax, continuing...")
			rc = 1
			continue
		}
		if hasVal { // procps ORs the status of writes and adds up reads
			rc |= sysctlWrite(sh.NS, key, val, quiet, valueOnly, out)
		} else {
			rc += sysctlRead(sh.NS, key, valueOnly, out)
		}
	}
	return rc
}

// dottedKey models procps' handling of a key given as a path
// (net/ipv6/route/gc_interval): slashes and dots swap places.
func dottedKey(key string) string {
	if !strings.Contains(key, "/") {
		return key
	}
	return strings.Map(func(r rune) rune {
		switch r {
		case '/':
			return '.'
		case '.':
			return '/'
		}
		return r
	}, key)
}

// sysctlPath turns a dotted key into its /proc/sys path.
func sysctlPath(key string) string {
	return "/proc/sys/" + strings.ReplaceAll(key, ".", "/")
}

func sysctlRead(ns *netns.Netns, key string, valueOnly bool, out io.Writer) int {
	v, err := sysctlGet(ns, key)
	switch err {
	case nil:
	case netns.ErrPermission:
		return 0
	default:
		fmt.Fprintf(out, "sysctl: cannot stat %s: No such file or directory\n", sysctlPath(key))
		return 1
	}
	printSysctl(out, key, v, valueOnly)
	return 0
}

func printSysctl(out io.Writer, key, v string, valueOnly bool) {
	if valueOnly {
		fmt.Fprintln(out, v)
	} else {
		fmt.Fprintf(out, "%s = %s\n", key, v)
	}
}

func sysctlWrite(ns *netns.Netns, key, val string, quiet, valueOnly bool, out io.Writer) int {
	err := sysctlSet(ns, key, val)
	switch err {
	case nil:
	case netns.ErrNoSysctl:
		fmt.Fprintf(out, "sysctl: cannot stat %s: No such file or directory\n", sysctlPath(key))
		return 1
	default:
		fmt.Fprintf(out, "sysctl: setting key \"%s\": Invalid argument\n", key)
		return 1
	}
	if !quiet {
		printSysctl(out, key, val, valueOnly)
	}
	return 0
}

// devSysctl splits net.ipv6.conf.DEV.disable_ipv6 into the device; the
// directory exists only while the device has IPv6 (an MTU of 1280 or
// more).
func devSysctl(ns *netns.Netns, key string) (*netns.Device, bool) {
	name, ok := confKey(key, ".disable_ipv6")
	if !ok {
		return nil, false
	}
	d := ns.Dev(name)
	return d, d != nil && d.HasIPv6()
}

// confKey returns the DEV of net.ipv6.conf.DEV<suffix>.
func confKey(key, suffix string) (string, bool) {
	rest, ok := strings.CutPrefix(key, "net.ipv6.conf.")
	if !ok {
		return "", false
	}
	return strings.CutSuffix(rest, suffix)
}

// confRead reads the read-only per-device keys: net.ipv6.conf.DEV.mtu
// (the device MTU) and disable_ipv6 of all and default (0).
func confRead(ns *netns.Netns, key string) (string, bool) {
	if name, ok := confKey(key, ".mtu"); ok {
		if d := ns.Dev(name); d != nil && d.HasIPv6() {
			return strconv.Itoa(d.MTU), true
		}
	}
	if name, ok := confKey(key, ".disable_ipv6"); ok && (name == "all" || name == "default") {
		return "0", true
	}
	return "", false
}

func sysctlGet(ns *netns.Netns, key string) (string, error) {
	if d, ok := devSysctl(ns, key); ok {
		return strconv.Itoa(d.DisableIPv6), nil
	}
	if v, ok := confRead(ns, key); ok {
		return v, nil
	}
	name, ok := strings.CutPrefix(key, netns.RoutePrefix)
	if !ok {
		return "", netns.ErrNoSysctl
	}
	return ns.SysctlGet(name)
}

func sysctlSet(ns *netns.Netns, key, val string) error {
	if d, ok := devSysctl(ns, key); ok {
		v, err := strconv.ParseInt(strings.TrimSpace(val), 10, 32)
		if err != nil {
			return netns.ErrInvalid
		}
		ns.SetDisableIPv6(d, int(v))
		return nil
	}
	name, ok := strings.CutPrefix(key, netns.RoutePrefix)
	if !ok {
		return netns.ErrNoSysctl
	}
	// proc_dointvec reads numbers as strtoul with base 0 (0x.., 0..).
	num, neg := strings.CutPrefix(strings.TrimSpace(val), "-")
	if v, ok := cParseUint(num); ok && !strings.HasPrefix(num, "+") {
		val = strconv.FormatUint(v, 10)
		if neg {
			val = "-" + val
		}
	}
	return ns.SysctlSet(name, val)
}
