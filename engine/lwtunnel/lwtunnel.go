// Package lwtunnel models the kernel's lightweight-tunnel layer
// (net/core/lwtunnel.c, include/net/lwtunnel.h,
// include/uapi/linux/lwtunnel.h): the per-type encap ops registry, the
// reference-counted lwtunnel_state a route's nexthop and its dsts share, the
// redirection of a dst's input/output handlers through the type's ops, and
// the free of a state after a simulated RCU grace period when its type has a
// destroy_state hook.
//
// The registry is a value (one per simulated kernel) rather than a global so
// that two namespaces with a model switch flipped can run side by side.
package lwtunnel

import (
	"net/netip"

	"fib6lab/engine/errno"
)

// EncapType models enum lwtunnel_encap_types
// (include/uapi/linux/lwtunnel.h), the value of RTA_ENCAP_TYPE.
type EncapType uint16

// The encap types, numbered as in the uapi header.
const (
	EncapNone      EncapType = 0
	EncapMPLS      EncapType = 1
	EncapIP        EncapType = 2
	EncapILA       EncapType = 3
	EncapIP6       EncapType = 4
	EncapSEG6      EncapType = 5
	EncapBPF       EncapType = 6
	EncapSEG6Local EncapType = 7
	EncapRPL       EncapType = 8
	EncapIOAM6     EncapType = 9
	EncapXFRM      EncapType = 10

	// EncapMax models LWTUNNEL_ENCAP_MAX, the highest valid type.
	EncapMax = EncapXFRM
)

var encapNames = [...]string{
	EncapMPLS: "mpls", EncapIP: "ip", EncapILA: "ila", EncapIP6: "ip6",
	EncapSEG6: "seg6", EncapBPF: "bpf", EncapSEG6Local: "seg6local",
	EncapRPL: "rpl", EncapIOAM6: "ioam6", EncapXFRM: "xfrm",
}

// String returns the name iproute2 prints after "encap" (format_encap_type
// in ip/iproute_lwtunnel.c), or "unknown".
func (t EncapType) String() string {
	if t == EncapNone || t > EncapMax {
		return "unknown"
	}
	return encapNames[t]
}

// valid reports whether t is a real type (neither NONE nor above the maximum),
// the range test every lwtunnel entry point makes first.
func (t EncapType) valid() bool { return t != EncapNone && t <= EncapMax }

// Flags models lwtunnel_state.flags (LWTUNNEL_STATE_* in
// include/net/lwtunnel.h): which dst handlers the state redirects.
type Flags uint16

// The state flags.
const (
	OutputRedirect Flags = 0x1 // LWTUNNEL_STATE_OUTPUT_REDIRECT: dst.output -> Registry.Output
	InputRedirect  Flags = 0x2 // LWTUNNEL_STATE_INPUT_REDIRECT: dst.input -> Registry.Input
	XmitRedirect   Flags = 0x4 // LWTUNNEL_STATE_XMIT_REDIRECT: the type transmits itself
)

// AFInet6 is the address family the IPv6 route code passes to build_state
// (AF_INET6 on Linux).
const AFInet6 = 10

// EthPIPv6 is skb->protocol for an IPv6 packet (ETH_P_IPV6).
const EthPIPv6 = 0x86DD

// Config is what the route code hands build_state: the family, the route's
// configured destination (struct fib6_config's fc_dst/fc_dst_len, host bits
// as the request carried them) and the type's nested RTA_ENCAP attributes
// already parsed into the type's own Go value (ila.Attrs for ILA).
type Config struct {
	Family uint8
	Dst    netip.Prefix
	Encap  any
}

// Skb is the part of struct sk_buff the encap ops touch: the protocol, the
// packet from its network header on, the dst it is routed with, and the
// simulated CPU it runs on (for per-CPU caches).
type Skb struct {
	Protocol uint16
	Data     []byte
	Dst      Dst
	CPU      int
}

// Dst is the part of a route's dst (struct dst_entry / rt6_info) the encap
// ops need; the dst package implements it.
type Dst interface {
	// LwtState returns the dst's lwtunnel state (dst->lwtstate), or nil.
	LwtState() *State
	// Flags returns rt6i_flags (RTF_* values, e.g. RTF_GATEWAY 0x2).
	Flags() uint32
	// Ifindex returns the ifindex of the dst's device.
	Ifindex() int
	// Output models dst_output: send skb through this dst's output handler.
	Output(net Net, skb *Skb) error
	// Release drops one reference (dst_release).
	Release()
}

// Net is the part of struct net the encap ops use.
type Net interface {
	// RouteOutput models ip6_route_output for a flow with the given oif,
	// iif = loopback and destination daddr. It returns a referenced dst or
	// the lookup's error (dst->error).
	RouteOutput(oif int, daddr netip.Addr) (Dst, error)
}

// OutputFunc models a dst output handler (dst->output, lwtunnel_state's
// orig_output and lwtunnel_encap_ops.output): net, skb -> error.
type OutputFunc func(net Net, skb *Skb) error

// InputFunc models a dst input handler (dst->input, orig_input,
// lwtunnel_encap_ops.input).
type InputFunc func(skb *Skb) error

