package iproute2

import (
	"net/netip"

	"fib6lab/engine/fib6"
	"fib6lab/engine/ila"
	"fib6lab/engine/netns"
)

// routeMsg is what print_route reads of one RTM_NEWROUTE message about
// an IPv6 route, with the filter's masks already applied (a field the
// filter pins is left empty): the members `ip -j` prints, in its order.
type routeMsg struct {
	typ      uint8
	showType bool
	dst      string
	from     string // RTA_SRC of a get answer, "" without
	encap    *fib6.Nexthop
	gw       netip.Addr
	dev      string
	table    string
	proto    string
	scope    bool
	prefsrc  netip.Addr
	metric   int64 // -1: not printed
	flags    []string
	expires  int64 // USER_HZ ticks left, 0: none
	rt       *fib6.Info
	mtu      uint32 // the dst's MTU metric
	iif      string
	hops     []*fib6.Info // RTA_MULTIPATH members, the printed route first
	ns       *netns.Netns // names the hops' devices
}

// routeDumpMsg is rt6_fill_node for a route of a dump or a fibmatch
// answer, masked by filter f as print_route masks it.
func routeDumpMsg(ns *netns.Netns, rt *fib6.Info, f *routeFilter) *routeMsg {
	m := &routeMsg{typ: rt.Type, showType: rt.Type != fib6.RTN_UNICAST || f.details,
		dst: dstString(rt.Prefix()), rt: rt, metric: -1, iif: f.iif, ns: ns,
		mtu: rt.Metric_(fib6.RTAX_MTU), scope: f.details && !f.scopeSet}
	if sibs := rt.Siblings(); len(sibs) > 0 {
		m.hops = append([]*fib6.Info{rt}, sibs...)
	} else {
		m.encap = &rt.NH
		if !f.via.IsValid() {
			m.gw = rt.NH.Gw
		}
		if f.dev == 0 {
			m.dev = devName(ns, rt.NH.Dev)
		}
		m.flags = hopFlagList(rt)
	}
	m.table = msgTable(rt, f.table == 0, f.details)
	if f.proto < 0 && (rt.Protocol != rtprotBoot || f.details) {
		m.proto = nameOf(protoNames, uint32(rt.Protocol))
	}
	if rt.Extra != nil {
		m.prefsrc = rt.Extra.PrefSrc
	}
	if f.metric < 0 {
		m.metric = int64(rt.Metric)
	}
	m.expires = expiresTicks(ns, rt.HasExpires(), rt.Expires)
	return m
}

// routeGetMsg is rt6_fill_node for the dst a get returns (see
// formatGet).
func routeGetMsg(ns *netns.Netns, rt *fib6.Info, r *getRequest) *routeMsg {
	m := &routeMsg{typ: rt.Type, showType: rt.Type != fib6.RTN_UNICAST || r.details,
		dst: r.dst.String(), from: netip.IPv6Unspecified().String(), encap: &rt.NH, gw: rt.NH.Gw,
		dev: devName(ns, rt.NH.Dev), table: msgTable(rt, true, r.details), scope: r.details,
		prefsrc: getSource(ns, rt, r.dst, r.iif == ""), metric: int64(rt.Metric),
		flags: hopFlagList(rt), rt: rt, mtu: rt.Metric_(fib6.RTAX_MTU), iif: r.iif}
	if r.from.IsValid() {
		m.from = r.from.Addr().String()
	}
	if rt.Type == fib6.RTN_LOCAL {
		m.dev = "lo"
	}
	if rt.Protocol != rtprotBoot || r.details {
		m.proto = nameOf(protoNames, uint32(rt.Protocol))
	}
	if e := exceptionFor(rt, r.dst); e != nil {
		m.gw, m.mtu = dstGateway(e), e.MTU
		m.expires = expiresTicks(ns, e.RtFlags&fib6.RTF_EXPIRES != 0, e.Expires)
	}
	return m
}

// routeCachedMsg is rt6_fill_node for an exception (see formatCached).
func routeCachedMsg(ns *netns.Netns, c netns.CachedRoute, f *routeFilter) *routeMsg {
	rt, e := c.Route, c.Dst
	m := &routeMsg{typ: rt.Type, dst: e.Dst.String(), encap: &rt.NH, rt: rt, metric: int64(rt.Metric),
		table: msgTable(rt, f.table == 0, f.details), mtu: e.MTU,
		expires: expiresTicks(ns, e.RtFlags&fib6.RTF_EXPIRES != 0, e.Expires)}
	if !f.via.IsValid() {
		m.gw = dstGateway(e)
	}
	if f.dev == 0 {
		m.dev = devName(ns, e.Dev)
	}
	if f.proto < 0 && rt.Protocol != rtprotBoot {
		m.proto = nameOf(protoNames, uint32(rt.Protocol))
	}
	return m
}

