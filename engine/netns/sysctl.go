package netns

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Sysctls models the per-namespace net.ipv6.route.* settings
// (/proc/sys/net/ipv6/route/, Documentation/networking/ip-sysctl.rst).
// Jiffies-valued ones are stored in jiffies as in the kernel.
type Sysctls struct {
	GCInterval    int64 // gc_interval, jiffies (30 s)
	GCTimeout     int64 // gc_timeout, jiffies (60 s)
	GCMinInterval int64 // gc_min_interval(_ms), jiffies (500 ms)
	GCElasticity  int64 // gc_elasticity (9)
	GCThresh      int64 // gc_thresh, dst entries (1024)
	MaxSize       int64 // max_size, dst entries (INT_MAX since 6.3)
	MTUExpires    int64 // mtu_expires, jiffies (600 s)
	MinAdvMSS     int64 // min_adv_mss, bytes (1220)
	FlushDelay    int64 // flush (write-only)
	SkipNotify    int64 // skip_notify_on_dev_down (0)
}

func defaultSysctls(hz int64) Sysctls {
	return Sysctls{
		GCInterval: 30 * hz, GCTimeout: 60 * hz, GCMinInterval: hz / 2,
		GCElasticity: 9, GCThresh: 1024, MaxSize: 1<<31 - 1,
		MTUExpires: 600 * hz, MinAdvMSS: 1220,
	}
}

// sysctl unit handlers, as proc_dointvec_jiffies, proc_dointvec_ms_jiffies
// and proc_dointvec convert between the shown value and the stored one.
type unit uint8

const (
	unitInt unit = iota
	unitJiffies
	unitMsJiffies
	unitWriteOnly
	unitBool // proc_dointvec_minmax from SYSCTL_ZERO to SYSCTL_ONE
)

type sysctlEntry struct {
	ptr  *int64
	unit unit
}

// RoutePrefix is the sysctl directory of the route settings.
const RoutePrefix = "net.ipv6.route."

func (ns *Netns) sysctlTable() map[string]sysctlEntry {
	s := &ns.Sysctl
	return map[string]sysctlEntry{
		"gc_interval":             {&s.GCInterval, unitJiffies},
		"gc_timeout":              {&s.GCTimeout, unitJiffies},
		"gc_min_interval":         {&s.GCMinInterval, unitJiffies},
		"gc_min_interval_ms":      {&s.GCMinInterval, unitMsJiffies},
		"gc_elasticity":           {&s.GCElasticity, unitInt},
		"gc_thresh":               {&s.GCThresh, unitInt},
		"max_size":                {&s.MaxSize, unitInt},
		"mtu_expires":             {&s.MTUExpires, unitJiffies},
		"min_adv_mss":             {&s.MinAdvMSS, unitInt},
		"flush":                   {&s.FlushDelay, unitWriteOnly},
		"skip_notify_on_dev_down": {&s.SkipNotify, unitBool},
	}
}

// SysctlNames lists the route sysctls in the order `sysctl -a` prints them.
func SysctlNames() []string {
	return []string{"flush", "gc_elasticity", "gc_interval", "gc_min_interval",
		"gc_min_interval_ms", "gc_thresh", "gc_timeout", "max_size", "min_adv_mss",
		"mtu_expires", "skip_notify_on_dev_down"}
}

// ErrNoSysctl is returned for a name that is not a route sysctl.
var ErrNoSysctl = fmt.Errorf("no such sysctl")

// ErrPermission is returned when reading a write-only sysctl (flush).
var ErrPermission = fmt.Errorf("permission denied")

// ErrInvalid is returned for a value the handler rejects.
var ErrInvalid = fmt.Errorf("invalid argument")

// SysctlGet returns the shown value of route sysctl name (without the
// net.ipv6.route. prefix): seconds for jiffies values (truncated),
// milliseconds for _ms values. Errors: ErrNoSysctl, ErrPermission.
func (ns *Netns) SysctlGet(name string) (string, error) {
	e, ok := ns.sysctlTable()[name]
	if !ok {
		return "", ErrNoSysctl
	}
	switch e.unit {
	case unitJiffies:
		return strconv.FormatInt(*e.ptr/ns.HZ, 10), nil
	case unitMsJiffies:
		return strconv.FormatInt(*e.ptr*1000/ns.HZ, 10), nil
	case unitWriteOnly:
		return "", ErrPermission
	}
	return strconv.FormatInt(*e.ptr, 10), nil
}

// SysctlSet writes route sysctl name: value is the text written to
// the file, read as the kernel's handler reads it (see ProcDoIntvec) and
// converted by the handler: proc_dointvec_jiffies refuses seconds above
// INT_MAX/HZ, proc_dointvec_ms_jiffies milliseconds that are negative as
// a 32-bit number (after the kernel's truncation to unsigned int),
// proc_dointvec values outside int, and skip_notify_on_dev_down's
// proc_dointvec_minmax values other than 0 and 1 (see boolConv). Writing flush runs a GC pass as the
// kernel's ipv6_sysctl_rtcache_flush does. Errors: ErrNoSysctl,
// ErrInvalid (EINVAL).
func (ns *Netns) SysctlSet(name, value string) error {
	e, ok := ns.sysctlTable()[name]
	if !ok {
		return ErrNoSysctl
	}
	v, neg, ok := procGetLong(value)
	if !ok {
		return ErrInvalid
	}
	var stored int64
	switch e.unit {
	case unitJiffies:
		stored, ok = jiffiesConv(v, neg, ns.HZ)
	case unitMsJiffies:
		stored, ok = msJiffiesConv(v, neg, ns.HZ)
	case unitBool:
		stored, ok = boolConv(v, neg)
	default:
		stored, ok = intConv(v, neg)
	}
	if !ok {
		return ErrInvalid
	}
	*e.ptr = stored
	if e.unit == unitWriteOnly {
		ns.flush()
	}
	return nil
}

