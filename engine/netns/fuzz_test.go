package netns

import (
	"fmt"
	"net/netip"
	"slices"
	"testing"

	"fib6lab/engine/fib6"
	"fib6lab/engine/gc"
)

// refRoute is the reference model's view of one route.
type refRoute struct {
	p       netip.Prefix
	gw      netip.Addr
	metric  uint32
	expires int64 // 0 = permanent
	info    *fib6.Info
}

// refModel is a deliberately simple model of table main: a list of routes
// per prefix in metric order, and brute-force longest-prefix match. It
// implements the add rules of fib6_add_rt2node for gateway routes
// (EEXIST with NLM_F_EXCL, the expiring duplicate, append as ECMP sibling,
// replace of the first same-metric route and its siblings).
type refModel map[netip.Prefix][]*refRoute

func (m refModel) add(r *refRoute, flags uint16) (linked bool, dupUpdated *refRoute) {
	list := m[r.p]
	for i, it := range list {
		if it.metric != r.metric {
			continue
		}
		if flags&fib6.NLM_F_EXCL != 0 {
			return false, nil
		}
		if flags&fib6.NLM_F_REPLACE != 0 {
			end := i + 1
			for end < len(list) && list[end].metric == r.metric {
				end++
			}
			m[r.p] = slices.Concat(list[:i], []*refRoute{r}, list[end:])
			return true, nil
		}
		if it.gw == r.gw {
			if it.expires == 0 {
				return false, nil
			}
			it.expires = r.expires
			return false, it
		}
	}
	i := 0
	for i < len(list) && list[i].metric <= r.metric {
		i++
	}
	m[r.p] = slices.Insert(list, i, r)
	return true, nil
}

func (m refModel) lookup(a netip.Addr, now int64) *refRoute {
	for l := 128; l >= 0; l-- {
		p, _ := a.Prefix(l)
		for _, r := range m[p] {
			if r.expires == 0 || now <= r.expires {
				return r
			}
		}
	}
	return nil
}

func (m refModel) gc(now int64) {
	for p, list := range m {
		list = slices.DeleteFunc(list, func(r *refRoute) bool { return r.expires != 0 && now > r.expires })
		if len(list) == 0 {
			delete(m, p)
		} else {
			m[p] = list
		}
	}
}

// fuzzPrefixes is a small nested universe so operations collide often.
var fuzzPrefixes = func() []netip.Prefix {
	var ps []netip.Prefix
	for _, s := range []string{"::/0", "2001:db8::/32", "2001:db8::/33", "2001:db8:8000::/33",
		"2001:db8:1::/48", "2001:db8:2::/48", "2001:db8:3::/48", "2001:db8:1::/64",
		"2001:db8:1:1::/64", "2001:db8:1::1/128", "2001:db8:1::2/128", "2001:db9::/32"} {
		ps = append(ps, netip.MustParsePrefix(s))
	}
	return ps
}()

var fuzzProbes = []netip.Addr{
	netip.MustParseAddr("2001:db8:1::1"), netip.MustParseAddr("2001:db8:1::3"),
	netip.MustParseAddr("2001:db8:1:1::9"), netip.MustParseAddr("2001:db8:2::1"),
	netip.MustParseAddr("2001:db8:9000::1"), netip.MustParseAddr("2001:db9::1"),
	netip.MustParseAddr("3000::1"),
}

// runOps decodes ops from b (4 bytes each) and applies them to a namespace
// and to the reference model, comparing after every operation.
func runOps(t *testing.T, b []byte, s gc.Strategy) {
	ns := newWithGC(s)
	ref := refModel{}
	tb := ns.FIB.Table(fib6.RT_TABLE_MAIN)
	for i := 0; i+4 <= len(b) && i < 4*200; i += 4 {
		op, arg := b[i]%8, b[i+1:i+4]
		desc := applyOp(t, ns, ref, op, arg)
		if err := tb.Check(); err != nil {
			t.Fatalf("op %d %s: %v", i/4, desc, err)
		}
		if err := compare(ns, ref); err != nil {
			t.Fatalf("op %d %s: %v", i/4, desc, err)
		}
	}
}

