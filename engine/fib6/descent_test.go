package fib6

import (
	"cmp"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/netip"
	"slices"
	"strings"
	"testing"

	"fib6lab/data"
	"fib6lab/engine/errno"
	"fib6lab/engine/trace"
)

// TestDescentShortcut: adds that start their descent below the root
// (untraced, after an add nearby: descentStart) build exactly the trie
// that adds descending from the root build (traced), for prefixes in
// address order, in random order, in runs of consecutive /128s, with
// failed adds (duplicates), deletes, replaces of prefixes that may be
// missing (ENOENT) and adds of shorter prefixes in between.
func TestDescentShortcut(t *testing.T) {
	full, err := data.FullTable()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(8, 9))
	shuffled := slices.Clone(full[:20000])
	r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	var runs []netip.Prefix
	for i := range 40 {
		base := netip.AddrFrom16([16]byte{0x20, 0x01, 0x0d, 0xb8, 5: byte(i)})
		for j := range 300 {
			a := base.As16()
			a[14], a[15] = byte(j>>8), byte(j)
			runs = append(runs, netip.PrefixFrom(netip.AddrFrom16(a), 128))
		}
	}
	for name, ps := range map[string][]netip.Prefix{"address order": full[:30000], "random order": shuffled, "runs of /128s": runs} {
		var nets [2]*Net
		for i := range nets {
			n := NewNet()
			if i == 1 {
				n.Trace = &trace.Recorder{Limit: 1}
			}
			tb := n.Table(RT_TABLE_MAIN)
			ops := rand.New(rand.NewPCG(1, 1))
			for k, p := range ps {
				tb.Add(n.NewRoute(p, netip.MustParseAddr("fe80::1"), 2, 0), NLM_F_CREATE|NLM_F_EXCL)
				switch ops.IntN(20) {
				case 0: // a duplicate: EEXIST
					tb.Add(n.NewRoute(p, netip.MustParseAddr("fe80::1"), 2, 0), NLM_F_CREATE|NLM_F_EXCL)
				case 1: // a delete of an earlier prefix
					q := ps[ops.IntN(k+1)]
					if fn := tb.Locate(KeyOf(q.Addr()), uint8(q.Bits()), true); fn != nil {
						tb.Del(tb.Leaf(fn))
					}
				case 2, 3: // a replace without create, or an add, of a shorter prefix
					q := netip.PrefixFrom(p.Addr(), max(p.Bits()-ops.IntN(12), 0)).Masked()
					flags := uint16(NLM_F_REPLACE)
					if ops.IntN(2) == 0 {
						flags = NLM_F_CREATE | NLM_F_EXCL
					}
					tb.Add(n.NewRoute(q, netip.MustParseAddr("fe80::2"), 2, 0), flags)
				}
			}
			n.Trace = nil
			nets[i] = n
		}
		if a, b := netState(nets[0]), netState(nets[1]); a != b {
			t.Fatalf("%s: the shortcut built another trie:\n%s", name, firstDiff2(a, b))
		}
	}
}

