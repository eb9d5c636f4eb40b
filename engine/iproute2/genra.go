package iproute2

import (
	"fmt"
	"io"
	"net/netip"

	"fib6lab/engine/netns"
)

const genRAUsage = "Usage: gen ra IFNAME N PREFIX/LEN,LIFETIME[,PRF] [ ra options ]\n"

// runGenRA models `gen ra IFNAME N PREFIX/LEN,LIFETIME[,PRF] [ra
// options]`: a router daemon announcing N routes in Route Information
// options, for PREFIX and the next N-1 prefixes of the same length, each
// with LIFETIME seconds (`inf`) and preference PRF. It sends as many RAs
// out of IFNAME as the options need, each as `ra IFNAME OPTIONS...` would
// (the router lifetime, preference, Prefix Information options and
// destination the ra options give, in every RA) with as many Route
// Information options as fit the device's MTU (89 /64 options in 1500
// bytes; at least one). On success it prints one line `gen: N route
// information options in K RAs (FIRST .. LAST)`; errors are those of
// `ra`, after `gen: K RAs sent` when some were. N is at most MaxCount;
// each option is a unit of netns.Netns.Work, so Yield can interrupt it
// between two RAs ("fib6lab: interrupted after K of N routes", status
// 130).
func runGenRA(sh *Shell, args []string, out io.Writer) int {
	if len(args) < 3 {
		return status(&exitErr{genRAUsage, 255}, out)
	}
	ifname := args[0]
	n, err := CheckCount(args[1])
	if err != nil {
		return status(err, out)
	}
	tmpl := &netns.RA{}
	if err := parseRIO(tmpl, args[2]); err != nil {
		return status(err, out)
	}
	base, dst, err := parseRA(args[3:])
	var d *netns.Device
	if err == nil {
		d, err = raDevice(sh, ifname)
	}
	if err != nil {
		return status(err, out)
	}
	mtu := int(sh.NS.DevMTU(d.Index))
	ri, sent := tmpl.RIOs[0], 0
	first, last := ri.Prefix, ri.Prefix
	for done := 0; done < int(n); sent++ {
		ra := *base
		ra.RIOs = nil
		for done < int(n) && (len(ra.RIOs) == 0 || ra.PacketLen()+rioLen(ri.Prefix) <= mtu) {
			ra.RIOs = append(ra.RIOs, ri)
			last = ri.Prefix
			done++
			if next, ok := nextPrefix(ri.Prefix); ok {
				ri.Prefix = next
			} else if done < int(n) {
				return status(&exitErr{fmt.Sprintf("Error: no prefix after %v.\n", ri.Prefix), 255}, out)
			}
		}
		if code := sendRA(sh, d, &ra, dst, out); code != 0 {
			if sent > 0 {
				fmt.Fprintf(out, "gen: %d RAs sent\n", sent)
			}
			return code
		}
		if sh.NS.Work(int64(len(ra.RIOs)), int64(done), int64(n)) != nil {
			return status(sh.interruptedAfter(out, int64(done), int64(n), "routes"), out)
		}
	}
	fmt.Fprintf(out, "gen: %d route information options in %d RAs (%v .. %v)\n", n, sent, first, last)
	return 0
}

// rioLen is the bytes a Route Information option for p takes.
func rioLen(p netip.Prefix) int {
	one := netns.RA{RIOs: []netns.RouteInfo{{Prefix: p}}}
	return one.PacketLen() - (&netns.RA{}).PacketLen()
}
