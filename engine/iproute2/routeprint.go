package iproute2

import (
	"fmt"
	"io"
	"net/netip"
	"strconv"
	"strings"

	"fib6lab/engine/fib6"
	"fib6lab/engine/ila"
	"fib6lab/engine/netns"
)

// userHZ is USER_HZ, the clock-tick unit of rta_expires.
const userHZ = 100

// printRecords models new_json_obj / delete_json_obj around a dump: with
// -j one JSON array of the objects item prints, else each record in text
// as it is printed (-o: a record's line breaks, _SL_, as '\').
func printRecords(o ipOpts, out io.Writer, n int, item func(p *printer, i int)) {
	if o.json {
		io.WriteString(out, jsonList(o, n, func(w *jsonWriter, i int) { item(&printer{w: w}, i) }))
		return
	}
	var b strings.Builder
	p := &printer{b: &b, nl: "\n"}
	if o.oneline {
		p.nl = "\\"
	}
	for i := 0; i < n; i++ {
		item(p, i)
		io.WriteString(out, b.String())
		b.Reset()
	}
}

// printRoutes prints the messages msg(0..n-1) builds, each as it is
// built, as print_route does under filter f.
func printRoutes(o ipOpts, out io.Writer, ns *netns.Netns, f *routeFilter, n int, msg func(i int) *routeMsg) {
	printRecords(o, out, n, func(p *printer, i int) { msg(i).print(p, ns, f) })
}

// print models print_route for an IPv6 route message (kernel-model §7):
// its fields in iproute2's order, each text field followed by a space
// (pref, always last on the line, by none), leaving out what filter f
// pins; an exception (RTM_F_CLONED) prints no protocol or scope.
func (m *routeMsg) print(p *printer, ns *netns.Netns, f *routeFilter) {
	if m.typ != fib6.RTN_UNICAST || f.details {
		p.str("type", "%s ", nameOf(typeNames, uint32(m.typ)))
	}
	p.str("dst", "%s ", dstString(m.dst))
	if m.from.IsValid() {
		p.str("from", "from %s ", m.from.String())
	}
	if m.nhid != 0 {
		p.uint("nhid", "nhid %d ", uint64(m.nhid))
	}
	printEncap(p, &m.hop)
	if m.hop.Gw.IsValid() && !f.via.IsValid() {
		p.str("gateway", "via %s ", m.hop.Gw.String())
	}
	if m.hop.Dev != 0 && f.dev == 0 {
		p.str("dev", "dev %s ", devName(ns, m.hop.Dev))
	}
	m.printOrigin(p, f)
	m.printInfo(p, ns, f)
	if m.nhid != 0 && f.details {
		printNexthopInfo(p, ns, m.nhid)
	}
	printHops(p, ns, m.hops)
	p.text("\n")
}

// printOrigin prints the table (unless the filter names one; main only
// with -d), then, unless m is an exception, the protocol (unless boot
// or pinned) and the scope (always universe for IPv6: only with -d,
// unless pinned).
func (m *routeMsg) printOrigin(p *printer, f *routeFilter) {
	if m.table != 0 && (m.table != fib6.RT_TABLE_MAIN || f.details) && f.table == 0 {
		p.str("table", "table %s ", nameOf(tableNames, m.table))
	}
	if m.cloned {
		return
	}
	if (m.proto != rtprotBoot || f.details) && f.proto < 0 {
		p.str("protocol", "proto %s ", nameOf(protoNames, uint32(m.proto)))
	}
	if f.details && !f.scopeSet {
		p.str("scope", "scope %s ", "global")
	}
}

// printInfo prints src, metric, the nexthop flags, expires, the RTAX
// metrics, iif and pref.
func (m *routeMsg) printInfo(p *printer, ns *netns.Netns, f *routeFilter) {
	if m.prefsrc.IsValid() && f.src.Bits() != 128 {
		p.str("prefsrc", "src %s ", m.prefsrc.String())
	}
	if f.metric < 0 {
		p.uint("metric", "metric %d ", uint64(m.metric))
	}
	printFlags(p, m.hop.Flags)
	if m.expires != 0 {
		p.num("expires", "expires %ssec ", strconv.FormatInt(m.expires/userHZ, 10))
	}
	m.printMetrics(p)
	if m.iif != 0 {
		p.str("iif", "iif %s ", devName(ns, m.iif))
	}
	p.str("pref", "pref %s", nameOf(prefNames, m.pref))
}

// printFlags models print_rt_flags for the RTNH_F_* flags routes carry
// here: each name and a space in text, a "flags" array in JSON.
func printFlags(p *printer, flags uint8) {
	p.open("flags", true)
	for _, fl := range []struct {
		bit  uint8
		name string
	}{{fib6.RTNH_F_DEAD, "dead"}, {fib6.RTNH_F_ONLINK, "onlink"}, {fib6.RTNH_F_LINKDOWN, "linkdown"}} {
		if flags&fl.bit != 0 {
			p.value("%s ", fl.name)
		}
	}
	p.close(true)
}

// metricNames are iproute2's names of the RTAX metrics (mx_names), by
// index; print_rta_metrics prints them in index order.
var metricNames = [fib6.RTAX_MAX + 1]string{
	fib6.RTAX_MTU: "mtu", fib6.RTAX_WINDOW: "window", fib6.RTAX_RTT: "rtt", fib6.RTAX_RTTVAR: "rttvar",
	fib6.RTAX_SSTHRESH: "ssthresh", fib6.RTAX_CWND: "cwnd", fib6.RTAX_ADVMSS: "advmss",
	fib6.RTAX_REORDERING: "reordering", fib6.RTAX_HOPLIMIT: "hoplimit", fib6.RTAX_INITCWND: "initcwnd",
	fib6.RTAX_FEATURES: "features", fib6.RTAX_RTO_MIN: "rto_min", fib6.RTAX_INITRWND: "initrwnd",
	fib6.RTAX_QUICKACK: "quickack", fib6.RTAX_CC_ALGO: "congctl", fib6.RTAX_FASTOPEN_NO_COOKIE: "fastopen_no_cookie",
}