// TestDescentShortcutTaken: in address order most adds start their
// descent below the root; in random order hardly any do.
func TestDescentShortcutTaken(t *testing.T) {
	full, err := data.FullTable()
	if err != nil {
		t.Fatal(err)
	}
	shuffled := slices.Clone(full[:20000])
	rand.New(rand.NewPCG(8, 9)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	for _, c := range []struct {
		name     string
		ps       []netip.Prefix
		min, max float64
	}{{"address order", full[:20000], 0.9, 1}, {"random order", shuffled, 0, 0.1}} {
		n := NewNet()
		tb := n.Table(RT_TABLE_MAIN)
		below := 0
		for _, p := range c.ps {
			c := cursor{nodes: n.arena.nodes}
			if tb.descentStart(&c, KeyOf(p.Addr()), uint8(p.Bits())).Self != tb.root {
				below++
			}
			tb.Add(n.NewRoute(p, netip.Addr{}, 2, 0), NLM_F_CREATE|NLM_F_EXCL)
		}
		if f := float64(below) / float64(len(c.ps)); f < c.min || f > c.max {
			t.Errorf("%s: %.0f%% of the adds start below the root, want %.0f%% to %.0f%%", c.name, 100*f, 100*c.min, 100*c.max)
		}
	}
}

// TestAddBatchMatchesAdds: a batch of adds (address order, random order,
// duplicates that fail, replaces, ECMP appends) leaves the trie, the
// serial numbers (each node's and the counter) and the trace exactly as
// the same adds one by one do, also when the counter wraps mid-batch.
func TestAddBatchMatchesAdds(t *testing.T) {
	full, err := data.FullTable()
	if err != nil {
		t.Fatal(err)
	}
	shuffled := slices.Clone(full[:5000])
	rand.New(rand.NewPCG(8, 9)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	for name, ps := range map[string][]netip.Prefix{"address order": full[:8000], "random order": shuffled} {
		for _, wrap := range []bool{false, true} {
			var states [2]string
			var events [2][]trace.Event
			for i := range 2 {
				n := NewNet()
				cloneLoad(t, n, full[20000:20100]) // routes before the batch
				if wrap {
					n.sernum = 1<<31 - 1 - 2000
				}
				rec := &trace.Recorder{}
				n.Trace = rec
				tb := n.Table(RT_TABLE_MAIN)
				ops := rand.New(rand.NewPCG(2, 3))
				rts := make([]Info, 0, len(ps)+len(ps)/10)
				flags := make([]uint16, 0, cap(rts))
				gws := []netip.Addr{netip.MustParseAddr("fe80::1"), netip.MustParseAddr("fe80::2")}
				for _, p := range ps {
					rts = append(rts, *n.NewRoute(p, gws[0], 2, 0))
					flags = append(flags, NLM_F_CREATE|NLM_F_EXCL)
					switch ops.IntN(10) {
					case 0: // a duplicate: EEXIST
						rts = append(rts, *n.NewRoute(p, gws[0], 2, 0))
						flags = append(flags, NLM_F_CREATE|NLM_F_EXCL)
					case 1: // an ECMP sibling
						rts = append(rts, *n.NewRoute(p, gws[1], 2, 0))
						flags = append(flags, NLM_F_CREATE|NLM_F_APPEND)
					case 2: // a replace
						rts = append(rts, *n.NewRoute(p, gws[1], 2, 0))
						flags = append(flags, NLM_F_CREATE|NLM_F_REPLACE)
					}
				}
				if i == 0 {
					for k := range rts {
						tb.Add(&rts[k], flags[k])
					}
				} else {
					// runs of equal flags go in as batches
					for k := 0; k < len(rts); {
						e := k + 1
						for e < len(rts) && flags[e] == flags[k] {
							e++
						}
						tb.AddBatch(rts[k:e], flags[k], func(*Info, error) bool { return true })
						k = e
					}
				}
				n.Trace = nil
				states[i], events[i] = netState(n), rec.Events
			}
			if states[0] != states[1] {
				t.Fatalf("%s wrap %v: batched adds differ:\n%s", name, wrap, firstDiff2(states[1], states[0]))
			}
			if !slices.Equal(events[0], events[1]) {
				t.Fatalf("%s wrap %v: batched adds trace %d events, one by one %d", name, wrap, len(events[1]), len(events[0]))
			}
		}
	}
}

// TestAddBatchInAddressOrder: an untraced batch out of address order
// (the full table's first 30,000 prefixes shuffled, with duplicates that
// fail, several metrics, ECMP siblings, shorter prefixes and 5,000 host
// routes of one /64 with the /64) goes in in
// address order, routes for the same prefix in the order given: it
// leaves the routes, the trie's shape, the counters and the errors that
// the adds one by one in the given order leave, and the nodes (arena
// indices, IDs) that the same batch given in address order leaves.
func TestAddBatchInAddressOrder(t *testing.T) {
	full, err := data.FullTable()
	if err != nil {
		t.Fatal(err)
	}
	ps := slices.Clone(full[:30000])
	r := rand.New(rand.NewPCG(4, 5))
	for range 3000 {
		p := ps[r.IntN(len(ps))]
		ps = append(ps, p, netip.PrefixFrom(p.Addr(), max(p.Bits()-1-r.IntN(8), 0)).Masked())
	}
	for k := range 5000 { // host routes of one /64, and the /64 itself
		a := [16]byte{0x20, 0x01, 0x0d, 0xb8, 7: 1, 14: byte(k >> 8), 15: byte(k)}
		ps = append(ps, netip.PrefixFrom(netip.AddrFrom16(a), 128))
	}
	ps = append(ps, netip.MustParsePrefix("2001:db8:0:1::/64"))
	r.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
	sorted := slices.Clone(ps)
	slices.SortStableFunc(sorted, func(a, b netip.Prefix) int {
		return cmp.Or(a.Addr().Compare(b.Addr()), cmp.Compare(a.Bits(), b.Bits()))
	})
	gws := []netip.Addr{netip.MustParseAddr("fe80::1"), netip.MustParseAddr("fe80::2")}
	var states, errs, nodes [3]string
	for i, in := range [][]netip.Prefix{ps, ps, sorted} {
		n := NewNet()
		tb := n.Table(RT_TABLE_MAIN)
		rts := make([]Info, len(in))
		for k, p := range in {
			rts[k] = *n.NewRoute(p, gws[k%2], 2, uint32(k%3))
		}
		var b strings.Builder
		note := func(rt *Info, err error) bool {
			fmt.Fprintf(&b, "%v m%d %v: %v\n", rt.Prefix(), rt.Metric, rt.NH.Gw, err)
			return true
		}
		if i == 0 {
			for k := range rts {
				note(&rts[k], tb.Add(&rts[k], NLM_F_CREATE|NLM_F_APPEND))
			}
		} else {
			before := routeIDs(rts)
			tb.AddBatch(rts, NLM_F_CREATE|NLM_F_APPEND, note)
			// sorted in place: the same routes, each with its ID, in address order
			if routeIDs(rts) != before || !slices.IsSortedFunc(rts, func(a, b Info) int { return prefixCmp(&a, &b) }) {
				t.Fatalf("batch %d: the routes were not sorted in place", i)
			}
		}
		states[i], nodes[i] = shapeState(n), nodeIndices(n)
		lines := strings.Split(b.String(), "\n")
		slices.Sort(lines)
		errs[i] = strings.Join(lines, "\n")
	}
	if states[0] != states[1] {
		t.Fatalf("the sorted batch left another trie:\n%s", firstDiff2(states[0], states[1]))
	}
	if errs[0] != errs[1] {
		t.Fatalf("the sorted batch's adds ended otherwise:\n%s", firstDiff2(errs[0], errs[1]))
	}
	if !strings.Contains(errs[0], "File exists") {
		t.Fatal("no add failed")
	}
	if nodes[1] != nodes[2] {
		t.Fatalf("the sorted batch made its nodes otherwise than a batch in address order:\n%s", firstDiff2(nodes[1], nodes[2]))
	}
	if nodes[0] == nodes[1] {
		t.Fatal("the adds one by one made the same nodes as the sorted batch")
	}
}

// routeIDs prints the ID, prefix, metric and gateway of each of rts,
// by ID.
func routeIDs(rts []Info) string {
	lines := make([]string, len(rts))
	for k := range rts {
		rt := &rts[k]
		lines[k] = fmt.Sprintf("%08d %v m%d %v", rt.ID, rt.Prefix(), rt.Metric, rt.NH.Gw)
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

// shapeState prints what a trie holds apart from node IDs, serial
// numbers and borrowed leaves: each node's fn_bit and flags in depth-first
// order and its routes, with the namespace's counters.
func shapeState(n *Net) string {
	var b strings.Builder
	s := n.Stats
	fmt.Fprintf(&b, "nodes %d route nodes %d entries %d\n", s.FibNodes, s.FibRouteNodes, s.FibRtEntries)
	tb := n.Table(RT_TABLE_MAIN)
	for _, i := range n.arena.preorder(tb.root, nil) {
		fn := n.arena.get(i)
		fmt.Fprintf(&b, "/%d f%d:", fn.FnBit, fn.FnFlags)
		if fn.FnFlags&RTN_RTINFO != 0 {
			for rt := n.leaf(fn); rt != nil; rt = rt.Next {
				fmt.Fprintf(&b, " %v m%d %v sib%d;", rt.Prefix(), rt.Metric, rt.NH.Gw, rt.NSiblings())
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// nodeIndices prints the arena index and ID of each node of table main
// in depth-first order.
func nodeIndices(n *Net) string {
	var b strings.Builder
	for _, i := range n.arena.preorder(n.Table(RT_TABLE_MAIN).root, nil) {
		fmt.Fprintf(&b, "%d n%d\n", i, n.arena.get(i).ID)
	}
	return b.String()
}

// hostBatch returns n routes 2001:db8:1::K/128 via fe80::1 (K = 0..n-1),
// the first and last swapped, so that the batch is out of address order.
func hostBatch(net *Net, n int) []Info {
	rts := make([]Info, n)
	for k := range rts {
		a := [16]byte{0x20, 0x01, 0x0d, 0xb8, 0, 1, 14: byte(k >> 8), 15: byte(k)}
		rts[k] = *net.NewRoute(netip.PrefixFrom(netip.AddrFrom16(a), 128), netip.MustParseAddr("fe80::1"), 2, 0)
	}
	rts[0], rts[n-1] = rts[n-1], rts[0]
	return rts
}

// TestAddBatchEdges: a sorted batch (hostBatch) is sorted in place, and
// one that after stops holds the routes before the stop in address
// order, and after saw them in that order; after the serial numbers wrapped, a batch stamps the nodes above
// it as the adds one by one do, even where a node's number from before
// the wrap lies among the batch's; a batch with a destination that has
// bits set past its length keeps the order given (::/0 written as
// 8000::/0 first: its route is the one that goes in).
func TestAddBatchEdges(t *testing.T) {
	n := NewNet()
	tb := n.Table(RT_TABLE_MAIN)
	rts := hostBatch(n, 1024)
	var seen []string
	tb.AddBatch(rts, NLM_F_CREATE|NLM_F_EXCL, func(rt *Info, err error) bool {
		seen = append(seen, rt.Prefix().Addr().String())
		return len(seen) < 5
	})
	if got := strings.Join(seen, " "); got != "2001:db8:1:: 2001:db8:1::1 2001:db8:1::2 2001:db8:1::3 2001:db8:1::4" {
		t.Errorf("a stopped batch went through %s", got)
	}
	// the batch was sorted in place: rts[k] is the k-th host route now
	if tb.Entries != 5 || rts[4].Node() == nil || rts[5].Node() != nil || rts[len(rts)-1].Prefix().String() != "2001:db8:1::3ff/128" {
		t.Errorf("a stopped batch left %d routes (the 5th linked: %v, the 6th: %v), the last is %v",
			tb.Entries, rts[4].Node() != nil, rts[5].Node() != nil, rts[len(rts)-1].Prefix())
	}

	var sernums [2]string
	for i := range 2 {
		n := NewNet()
		tb := n.Table(RT_TABLE_MAIN)
		n.sernum = 49
		p := n.NewRoute(netip.MustParsePrefix("2001:db8::/32"), netip.Addr{}, 2, 0)
		tb.Add(p, NLM_F_CREATE|NLM_F_EXCL) // its node takes 50
		n.sernum = 10                      // the counter wrapped since
		rts := hostBatch(n, 1024)
		if i == 0 {
			for k := range rts {
				tb.Add(&rts[k], NLM_F_CREATE|NLM_F_EXCL)
			}
		} else {
			tb.AddBatch(rts, NLM_F_CREATE|NLM_F_EXCL, func(*Info, error) bool { return true })
		}
		sernums[i] = fmt.Sprint(p.Node().Sernum, tb.Root().Sernum)
	}
	if sernums[0] != "1034 1034" || sernums[1] != sernums[0] {
		t.Errorf("serial numbers of the /32 and the root: %s one by one, %s in a batch", sernums[0], sernums[1])
	}

	n = NewNet()
	tb = n.Table(RT_TABLE_MAIN)
	rts = hostBatch(n, 1024)
	rts[0] = *n.NewRoute(netip.MustParsePrefix("8000::/0"), netip.MustParseAddr("fe80::1"), 2, 0)
	rts[1] = *n.NewRoute(netip.MustParsePrefix("::/0"), netip.MustParseAddr("fe80::2"), 2, 0)
	var errs []error
	tb.AddBatch(rts, NLM_F_CREATE|NLM_F_EXCL, func(_ *Info, err error) bool { errs = append(errs, err); return true })
	if !errors.Is(errs[1], errno.EEXIST) || tb.Lookup(KeyOf(netip.MustParseAddr("3000::1"))).NH.Gw != GatewayOf(netip.MustParseAddr("fe80::1")) {
		t.Errorf("unmasked default first: the second default's add gave %v", errs[1])
	}
}
