package gc

import "net/netip"

// PermanentHosts returns the n permanent /128 routes of the seed's GC
// measurement: 2001:db8::1, 2001:db8::2, ... (n <= 65535).
func PermanentHosts(n int) []netip.Prefix {
	ps := make([]netip.Prefix, n)
	for i := range ps {
		a := [16]byte{0x20, 0x01, 0x0d, 0xb8, 14: byte((i + 1) >> 8), 15: byte(i + 1)}
		ps[i] = netip.PrefixFrom(netip.AddrFrom16(a), 128)
	}
	return ps
}

// ExpiringHosts returns the n /128 routes of the seed's selftest
// (fib6_gc_test): 2001:20::10, 2001:20::11, ... (n <= 240).
func ExpiringHosts(n int) []netip.Prefix {
	ps := make([]netip.Prefix, n)
	for i := range ps {
		a := [16]byte{0x20, 0x01, 0, 0x20, 15: byte(0x10 + i)}
		ps[i] = netip.PrefixFrom(netip.AddrFrom16(a), 128)
	}
	return ps
}
