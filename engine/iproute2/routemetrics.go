package iproute2

import (
	"math"
	"strings"

	"fib6lab/engine/fib6"
)

// rtaxSpec is one RTAX metric keyword of iproute_modify: the word, the
// name its messages give the value, the metric it sets, whether any
// prefix of the word is taken (matches) or only the whole word, whether
// `lock` may come before the value, and how the value is read into what
// the kernel stores.
type rtaxSpec struct {
	word, name string
	index      int
	prefix     bool
	lock       bool
	parse      func(name, val string) (uint32, error)
}

// rtaxSpecs are the metric keywords in the order iproute_modify tries
// them (congctl, tried between quickack and rttvar, has its own parser:
// routeArgs.congctl). Any keyword it tries before them with a prefix
// match (dsfield, metric) is one no word of these starts like.
var rtaxSpecs = []rtaxSpec{
	{"mtu", "mtu", fib6.RTAX_MTU, false, true, parseRtaxUint},
	{"hoplimit", "hoplimit", fib6.RTAX_HOPLIMIT, false, true, parseHoplimit},
	{"advmss", "mss", fib6.RTAX_ADVMSS, false, true, parseRtaxUint},
	{"reordering", "reordering", fib6.RTAX_REORDERING, true, true, parseRtaxUint},
	{"rtt", "rtt", fib6.RTAX_RTT, false, true, rttParser(8)},
	{"rto_min", "rto_min", fib6.RTAX_RTO_MIN, false, false, rttParser(1)},
	{"window", "window", fib6.RTAX_WINDOW, true, true, parseRtaxUint},
	{"cwnd", "cwnd", fib6.RTAX_CWND, true, true, parseRtaxUint},
	{"initcwnd", "initcwnd", fib6.RTAX_INITCWND, true, true, parseRtaxUint},
	{"initrwnd", "initrwnd", fib6.RTAX_INITRWND, true, true, parseRtaxUint},
	{"features", "features", fib6.RTAX_FEATURES, true, false, parseFeatures},
	{"quickack", "quickack", fib6.RTAX_QUICKACK, true, false, parseRtaxBool},
	{"rttvar", "rttvar", fib6.RTAX_RTTVAR, true, true, rttParser(4)},
	{"ssthresh", "ssthresh", fib6.RTAX_SSTHRESH, true, true, parseRtaxUint},
	{"fastopen_no_cookie", "fastopen_no_cookie", fib6.RTAX_FASTOPEN_NO_COOKIE, true, false, parseRtaxBool},
}

// rtaxOf returns the metric keyword key stands for, or nil.
func rtaxOf(key string) *rtaxSpec {
	for i := range rtaxSpecs {
		if s := &rtaxSpecs[i]; key == s.word || s.prefix && matches(key, s.word) {
			return s
		}
	}
	return nil
}

// metric parses `KEYWORD [lock] VALUE` for metric keyword s at args[i]
// (its value checked present) into the request's RTAX metrics and locks;
// rto_min is always locked. It returns how many arguments after args[i]
// it used.
func (r *routeArgs) metric(s *rtaxSpec, args []string, i int) (int, error) {
	used := 1
	if s.lock && args[i+1] == "lock" {
		if _, err := needArg(args, i+1); err != nil {
			return 0, err
		}
		r.c.Locks |= 1 << s.index
		used = 2
	}
	if s.index == fib6.RTAX_RTO_MIN {
		r.c.Locks |= 1 << s.index
	}
	v, err := s.parse(s.name, args[i+used])
	if err != nil {
		return 0, err
	}
	r.c.Metrics[s.index] = v
	return used, nil
}

// parseRtaxUint reads a metric with get_unsigned.
func parseRtaxUint(name, val string) (uint32, error) {
	return parseU32(val, name)
}

// parseHoplimit reads hoplimit: get_unsigned, at most 255.
func parseHoplimit(name, val string) (uint32, error) {
	v, err := parseU32(val, name)
	if err == nil && v > 255 {
		err = invarg("\""+name+"\" value is invalid\n", val)
	}
	return v, err
}

// parseRtaxBool reads quickack and fastopen_no_cookie: get_unsigned,
// then 0 or 1.
func parseRtaxBool(name, val string) (uint32, error) {
	v, err := parseU32(val, name)
	if err == nil && v > 1 {
		err = invarg("\""+name+"\" value should be 0 or 1\n", val)
	}
	return v, err
}

// parseFeatures reads `features ecn`, the one feature iproute2 names.
func parseFeatures(name, val string) (uint32, error) {
	if val != "ecn" {
		return 0, invarg("\""+name+"\" value not valid\n", val)
	}
	return fib6.RTAX_FEATURE_ECN, nil
}

// rttParser reads rtt (scale 8), rttvar (4) and rto_min (1) with
// get_time_rtt: a time with a unit is sent in ms times the scale (the
// units the kernel keeps), a bare number as it is.
func rttParser(scale uint32) func(name, val string) (uint32, error) {
	return func(name, val string) (uint32, error) {
		v, raw, ok := getTimeRTT(val)
		if !ok {
			return 0, invarg("\""+name+"\" value is invalid\n", val)
		}
		if !raw {
			v *= scale // unsigned int arithmetic: modulo 2^32
		}
		return v, nil
	}
}

// getTimeRTT models get_time_rtt: a time in ms, written as an integer
// (strtoul in any base) or with a '.' (strtod, not negative, no
// overflow), then nothing (raw: the number is sent as it is), or s, sec,
// secs (times 1000), ms, msec, msecs (any case). The value is rounded up
// and stored into an unsigned int as x86-64 C code does: the low 32 bits
// of its 64-bit integer part (0 from 2^63 up, and for NaN). An integer
// that strtoul cannot hold fails; ULONG_MAX itself reads as that overflow
// unless it came from a '-' sign (strtoul("-1") is ULONG_MAX).
func getTimeRTT(s string) (val uint32, raw, ok bool) {
	var t float64
	var rest string
	if strings.Contains(s, ".") {
		var read bool
		t, rest, read = strtod(s)
		if !read || t < 0 || math.IsInf(t, 1) {
			return 0, false, false
		}
	} else {
		v, r, digits := cStrtoul(s)
		if !digits || v == math.MaxUint64 && !strings.HasPrefix(strings.TrimLeft(s, cBlanks), "-") {
			return 0, false, false
		}
		t, rest = float64(v), r
	}
	switch strings.ToLower(rest) {
	case "":
		raw = true
	case "s", "sec", "secs":
		t *= 1000
	case "ms", "msec", "msecs":
	default:
		return 0, false, false
	}
	if t < 1<<63 { // false for NaN
		val = uint32(int64(t))
	}
	if float64(val) < t {
		val++
	}
	return val, raw, true
}
