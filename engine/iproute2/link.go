package iproute2

import (
	"fmt"
	"io"
	"math"
	"net"
	"strings"

	"fib6lab/engine/errno"
	"fib6lab/engine/netns"
	"fib6lab/engine/world"
)

var errUnknownType = errno.WithMsg(errno.EOPNOTSUPP, "Unknown device type")

// runLink models `ip link add|set|delete`.
func runLink(sh *Shell, _ ipOpts, args []string, out io.Writer) error {
	if len(args) == 0 {
		return nil
	}
	switch cmd := args[0]; {
	case matches(cmd, "add"):
		return linkAdd(sh, args[1:])
	case matches(cmd, "set"):
		return linkSet(sh, args[1:])
	case matches(cmd, "show"), matches(cmd, "list"), matches(cmd, "lst"):
		return linkShow(sh, args[1:], out)
	case matches(cmd, "delete"):
		return linkDel(sh.NS, args[1:])
	default:
		return unknownCommand(cmd, "link")
	}
}

// linkSpec is the NAME [address MAC] [mtu N] [netns NS] part of `ip
// link add`, for either end of a veth pair.
type linkSpec struct {
	names ifnames
	mac   [6]byte
	mtu   int
	ns    *netns.Netns // nil: not given
}

// end is the veth end the spec asks for.
func (s *linkSpec) end() netns.VethEnd {
	return netns.VethEnd{Name: s.name(), MAC: s.mac, MTU: s.mtu, NS: s.ns}
}

// name is the device name the request sends, "" when none is given (the
// kernel then makes one from a template).
func (s *linkSpec) name() string { return s.names.dev }

// parseLinkSpec reads `[name NAME | [dev] NAME] [address MAC] [mtu N]
// [netns NS]` from args up to `type` or the end, and returns the rest.
func parseLinkSpec(w *world.World, args []string) (linkSpec, []string, error) {
	var s linkSpec
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "type":
			return s, args[i:], s.names.create()
		case "mtu", "netns":
			v, err := needArg(args, i)
			if err != nil {
				return s, nil, err
			}
			i++
			if args[i-1] == "netns" {
				if s.ns, err = parseNetns(w, v); err != nil {
					return s, nil, err
				}
			} else if s.mtu, err = parseMTU(v); err != nil {
				return s, nil, err
			}
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
func linkAdd(sh *Shell, args []string) error {
	s, rest, err := parseLinkSpec(sh.World, args)
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
		if peer, _, err = parseLinkSpec(sh.World, rest[3:]); err != nil {
			return err
		}
	}
	if err := sh.NS.AddVethPair(s.end(), peer.end()); err != nil {
		return netlinkErr(err)
	}
	return nil
}

// linkRequest is one `ip link set` request as iplink_parse builds it.
type linkRequest struct {
	names  ifnames
	mtu    int
	hasMTU bool
	state  string       // "up", "down" or ""
	ns     *netns.Netns // netns NS, nil when not given
	// carrier is IFLA_CARRIER: "on", "off" or "" (not given).
	carrier string
}

// linkSetValued are the `ip link set` keywords taken with one value and
// otherwise ignored by the model.
var linkSetValued = map[string]bool{"address": true, "arp": true, "txqueuelen": true, "qlen": true, "txqlen": true}

