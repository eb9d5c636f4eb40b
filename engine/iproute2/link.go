package iproute2

import (
	"fmt"
	"io"
	"math"
	"net"
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
	names ifnames
	mac   [6]byte
}

// name is the device name the request sends, "" when none is given (the
// kernel then makes one from a template).
func (s *linkSpec) name() string { return s.names.dev }

// parseLinkSpec reads `[name NAME | [dev] NAME] [address MAC]` from args
// up to `type` or the end, and returns the rest.
func parseLinkSpec(args []string) (linkSpec, []string, error) {
	var s linkSpec
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "type":
			return s, args[i:], s.names.create()
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
			n, err := s.names.parse(args, i)
			if err != nil {
				return s, nil, err
			}
			i += n
		}
	}
	return s, nil, s.names.create()
}

// ifnames follows iplink_parse's name and dev: `name NEW` (checked by
// check_ifname) and `[dev] NAME` (checked by check_altifname only, so a
// name of 16 bytes or more reaches the kernel); a dev word may follow a
// name but not another dev word.
type ifnames struct {
	name, dev       string
	hasName, hasDev bool
	devIsName       bool // dev was set by `name`
}

// parse reads `name NEW`, `dev NAME` or NAME at args[i] and returns how
// many more arguments it used.
func (n *ifnames) parse(args []string, i int) (int, error) {
	v, used := args[i], 0
	if v == "name" || v == "dev" {
		var err error
		if v, err = needArg(args, i); err != nil {
			return 0, err
		}
		used = 1
	}
	if args[i] == "name" {
		if n.hasName {
			return 0, dupArg("name", v)
		}
		if !checkIfname(v) {
			return 0, invarg("\"name\" not a valid ifname", v)
		}
		n.name, n.hasName = v, true
		if !n.hasDev {
			n.dev, n.hasDev, n.devIsName = v, true, true
		}
		return used, nil
	}
	if n.hasDev && !n.devIsName {
		return 0, garbage("dev", v)
	}
	if !checkAltIfname(v) {
		return 0, invarg("\"dev\" not a valid ifname", v)
	}
	n.dev, n.hasDev, n.devIsName = v, true, false
	return used, nil
}

// create checks the names of a device being created: `name` and a dev
// word must agree.
func (n *ifnames) create() error {
	if n.hasName && n.dev != n.name {
		return &exitErr{"both \"name\" and \"dev\" cannot be used when creating devices.\n", 255}
	}
	return nil
}

// checkAltIfname models iproute2's check_altifname: not empty, no '/'
// and no white space (isspace in the C locale).
func checkAltIfname(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '/' || c == ' ' || c >= '\t' && c <= '\r' {
			return false
		}
	}
	return true
}

// checkIfname models check_ifname: check_altifname and shorter than
// IFNAMSIZ (16 bytes).
func checkIfname(s string) bool { return len(s) < 16 && checkAltIfname(s) }

// linkAdd models `ip link add [NAME] [address MAC] type veth [peer [name]
// NAME2 [address MAC2]]`; other types fail as on a kernel without them.
// A name not given is left to the kernel ("veth%d").
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
	var peer linkSpec
	if len(rest) > 2 && rest[2] == "peer" {
		if peer, _, err = parseLinkSpec(rest[3:]); err != nil {
			return err
		}
	}
	if err := ns.AddVeth(s.name(), s.mac, peer.name(), peer.mac); err != nil {
		return netlinkErr(err)
	}
	return nil
}

// linkRequest is one `ip link set` request as iplink_parse builds it.
type linkRequest struct {
	names  ifnames
	mtu    int
	hasMTU bool
	state  string // "up", "down" or ""
	// carrier is IFLA_CARRIER: "on", "off" or "" (not given).
	carrier string
}

// linkSetValued are the `ip link set` keywords taken with one value and
// otherwise ignored by the model.
var linkSetValued = map[string]bool{"address": true, "arp": true, "txqueuelen": true, "qlen": true, "txqlen": true}

// parseLinkSet models iplink_parse for `ip link set`: `[dev] NAME`, `up`,
// `down`, `name NEW`, `mtu N`, `carrier on|off` and a few ignored
// settings; any other word is a second device name.
func parseLinkSet(args []string) (*linkRequest, error) {
	r := &linkRequest{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "up" || a == "down":
			r.state = a
		case a == "carrier":
			v, err := needArg(args, i)
			if err != nil {
				return nil, err
			}
			if v != "on" && v != "off" {
				return nil, &exitErr{fmt.Sprintf("Error: argument of \"carrier\" must be one of \"off\", \"on\", not \"%s\"\n", v), 22}
			}
			r.carrier = v
			i++
		case a == "mtu" || linkSetValued[a]:
			v, err := needArg(args, i)
			if err != nil {
				return nil, err
			}
			i++
			if a != "mtu" {
				continue
			}
			if r.hasMTU && r.mtu != -1 { // iproute2 starts mtu at -1: a first -1 is not seen
				return nil, dupArg("mtu", v)
			}
			n, ok := getInteger(v)
			if !ok {
				return nil, invarg("Invalid \"mtu\" value\n", v)
			}
			r.mtu, r.hasMTU = n, true
		default:
			n, err := r.names.parse(args, i)
			if err != nil {
				return nil, err
			}
			i += n
		}
	}
	if !r.names.hasDev {
		return nil, &exitErr{"Not enough information: \"dev\" argument is required.\n", 255}
	}
	return r, nil
}

// linkSet models `ip link set [dev] NAME [up|down] [name NEW] [mtu N]
// [carrier on|off]`: do_setlink applies the MTU, then the name, then the
// up/down flags, then the carrier; what it applied before an error stays.
func linkSet(ns *netns.Netns, args []string) error {
	r, err := parseLinkSet(args)
	if err != nil {
		return err
	}
	d := ns.Dev(r.names.dev)
	if d == nil {
		return noDevice(r.names.dev)
	}
	if r.hasMTU {
		if err := ns.SetMTU(d, r.mtu); err != nil {
			return netlinkErr(err)
		}
	}
	if r.names.hasName && !r.names.devIsName { // `name` alone names the device, not a new name
		if err := ns.Rename(d, r.names.name); err != nil {
			return netlinkErr(err)
		}
	}
	if r.state != "" {
		ns.SetLinkUp(d, r.state == "up")
	}
	if r.carrier != "" {
		if err := ns.ChangeCarrier(d, r.carrier == "on"); err != nil {
			return netlinkErr(err)
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

// dupArg is iproute2's duparg: a keyword given twice.
func dupArg(key, v string) error {
	return &exitErr{fmt.Sprintf("Error: duplicate \"%s\": \"%s\" is the second value.\n", key, v), 255}
}

// getInteger models iproute2's get_integer(&val, s, 0): strtol in any
// base (white space, one sign, 0x, a leading 0 for octal), the whole
// string used, the value within int.
func getInteger(s string) (int, bool) {
	p := strings.TrimLeft(s, cBlanks)
	neg := strings.HasPrefix(p, "-")
	if neg || strings.HasPrefix(p, "+") {
		p = p[1:]
	}
	if p == "" || strings.ContainsAny(p[:1], "+-"+cBlanks) {
		return 0, false
	}
	mag, rest, ok := cStrtoul(p)
	limit := uint64(math.MaxInt32)
	if neg {
		limit++
	}
	if !ok || rest != "" || mag > limit {
		return 0, false
	}
	if neg {
		return -int(mag), true
	}
	return int(mag), true
}
