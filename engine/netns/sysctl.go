package netns

import (
	"fmt"
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
		"skip_notify_on_dev_down": {&s.SkipNotify, unitInt},
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

// SysctlSet writes route sysctl name. Values are decimal integers in the
// shown unit (values outside int are ErrInvalid). Writing flush runs a GC
// pass as the kernel's ipv6_sysctl_rtcache_flush does. Errors:
// ErrNoSysctl, ErrInvalid.
func (ns *Netns) SysctlSet(name, value string) error {
	e, ok := ns.sysctlTable()[name]
	if !ok {
		return ErrNoSysctl
	}
	v, err := strconv.ParseInt(strings.TrimSpace(value), 10, 32)
	if err != nil {
		return ErrInvalid
	}
	switch e.unit {
	case unitJiffies:
		*e.ptr = v * ns.HZ
	case unitMsJiffies:
		*e.ptr = (v*ns.HZ + 999) / 1000 // msecs_to_jiffies rounds up
	default:
		*e.ptr = v
	}
	if e.unit == unitWriteOnly {
		ns.flush()
	}
	return nil
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
