package ila

import (
	"errors"
	"net/netip"
	"testing"

	"fib6lab/engine/errno"
	"fib6lab/engine/kernel"
	"fib6lab/engine/lwtunnel"
)

func ptr[T any](v T) *T { return &v }

// fakeCache records what the ILA state does with its dst_cache.
type fakeCache struct {
	slots     map[int]lwtunnel.Dst
	destroyed bool
	gets      int
}

func (c *fakeCache) Get(cpu int) lwtunnel.Dst { c.gets++; return c.slots[cpu] }
func (c *fakeCache) SetIP6(cpu int, d lwtunnel.Dst, _ netip.Addr) {
	if c.slots == nil {
		c.slots = map[int]lwtunnel.Dst{}
	}
	c.slots[cpu] = d
}
func (c *fakeCache) Destroy() { c.destroyed = true }

// ilaOf is ILA of release v; its caches are recorded.
func ilaOf(v kernel.Release, caches *[]*fakeCache) Module {
	return Module{Kernel: kernel.For(v), NewCache: func() (DstCache, error) {
		c := &fakeCache{}
		*caches = append(*caches, c)
		return c, nil
	}}
}

// seedKernel is ILA with the 2016 dst_cache (4.9); its caches are recorded.
func seedKernel(caches *[]*fakeCache) Module {
	return ilaOf(kernel.Release{Major: 4, Minor: 9}, caches)
}

func buildCfg(prefix string, a *Attrs) *lwtunnel.Config {
	return &lwtunnel.Config{Family: lwtunnel.AFInet6, Dst: netip.MustParsePrefix(prefix), Encap: a}
}

func TestBuildStateValidation(t *testing.T) {
	loc := ptr(ilaLoc)
	cases := []struct {
		name   string
		family uint8
		prefix string
		attrs  *Attrs
		err    error
	}{
		{"ipv4 family", 2, "3333:0:0:1:2000::/80", &Attrs{Locator: loc}, errno.EINVAL},
		{"no locator", 10, "3333:0:0:1:2000::/80", &Attrs{}, errno.EINVAL},
		// every later rule is broken too: the locator check comes first
		{"no locator before the rest", 10, "3333::/64", &Attrs{HookType: ptr(HookType(7))}, errno.EINVAL},
		{"use-format needs /67", 10, "3333:0:0:1:2000::/66", &Attrs{Locator: loc}, errno.EINVAL},
		{"use-format type IID", 10, "3333:0:0:1:1000::/80", &Attrs{Locator: loc}, errno.EINVAL},
		{"use-format type virt-v4", 10, "3333:0:0:1:4000::/80", &Attrs{Locator: loc}, errno.EINVAL},
		{"explicit iid", 10, "3333::/48", &Attrs{Locator: loc, IdentType: ptr(IdentIID)}, errno.EINVAL},
		{"explicit nonlocal", 10, "3333::/48", &Attrs{Locator: loc, IdentType: ptr(IdentNonlocalAddr)}, errno.EINVAL},
		{"reserved type 7", 10, "3333::/48", &Attrs{Locator: loc, IdentType: ptr(IdentType(7))}, errno.EINVAL},
		{"bad hook", 10, "3333::/48", &Attrs{Locator: loc, IdentType: ptr(IdentLUID), HookType: ptr(HookType(2))}, errno.EINVAL},
		{"neutral-map with C set", 10, "3333:0:0:1:3000::/80", &Attrs{Locator: loc, CsumMode: ptr(CsumNeutralMap)}, errno.EINVAL},
		// C sits in byte 8: a /67 copies that whole byte, host bits included
		{"C bit beyond /67 still seen", 10, "3333:0:0:1:3000::/67", &Attrs{Locator: loc, CsumMode: ptr(CsumNeutralMap)}, errno.EINVAL},
		{"neutral-map-auto ignores C", 10, "3333:0:0:1:3000::/80", &Attrs{Locator: loc, CsumMode: ptr(CsumNeutralMapAuto)}, nil},
		{"unknown csum mode accepted", 10, "3333:0:0:1:2000::/80", &Attrs{Locator: loc, CsumMode: ptr(CsumMode(9))}, nil},
		{"defaults", 10, "3333:0:0:1:2000::/67", &Attrs{Locator: loc}, nil},
		{"luid on ::/0", 10, "::/0", &Attrs{Locator: loc, IdentType: ptr(IdentLUID), HookType: ptr(HookRouteInput)}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := buildCfg(c.prefix, c.attrs)
			cfg.Family = c.family
			_, err := Module{}.BuildState(cfg)
			if !errors.Is(err, c.err) && err != c.err {
				t.Errorf("err = %v, want %v", err, c.err)
			}
		})
	}
}

