package iproute2

import (
	"fmt"
	"io"
	"math/big"
	"net/netip"

	"fib6lab/engine/fib6"
)

// runGen models `gen routes N PREFIX ROUTE-OPTIONS...`: N routes added as
// `ip -6 route add` would add them one by one, for PREFIX and the next N-1
// prefixes of the same length (2001:db8::1/128, 2001:db8::2/128, ...),
// each with the same options (via, dev, metric, expires, table, ...). It
// exists for scenarios such as the seed's GC measurement (1000-9000
// permanent routes); `gen ra` is genra.go. On success it prints one line
// `gen: N routes added (FIRST .. LAST)` (`gen: 0 routes added` for N 0);
// the first failing add stops it with that add's error, after `gen: K
// routes added` when K > 0. A range that runs past the end of the
// address space is refused before any add. N is at most MaxCount. Each route is a unit of netns.Netns.Work: when Yield
// cancels, the routes added stay and the command ends with "fib6lab:
// interrupted after K of N routes", status 130.
func runGen(sh *Shell, args []string, out io.Writer) int {
	if len(args) > 0 && args[0] == "ra" {
		return runGenRA(sh, args[1:], out)
	}
	if len(args) < 3 || args[0] != "routes" {
		fmt.Fprintln(out, "Usage: gen routes N PREFIX [ ip -6 route add options ]")
		return 255
	}
	n, err := CheckCount(args[1])
	if err != nil {
		return status(err, out)
	}
	c, err := parseRoute(sh.NS, args[2:], false)
	if err != nil {
		return status(err, out)
	}
	c.NLFlags = fib6.NLM_F_CREATE | fib6.NLM_F_EXCL
	if c.Protocol == 0 {
		c.Protocol = rtprotBoot
	}
	dsts, err := genPrefixes(c.Dst, int(n))
	if err != nil {
		return status(err, out)
	}
	added := 0
	for ; added < len(dsts); added++ {
		c.Dst = dsts[added]
		if err = sh.NS.RouteAdd(c); err != nil {
			break
		}
		if sh.NS.Work(1, int64(added+1), int64(n)) != nil {
			return status(sh.interruptedAfter(out, int64(added+1), int64(n), "routes"), out)
		}
	}
	switch {
	case err == nil && added > 0:
		fmt.Fprintf(out, "gen: %d routes added (%v .. %v)\n", added, dsts[0], c.Dst)
	case added > 0 || err == nil:
		fmt.Fprintf(out, "gen: %d routes added\n", added)
	}
	return status(err, out)
}

// genPrefixes returns first and the n-1 prefixes of its length that
// follow it; when the address space ends before, an error naming the
// last prefix there is, so that nothing is added.
func genPrefixes(first netip.Prefix, n int) ([]netip.Prefix, error) {
	ps := make([]netip.Prefix, 0, n)
	for p := first; len(ps) < n; {
		ps = append(ps, p)
		next, ok := nextPrefix(p)
		if !ok && len(ps) < n {
			return nil, &exitErr{fmt.Sprintf("Error: no prefix after %v.\n", p), 255}
		}
		p = next
	}
	return ps, nil
}

// nextPrefix returns the prefix of the same length that follows p, or
// false past the end of the address space.
func nextPrefix(p netip.Prefix) (netip.Prefix, bool) {
	if p.Bits() == 0 {
		return netip.Prefix{}, false
	}
	b := p.Addr().As16()
	v := new(big.Int).SetBytes(b[:])
	v.Add(v, new(big.Int).Lsh(big.NewInt(1), uint(128-p.Bits())))
	if v.BitLen() > 128 {
		return netip.Prefix{}, false
	}
	v.FillBytes(b[:])
	return netip.PrefixFrom(netip.AddrFrom16(b), p.Bits()), true
}
