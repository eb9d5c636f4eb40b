package ila

import (
	"net/netip"

	"fib6lab/engine/errno"
	"fib6lab/engine/kernel"
	"fib6lab/engine/lwtunnel"
)

// Attrs is the nested RTA_ENCAP payload of an ILA route request (the
// ILA_ATTR_* attributes of include/uapi/linux/ila.h, as ip/iproute_lwtunnel.c
// sends them); a nil field is an absent attribute.
type Attrs struct {
	Locator   *Locator   // ILA_ATTR_LOCATOR (1, u64); required
	CsumMode  *CsumMode  // ILA_ATTR_CSUM_MODE (7, u8); default no-action
	IdentType *IdentType // ILA_ATTR_IDENT_TYPE (8, u8); default use-format
	HookType  *HookType  // ILA_ATTR_HOOK_TYPE (9, u8); default output
}

// Encap is what ila_fill_encap_info dumps: always all four attributes.
type Encap struct {
	Locator   Locator
	CsumMode  CsumMode
	IdentType IdentType
	HookType  HookType
}

// DstCache is the per-route route cache ILA keeps (struct dst_cache,
// include/net/dst_cache.h); the dst package implements it.
type DstCache interface {
	// Get models dst_cache_get on cpu's slot: a referenced dst, or nil
	// on a miss.
	Get(cpu int) lwtunnel.Dst
	// SetIP6 models dst_cache_set_ip6: cache dst (taking a reference)
	// with the flow's source address.
	SetIP6(cpu int, dst lwtunnel.Dst, saddr netip.Addr)
	// Destroy models dst_cache_destroy: release every slot's dst.
	Destroy()
}

// Lwt models struct ila_lwt (net/ipv6/ila/ila_lwt.c), the lwtunnel
// state's private data: the params, the route cache and the connected bit
// (the route is a /128, so one cached dst serves every packet). Cache is
// nil on kernels before the 2016 dst_cache change.
type Lwt struct {
	Params
	Cache     DstCache
	Connected bool
}

// LwtOf returns the ILA private data of an ILA state (ila_lwt_lwtunnel).
func LwtOf(s *lwtunnel.State) *Lwt { return s.Data.(*Lwt) }

// Module models the ILA lightweight tunnel (net/ipv6/ila/ila_lwt.c) as
// built in the release Kernel describes. From 4.9 (Kernel.ILACache) every
// state gets a dst_cache and the encap ops have destroy_state; before the
// 2016 seed neither exists, and ila_output hands every translated packet
// to the route's original output on the same dst. The zero Module is the
// kernel before the seed.
type Module struct {
	Kernel kernel.Features
	// NewCache models dst_cache_init (it may fail with ENOMEM); it is
	// called only with Kernel.ILACache.
	NewCache func() (DstCache, error)
	// Variant is the adjust-transport sign every state gets.
	Variant Variant
}

// Register models ila_lwt_init: add ILA's encap ops to reg under
// lwtunnel.EncapILA.
func (k Module) Register(reg *lwtunnel.Registry) error {
	return reg.Register(lwtunnel.EncapILA, k.Ops())
}

// Ops models ila_encap_ops (net/ipv6/ila/ila_lwt.c) in this release.
func (k Module) Ops() *lwtunnel.Ops {
	ops := &lwtunnel.Ops{
		BuildState:   k.BuildState,
		Output:       k.Output,
		Input:        Input,
		FillEncap:    func(s *lwtunnel.State) any { return FillEncap(s) },
		GetEncapSize: GetEncapSize,
		CmpEncap:     CmpEncap,
	}
	if k.Kernel.ILACache {
		ops.DestroyState = DestroyState
	}
	return ops
}

// minUseFormatLen is the shortest destination prefix with which the
// identifier type can be read from the route: the whole 64-bit locator plus
// the 3 type bits.
const minUseFormatLen = 64 + 3

