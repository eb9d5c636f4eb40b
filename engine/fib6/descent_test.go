package fib6

import (
	"math/rand/v2"
	"net/netip"
	"slices"
	"testing"

	"fib6lab/data"
	"fib6lab/engine/trace"
)

// TestDescentShortcut: adds that start their descent below the root
// (untraced, after an add nearby: descentStart) build exactly the trie
// that adds descending from the root build (traced), for prefixes in
// address order, in random order, in runs of consecutive /128s, with
// failed adds (duplicates) and deletes in between, and the shortcut is
// taken most of the time in address order.
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
