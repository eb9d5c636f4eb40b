package iproute2

import (
	"fmt"
	"io"
	"net/netip"

	"fib6lab/engine/errno"
	"fib6lab/engine/netns"
)

// runAddr models `ip -6 address add|delete ADDR[/PLEN] dev NAME [nodad]`
// and `ip -6 address [show]`.
func runAddr(sh *Shell, o ipOpts, args []string, out io.Writer) error {
	if len(args) == 0 {
		return addrShow(sh.NS, o, out)
	}
	switch cmd := args[0]; {
	case matches(cmd, "add"):
		return addrModify(sh.NS, args[1:], true)
	case matches(cmd, "delete"):
		return addrModify(sh.NS, args[1:], false)
	case matches(cmd, "show"), matches(cmd, "list"), matches(cmd, "lst"):
		return addrShow(sh.NS, o, out)
	default:
		return unknownCommand(cmd, "address")
	}
}

func addrModify(ns *netns.Netns, args []string, add bool) error {
	var p netip.Prefix
	var d *netns.Device
	ifa := &netns.Addr{}
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "nodad":
			ifa.NoDAD = true
		case "noprefixroute":
			ifa.NoPrefixRoute = true
		case "metric", "priority":
			v, err := needArg(args, i)
			if err != nil {
				return err
			}
			i++
			if ifa.Metric, err = parseU32(v, "metric"); err != nil {
				return err
			}
		case "dev":
			v, err := needArg(args, i)
			if err != nil {
				return err
			}
			i++
			if d = ns.Dev(v); d == nil {
				return noDevice(v)
			}
		case "local":
		default:
			if p.IsValid() {
				return garbage("local", args[i])
			}
			var err error
			if p, err = parsePrefix(args[i]); err != nil {
				return err
			}
		}
	}
	if d == nil {
		return &exitErr{"Not enough information: \"dev\" argument is required.\n", 1}
	}
	if !p.IsValid() {
		return errno.EINVAL // no IFA_LOCAL/IFA_ADDRESS: inet6_rtm_newaddr rejects it
	}
	if add {
		ifa.Prefix = p
		return ns.AddAddrWith(d, ifa)
	}
	return ns.DelAddr(d, p)
}

// addrShow models `ip -6 address show` for the IPv6 view: devices with
// IPv6 addresses, each address with its scope, flags and lifetimes.
func addrShow(ns *netns.Netns, o ipOpts, out io.Writer) error {
	for _, d := range ns.Devices() {
		if len(d.Addrs) == 0 {
			continue
		}
		name, mdown := linkName6(d)
		fmt.Fprintf(out, "%d: %s: <%s> mtu %d state %s qlen 1000\n", d.Index, name, linkFlags(d, mdown), linkMTU(d), operState(d))
		for _, a := range d.Addrs {
			fmt.Fprintf(out, "    inet6 %s scope %s %s\n", a.Prefix, a.Scope(), addrFlags(a))
			fmt.Fprintln(out, "       valid_lft forever preferred_lft forever")
		}
	}
	return nil
}

func addrFlags(a *netns.Addr) string {
	s := ""
	if a.NoDAD {
		s += "nodad "
	}
	if a.Tentative {
		s += "tentative "
	}
	return s
}

// linkName6 is the device name as `ip -6 addr` prints it, and whether
// iproute2 adds M-DOWN: the IPv6 link dump (inet6_fill_ifinfo) carries
// IFLA_LINK, the peer's ifindex, only when it differs from the device's
// own and never a netns id, so iproute2 names that ifindex in the
// namespace it runs in ("if%d" when none has it) and takes M-DOWN from
// that device: for a peer in another namespace, whatever local device
// has its number.
func linkName6(d *netns.Device) (string, bool) {
	if d.Peer == nil || d.Peer.Index == d.Index {
		return d.Name, false
	}
	if l := d.Net().DevByIndex(d.Peer.Index); l != nil {
		return d.Name + "@" + l.Name, !l.Up
	}
	return fmt.Sprintf("%s@if%d", d.Name, d.Peer.Index), false
}

func linkMTU(d *netns.Device) int { return d.MTU }

// linkFlags prints the IFF_* flags iproute2 shows in angle brackets,
// with M-DOWN when mdown (the linked device is down).
func linkFlags(d *netns.Device, mdown bool) string {
	s := "BROADCAST,MULTICAST"
	if d.Kind == netns.KindLoopback {
		s = "LOOPBACK"
	} else if !d.Carrier() && d.Up {
		s = "NO-CARRIER," + s
	}
	if d.Up {
		s += ",UP"
		if d.Carrier() {
			s += ",LOWER_UP"
		}
	}
	if mdown {
		s += ",M-DOWN"
	}
	return s
}

func operState(d *netns.Device) string {
	switch {
	case d.Kind == netns.KindLoopback && d.Up:
		return "UNKNOWN"
	case d.Carrier():
		return "UP"
	case d.Up:
		return "LOWERLAYERDOWN"
	}
	return "DOWN"
}
