package iproute2

import (
	"fmt"
	"io"
	"net"

	"fib6lab/engine/errno"
	"fib6lab/engine/netns"
)

var errUnknownType = errno.WithMsg(errno.EOPNOTSUPP, "Unknown device type")

// runLink models `ip link add|set|delete`.
func runLink(sh *Shell, _ ipOpts, args []string, out io.Writer) error {
	if len(args) == 0 {
		return nil
	}
	switch cmd := args[0]; {
	case matches(cmd, "add"):
		return linkAdd(sh.NS, args[1:])
	case matches(cmd, "set"):
		return linkSet(sh.NS, args[1:])
	case matches(cmd, "delete"):
		return linkDel(sh.NS, args[1:])
	default:
		return unknownCommand(cmd, "link")
	}
}

// linkSpec is the NAME [address MAC] part of `ip link add`.
type linkSpec struct {
	name string
	mac  [6]byte
}

// parseLinkSpec reads `[name] NAME [address MAC]` from args up to `type`
// or the end, and returns the rest.
func parseLinkSpec(args []string) (linkSpec, []string, error) {
	var s linkSpec
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "type":
			return s, args[i:], nil
		case "name", "dev":
			continue
		case "address":
			v, err := needArg(args, i)
			if err != nil {
				return s, nil, err
			}
			hw, perr := net.ParseMAC(v)
			if perr != nil || len(hw) != 6 {
				return s, nil, &exitErr{fmt.Sprintf("\"%s\" is invalid lladdr.\n", v), 1}
			}
			copy(s.mac[:], hw)
			i++
		default:
			s.name = args[i]
		}
	}
	return s, nil, nil
}

// linkAdd models `ip link add NAME [address MAC] type veth [peer [name]
// NAME2 [address MAC2]]`; other types fail as on a kernel without them.
func linkAdd(ns *netns.Netns, args []string) error {
	s, rest, err := parseLinkSpec(args)
	if err != nil {
		return err
	}
	if len(rest) < 2 {
		return &exitErr{"Not enough information: \"type\" argument is required\n", 1}
	}
	if rest[1] != "veth" {
		return netlinkErr(errUnknownType)
	}
	peer := linkSpec{name: "veth0"}
	if len(rest) > 2 && rest[2] == "peer" {
		if peer, _, err = parseLinkSpec(rest[3:]); err != nil {
			return err
		}
	}
	for i := 0; peer.name == "veth0" && ns.Dev(peer.name) != nil; i++ {
		peer.name = fmt.Sprintf("veth%d", i+1)
	}
	if err := ns.AddVeth(s.name, s.mac, peer.name, peer.mac); err != nil {
		return netlinkErr(err)
	}
	return nil
}

// linkSet models `ip link set [dev] NAME up|down`.
func linkSet(ns *netns.Netns, args []string) error {
	var d *netns.Device
	if len(args) == 0 {
		return &exitErr{"Not enough information: \"dev\" argument is required.\n", 255}
	}
	for i, a := range args {
		switch a {
		case "dev":
			if _, err := needArg(args, i); err != nil {
				return err
			}
		case "up", "down":
			if d == nil {
				return &exitErr{"Not enough information: \"dev\" argument is required.\n", 1}
			}
			ns.SetLinkUp(d, a == "up")
		default:
			if d == nil {
				if d = ns.Dev(a); d == nil {
					return noDevice(a)
				}
			}
		}
	}
	return nil
}

// linkDel models `ip link delete [dev] NAME`.
func linkDel(ns *netns.Netns, args []string) error {
	for _, a := range args {
		if a == "dev" {
			continue
		}
		d := ns.Dev(a)
		if d == nil {
			return noDevice(a)
		}
		if err := ns.DelLink(d); err != nil {
			return netlinkErr(err)
		}
		return nil
	}
	return &exitErr{"Not enough information: \"dev\" argument is required.\n", 255}
}