func TestBuildStateCacheError(t *testing.T) {
	k := Module{Kernel: kernel.For(kernel.Release{Major: 4, Minor: 9}), NewCache: func() (DstCache, error) { return nil, errno.ENOMEM }}
	if _, err := k.BuildState(buildCfg("3333:0:0:1:2000::/80", &Attrs{Locator: ptr(ilaLoc)})); err != errno.ENOMEM {
		t.Errorf("err = %v", err)
	}
}

func TestBuildStateResult(t *testing.T) {
	var caches []*fakeCache
	k := seedKernel(&caches)
	s, err := k.BuildState(buildCfg("3333:0:0:1:2000:0:0:2/128", &Attrs{Locator: ptr(ilaLoc), CsumMode: ptr(CsumNeutralMap)}))
	if err != nil {
		t.Fatal(err)
	}
	l := LwtOf(s)
	if s.Type != lwtunnel.EncapILA || s.Flags != lwtunnel.OutputRedirect|lwtunnel.InputRedirect || s.Headroom != 0 {
		t.Errorf("state %+v", s)
	}
	if !l.Connected || l.LocatorMatch != sirLoc || l.CsumDiff != computeDiff8(ilaLoc, sirLoc) || l.Cache != caches[0] {
		t.Errorf("lwt %+v", l)
	}
	if got := FillEncap(s); got != (Encap{ilaLoc, CsumNeutralMap, IdentUseFormat, HookRouteOutput}) {
		t.Errorf("fill %+v", got)
	}
	s64, _ := k.BuildState(buildCfg("3333:0:0:1::/64", &Attrs{Locator: ptr(ilaLoc), IdentType: ptr(IdentLUID)}))
	if LwtOf(s64).Connected {
		t.Error("/64 connected")
	}
	short, _ := k.BuildState(buildCfg("3333:0:0:1::/40", &Attrs{Locator: ptr(ilaLoc), IdentType: ptr(IdentLUID)}))
	if got := LwtOf(short).LocatorMatch; got != 0x3333_0000_0000_0000 {
		t.Errorf("/40 locator_match %v: only whole prefix bytes are copied", got)
	}
}

func TestRegisteredOps(t *testing.T) {
	var caches []*fakeCache
	reg := lwtunnel.NewRegistry()
	if err := seedKernel(&caches).Register(reg); err != nil {
		t.Fatal(err)
	}
	build := func(loc Locator, mode CsumMode) *lwtunnel.State {
		s, err := reg.BuildState(lwtunnel.EncapILA, buildCfg("3333:0:0:1:2000::/80", &Attrs{Locator: &loc, CsumMode: &mode}))
		if err != nil {
			t.Fatal(err)
		}
		return s.Hold()
	}
	a, b, c := build(ilaLoc, CsumNoAction), build(ilaLoc, CsumNeutralMap), build(ilaLoc+1, CsumNoAction)
	if reg.CmpEncap(a, b) || !reg.CmpEncap(a, c) {
		t.Error("cmp_encap must compare only the locator")
	}
	if EncapSize != 40 || reg.GetEncapSize(a) != 44 {
		t.Errorf("sizes %d %d", EncapSize, reg.GetEncapSize(a))
	}
	if typ, attrs, ok := reg.FillEncap(a); !ok || typ != lwtunnel.EncapILA || attrs.(Encap).Locator != ilaLoc {
		t.Errorf("fill %v %v %v", typ, attrs, ok)
	}
	a.Put()
	if !caches[0].destroyed || a.Freed() {
		t.Error("destroy_state must run at once, the free after the grace period")
	}
	reg.Grace.Synchronize()
	if !a.Freed() {
		t.Error("not freed after the grace period")
	}
}

// Linux 4.8, before the 2016 seed, has neither the dst_cache nor
// destroy_state, though the namespace offers a cache to every release.
func TestPreSeedKernelHasNoDestroyState(t *testing.T) {
	var caches []*fakeCache
	k := ilaOf(kernel.Release{Major: 4, Minor: 8}, &caches)
	if k.Ops().DestroyState != nil {
		t.Error("pre-2016 ILA has no destroy_state")
	}
	s, _ := k.BuildState(buildCfg("3333:0:0:1:2000::/80", &Attrs{Locator: ptr(ilaLoc)}))
	if LwtOf(s).Cache != nil || len(caches) != 0 {
		t.Errorf("pre-2016 ILA has no dst_cache: %d made", len(caches))
	}
}

func TestNames(t *testing.T) {
	got := []string{CsumAdjustTransport.String(), CsumNeutralMapAuto.String(), CsumMode(4).String(),
		IdentVirtMultiV6.String(), IdentUseFormat.String(), IdentType(6).String(),
		HookRouteInput.String(), HookType(2).String(), Locator(0x2001_0000_0000_0002).String()}
	want := []string{"adj-transport", "neutral-map-auto", "unknown", "virt-multi-v6", "use-format", "unknown",
		"input", "unknown", "2001:0:0:2"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%q, want %q", got[i], want[i])
		}
	}
}