// parseLinkSet models iplink_parse for `ip link set`: `[dev] NAME`, `up`,
// `down`, `name NEW`, `mtu N`, `netns NS`, `carrier on|off` and a few
// ignored settings; any other word is a second device name.
func parseLinkSet(w *world.World, args []string) (*linkRequest, error) {
	r := &linkRequest{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "up" || a == "down":
			r.state = a
		case a == "netns":
			v, err := needArg(args, i)
			if err != nil {
				return nil, err
			}
			i++
			if r.ns, err = parseNetns(w, v); err != nil {
				return nil, err
			}
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
			if r.mtu, err = parseMTU(v); err != nil {
				return nil, err
			}
			r.hasMTU = true
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

// parseMTU reads an `mtu` value as iproute2's get_integer does.
func parseMTU(v string) (int, error) {
	n, ok := getInteger(v)
	if !ok {
		return 0, invarg("Invalid \"mtu\" value\n", v)
	}
	return n, nil
}

// parseNetns resolves a `netns` value as iproute2's netns_get_fd does:
// a name under /run/netns (a process id is not modelled).
func parseNetns(w *world.World, v string) (*netns.Netns, error) {
	if ns := w.Get(v); ns != nil {
		return ns, nil
	}
	return nil, invarg("Invalid \"netns\" value\n", v)
}

// linkSet models `ip link set [dev] NAME [up|down] [name NEW] [mtu N]
// [netns NS] [carrier on|off]`: do_setlink moves the device first, then
// applies the MTU, then the name, then the up/down flags, then the
// carrier, in its new namespace; what it applied before an error stays.
func linkSet(sh *Shell, args []string) error {
	r, err := parseLinkSet(sh.World, args)
	if err != nil {
		return err
	}
	ns := sh.NS
	d := ns.Dev(r.names.dev)
	if d == nil {
		return noDevice(r.names.dev)
	}
	if r.ns != nil {
		if err := ns.MoveDev(d, r.ns); err != nil {
			return netlinkErr(err)
		}
		ns = r.ns
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

// linkShow models `ip link show [[dev] NAME]`: each device with its
// flags, MTU, qdisc (noop until first brought up, then noqueue), state
// and MAC. A veth end whose peer is in the same namespace prints
// NAME@PEER (M-DOWN while the peer is down); one whose peer is in
// another namespace prints NAME@ifN with the peer's ifindex and
// `link-netns NS`, or `link-netnsid ID` when that namespace has no name
// (asking for the id allocates it, as the kernel's dump does).
func linkShow(sh *Shell, args []string, out io.Writer) error {
	if len(args) > 0 && args[0] == "dev" {
		args = args[1:]
	}
	devs := sh.NS.Devices()
	if len(args) > 0 {
		d := sh.NS.Dev(args[0])
		if d == nil {
			return &exitErr{fmt.Sprintf("Device \"%s\" does not exist.\n", args[0]), 1}
		}
		devs = []*netns.Device{d}
	}
	for _, d := range devs {
		name, mdown, link := d.Name, false, ""
		switch p := d.Peer; {
		case p == nil:
		case p.Net() == d.Net():
			name, mdown = d.Name+"@"+p.Name, !p.Up
		default:
			name = fmt.Sprintf("%s@if%d", d.Name, p.Index)
			link, _ = sh.linkNetns(d)
		}
		fmt.Fprintf(out, "%d: %s: <%s> mtu %d qdisc %s state %s mode DEFAULT group default qlen 1000\n", d.Index, name, linkFlags(d, mdown), d.MTU, qdiscName(d), operState(d))
		kind, brd := "ether", "ff:ff:ff:ff:ff:ff"
		if d.Kind == netns.KindLoopback {
			kind, brd = "loopback", "00:00:00:00:00:00"
		}
		fmt.Fprintf(out, "    link/%s %s brd %s%s\n", kind, net.HardwareAddr(d.MAC[:]), brd, link)
	}
	return nil
}

// qdiscName is a device's root qdisc: noop until it is first brought
// up, then noqueue (what veth and lo get).
func qdiscName(d *netns.Device) string {
	if d.Qdisc {
		return "noqueue"
	}
	return "noop"
}

// linkNetns is what iproute2 prints for the IFLA_LINK_NETNSID of a veth
// end whose peer lives in another namespace, " link-netns NS" or, when
// that namespace has no name, " link-netnsid ID", and the id (asking for
// it allocates it, as the kernel's link message does); "" and -1 for
// other devices.
func (sh *Shell) linkNetns(d *netns.Device) (string, int) {
	p := d.Peer
	if p == nil || p.Net() == d.Net() {
		return "", -1
	}
	id := d.Net().NetIDAlloc(p.Net())
	if n, ok := sh.World.NameOf(p.Net()); ok {
		return " link-netns " + n, id
	}
	return fmt.Sprintf(" link-netnsid %d", id), id
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
