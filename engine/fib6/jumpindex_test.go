package fib6

import (
	"math/rand/v2"
	"net/netip"
	"testing"

	"fib6lab/engine/trace"
)

// TestJumpIndexMatchesNodes: on random tables changed between rounds of
// lookups, untraced lookups find the nodes and routes the traced path
// finds, one by one and batched, while the jump index is stale (the
// descent from the root) and once it is rebuilt; a rebuilt index sends
// every lookup to a node on its descent, and a change of shape makes it
// stale.
func TestJumpIndexMatchesNodes(t *testing.T) {
	built := 0
	for seed := range uint64(20) {
		n, ps := batchNet(seed)
		tb := n.Table(RT_TABLE_MAIN)
		a := &n.arena
		r := rand.New(rand.NewPCG(seed, 5))
		for round := range 8 {
			keys := batchKeys(r, ps, 400)
			fl := []Flow{{}, {Oif: 1}, {Oif: 2, Strict: true}}[r.IntN(3)]
			wantFn, wantRt := make([]*Node, len(keys)), make([]*Info, len(keys))
			n.Trace = &trace.Recorder{}
			for i, k := range keys {
				wantFn[i], wantRt[i] = tb.NodeLookup(k), tb.LookupFlow(k, fl)
			}
			n.Trace = nil
			if round%2 == 1 && tb.jump != nil {
				tb.jump.stale = 1 << 30 // the next lookup rebuilds the index
			}
			gotFn, gotRt := make([]*Node, len(keys)), make([]*Info, len(keys))
			tb.NodeLookupBatch(keys, gotFn)
			tb.LookupBatch(keys, fl, gotRt)
			for i, k := range keys {
				if fn := tb.NodeLookup(k); fn != wantFn[i] || gotFn[i] != wantFn[i] {
					t.Fatalf("seed %d round %d %v: node /%d, batched /%d, Node path /%d", seed, round, k.Addr(), fn.FnBit, gotFn[i].FnBit, wantFn[i].FnBit)
				}
				if rt := tb.LookupFlow(k, fl); rt != wantRt[i] || gotRt[i] != wantRt[i] {
					t.Fatalf("seed %d round %d %v: route %v, batched %v, Node path %v", seed, round, k.Addr(), rt.Prefix(), gotRt[i].Prefix(), wantRt[i].Prefix())
				}
			}
			if round%2 == 1 {
				if j := tb.jumps(0); j != nil {
					built++
					checkStarts(t, tb, j, keys)
				} else if tb.Entries >= minJumpRoutes {
					t.Fatalf("seed %d round %d: no index after a forced rebuild", seed, round)
				}
				ps = routeOnIntermediate(t, n, ps)
			}
			ps = changeTable(t, r, n, ps)
			if tb.jump != nil && tb.jump.shape == a.shape+1 {
				t.Fatalf("seed %d round %d: the index outlived a change of shape", seed, round)
			}
		}
	}
	if built < 20 {
		t.Fatalf("the index served only %d rounds", built)
	}
}

// checkStarts checks that the jump index sends each of keys to a node on
// its descent from the root.
func checkStarts(t *testing.T, tb *Table, j *jumpIndex, keys []Key) {
	t.Helper()
	for _, k := range keys {
		start, fn := j.start(k), tb.Root()
		for fn.Self != start {
			fn = tb.net.child(fn, k.Bit(fn.FnBit))
			if fn == nil {
				t.Fatalf("%v: the index sends the lookup to node %d, off its descent", k.Addr(), start)
			}
		}
	}
}

// routeOnIntermediate adds a route on an intermediate node, which makes
// no node but gives one RTN_RTINFO, and checks that this alone makes the
// jump index stale.
func routeOnIntermediate(t *testing.T, n *Net, ps []netip.Prefix) []netip.Prefix {
	a := &n.arena
	for i := NodeIdx(1); i < a.next; i++ {
		fn := a.get(i)
		if fn.FnFlags&(RTN_RTINFO|RTN_ROOT) != 0 || n.leaf(fn) == nil {
			continue
		}
		p := netip.PrefixFrom(n.leaf(fn).Dst.Addr(), int(fn.FnBit)).Masked()
		next := a.next
		if err := n.Table(RT_TABLE_MAIN).Add(n.NewRoute(p, netip.Addr{}, 1, 1024), NLM_F_CREATE|NLM_F_EXCL); err != nil {
			t.Fatalf("add %v on an intermediate node: %v", p, err)
		}
		if a.next != next || fn.FnFlags&RTN_RTINFO == 0 {
			t.Fatalf("add %v made a node instead of using the intermediate one", p)
		}
		if j := n.Table(RT_TABLE_MAIN).jump; j != nil && j.shape == a.shape+1 {
			t.Fatalf("the index outlived %v's route on an intermediate node", p)
		}
		return append(ps, p)
	}
	t.Fatal("no intermediate node")
	return nil
}