// BuildState models ila_build_state, validating in the kernel's order, each
// failure a bare EINVAL (no extack): not IPv6, an Encap that is not Attrs,
// or no locator; use-format with a destination shorter than /67; an
// effective identifier type other than LUID; a hook type other than
// output/input; neutral-map with the C bit set in the destination. Then
// ENOMEM from the cache, else a state of type ILA with both redirect flags,
// headroom 0, LocatorMatch = the destination's locator and Connected for a
// /128. The csum mode is not range-checked.
func (k Module) BuildState(cfg *lwtunnel.Config) (*lwtunnel.State, error) {
	a, ok := cfg.Encap.(*Attrs)
	if cfg.Family != lwtunnel.AFInet6 || !ok || a.Locator == nil {
		return nil, errno.EINVAL
	}
	dst := configuredDst(cfg.Dst)
	ident := valueOr(a.IdentType, IdentUseFormat)
	effective := ident
	if ident == IdentUseFormat {
		if cfg.Dst.Bits() < minUseFormatLen {
			return nil, errno.EINVAL
		}
		effective = AddrIdentType(dst)
	}
	if effective != IdentLUID {
		return nil, errno.EINVAL
	}
	hook := valueOr(a.HookType, HookRouteOutput)
	if hook != HookRouteOutput && hook != HookRouteInput {
		return nil, errno.EINVAL
	}
	mode := valueOr(a.CsumMode, CsumNoAction)
	if mode == CsumNeutralMap && CsumNeutral(dst) {
		return nil, errno.EINVAL
	}
	l := &Lwt{Connected: cfg.Dst.Bits() == 128}
	if k.Kernel.ILACache {
		c, err := k.NewCache()
		if err != nil {
			return nil, err
		}
		l.Cache = c
	}
	l.Params = Params{
		Locator:      *a.Locator,
		LocatorMatch: LocatorOf(dst),
		CsumMode:     mode,
		IdentType:    ident,
		HookType:     hook,
		Variant:      k.Variant,
	}
	l.initSavedCsum()
	return &lwtunnel.State{
		Type:  lwtunnel.EncapILA,
		Flags: lwtunnel.OutputRedirect | lwtunnel.InputRedirect,
		Data:  l,
	}, nil
}

// configuredDst returns the destination bytes build_state sees: the
// kernel copies only the prefix's whole bytes (ceil(len/8)) of RTA_DST into
// fc_dst, so later bytes read as zero while host bits inside the last
// partial byte survive.
func configuredDst(p netip.Prefix) [16]byte {
	a := p.Addr().As16()
	clear(a[(p.Bits()+7)/8:])
	return a
}

// valueOr returns *v, or def when the attribute is absent.
func valueOr[T any](v *T, def T) T {
	if v == nil {
		return def
	}
	return *v
}

// DestroyState models ila_destroy_state: destroy the route cache.
func DestroyState(s *lwtunnel.State) { LwtOf(s).Cache.Destroy() }

// FillEncap models ila_fill_encap_info: the locator, csum mode, ident type
// (as configured, e.g. 32) and hook type, always all four.
func FillEncap(s *lwtunnel.State) Encap {
	l := LwtOf(s)
	return Encap{Locator: l.Locator, CsumMode: l.CsumMode, IdentType: l.IdentType, HookType: l.HookType}
}

// EncapSize is ila_encap_nlsize's figure in bytes:
// nla_total_size_64bit(8) for ILA_ATTR_LOCATOR (12, plus a 4-byte
// ILA_ATTR_PAD header on architectures without efficient unaligned access:
// 16) + 3 × nla_total_size(1) (8 each) for CSUM_MODE, IDENT_TYPE and
// HOOK_TYPE = 40. (An x86-64 kernel reports 36.)
var EncapSize = lwtunnel.NLATotalSize64(8) + 3*lwtunnel.NLATotalSize(1)

// GetEncapSize models ila_encap_nlsize: EncapSize (40 bytes) for any state.
func GetEncapSize(*lwtunnel.State) int { return EncapSize }

// CmpEncap models ila_encap_cmp: two ILA states differ only if their
// locators do (csum mode, ident and hook type are ignored).
func CmpEncap(a, b *lwtunnel.State) bool { return LwtOf(a).Locator != LwtOf(b).Locator }
