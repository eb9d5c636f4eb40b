package main

import (
	"net/netip"

	"github.com/gaissmai/bart"
	"github.com/kentik/patricia"
	"github.com/kentik/patricia/uint32_tree"

	"fib6lab/engine/fib6"
)

// table is what the lookup benchmarks need from a longest-prefix-match
// structure. Lookup reports whether some prefix covers the address.
type table interface {
	Insert(p netip.Prefix)
	Delete(p netip.Prefix)
	Lookup(a netip.Addr) bool
}

// peers lists the structures compared, fib6lab's kernel-shaped trie first.
var peers = []struct {
	name string
	make func() table
}{
	{"fib6lab", newFib6},
	{"bart.Table", func() table { return &bartTable{} }},
	{"kentik/patricia", func() table { return &kentikTable{t: uint32_tree.NewTreeV6()} }},
}

// fib6Table puts routes in table main of a fresh fib6.Net, as `ip -6 route
// add P via fe80::1 dev 2` would, and looks up with fib6_table_lookup.
type fib6Table struct {
	net *fib6.Net
	tb  *fib6.Table
	gw  fib6.Gateway
}

func newFib6() table {
	n := fib6.NewNet()
	return &fib6Table{net: n, tb: n.Table(fib6.RT_TABLE_MAIN), gw: fib6.GatewayOf(netip.MustParseAddr("fe80::1"))}
}

func (f *fib6Table) Insert(p netip.Prefix) {
	rt := f.net.NewInfo()
	rt.Dst, rt.DstLen = fib6.KeyOf(p.Addr()), uint8(p.Bits())
	rt.Type, rt.Metric, rt.Flags = fib6.RTN_UNICAST, fib6.IP6_RT_PRIO_USER, fib6.RTF_UP|fib6.RTF_GATEWAY
	rt.NH.Dev, rt.NH.Gw = 2, f.gw
	f.tb.Add(rt, fib6.NLM_F_CREATE|fib6.NLM_F_EXCL)
}

func (f *fib6Table) Delete(p netip.Prefix) {
	if fn := f.tb.Locate(fib6.KeyOf(p.Addr()), uint8(p.Bits()), true); fn != nil {
		f.tb.Del(f.tb.Leaf(fn))
	}
}

func (f *fib6Table) Lookup(a netip.Addr) bool {
	return f.tb.Lookup(fib6.KeyOf(a)) != f.net.NullEntry
}

type bartTable struct{ t bart.Table[uint32] }

func (b *bartTable) Insert(p netip.Prefix) { b.t.Insert(p, 1) }
func (b *bartTable) Delete(p netip.Prefix) { b.t.Delete(p) }
func (b *bartTable) Lookup(a netip.Addr) bool {
	_, ok := b.t.Lookup(a)
	return ok
}

type kentikTable struct{ t *uint32_tree.TreeV6 }

func kentikAddr(a netip.Addr, bits int) patricia.IPv6Address {
	b := a.As16()
	return patricia.NewIPv6Address(b[:], uint(bits))
}

func (k *kentikTable) Insert(p netip.Prefix) { k.t.Set(kentikAddr(p.Addr(), p.Bits()), 1) }
func (k *kentikTable) Delete(p netip.Prefix) {
	k.t.Delete(kentikAddr(p.Addr(), p.Bits()), func(a, b uint32) bool { return true }, 1)
}
func (k *kentikTable) Lookup(a netip.Addr) bool {
	ok, _ := k.t.FindDeepestTag(kentikAddr(a, 128))
	return ok
}