// changeTable deletes about a tenth of the table's prefixes and adds as
// many new ones, returning the prefixes the table then holds.
func changeTable(t *testing.T, r *rand.Rand, n *Net, ps []netip.Prefix) []netip.Prefix {
	tb := n.Table(RT_TABLE_MAIN)
	var kept []netip.Prefix
	for _, p := range ps {
		if r.IntN(10) != 0 {
			kept = append(kept, p)
			continue
		}
		if fn := tb.Locate(KeyOf(p.Addr()), uint8(p.Bits()), true); fn != nil {
			if err := tb.Del(tb.Leaf(fn)); err != nil {
				t.Fatalf("del %v: %v", p, err)
			}
		}
	}
	for range len(ps) / 10 {
		p := netip.PrefixFrom(randomAddr(r, 0x20), 16+r.IntN(113)).Masked()
		if tb.Add(n.NewRoute(p, netip.Addr{}, 1, 1024), NLM_F_CREATE|NLM_F_EXCL) == nil {
			kept = append(kept, p)
		}
	}
	return kept
}

// TestJumpIndexBackoff: while the shape changes before a rebuilt index
// serves its wait in lookups, each rebuild doubles the next wait, up to
// maxBackoff; an index that serves its wait resets it.
func TestJumpIndexBackoff(t *testing.T) {
	n, ps := batchNet(1)
	tb := n.Table(RT_TABLE_MAIN)
	tb.jumps(0)
	d := tb.jump
	key := KeyOf(ps[0].Addr())
	churn := netip.MustParsePrefix("2001:db8:ffff::1/128")
	rebuilds, wait := 0, int(n.arena.next>>5)
	for range wait << (maxBackoff + 1) {
		shape := d.shape
		tb.Lookup(key)
		if d.shape != shape {
			rebuilds++
			// the shape moves on right after every rebuild
			if err := tb.Add(n.NewRoute(churn, netip.Addr{}, 1, 1024), NLM_F_CREATE|NLM_F_EXCL); err != nil {
				t.Fatal(err)
			}
			if err := tb.Del(tb.Leaf(tb.Locate(KeyOf(churn.Addr()), 128, true))); err != nil {
				t.Fatal(err)
			}
		}
	}
	if d.backoff != maxBackoff || rebuilds > maxBackoff+3 { // 512 without the backoff
		t.Fatalf("%d rebuilds in %d lookups (first wait %d), backoff %d; want at most %d, backoff %d",
			rebuilds, wait<<(maxBackoff+1), wait, d.backoff, maxBackoff+3, maxBackoff)
	}
	for range wait<<maxBackoff + wait + 1 { // the next rebuild, then a 32nd of the arena served
		tb.Lookup(key)
	}
	d.stale = 1 << 30
	tb.Add(n.NewRoute(churn, netip.Addr{}, 1, 1024), NLM_F_CREATE|NLM_F_EXCL)
	tb.Lookup(key)
	if d.backoff != 0 || d.shape != n.arena.shape+1 {
		t.Fatalf("after an index that served %d lookups: backoff %d, fresh %v", wait+1, d.backoff, d.shape == n.arena.shape+1)
	}
}

// TestJumpIndexFullTable: on the real table the index has a 16-bit root
// table and stride tables, every lookup starts on its own descent, and a
// hit descends fewer than 8 nodes from where the index sends it (26 from
// the root).
func TestJumpIndexFullTable(t *testing.T) {
	n := NewNet()
	ps := loadFull(t, n)
	tb := n.Table(RT_TABLE_MAIN)
	tb.jump = &jumpIndex{stale: 1 << 30}
	j := tb.jumps(0)
	if j == nil || j.rootBits != maxRootBits || len(j.tables)>>strideBits < 1000 {
		t.Fatalf("index %v", j != nil)
	}
	r := rand.New(rand.NewPCG(3, 3))
	keys := make([]Key, 20000)
	for i := range keys {
		keys[i] = KeyOf(randomInside(r, ps[r.IntN(len(ps))]))
	}
	checkStarts(t, tb, j, keys)
	steps := 0
	for _, k := range keys {
		for fn := n.arena.get(j.start(k)); fn.child(k.Bit(fn.FnBit)) != 0; steps++ {
			fn = n.arena.get(fn.child(k.Bit(fn.FnBit)))
		}
	}
	if avg := float64(steps) / float64(len(keys)); avg >= 8 {
		t.Fatalf("a hit descends %.1f nodes from the index's start", avg)
	}
}
