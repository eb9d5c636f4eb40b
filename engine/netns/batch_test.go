package netns

import (
	"fmt"
	"math/rand/v2"
	"net/netip"
	"slices"
	"testing"

	"fib6lab/engine/fib6"
	"fib6lab/engine/trace"
)

// TestPacketRouterMatchesLookup: a packet router answers every packet as
// Lookup does while routes expire, go and come and the clock moves, and
// it looks the trie up again only when its shape changed.
func TestPacketRouterMatchesLookup(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	ns, _ := dstNetns(t, "6.18")
	var prefixes []string
	var dsts []netip.Addr
	for x := range 6 {
		prefixes = append(prefixes, fmt.Sprintf("2001:db8:3:%x::/64", x), fmt.Sprintf("2001:db8:3:%x::/65", x),
			fmt.Sprintf("2001:db8:3:%x::/63", x&^1))
		dsts = append(dsts, netip.MustParseAddr(fmt.Sprintf("2001:db8:3:%x::1", x)))
	}
	prefixes = append(prefixes, "2001:db8:3::/48", "2001:db8::/32")
	dsts = append(dsts, onLinkDst, farDst, netip.MustParseAddr("2001:db8:99::1"))
	if ns.newPacketRouter(1, dsts[0]) != nil {
		t.Fatal("a router for one packet: it looks up whole, without one")
	}
	pr := ns.newPacketRouter(2, dsts...)
	finds, lookups := 0, 0
	for step := range 3000 {
		tb := ns.FIB.Table(fib6.RT_TABLE_MAIN)
		p := netip.MustParsePrefix(prefixes[r.IntN(len(prefixes))])
		switch r.IntN(12) {
		case 0: // a route (maybe expiring) comes
			rt := ns.FIB.NewRoute(p, netip.MustParseAddr("2001:db8:1::2"), 2, 1024)
			if r.IntN(2) == 0 {
				rt.SetExpires(ns.Now() + int64(1+r.IntN(5))*ns.HZ)
			}
			ns.AddRoute(fib6.RT_TABLE_MAIN, rt, fib6.NLM_F_CREATE|fib6.NLM_F_EXCL)
		case 1: // a route goes
			if fn := tb.Locate(fib6.KeyOf(p.Addr()), uint8(p.Bits()), true); fn != nil {
				tb.Del(tb.Leaf(fn))
			}
		case 2, 3: // time passes: routes expire, GC passes delete them
			ns.Advance(int64(r.IntN(3 * int(ns.HZ))))
		}
		i := r.IntN(len(dsts))
		shape := ns.FIB.ShapeGen()
		wasValid := pr.valid && pr.shape == shape
		got, gt, gerr := pr.lookup(ns, i, dsts[i])
		want, wt, werr := ns.Lookup(dsts[i])
		if got != want || gt != wt || fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Fatalf("step %d, %v: router %v %v, Lookup %v %v", step, dsts[i], got.Prefix(), gerr, want.Prefix(), werr)
		}
		lookups++
		if !wasValid {
			finds++
		}
	}
	if finds < 100 || finds > lookups/2 {
		t.Errorf("%d trie lookups for %d packets", finds, lookups)
	}
}

// TestFloodsBatchedMatchUnbatched: raw floods and sends on 6.1 and 6.18,
// with routes and exceptions expiring meanwhile and the clock moving,
// end exactly as with every packet looked up whole (Unbatched): results,
// dst and GC statistics, kernel log, routes; and traced, with the same
// events.
func TestFloodsBatchedMatchUnbatched(t *testing.T) {
	for _, v := range []string{"6.1", "6.18"} {
		for _, traced := range []bool{false, true} {
			var got [2]string
			var events [2][]trace.Event
			for i, unbatched := range []bool{false, true} {
				ns, _ := dstNetns(t, v)
				ns.Unbatched = unbatched
				rec := &trace.Recorder{}
				if traced {
					ns.SetTrace(rec)
				}
				ns.Sysctl.GCInterval = ns.HZ
				ns.Sysctl.MTUExpires = 3 * ns.HZ
				for j := range 20 {
					addRoute(t, ns, fib6.RT_TABLE_MAIN, fmt.Sprintf("2001:db8:3:%x::/64", j), "2001:db8:1::2", 1024, int64(1+j%7))
					ns.PTB(netip.MustParseAddr(fmt.Sprintf("2001:db8:3:%x::1", j)), 1300)
				}
				var out string
				for j := range 8 {
					d := netip.MustParseAddr(fmt.Sprintf("2001:db8:3:%x::7", j))
					out += fmt.Sprintf("%+v\n", ns.FloodRaw(RawFlood{Dst: d, Senders: 3, Count: 600, Inflight: 200, Rate: 40}))
					out += fmt.Sprintf("%+v\n", ns.Send(d, netip.Addr{}, 500, j%2))
					ns.Advance(ns.HZ / 2)
				}
				out += fmt.Sprintf("%+v\n", ns.FloodRaw(RawFlood{Dst: onLinkDst, Senders: 5, Count: 2000, Inflight: 1000, Rate: 50}))
				got[i] = fmt.Sprintf("%s%+v\n%s\n%q\n%s\n%v", out, ns.Dst.Stats, gcState(ns), ns.Dst.Log, ns.RT6Stats(), routeDump(ns))
				events[i] = rec.Events
			}
			if got[0] != got[1] {
				t.Errorf("%s traced %v: batched\n%s\nunbatched\n%s", v, traced, got[0], got[1])
			}
			if !slices.Equal(events[0], events[1]) || traced != (len(events[0]) > 0) {
				t.Errorf("%s traced %v: %d events batched, %d unbatched", v, traced, len(events[0]), len(events[1]))
			}
		}
	}
}

// routeDump lists table main's routes with their expiry.
func routeDump(ns *Netns) []string {
	var s []string
	for _, rt := range ns.FIB.Table(fib6.RT_TABLE_MAIN).Dump() {
		s = append(s, fmt.Sprintf("%v %d %d", rt.Prefix(), rt.Flags, rt.Expires))
	}
	return s
}
