package netns

import (
	"fmt"
	"net/netip"
	"testing"

	"fib6lab/engine/fib6"
)

// ecmpNetns builds three veth ends (va, vc, vx: ifindex 3, 5, 7) with
// 2001:db8:{1,3,5}::1/64 and a route 2001:db8:200::/64 over a gateway
// on each, with the given weights.
func ecmpNetns(t *testing.T, weights ...uint32) (*Netns, *fib6.Info) {
	t.Helper()
	ns := New(0)
	var hops []NH
	for i, name := range []string{"va", "vc", "vx"} {
		peer := name[:1] + string(name[1]+1)
		if err := ns.AddVeth(name, [6]byte{2, 0, 0, 0, 0, byte(2*i + 1)}, peer, [6]byte{2, 0, 0, 0, 0, byte(2*i + 2)}); err != nil {
			t.Fatal(err)
		}
		d, p := ns.Dev(name), ns.Dev(peer)
		ns.SetDisableIPv6(p, 1)
		ns.SetLinkUp(d, true)
		ns.SetLinkUp(p, true)
		if err := ns.AddAddr(d, netip.MustParsePrefix(fmt.Sprintf("2001:db8:%d::1/64", 2*i+1)), true); err != nil {
			t.Fatal(err)
		}
		hops = append(hops, NH{Gw: netip.MustParseAddr(fmt.Sprintf("2001:db8:%d::2", 2*i+1)), Weight: weights[i]})
	}
	c := &RouteConfig{Dst: netip.MustParsePrefix("2001:db8:200::/64"), Type: fib6.RTN_UNICAST, Protocol: 3,
		Nexthops: hops, Multipath: true, NLFlags: fib6.NLM_F_CREATE | fib6.NLM_F_EXCL}
	if err := ns.RouteAdd(c); err != nil {
		t.Fatal(err)
	}
	rt, _, err := ns.Lookup(netip.MustParseAddr("2001:db8:200::"))
	if err != nil || rt.NSiblings() != 2 {
		t.Fatalf("lookup: %v, %d siblings", err, rt.NSiblings())
	}
	return ns, firstSibling(rt)
}

// spread counts the hop (device index) each of n destinations
// 2001:db8:200::1.. is sent through.
func spread(t *testing.T, ns *Netns, n int) map[int]int {
	t.Helper()
	got := map[int]int{}
	for i := 1; i <= n; i++ {
		dst := netip.MustParseAddr(fmt.Sprintf("2001:db8:200::%x", i))
		rt, _, _, err := ns.LookupKeys(FlowKeys{Dst: dst}, fib6.Flow{})
		if err != nil {
			t.Fatal(err)
		}
		got[rt.NH.Dev]++
	}
	return got
}

// TestUpperBounds checks rt6_upper_bound_set's shares for weights 1, 1,
// 2: cumulative weight over the total, scaled to 2^31, minus one; and a
// dead hop's -1 with the others rebalanced over what is left.
func TestUpperBounds(t *testing.T) {
	ns, first := ecmpNetns(t, 1, 1, 2)
	members := append([]*fib6.Info{first}, first.Siblings()...)
	want := []int64{1<<29 - 1, 1<<30 - 1, 1<<31 - 1}
	b := upperBounds(first)
	for i, m := range members {
		if b[m] != want[i] {
			t.Errorf("hop %d: bound %d, want %d", i, b[m], want[i])
		}
	}
	ns.SetLinkUp(ns.Dev("vc"), false) // rt6_sync_down_dev: the vc hop is dead
	b = upperBounds(first)
	for i, w := range []int64{715827882, -1, 1<<31 - 1} { // 1/3 and 3/3 of 2^31, rounded, less one
		if b[members[i]] != w {
			t.Errorf("vc down, hop %d: bound %d, want %d", i, b[members[i]], w)
		}
	}
}

// TestMultipathSpread checks that without a seed (the boot's random
// one) flows spread over the hops by weight: 3000 destinations over
// weights 1, 1, 2 land 726, 788 and 1486 times (about 1/4, 1/4, 1/2),
// and over equal weights within 10% of a third each.
func TestMultipathSpread(t *testing.T) {
	ns, _ := ecmpNetns(t, 1, 1, 2)
	got := spread(t, ns, 3000)
	if want := map[int]int{3: 726, 5: 788, 7: 1486}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("weights 1,1,2: %v, want %v", got, want)
	}
	ns, _ = ecmpNetns(t, 1, 1, 1)
	for dev, n := range spread(t, ns, 3000) {
		if n < 900 || n > 1100 {
			t.Errorf("equal weights: hop %d took %d of 3000 flows", dev, n)
		}
	}
}

// TestMultipathSeed checks that fib_multipath_hash_seed decides the
// choice: the same seed gives the same hops in another namespace with
// another boot seed, and a different seed other hops.
func TestMultipathSeed(t *testing.T) {
	a, _ := ecmpNetns(t, 1, 1, 1)
	b, _ := ecmpNetns(t, 1, 1, 1)
	b.BootSeed = 12345
	for _, ns := range []*Netns{a, b} {
		if err := knobAt(t, ns, "fib_multipath_hash_seed").Set("1234\n"); err != nil {
			t.Fatal(err)
		}
	}
	sa, sb := spread(t, a, 300), spread(t, b, 300)
	if fmt.Sprint(sa) != fmt.Sprint(sb) {
		t.Errorf("same seed, other boot seed: %v vs %v", sa, sb)
	}
	if err := knobAt(t, b, "fib_multipath_hash_seed").Set("0"); err != nil {
		t.Fatal(err)
	}
	if sb = spread(t, b, 300); fmt.Sprint(sa) == fmt.Sprint(sb) {
		t.Errorf("seed 1234 and the boot seed spread alike: %v", sa)
	}
}

// TestMultipathKnobs checks the values the hash sysctls take, as the
// kernel's handlers take them.
func TestMultipathKnobs(t *testing.T) {
	ns := New(0)
	for _, c := range []struct {
		name, value string
		ok          bool
		read        string
	}{
		{"fib_multipath_hash_seed", "4294967295", true, "4294967295"},
		{"fib_multipath_hash_seed", "4294967296", false, "4294967295"},
		{"fib_multipath_hash_seed", "-0", false, "4294967295"},
		{"fib_multipath_hash_seed", "0x10", true, "16"},
		{"fib_multipath_hash_policy", "4", false, "0"},
		{"fib_multipath_hash_policy", "3", true, "3"},
		{"fib_multipath_hash_fields", "0", false, "7"},
		{"fib_multipath_hash_fields", "0xfff", true, "4095"},
		{"fib_multipath_hash_fields", "0x1000", false, "4095"},
	} {
		k := knobAt(t, ns, c.name)
		if err := k.Set(c.value); (err == nil) != c.ok || k.Get() != c.read {
			t.Errorf("%s=%s: err %v, reads %s; want ok=%v, %s", c.name, c.value, err, k.Get(), c.ok, c.read)
		}
	}
}

// knobAt finds the knob whose path ends in name.
func knobAt(t *testing.T, ns *Netns, name string) Knob {
	t.Helper()
	for _, k := range ns.Knobs() {
		if k.Path[len(k.Path)-1] == name {
			return k
		}
	}
	t.Fatalf("no knob %s", name)
	return Knob{}
}
