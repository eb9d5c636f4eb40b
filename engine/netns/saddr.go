package netns

import "net/netip"

// Source address selection (net/ipv6/addrconf.c ipv6_dev_get_saddr,
// RFC 6724 section 5): every candidate is scored rule by rule and the
// first rule on which two candidates differ decides; among equals the
// one seen first stays (devices in registration order, each device's
// addresses in list order).

// saddrCand is what the rules read of a candidate address.
type saddrCand struct {
	addr   netip.Addr
	ifa    *Addr
	onOut  bool // on the outgoing device (RULE_OIF)
	exists bool
}

// SourceAddr models ipv6_dev_get_saddr for destination daddr leaving
// through device out (nil when there is none, e.g. no route): for a
// multicast or link-local destination only out's addresses are
// candidates, otherwise every device's. Tentative addresses are not
// candidates. The rules, in order: the destination itself; the smallest
// scope that reaches the destination (else the largest smaller one); not
// deprecated; on the outgoing device; the same policy label; the longest
// common prefix, at most the candidate's prefix length. It reports false
// when no address is usable.
func (ns *Netns) SourceAddr(daddr netip.Addr, out *Device) (netip.Addr, bool) {
	var best saddrCand
	consider := func(d *Device) {
		if d.Conf == nil {
			return
		}
		for _, ifa := range d.Addrs {
			a := ifa.Prefix.Addr()
			if ifa.Tentative || a.IsMulticast() || a.IsUnspecified() {
				continue
			}
			c := saddrCand{addr: a, ifa: ifa, onOut: out == nil || d == out, exists: true}
			if !best.exists || saddrBetter(c, best, daddr) {
				best = c
			}
		}
	}
	if out != nil && (daddr.IsMulticast() || srcScope(daddr) <= scopeLinkLocal) {
		consider(out)
	} else {
		for _, d := range ns.devs {
			consider(d)
		}
	}
	return best.addr, best.exists
}

// saddrBetter reports whether candidate c beats the best so far b for
// daddr: the first rule where they differ decides.
func saddrBetter(c, b saddrCand, daddr netip.Addr) bool {
	cs, bs := saddrRules(c, daddr), saddrRules(b, daddr)
	for i := range cs {
		if cs[i] != bs[i] {
			return cs[i] > bs[i]
		}
	}
	return false
}

// saddrRules returns the candidate's value under each rule, higher
// better (ipv6_get_saddr_eval).
func saddrRules(c saddrCand, daddr netip.Addr) [6]int {
	b2i := func(b bool) int {
		if b {
			return 1
		}
		return 0
	}
	scope := srcScope(c.addr)
	if scope >= srcScope(daddr) {
		scope = -scope
	} else {
		scope -= 128
	}
	return [6]int{
		b2i(c.addr == daddr),
		scope,
		b2i(c.addr.IsLoopback() || !c.ifa.Deprecated),
		b2i(c.onOut),
		b2i(policyLabel(c.addr) == policyLabel(daddr)),
		min(commonPrefix(c.addr, daddr), c.ifa.Prefix.Bits()),
	}
}

// Address scopes as __ipv6_addr_src_scope gives them (IPV6_ADDR_SCOPE_*).
const (
	scopeNodeLocal = 0x1
	scopeLinkLocal = 0x2
	scopeSiteLocal = 0x5
	scopeGlobal    = 0xe
)

// srcScope models __ipv6_addr_src_scope: a multicast address's own scope
// field, else loopback node-local, fe80::/10 link-local, fec0::/10
// site-local, the rest global.
func srcScope(a netip.Addr) int {
	b := a.As16()
	switch {
	case a.IsMulticast():
		return int(b[1] & 0xf)
	case a.IsLoopback():
		return scopeNodeLocal
	case a.IsLinkLocalUnicast():
		return scopeLinkLocal
	case b[0] == 0xfe && b[1]&0xc0 == 0xc0:
		return scopeSiteLocal
	}
	return scopeGlobal
}

// policyLabels is the default address selection policy table
// (net/ipv6/addrlabel.c ipv6_addrlabel_init_table), most specific first.
var policyLabels = []struct {
	p     netip.Prefix
	label int
}{
	{netip.MustParsePrefix("::1/128"), 0},
	{netip.MustParsePrefix("::ffff:0:0/96"), 4},
	{netip.MustParsePrefix("::/96"), 3},
	{netip.MustParsePrefix("2001::/32"), 6},
	{netip.MustParsePrefix("2001:10::/28"), 7},
	{netip.MustParsePrefix("2002::/16"), 2},
	{netip.MustParsePrefix("3ffe::/16"), 12},
	{netip.MustParsePrefix("fec0::/10"), 11},
	{netip.MustParsePrefix("fc00::/7"), 5},
}

// policyLabel returns the label of the longest matching prefix of the
// default policy table (1 for ::/0).
func policyLabel(a netip.Addr) int {
	best, label := -1, 1
	for _, l := range policyLabels {
		if l.p.Contains(a) && l.p.Bits() > best {
			best, label = l.p.Bits(), l.label
		}
	}
	return label
}

// commonPrefix returns the number of leading bits a and b share.
func commonPrefix(a, b netip.Addr) int {
	x, y := a.As16(), b.As16()
	n := 0
	for i := 0; i < 16; i++ {
		d := x[i] ^ y[i]
		if d == 0 {
			n += 8
			continue
		}
		for d&0x80 == 0 {
			n++
			d <<= 1
		}
		break
	}
	return n
}
