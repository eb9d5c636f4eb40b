package netns

import (
	"encoding/binary"
	"net/netip"

	"fib6lab/engine/fib6"
	"fib6lab/engine/siphash"
)

// FlowKeys are the fields of a flowi6 that the IPv6 multipath hash reads
// for a lookup without a packet (rt6_multipath_hash with skb NULL): the
// addresses, the L4 protocol and ports (0 when not given, as for `ip -6
// route get` without ipproto/sport/dport). The flow label is 0 for every
// flow modelled here. Iif is flowi6_iif, which only the
// fib6_table_lookup tracepoint reads: the device an input lookup (Input)
// came in through, LoopbackIfindex for an output lookup, 0 for a route
// request's gateway check. Tclass is the traffic class of the flow's
// flowinfo (RTA_TOS of a get), which only the tracepoint reads too.
type FlowKeys struct {
	Src, Dst     netip.Addr
	Proto        uint8
	Sport, Dport uint16
	Iif          int
	Input        bool
	Tclass       uint8
}

// Multipath holds the namespace's multipath hash settings:
// net.ipv6.fib_multipath_hash_policy (0 L3, 1 L3+L4, 2 L3 or inner L3, 3
// custom), net.ipv6.fib_multipath_hash_fields (FIB_MULTIPATH_HASH_FIELD_*
// bits, read by policy 3) and net.ipv4.fib_multipath_hash_seed as the
// user wrote it (0: none). Both address families share the seed
// (struct sysctl_fib_multipath_hash_seed).
type Multipath struct {
	Policy   uint32
	Fields   uint32
	UserSeed uint32
}

// FIB_MULTIPATH_HASH_FIELD_* bits of the outer headers, and the range of
// values fib_multipath_hash_fields takes (all fields, inner ones too).
const (
	hashFieldSrcIP   = 1 << 0
	hashFieldDstIP   = 1 << 1
	hashFieldIPProto = 1 << 2
	hashFieldSrcPort = 1 << 4
	hashFieldDstPort = 1 << 5
	hashFieldOuter   = 0x3f
	hashFieldAll     = 0xfff
	hashFieldsInit   = hashFieldSrcIP | hashFieldDstIP | hashFieldIPProto
)

// defaultBootSeed stands for proc_fib_multipath_hash_rand_seed, the
// random number the kernel draws once per boot and uses for every
// namespace whose fib_multipath_hash_seed is 0. The model draws it once
// too: a fixed value, so runs repeat (tests may change Netns.BootSeed).
const defaultBootSeed = 0x9e3779b9

// mpSeed models the mp_seed the hash is keyed with: the user's seed, or
// the boot's random one.
func (ns *Netns) mpSeed() uint32 {
	if ns.Multipath.UserSeed != 0 {
		return ns.Multipath.UserSeed
	}
	return ns.BootSeed
}

// flowKeysLen is the part of struct flow_keys that __flow_hash_from_keys
// hashes for IPv6 addresses: from the 8-byte aligned `basic` member to
// the end of the 80-byte structure (basic 4, tags 4, vlan 8, cvlan 8,
// keyid 4, ports 4, icmp 4, addrs 32, padding 4).
const flowKeysLen = 72

// Offsets inside the hashed bytes.
const (
	offIPProto = 2
	offPorts   = 28
	offSrcAddr = 36
	offDstAddr = 52
)

// flowHash models fib_multipath_hash_from_keys for IPv6 keys: the
// addresses put in order (__flow_hash_consistentify: swapped when the
// destination compares below the source, the ports likewise by their
// value as the CPU reads the big-endian field), then SipHash-2-4 keyed
// with the 32-bit seed in both halves of each key word, cut to 32 bits,
// 0 made 1.
func flowHash(seed uint32, src, dst netip.Addr, proto uint8, sport, dport uint16) uint32 {
	var b [flowKeysLen]byte
	b[offIPProto] = proto
	s, d := src.As16(), dst.As16()
	if string(d[:]) < string(s[:]) {
		s, d = d, s
	}
	binary.BigEndian.PutUint16(b[offPorts:], sport)
	binary.BigEndian.PutUint16(b[offPorts+2:], dport)
	if binary.LittleEndian.Uint16(b[offPorts+2:]) < binary.LittleEndian.Uint16(b[offPorts:]) {
		binary.BigEndian.PutUint16(b[offPorts:], dport)
		binary.BigEndian.PutUint16(b[offPorts+2:], sport)
	}
	copy(b[offSrcAddr:], s[:])
	copy(b[offDstAddr:], d[:])
	k := uint64(seed)<<32 | uint64(seed)
	h := uint32(siphash.Sum64(k, k, b[:]))
	if h == 0 {
		h = 1
	}
	return h
}

