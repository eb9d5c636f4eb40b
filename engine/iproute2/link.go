package iproute2

import (
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"

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

// linkRequest is one `ip link set` request as iplink_parse builds it.
type linkRequest struct {
	dev, name string
	mtu       int
	hasMTU    bool
	state     string // "up", "down" or ""
}

// linkSetValued are the `ip link set` keywords taken with one value and
// otherwise ignored by the model.
var linkSetValued = map[string]bool{"address": true, "arp": true, "txqueuelen": true, "qlen": true, "txqlen": true}

// parseLinkSet models iplink_parse for `ip link set`: `[dev] NAME`, `up`,
// `down`, `name NEW`, `mtu N` and a few ignored settings; any other word
// is a second device name.
func parseLinkSet(args []string) (*linkRequest, error) {
	r := &linkRequest{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "up" || a == "down" {
			r.state = a
			continue
		}
		if a == "name" || a == "mtu" || a == "dev" || linkSetValued[a] {
			v, err := needArg(args, i)
			if err != nil {
				return nil, err
			}
			i++
			if err := r.set(a, v); err != nil {
				return nil, err
			}
			continue
		}
		if err := r.set("dev", a); err != nil {
			return nil, err
		}
	}
	if r.dev == "" {
		return nil, &exitErr{"Not enough information: \"dev\" argument is required.\n", 255}
	}
	return r, nil
}

// set records one keyword's value.
func (r *linkRequest) set(key, v string) error {
	switch key {
	case "dev":
		if r.dev != "" {
			return garbage("dev", v)
		}
		if !validIfname(v) {
			return invarg("\"dev\" not a valid ifname", v)
		}
		r.dev = v
	case "name":
		if r.name != "" {
			return &exitErr{fmt.Sprintf("Error: duplicate \"name\": \"%s\" is the second value.\n", v), 255}
		}
		if !validIfname(v) {
			return invarg("\"name\" not a valid ifname", v)
		}
		r.name = v
	case "mtu":
		n, err := strconv.ParseInt(v, 0, 32)
		if err != nil {
			return invarg("Invalid \"mtu\" value\n", v)
		}
		r.mtu, r.hasMTU = int(n), true
	}
	return nil
}

// validIfname models check_ifname: 1 to 15 bytes, no '/', ':' or blank.
func validIfname(s string) bool {
	return s != "" && len(s) < 16 && !strings.ContainsAny(s, "/: \t\n\v\f\r")
}

// linkSet models `ip link set [dev] NAME [up|down] [name NEW] [mtu N]`:
// do_setlink applies the MTU, then the name, then the up/down flags.
func linkSet(ns *netns.Netns, args []string) error {
	r, err := parseLinkSet(args)
	if err != nil {
		return err
	}
	d := ns.Dev(r.dev)
	if d == nil {
		return noDevice(r.dev)
	}
	if r.hasMTU {
		if err := ns.SetMTU(d, r.mtu); err != nil {
			return netlinkErr(err)
		}
	}
	if r.name != "" {
		if err := ns.Rename(d, r.name); err != nil {
			return netlinkErr(err)
		}
	}
	if r.state != "" {
		ns.SetLinkUp(d, r.state == "up")
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