// printMetrics models print_rta_metrics: in index order, each metric
// that is set (not 0) or locked, its name, "lock" when locked and its
// value in text; in JSON an array of one object, values without their
// locks. Nothing when no metric is set or locked (no RTA_METRICS).
func (m *routeMsg) printMetrics(p *printer) {
	opened := false
	for i := fib6.RTAX_MTU; i <= fib6.RTAX_MAX; i++ {
		v, locked := m.metrics[i], m.locks&(1<<i) != 0
		if v == 0 && !locked {
			continue
		}
		if !opened {
			p.open("metrics", true)
			p.open("", false)
			opened = true
		}
		p.text(metricNames[i] + " ")
		if locked {
			p.text("lock ")
		}
		printMetricValue(p, i, v)
	}
	if opened {
		p.close(false)
		p.close(true)
	}
}

// printMetricValue prints the value of RTAX metric i as
// print_rta_metrics does: the congestion control algorithm's name (JSON
// "congestion"); the features (`ecn`, JSON "ecn": null); rtt, rttvar and
// rto_min in ms (the kernel keeps rtt in 1/8 ms, rttvar in 1/4 ms),
// printed as "%gs" from 1000 ms up, "%ums" below, a plain number in
// JSON; any other metric as a number.
func printMetricValue(p *printer, i int, v uint32) {
	name := metricNames[i]
	switch i {
	case fib6.RTAX_CC_ALGO:
		p.str("congestion", "%s ", netns.CongCtlName(v))
	case fib6.RTAX_FEATURES:
		if v&fib6.RTAX_FEATURE_ECN != 0 { // the one feature iproute2 sets and names
			p.null("ecn", "ecn ")
		}
	case fib6.RTAX_RTT, fib6.RTAX_RTTVAR, fib6.RTAX_RTO_MIN:
		ms := v
		if i == fib6.RTAX_RTT {
			ms /= 8
		} else if i == fib6.RTAX_RTTVAR {
			ms /= 4
		}
		text := strconv.FormatUint(uint64(ms), 10) + "ms"
		if ms >= 1000 {
			text = strconv.FormatFloat(float64(ms)/1e3, 'g', 6, 64) + "s"
		}
		p.put(name, strconv.FormatUint(uint64(ms), 10), "%s ", text)
	default:
		p.uint(name, "%d ", uint64(v))
	}
}

// printHops models print_rta_multipath: a line per hop, "nexthop", its
// encap, gateway, device, weight and flags; a "nexthops" array in JSON.
func printHops(p *printer, ns *netns.Netns, hops []fib6.Nexthop) {
	if len(hops) == 0 {
		return
	}
	p.open("nexthops", true)
	for i := range hops {
		h := &hops[i]
		p.open("", false)
		p.text(p.nl + "\tnexthop ")
		printEncap(p, h)
		if h.Gw.IsValid() {
			p.str("gateway", "via %s ", h.Gw.String())
		}
		p.str("dev", "dev %s ", devName(ns, h.Dev))
		p.uint("weight", "weight %d ", uint64(h.Weight))
		printFlags(p, h.Flags)
		p.close(false)
	}
	p.close(true)
}

// printNexthopInfo models print_cache_nexthop_id as `ip -d route show`
// calls it for a route using nexthop object id: the object as `ip -d
// nexthop show` prints it, on a line of its own (a plain newline, not
// _SL_), an "nh_info" object in JSON.
func printNexthopInfo(p *printer, ns *netns.Netns, id uint32) {
	nh := ns.NexthopByID(id)
	if nh == nil {
		return
	}
	p.text("\n\tnh_info ")
	p.open("nh_info", false)
	printNexthop(p, ns, nh, true)
	p.close(false)
}

// printEncap models lwt_print_encap for a path's encap (kernel-model
// §6.6): " encap TYPE " and, for ILA, each field with a space before and
// after it, so that they end up two spaces apart. Nothing without one.
func printEncap(p *printer, nh *fib6.Nexthop) {
	if nh.Lwt == nil {
		return
	}
	t, attrs, ok := nh.Lwt.Registry().FillEncap(nh.Lwt)
	if !ok {
		return
	}
	p.str("encap", " encap %s ", t.String())
	if e, isILA := attrs.(ila.Encap); isILA {
		p.str("locator", " %s ", e.Locator.String())
		p.str("csum_mode", " csum-mode %s ", e.CsumMode.String())
		p.str("ident_type", " ident-type %s ", e.IdentType.String())
		p.str("hook_type", " hook-type %s ", e.HookType.String())
	}
}

// dstString prints a destination: "default" for ::/0, a host route
// without its /128.
func dstString(p netip.Prefix) string {
	s := p.String()
	if s == "::/0" {
		return "default"
	}
	return strings.TrimSuffix(s, "/128")
}

// devName models ll_index_to_name: a device's name, "ifN" for an index
// no device has.
func devName(ns *netns.Netns, idx int) string {
	if d := ns.DevByIndex(idx); d != nil {
		return d.Name
	}
	return fmt.Sprintf("if%d", idx)
}