// MultipathHash models rt6_multipath_hash for a flow without a packet:
// the fields the policy names (policy 0 and 2: addresses and protocol;
// 1: also the ports; 3: those fib_multipath_hash_fields selects, 0 when
// it selects no outer field) hashed by flowHash, then halved to 31 bits.
func (ns *Netns) MultipathHash(fk FlowKeys) uint32 {
	src, dst, proto, sport, dport := fk.Src, fk.Dst, fk.Proto, uint16(0), uint16(0)
	if !src.IsValid() {
		src = netip.IPv6Unspecified()
	}
	switch f := ns.Multipath.Fields; ns.Multipath.Policy {
	case 1:
		sport, dport = fk.Sport, fk.Dport
	case 3:
		if f&hashFieldOuter == 0 {
			return 0
		}
		if f&hashFieldSrcIP == 0 {
			src = netip.IPv6Unspecified()
		}
		if f&hashFieldDstIP == 0 {
			dst = netip.IPv6Unspecified()
		}
		if f&hashFieldIPProto == 0 {
			proto = 0
		}
		if f&hashFieldSrcPort != 0 {
			sport = fk.Sport
		}
		if f&hashFieldDstPort != 0 {
			dport = fk.Dport
		}
	}
	return flowHash(ns.mpSeed(), src, dst, proto, sport, dport) >> 1
}

// SelectPath models fib6_select_path for a route found by a lookup: a
// route with siblings gives the flow to the member whose share of the
// hash space (its upper bound) holds the flow's hash. Before 6.15 the
// search starts from rt, the member the lookup preferred, which keeps
// the flow when the hash falls in rt's share; from 6.15
// (Features.MultipathFirst) it starts from the group's first member in
// the node's list. A member the flow's strict interface rules out
// (rt6_score_route below 0) ends the search and leaves rt. Routes
// without siblings are returned as they are.
func (ns *Netns) SelectPath(rt *fib6.Info, fl fib6.Flow, fk FlowKeys) *fib6.Info {
	if rt.NSiblings() == 0 {
		return rt
	}
	h := int64(ns.MultipathHash(fk))
	bounds := upperBounds(rt)
	from := rt
	if ns.Features().MultipathFirst {
		from = firstSibling(rt)
	}
	if h <= bounds[from] && !ruledOut(from, fl) {
		return from
	}
	for _, sib := range from.Siblings() {
		if h > bounds[sib] {
			continue
		}
		if ruledOut(sib, fl) {
			break
		}
		return sib
	}
	return rt
}

// ruledOut reports whether rt6_score_route rules member m out for flow
// fl: a strict interface that is not m's.
func ruledOut(m *fib6.Info, fl fib6.Flow) bool {
	return fl.Strict && fl.Oif != 0 && m.NH.Dev != fl.Oif
}

// upperBounds models rt6_multipath_rebalance: starting from the first
// member of the group in the node's route list, each live member's
// upper bound is round(cumulative weight × 2^31 / total) - 1; a dead
// one's is -1, so no hash selects it. The kernel keeps the bounds in
// fib_nh_upper_bound and updates them on every change to the group;
// they are computed here when needed, from the same state.
func upperBounds(rt *fib6.Info) map[*fib6.Info]int64 {
	first := firstSibling(rt)
	members := append([]*fib6.Info{first}, first.Siblings()...)
	var total int64
	for _, m := range members {
		if !hopDead(m) {
			total += int64(m.NH.Weight)
		}
	}
	bounds := make(map[*fib6.Info]int64, len(members))
	var w int64
	for _, m := range members {
		bounds[m] = -1
		if !hopDead(m) {
			w += int64(m.NH.Weight)
			bounds[m] = (w<<31+total/2)/total - 1
		}
	}
	return bounds
}

// hopDead models rt6_is_dead with ignore_routes_with_linkdown off: the
// nexthop is RTNH_F_DEAD.
func hopDead(rt *fib6.Info) bool { return rt.NH.Flags&fib6.RTNH_F_DEAD != 0 }

// firstSibling models rt6_multipath_first_sibling: the first route of
// rt's node list with rt's metric that qualifies for ECMP.
func firstSibling(rt *fib6.Info) *fib6.Info {
	fn := rt.Node()
	if fn == nil {
		return rt
	}
	for it := rt.Table.Leaf(fn); it != nil; it = it.Next {
		if it.Metric == rt.Metric && it.QualifiesForECMP() {
			return it
		}
	}
	return rt
}
