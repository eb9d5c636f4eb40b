package iproute2

import (
	"io"
	"net/netip"
	"strings"

	"fib6lab/engine/errno"
	"fib6lab/engine/netns"
)

// addrOp is the request an `ip address` modify command sends.
type addrOp int

const (
	addrAdd    addrOp = iota // RTM_NEWADDR, NLM_F_CREATE|NLM_F_EXCL
	addrChange               // RTM_NEWADDR with NLM_F_REPLACE (change, replace)
	addrDel                  // RTM_DELADDR
)

// runAddr models do_ipaddr: `ip -6 address add|change|replace|delete
// ADDR[/PLEN] dev NAME [nodad] [noprefixroute] [metric N]`, `show
// [FILTER]` (also with no command) and `flush FILTER`, commands matched
// by prefix in iproute2's order.
func runAddr(sh *Shell, o ipOpts, args []string, out io.Writer) error {
	if len(args) == 0 {
		return addrShow(sh.NS, o, nil, out)
	}
	switch cmd := args[0]; {
	case matches(cmd, "add"):
		return addrModify(sh.NS, args[1:], addrAdd)
	case matches(cmd, "change"), cmd == "chg", matches(cmd, "replace"):
		return addrModify(sh.NS, args[1:], addrChange)
	case matches(cmd, "delete"):
		return addrModify(sh.NS, args[1:], addrDel)
	case matches(cmd, "list"), matches(cmd, "show"), matches(cmd, "lst"):
		return addrShow(sh.NS, o, args[1:], out)
	case matches(cmd, "flush"):
		return addrFlush(sh.NS, o, args[1:], out)
	default:
		return unknownCommand(cmd, "address")
	}
}

func addrModify(ns *netns.Netns, args []string, op addrOp) error {
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
	ifa.Prefix = p
	switch op {
	case addrAdd:
		return ns.AddAddrWith(d, ifa)
	case addrChange:
		return ns.ChangeAddr(d, ifa)
	}
	return ns.DelAddr(d, p)
}

func linkName(d *netns.Device) string {
	if d.Peer != nil {
		return d.Name + "@" + d.Peer.Name
	}
	return d.Name
}

func linkMTU(d *netns.Device) int { return d.MTU }

// linkFlags prints the IFF_* flags iproute2 shows in angle brackets.
func linkFlags(d *netns.Device) string { return strings.Join(linkFlagList(d), ",") }

// linkFlagList lists them as print_link_flags does: NO-CARRIER for an up
// device without carrier, the flags in IFF_* order, M-DOWN for a veth
// whose peer is down.
func linkFlagList(d *netns.Device) []string {
	var fl []string
	if !d.Carrier() && d.Up && d.Kind != netns.KindLoopback {
		fl = append(fl, "NO-CARRIER")
	}
	if d.Kind == netns.KindLoopback {
		fl = append(fl, "LOOPBACK")
	} else {
		fl = append(fl, "BROADCAST", "MULTICAST")
	}
	if d.Up {
		fl = append(fl, "UP")
		if d.Carrier() {
			fl = append(fl, "LOWER_UP")
		}
	}
	if d.Peer != nil && !d.Peer.Up {
		fl = append(fl, "M-DOWN")
	}
	return fl
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
