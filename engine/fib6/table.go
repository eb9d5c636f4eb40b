package fib6

import (
	"net/netip"

	"fib6lab/engine/trace"
)

// RTPROT_KERNEL is the protocol of routes the kernel makes itself.
const RTPROT_KERNEL = 2

// RTPROT_RA is the protocol of routes learned from Router Advertisements
// (default routers and Route Information options).
const RTPROT_RA = 9

// NewNet returns the routing state of a fresh namespace: fib6_null_entry
// and the main (254) and local (255) tables, as fib6_net_init and
// fib6_tables_init create them.
func NewNet() *Net {
	n := &Net{Now: func() int64 { return 0 }}
	n.NullEntry = &Info{
		Type:     RTN_UNREACHABLE,
		Protocol: RTPROT_KERNEL,
		Flags:    RTF_REJECT | RTF_NONEXTHOP,
		Metric:   ^uint32(0),
		Ref:      1,
	}
	n.NewTable(RT_TABLE_MAIN)
	n.NewTable(RT_TABLE_LOCAL)
	return n
}

// Table returns the table with this id, or nil. Id 0 means main, as in
// fib6_get_table.
func (n *Net) Table(id uint32) *Table {
	if id == 0 {
		id = RT_TABLE_MAIN
	}
	for _, t := range n.buckets[id&(tableHashSize-1)] {
		if t.ID == id {
			return t
		}
	}
	return nil
}

// NewTable models fib6_new_table: it returns the table with this id,
// creating it (empty root with the null entry as leaf) when absent. New
// tables go to the head of their hash bucket.
func (n *Net) NewTable(id uint32) *Table {
	if t := n.Table(id); t != nil {
		return t
	}
	if id == 0 {
		id = RT_TABLE_MAIN
	}
	t := &Table{ID: id, net: n}
	root := n.arena.alloc()
	root.FnFlags, root.ID = RTN_ROOT|RTN_TL_ROOT|RTN_RTINFO, n.newNodeID()
	n.setLeaf(root, n.NullEntry)
	t.root = root.Self
	h := id & (tableHashSize - 1)
	b := &n.buckets[h]
	*b = append([]*Table{t}, *b...)
	// the head of bucket h comes after every table of the buckets before it
	at := len(n.order)
	for i, o := range n.order {
		if o.ID&(tableHashSize-1) >= h {
			at = i
			break
		}
	}
	n.order = append(n.order[:at], append([]*Table{t}, n.order[at:]...)...)
	return t
}

// Tables returns every table in dump order: hash buckets 0..255, newest
// first within a bucket (the order of fib6_clean_all and route dumps).
func (n *Net) Tables() []*Table { return n.AppendTables(nil) }

// AppendTables appends every table, in the order of Tables, to ts and
// returns the result: Tables without allocating when ts has room.
func (n *Net) AppendTables(ts []*Table) []*Table { return append(ts, n.order...) }

// NumTables returns the number of tables; with TableAt it goes through
// them in the order of Tables without building a slice (the kernel's
// fib6_clean_all and fib6_gc_all walk the hash buckets in place).
func (n *Net) NumTables() int { return len(n.order) }

// TableAt returns table i (0 <= i < NumTables) in the order of Tables.
func (n *Net) TableAt(i int) *Table { return n.order[i] }

func (n *Net) newNodeID() uint32 { n.nextNodeID++; return n.nextNodeID }

// newSernum models fib6_new_sernum: the next serial number, wrapping from
// INT_MAX to 1 (0 means "no change").
func (n *Net) newSernum() uint32 {
	n.sernum++
	if n.sernum > 1<<31-1 {
		n.sernum = 1
	}
	return n.sernum
}

// Genid models rt_genid_ipv6: the namespace's serial number counter
// (fib6_sernum) as it stands, which every new serial number moves on. The
// per-CPU copies of routes using nexthop objects are valid only while it
// keeps the value they were made under.
func (n *Net) Genid() uint32 { return n.sernum }

// NewInfo models fib6_info_alloc: a route with a fresh trace ID (not
// counted in fib_rt_alloc, which counts dst allocations). The caller fills
// in the configuration before adding it.
func (n *Net) NewInfo() *Info { return n.InitInfo(new(Info)) }

// InitInfo is NewInfo in storage the caller provides: it makes *rt a
// fresh route with the next trace ID and returns rt. A bulk load hands out
// the elements of one slice ([]Info), one allocation instead of one per
// route; the slice then stays in memory until none of its routes is
// referenced.
func (n *Net) InitInfo(rt *Info) *Info {
	n.nextRtID++
	*rt = Info{ID: n.nextRtID, NH: Nexthop{Weight: 1}}
	return rt
}

func (n *Net) emit(k trace.Kind, fn *Node, rt *Info, bit uint8, val int64) {
	if n.Trace != nil {
		n.record(k, fn, rt, bit, val)
	}
}

// record is emit's work once a recorder is attached, out of line so that
// emit's check is inlined where nothing records.
func (n *Net) record(k trace.Kind, fn *Node, rt *Info, bit uint8, val int64) {
	e := trace.Event{Kind: k, Bit: bit, Val: val}
	if fn != nil {
		e.Node = fn.ID
	}
	if rt != nil {
		e.Route = rt.ID
	}
	n.Trace.Emit(e)
}

// NewRoute returns a unicast route for prefix p as `ip -6 route add P [via
// GW] dev DEV metric M` builds it (ip6_route_info_create): RTF_UP, plus
// RTF_GATEWAY when gw is valid; metric 0 becomes IP6_RT_PRIO_USER. It is not
// linked anywhere yet.
func (n *Net) NewRoute(p netip.Prefix, gw netip.Addr, dev int, metric uint32) *Info {
	if metric == 0 {
		metric = IP6_RT_PRIO_USER
	}
	rt := n.NewInfo()
	rt.Dst, rt.DstLen = KeyOf(p.Addr()), uint8(p.Bits())
	rt.Type, rt.Metric, rt.Flags = RTN_UNICAST, metric, RTF_UP
	rt.NH.Dev = dev
	if gw.IsValid() {
		rt.NH.Gw = GatewayOf(gw)
		rt.Flags |= RTF_GATEWAY
	}
	return rt
}