func applyOp(t *testing.T, ns *Netns, ref refModel, op byte, arg []byte) string {
	p := fuzzPrefixes[int(arg[0])%len(fuzzPrefixes)]
	gw := netip.AddrFrom16([16]byte{0xfe, 0x80, 15: 1 + arg[1]%3})
	metric := uint32(arg[1]/3%3) * 512
	var expires int64
	if arg[2]%2 == 1 {
		expires = ns.Now() + int64(arg[2]/2%8)*ns.HZ
	}
	switch op {
	case 0, 1, 2, 3:
		flags := []uint16{fib6.NLM_F_CREATE | fib6.NLM_F_EXCL, fib6.NLM_F_CREATE | fib6.NLM_F_APPEND,
			fib6.NLM_F_CREATE | fib6.NLM_F_REPLACE, fib6.NLM_F_CREATE}[op]
		rt := ns.FIB.NewRoute(p, gw, 2, metric)
		if expires != 0 {
			rt.SetExpires(expires)
		}
		r := &refRoute{p: p, gw: gw, metric: rt.Metric, expires: expires, info: rt}
		err := ns.AddRoute(0, rt, flags)
		linked, _ := ref.add(r, flags)
		if (err == nil) != linked {
			t.Fatalf("add %v via %v metric %d flags %#x: engine %v, reference linked=%v", p, gw, rt.Metric, flags, err, linked)
		}
		return fmt.Sprintf("add %v via %v metric %d expires %d flags %#x", p, gw, rt.Metric, expires, flags)
	case 4, 5:
		list := ref[p]
		if len(list) == 0 {
			return "del (none)"
		}
		r := list[int(arg[1])%len(list)]
		if err := ns.FIB.Table(0).Del(r.info); err != nil {
			t.Fatalf("del %v: %v", p, err)
		}
		ref[p] = slices.DeleteFunc(list, func(x *refRoute) bool { return x == r })
		if len(ref[p]) == 0 {
			delete(ref, p)
		}
		return fmt.Sprintf("del %v via %v", p, r.gw)
	case 6:
		d := int64(arg[0]%6) * ns.HZ / 2
		passes := ns.GC.Passes
		ns.Advance(d)
		if ns.GC.Passes != passes { // the GC timer fired on the way
			ref.gc(ns.GC.LastPassAt)
		}
		return fmt.Sprintf("advance %d", d)
	}
	ns.RunGC(0, true)
	ref.gc(ns.Now())
	return "gc"
}

// compare checks route sets, GC list membership and lookups.
func compare(ns *Netns, ref refModel) error {
	tb := ns.FIB.Table(fib6.RT_TABLE_MAIN)
	got := map[*fib6.Info]bool{}
	for _, rt := range tb.Dump() {
		got[rt] = true
		if rt.OnGCList() != rt.HasExpires() {
			return fmt.Errorf("%v: on GC list %v, expires %v", rt.Prefix(), rt.OnGCList(), rt.HasExpires())
		}
	}
	n := 0
	for _, list := range ref {
		for _, r := range list {
			n++
			if !got[r.info] {
				return fmt.Errorf("reference route %v via %v missing", r.p, r.gw)
			}
			if r.info.HasExpires() != (r.expires != 0) || (r.expires != 0 && r.info.Expires != r.expires) {
				return fmt.Errorf("%v via %v: expires %d, reference %d", r.p, r.gw, r.info.Expires, r.expires)
			}
		}
	}
	if n != len(got) || n != tb.Entries {
		return fmt.Errorf("engine has %d routes (entries %d), reference %d", len(got), tb.Entries, n)
	}
	for _, a := range fuzzProbes {
		want := ref.lookup(a, ns.Now())
		rt := tb.Lookup(fib6.KeyOf(a))
		if want == nil && rt != ns.FIB.NullEntry || want != nil && rt.Prefix() != want.p {
			return fmt.Errorf("lookup %v: engine %v, reference %v", a, rt.Prefix(), want)
		}
	}
	return nil
}

// FuzzOps runs random operation sequences (add/append/replace/prepend,
// delete, time passing, GC) on a namespace and on the reference model, for
// both GC strategies, checking route sets, lookups, GC list membership and
// the trie invariants after every operation.
func FuzzOps(f *testing.F) {
	f.Add([]byte{0, 4, 1, 3, 1, 4, 2, 3, 6, 5, 0, 0, 7, 0, 0, 0})
	f.Add([]byte{1, 0, 0, 0, 1, 0, 1, 0, 1, 0, 2, 0, 2, 0, 3, 0, 4, 0, 0, 0, 3, 9, 4, 5})
	f.Add([]byte{0, 9, 3, 3, 0, 10, 3, 5, 0, 4, 0, 1, 6, 4, 0, 0, 6, 5, 0, 0, 7, 0, 0, 0, 5, 9, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, s := range gc.Strategies {
			runOps(t, b, s)
		}
	})
}