// Ops models struct lwtunnel_encap_ops (include/net/lwtunnel.h). Nil hooks
// are absent ones; BuildState is required for a type to be usable.
type Ops struct {
	// BuildState parses cfg and returns a new state with refcount 0
	// (the caller's lwtstate_get takes the first reference).
	BuildState func(cfg *Config) (*State, error)
	// DestroyState releases the type's per-state resources before the
	// state is freed (added in 2016; optional).
	DestroyState func(s *State)
	// Output is the redirected dst output handler.
	Output OutputFunc
	// Input is the redirected dst input handler.
	Input InputFunc
	// FillEncap returns the type's RTA_ENCAP attributes as its own Go
	// value (ila.Encap for ILA).
	FillEncap func(s *State) any
	// GetEncapSize returns the netlink size of the nested attributes in
	// bytes, without the RTA_ENCAP header.
	GetEncapSize func(s *State) int
	// CmpEncap reports whether two states of the type differ (optional:
	// absent means equal).
	CmpEncap func(a, b *State) bool
}

// Registry models the kernel's lwtun_encaps[] array of ops plus the RCU
// machinery lwtstate_free relies on.
type Registry struct {
	ops [EncapMax + 1]*Ops
	// Grace is the simulated RCU grace period states wait in before they
	// are freed.
	Grace *Grace
	// recursion models the per-CPU dev_xmit_recursion counter the
	// datapath wrappers check.
	recursion int
}

// XmitRecursionLimit models XMIT_RECURSION_LIMIT (include/linux/netdevice.h).
const XmitRecursionLimit = 8

// NewRegistry returns an empty registry with its own grace-period queue.
func NewRegistry() *Registry { return &Registry{Grace: &Grace{}} }

// Register models lwtunnel_encap_add_ops: ERANGE for a type above the
// maximum, EEXIST when the slot is taken (the kernel returns -1 there).
func (r *Registry) Register(t EncapType, ops *Ops) error {
	if t > EncapMax {
		return errno.ERANGE
	}
	if r.ops[t] != nil {
		return errno.EEXIST
	}
	r.ops[t] = ops
	return nil
}

// Lookup returns the ops registered for t, or nil.
func (r *Registry) Lookup(t EncapType) *Ops {
	if t > EncapMax {
		return nil
	}
	return r.ops[t]
}

// ValidEncapType models lwtunnel_valid_encap_type, the check the route
// request parser makes before anything else: EINVAL "Unknown lwt
// encapsulation type" for NONE or above the maximum, EOPNOTSUPP "lwt
// encapsulation type not supported" when no ops are registered (the module
// autoload attempt is modelled as failing).
func (r *Registry) ValidEncapType(t EncapType) error {
	if !t.valid() {
		return errno.WithMsg(errno.EINVAL, "Unknown lwt encapsulation type")
	}
	if r.ops[t] == nil {
		return errno.WithMsg(errno.EOPNOTSUPP, "lwt encapsulation type not supported")
	}
	return nil
}

// BuildState models lwtunnel_build_state: the same range test (EINVAL
// "Unknown LWT encapsulation type"), EOPNOTSUPP "LWT encapsulation type not
// supported" without ops or build_state, else the type's BuildState with its
// error returned unchanged. The new state has refcount 0.
func (r *Registry) BuildState(t EncapType, cfg *Config) (*State, error) {
	if !t.valid() {
		return nil, errno.WithMsg(errno.EINVAL, "Unknown LWT encapsulation type")
	}
	ops := r.ops[t]
	if ops == nil || ops.BuildState == nil {
		return nil, errno.WithMsg(errno.EOPNOTSUPP, "LWT encapsulation type not supported")
	}
	s, err := ops.BuildState(cfg)
	if err != nil {
		return nil, err
	}
	s.reg = r
	return s, nil
}

// FillEncap models lwtunnel_fill_encap: the type and its attributes, or
// ok = false when nothing is emitted (no state, an invalid type, or a type
// without fill_encap).
func (r *Registry) FillEncap(s *State) (t EncapType, attrs any, ok bool) {
	ops := r.opsFor(s)
	if ops == nil || ops.FillEncap == nil {
		return EncapNone, nil, false
	}
	return s.Type, ops.FillEncap(s), true
}

// GetEncapSize models lwtunnel_get_encap_size: nla_total_size of the type's
// nested size (the RTA_ENCAP attribute in bytes), 0 when there is none.
func (r *Registry) GetEncapSize(s *State) int {
	ops := r.opsFor(s)
	if ops == nil || ops.GetEncapSize == nil {
		return 0
	}
	return NLATotalSize(ops.GetEncapSize(s))
}

// CmpEncap models lwtunnel_cmp_encap and reports whether a and b differ:
// both nil -> equal; one nil or different types -> different; otherwise the
// type's CmpEncap (absent -> equal).
func (r *Registry) CmpEncap(a, b *State) bool {
	if a == nil || b == nil {
		return a != b
	}
	if a.Type != b.Type {
		return true
	}
	ops := r.opsFor(a)
	if ops == nil || ops.CmpEncap == nil {
		return false
	}
	return ops.CmpEncap(a, b)
}

// opsFor returns the ops of s's type, or nil for a nil state or an invalid
// type.
func (r *Registry) opsFor(s *State) *Ops {
	if s == nil || !s.Type.valid() {
		return nil
	}
	return r.ops[s.Type]
}

// NLATotalSize models nla_total_size: a netlink attribute of payload bytes
// with its 4-byte header, rounded up to 4 bytes.
func NLATotalSize(payload int) int { return nlaAlign(nlaHdrLen + payload) }

// NLATotalSize64 models nla_total_size_64bit on an architecture without
// efficient unaligned access: the attribute plus room for one PAD attribute
// (a bare header) so the 64-bit payload can be aligned. For an 8-byte
// payload this is 12 + 4 = 16 bytes (x86-64 reserves only the 12).
func NLATotalSize64(payload int) int { return NLATotalSize(payload) + NLATotalSize(0) }

const nlaHdrLen = 4

func nlaAlign(n int) int { return (n + 3) &^ 3 }
