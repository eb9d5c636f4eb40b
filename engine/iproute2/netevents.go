package iproute2

import (
	"errors"
	"fmt"
	"io"
	"net/netip"
	"strconv"
	"strings"

	"fib6lab/engine/errno"
	"fib6lab/engine/fib6"
	"fib6lab/engine/netns"
)

// The network event commands `udp` and `ra`: on the kernel they are the
// programs of testdata/kshim (a UDP sender and a router advertisement
// daemon in one shot); here they call the engine's datapath. Their
// arguments, messages and statuses are the shims'.

// eventBad is the shims' message for a bad value: `Error: argument "V"
// is wrong: "KEYWORD" value is invalid`, status 255.
func eventBad(value, keyword string) error {
	return &exitErr{fmt.Sprintf("Error: argument \"%s\" is wrong: \"%s\" value is invalid\n", value, keyword), 255}
}

// runUDP models `udp DST size SIZE`: one datagram of SIZE bytes (0 to
// 65535) to DST port 9 (netns.SendUDP). Silent on success; a failed
// sendto prints `udp: STRERROR` (status 1); bad arguments print the
// usage or eventBad (status 255).
func runUDP(sh *Shell, args []string, out io.Writer) int {
	if len(args) != 3 || args[1] != "size" {
		return status(&exitErr{"usage: udp DST size SIZE\n", 255}, out)
	}
	dst, ok := pyAddr(args[0])
	if !ok {
		return status(eventBad(args[0], "dst"), out)
	}
	size, ok := pyDecimal(args[2], 65535)
	if !ok {
		return status(eventBad(args[2], "size"), out)
	}
	if err := sh.NS.SendUDP(dst, int(size)); err != nil {
		return status(&exitErr{"udp: " + strerror(err) + "\n", 1}, out)
	}
	return 0
}

// strerror returns the errno text of a kernel error.
func strerror(err error) string {
	var e errno.Errno
	if errors.As(err, &e) {
		return e.Error()
	}
	return err.Error()
}

// pyAddr parses an IPv6 address as the shims accept one (Python's
// ipaddress.IPv6Address, without a zone).
func pyAddr(s string) (netip.Addr, bool) {
	a, err := netip.ParseAddr(s)
	return a, err == nil && a.Is6() && a.Zone() == ""
}

// pyDecimal parses ASCII decimal digits (leading zeros allowed, as
// Python's int() takes them) up to hi.
func pyDecimal(s string, hi uint64) (uint64, bool) {
	if s == "" || strings.TrimLeft(s, "0123456789") != "" {
		return 0, false
	}
	v, err := strconv.ParseUint(s, 10, 64)
	return v, err == nil && v <= hi
}

// raUsage is the shim's usage line for `ra` without arguments.
const raUsage = "usage: ra IFNAME [lifetime S] [prf low|medium|high] [pio PREFIX/LEN,VALID,PREFERRED[,L|A|LA]]... " +
	"[rio PREFIX/LEN,LIFETIME[,PRF]]... [dst ADDR]\n"

// raPrf maps a preference word to its wire value.
var raPrf = map[string]uint8{"medium": fib6.PrefMedium, "high": fib6.PrefHigh, "low": fib6.PrefLow}

// runRA models `ra IFNAME [lifetime S] [prf low|medium|high] [pio
// PREFIX/LEN,VALID,PREFERRED[,L|A|LA]]... [rio
// PREFIX/LEN,LIFETIME[,PRF]]... [dst ADDR]`: one Router Advertisement
// out of IFNAME from the namespace it runs in (netns.SendRA), router
// lifetime S seconds (0 to 65535, default 0), option lifetimes up to
// 4294967295 or `inf`, a PIO without flags on-link only, to ff02::1
// unless `dst`. Arguments are checked left to right (eventBad, status
// 255; an unknown keyword or a keyword without a value has its own
// message); an interface without a usable link-local address prints `ra:
// no link-local address on IFNAME` and a failed send `ra: STRERROR`
// (status 1). Silent on success, as on the kernel: what the receivers
// log goes to their kernel log.
func runRA(sh *Shell, args []string, out io.Writer) int {
	if len(args) == 0 {
		return status(&exitErr{raUsage, 255}, out)
	}
	ifname := args[0]
	ra, dst, err := parseRA(args[1:])
	if err != nil {
		return status(err, out)
	}
	d, err := raDevice(sh, ifname)
	if err != nil {
		return status(err, out)
	}
	return sendRA(sh, d, ra, dst, out)
}

// raDevice returns the device `ra` sends out of; a name the namespace
// does not have is refused as a device without a link-local address.
func raDevice(sh *Shell, ifname string) (*netns.Device, error) {
	if d := sh.NS.Dev(ifname); d != nil {
		return d, nil
	}
	return nil, &exitErr{"ra: no link-local address on " + ifname + "\n", 1}
}