// msgTable is the table member: "" when the filter named the table, or
// for main without -d.
func msgTable(rt *fib6.Info, allTables, details bool) string {
	if !allTables || rt.Table == nil || rt.Table.ID == fib6.RT_TABLE_MAIN && !details {
		return ""
	}
	return nameOf(tableNames, rt.Table.ID)
}

// hopFlagList lists the RTNH_F_* flags of a nexthop, as print_rt_flags
// names them.
func hopFlagList(rt *fib6.Info) []string {
	var fl []string
	for _, f := range []struct {
		bit  uint8
		name string
	}{{fib6.RTNH_F_DEAD, "dead"}, {fib6.RTNH_F_ONLINK, "onlink"}, {fib6.RTNH_F_LINKDOWN, "linkdown"}} {
		if rt.NH.Flags&f.bit != 0 {
			fl = append(fl, f.name)
		}
	}
	return fl
}

// write prints the message's members as print_route does under -j.
func (m *routeMsg) write(w *jsonWriter) {
	if m.showType {
		w.strField("type", nameOf(typeNames, uint32(m.typ)))
	}
	w.strField("dst", m.dst)
	if m.from != "" {
		w.strField("from", m.from)
	}
	if m.encap != nil {
		writeEncapJSON(w, m.encap)
	}
	if m.gw.IsValid() {
		w.strField("gateway", m.gw.String())
	}
	for _, f := range []struct{ key, v string }{{"dev", m.dev}, {"table", m.table}, {"protocol", m.proto}} {
		if f.v != "" {
			w.strField(f.key, f.v)
		}
	}
	if m.scope {
		w.strField("scope", "global")
	}
	if m.prefsrc.IsValid() {
		w.strField("prefsrc", m.prefsrc.String())
	}
	if m.metric >= 0 {
		w.uintField("metric", uint64(m.metric))
	}
	w.strArray("flags", m.flags)
	if m.expires != 0 {
		w.intField("expires", m.expires/userHZ)
	}
	m.writeMetrics(w)
	if m.iif != "" {
		w.strField("iif", m.iif)
	}
	w.strField("pref", prefName(m.rt))
	m.writeHops(w)
}

// writeMetrics prints RTA_METRICS as print_rta_metrics does under -j:
// an array of one object, values without their locks, the congestion
// control algorithm as "congestion".
func (m *routeMsg) writeMetrics(w *jsonWriter) {
	var vals [fib6.RTAX_MAX + 1]uint32
	if m.rt.Extra != nil {
		vals = m.rt.Extra.Metrics
	}
	vals[fib6.RTAX_MTU] = m.mtu
	first := true
	for _, sm := range shownMetrics {
		v := vals[sm.i]
		if v == 0 {
			continue
		}
		if first {
			w.name("metrics")
			w.startArray()
			w.startObject()
			first = false
		}
		if sm.i == fib6.RTAX_CC_ALGO {
			w.strField("congestion", netns.CongCtlName(v))
		} else {
			w.uintField(sm.name, uint64(v))
		}
	}
	if !first {
		w.endObject()
		w.endArray()
	}
}

// writeHops prints RTA_MULTIPATH as print_rta_multipath does under -j.
func (m *routeMsg) writeHops(w *jsonWriter) {
	if len(m.hops) == 0 {
		return
	}
	w.name("nexthops")
	w.startArray()
	for _, h := range m.hops {
		w.startObject()
		writeEncapJSON(w, &h.NH)
		w.strField("gateway", h.NH.Gw.String())
		w.strField("dev", devName(m.ns, h.NH.Dev))
		w.uintField("weight", uint64(h.NH.Weight))
		w.strArray("flags", hopFlagList(h))
		w.endObject()
	}
	w.endArray()
}

// writeEncapJSON prints a nexthop's encap as lwt_print_encap does under
// -j (only ILA is built here).
func writeEncapJSON(w *jsonWriter, nh *fib6.Nexthop) {
	if nh.Lwt == nil {
		return
	}
	t, attrs, ok := nh.Lwt.Registry().FillEncap(nh.Lwt)
	if !ok {
		return
	}
	w.strField("encap", t.String())
	if e, isILA := attrs.(ila.Encap); isILA {
		w.strField("locator", e.Locator.String())
		w.strField("csum_mode", e.CsumMode.String())
		w.strField("ident_type", e.IdentType.String())
		w.strField("hook_type", e.HookType.String())
	}
}