// ProcDoIntvec models proc_dointvec writing one int: the text is read
// as procGetLong reads it and must fit an int. Error: ErrInvalid.
func ProcDoIntvec(value string) (int, error) {
	v, neg, ok := procGetLong(value)
	if ok {
		var n int64
		if n, ok = intConv(v, neg); ok {
			return int(n), nil
		}
	}
	return 0, ErrInvalid
}

// procTmpBuf is TMPBUFLEN of kernel/sysctl.c: the longest number text
// proc_get_long takes is one byte shorter.
const procTmpBuf = 22

// procGetLong models how __do_proc_dointvec reads the first value of a
// write (proc_skip_spaces, then proc_get_long): white space is skipped,
// then an optional '-', at least one digit, and an unsigned number in C
// notation (strtoul base 0: 0x hex, leading 0 octal) that must not
// overflow 64 bits; 21 or more characters of number (with its sign)
// are refused, and the number may be followed only by the end, a blank,
// a tab or a newline (anything after that is ignored). ok is false when
// the kernel returns EINVAL.
func procGetLong(s string) (v uint64, neg, ok bool) {
	for s != "" && kernelSpace(s[0]) {
		s = s[1:]
	}
	if s == "" {
		return 0, false, false
	}
	if len(s) > procTmpBuf-1 {
		s = s[:procTmpBuf-1]
	}
	p := s
	if p[0] == '-' && len(p) > 1 {
		neg, p = true, p[1:]
	}
	if p[0] < '0' || p[0] > '9' {
		return 0, false, false
	}
	v, n, ok := strtoulBase0(p)
	used := len(s) - len(p) + n
	if !ok || used == procTmpBuf-1 {
		return 0, false, false
	}
	if used < len(s) && strings.IndexByte(" \t\n", s[used]) < 0 {
		return 0, false, false
	}
	return v, neg, true
}

// strtoulBase0 models the kernel's _parse_integer_fixup_radix and
// _parse_integer with base 0 on s, which starts with a digit: it returns
// the value, how many bytes it used and false on overflow.
func strtoulBase0(s string) (v uint64, n int, ok bool) {
	base, i := uint64(10), 0
	if s[0] == '0' {
		base = 8
		if len(s) > 2 && (s[1] == 'x' || s[1] == 'X') && isHex(s[2]) {
			base, i = 16, 2
		}
	}
	for ; i < len(s); i++ {
		d, isDigit := digitValue(s[i])
		if !isDigit || d >= base {
			break
		}
		if v > (math.MaxUint64-d)/base {
			return 0, i, false
		}
		v = v*base + d
	}
	return v, i, true
}

// kernelSpace models the kernel's isspace (lib/ctype.c, Latin-1): the
// ASCII white space and the no-break space 0xa0.
func kernelSpace(c byte) bool {
	return c == ' ' || c >= '\t' && c <= '\r' || c == 0xa0
}

func isHex(c byte) bool {
	d, ok := digitValue(c)
	return ok && d < 16
}

// digitValue is the value of a hex digit.
func digitValue(c byte) (uint64, bool) {
	switch {
	case c >= '0' && c <= '9':
		return uint64(c - '0'), true
	case c >= 'a' && c <= 'f':
		return uint64(c-'a') + 10, true
	case c >= 'A' && c <= 'F':
		return uint64(c-'A') + 10, true
	}
	return 0, false
}

// intConv models do_proc_dointvec_conv: the value must fit an int.
func intConv(v uint64, neg bool) (int64, bool) {
	if neg {
		return -int64(v), v <= 1<<31
	}
	return int64(v), v <= math.MaxInt32
}

// boolConv models the conversion of a proc_dointvec_minmax setting
// bounded by SYSCTL_ZERO and SYSCTL_ONE: 0 or 1, and no '-' sign (Linux
// 6.18 refuses "-0" too).
func boolConv(v uint64, neg bool) (int64, bool) {
	return int64(v), !neg && v <= 1
}

// jiffiesConv models do_proc_dointvec_jiffies_conv: seconds, at most
// INT_MAX/HZ whatever the sign, stored in jiffies.
func jiffiesConv(v uint64, neg bool, hz int64) (int64, bool) {
	if v > uint64(math.MaxInt32/hz) {
		return 0, false
	}
	if neg {
		return -int64(v) * hz, true
	}
	return int64(v) * hz, true
}

// msJiffiesConv models do_proc_dointvec_ms_jiffies_conv: the
// milliseconds, negated as an unsigned long when negative, reach
// msecs_to_jiffies as an unsigned int, which takes a value that is
// negative as an int for "infinite" (MAX_JIFFY_OFFSET, refused as above
// INT_MAX) and rounds the others up to whole jiffies.
func msJiffiesConv(v uint64, neg bool, hz int64) (int64, bool) {
	if neg {
		v = -v
	}
	m := uint32(v)
	if int32(m) < 0 {
		return 0, false
	}
	return (int64(m)*hz + 999) / 1000, true
}

// flush models ipv6_sysctl_rtcache_flush: a positive flush_delay is used
// raw as the exception timeout in jiffies and forces the pass.
func (ns *Netns) flush() {
	d := ns.Sysctl.FlushDelay
	if d > 0 {
		ns.RunGC(d, true)
		return
	}
	ns.RunGC(0, false)
}