// sendRA sends ra out of d to dst as `ra` does, with its errors.
func sendRA(sh *Shell, d *netns.Device, ra *netns.RA, dst netip.Addr, out io.Writer) int {
	ra.CurHopLimit, ra.SourceLL = 64, d.MAC
	switch err := sh.NS.SendRA(d, ra, dst); {
	case errors.Is(err, netns.ErrNoLinkLocal):
		return status(&exitErr{"ra: no link-local address on " + d.Name + "\n", 1}, out)
	case err != nil:
		return status(&exitErr{"ra: " + strerror(err) + "\n", 1}, out)
	}
	return 0
}

// parseRA parses the keywords of `ra` after IFNAME.
func parseRA(args []string) (*netns.RA, netip.Addr, error) {
	ra := &netns.RA{Prf: fib6.PrefMedium}
	dst := netip.MustParseAddr("ff02::1")
	for len(args) > 0 {
		key := args[0]
		switch key {
		case "lifetime", "prf", "pio", "rio", "dst":
		default:
			return nil, dst, &exitErr{fmt.Sprintf("Error: either \"lifetime\", \"prf\", \"pio\", \"rio\" or \"dst\" is expected, not \"%s\".\n", key), 255}
		}
		if len(args) < 2 {
			return nil, dst, &exitErr{fmt.Sprintf("Error: argument \"%s\" is wrong: missing value\n", key), 255}
		}
		val := args[1]
		args = args[2:]
		var err error
		switch key {
		case "lifetime":
			v, ok := pyDecimal(val, 65535)
			if !ok {
				return nil, dst, eventBad(val, key)
			}
			ra.Lifetime = uint16(v)
		case "prf":
			p, ok := raPrf[val]
			if !ok {
				return nil, dst, eventBad(val, key)
			}
			ra.Prf = p
		case "pio":
			err = parsePIO(ra, val)
		case "rio":
			err = parseRIO(ra, val)
		default:
			a, ok := pyAddr(val)
			if !ok {
				return nil, dst, eventBad(val, key)
			}
			dst = a
		}
		if err != nil {
			return nil, dst, err
		}
	}
	return ra, dst, nil
}

// parsePIO parses PREFIX/LEN,VALID,PREFERRED[,L|A|LA].
func parsePIO(ra *netns.RA, v string) error {
	parts := strings.Split(v, ",")
	if len(parts) != 3 && len(parts) != 4 {
		return eventBad(v, "pio")
	}
	flags := "L"
	if len(parts) == 4 {
		flags = parts[3]
		if flags != "L" && flags != "A" && flags != "LA" && flags != "AL" {
			return eventBad(v, "pio")
		}
	}
	p, ok := pyNetwork(parts[0])
	valid, ok1 := raLifetime(parts[1])
	pref, ok2 := raLifetime(parts[2])
	if !ok || !ok1 || !ok2 {
		return eventBad(v, "pio")
	}
	ra.PIOs = append(ra.PIOs, netns.PrefixInfo{Prefix: p, OnLink: strings.Contains(flags, "L"),
		Autoconf: strings.Contains(flags, "A"), Valid: valid, Preferred: pref})
	return nil
}

// parseRIO parses PREFIX/LEN,LIFETIME[,low|medium|high].
func parseRIO(ra *netns.RA, v string) error {
	parts := strings.Split(v, ",")
	if len(parts) != 2 && len(parts) != 3 {
		return eventBad(v, "rio")
	}
	prf := fib6.PrefMedium
	if len(parts) == 3 {
		p, ok := raPrf[parts[2]]
		if !ok {
			return eventBad(v, "rio")
		}
		prf = int(p)
	}
	p, ok := pyNetwork(parts[0])
	life, ok1 := raLifetime(parts[1])
	if !ok || !ok1 {
		return eventBad(v, "rio")
	}
	ra.RIOs = append(ra.RIOs, netns.RouteInfo{Prefix: p, Prf: uint8(prf), Lifetime: life})
	return nil
}

// raLifetime parses an option lifetime: `inf` or 0..4294967295.
func raLifetime(s string) (uint32, bool) {
	if s == "inf" {
		return netns.InfinityLifeTime, true
	}
	v, ok := pyDecimal(s, 1<<32-1)
	return uint32(v), ok
}

// pyNetwork parses ADDR[/LEN] as Python's strict ipaddress.IPv6Network:
// no host bits set, no zone, a decimal length up to 128 (none: /128).
func pyNetwork(s string) (netip.Prefix, bool) {
	addr, l, hasLen := strings.Cut(s, "/")
	a, ok := pyAddr(addr)
	if !ok {
		return netip.Prefix{}, false
	}
	n := uint64(128)
	if hasLen {
		if n, ok = pyDecimal(l, 128); !ok {
			return netip.Prefix{}, false
		}
	}
	p := netip.PrefixFrom(a, int(n))
	return p, p.Masked() == p
}
