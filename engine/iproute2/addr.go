package iproute2

import (
	"fmt"
	"io"
	"strings"

	"fib6lab/engine/errno"
	"fib6lab/engine/fib6"
	"fib6lab/engine/netns"
)

// runAddr models do_ipaddr: `ip -6 address add|change|replace|delete
// ADDR[/PLEN] dev NAME [FLAGS] [metric N] [valid_lft LFT]
// [preferred_lft LFT]`, `show [FILTER]` (also with no command) and
// `flush FILTER`, commands matched by prefix in iproute2's order.
func runAddr(sh *Shell, o ipOpts, args []string, out io.Writer) error {
	if len(args) == 0 {
		return addrShow(sh, o, nil, out)
	}
	switch cmd := args[0]; {
	case matches(cmd, "add"):
		return addrModify(sh.NS, o, args[1:], fib6.NLM_F_CREATE|fib6.NLM_F_EXCL, out)
	case matches(cmd, "change"), cmd == "chg":
		return addrModify(sh.NS, o, args[1:], fib6.NLM_F_REPLACE, out)
	case matches(cmd, "replace"):
		return addrModify(sh.NS, o, args[1:], fib6.NLM_F_CREATE|fib6.NLM_F_REPLACE, out)
	case matches(cmd, "delete"):
		return addrModify(sh.NS, o, args[1:], 0, out)
	case matches(cmd, "list"), matches(cmd, "show"), matches(cmd, "lst"):
		return addrShow(sh, o, args[1:], out)
	case matches(cmd, "flush"):
		return addrFlush(sh.NS, o, args[1:], out)
	default:
		return unknownCommand(cmd, "address")
	}
}

// ifaFlag is one entry of iproute2's ifa_flag_data table: the name `ip
// address` prints and takes, its IFA_F_* bit, whether it is read-only
// (set by the kernel only) and whether it exists only for IPv6; in
// iproute2's order, which is the order flags print and parse in.
type ifaFlag struct {
	name     string
	mask     uint32
	readonly bool
	v6only   bool
}

var ifaFlags = []ifaFlag{
	{"secondary", 0x01, true, false}, {"temporary", 0x01, true, true}, {"nodad", 0x02, false, true},
	{"optimistic", 0x04, false, true}, {"dadfailed", 0x08, true, true}, {"home", 0x10, false, true},
	{"deprecated", 0x20, true, true}, {"tentative", 0x40, true, true}, {"permanent", 0x80, true, true},
	{"mngtmpaddr", 0x100, false, true}, {"noprefixroute", 0x200, false, true}, {"autojoin", 0x400, false, false},
	{"stable-privacy", 0x800, true, true},
}

func lookupIfaFlag(name string) *ifaFlag {
	for i := range ifaFlags {
		if ifaFlags[i].name == name {
			return &ifaFlags[i]
		}
	}
	return nil
}

// addrArgs holds what ipaddr_modify collects from its arguments.
type addrArgs struct {
	cfg          netns.AddrConfig
	dev          string
	hasLocal     bool
	valid, pref  string // the lifetimes as given ("" when not)
	optimistic   bool
	autojoin     bool
	family6      bool // the request's family is known to be IPv6
	hasPeer      bool // `peer`: a point-to-point address, not modelled
	validLft     uint32
	preferredLft uint32
	hasDev       bool
}

// parseAddrArgs models ipaddr_modify's argument loop: keywords as
// iproute2 matches them (metric, priority and preference before
// valid_lft and preferred_lft, so `pref` is a metric), the flag names,
// and the address.
func parseAddrArgs(o ipOpts, args []string, out io.Writer) (*addrArgs, error) {
	a := &addrArgs{family6: o.family == 6, validLft: netns.InfinityLifeTime, preferredLft: netns.InfinityLifeTime}
	for i := 0; i < len(args); i++ {
		w := args[i]
		if f := lookupIfaFlag(w); f != nil {
			a.setFlag(f, out)
			continue
		}
		switch {
		case w == "dev":
			v, err := needArg(args, i)
			if err != nil {
				return nil, err
			}
			i++
			a.dev, a.hasDev = v, true
		case matches(w, "metric"), matches(w, "priority"), matches(w, "preference"):
			v, err := needArg(args, i)
			if err != nil {
				return nil, err
			}
			i++
			if a.cfg.Metric, err = parseU32(v, "metric"); err != nil {
				return nil, err
			}
		case w == "peer", w == "remote": // IFA_ADDRESS apart from IFA_LOCAL
			v, err := needArg(args, i)
			if err != nil {
				return nil, err
			}
			i++
			if a.hasPeer {
				return nil, dupArg("peer", v)
			}
			if _, err := parsePrefix(v); err != nil {
				return nil, err
			}
			a.hasPeer = true
		case w == "scope", w == "label": // ifa_scope and IFA_LABEL, which IPv6 ignores
			v, err := needArg(args, i)
			if err != nil {
				return nil, err
			}
			i++
			if _, ok := idOf(scopeNames, v, 256); w == "scope" && !ok {
				return nil, invarg("invalid scope value.", v)
			}
		case matches(w, "valid_lft"), matches(w, "preferred_lft"):
			if err := a.setLifetime(args, i); err != nil {
				return nil, err
			}
			i++
		default:
			if w == "local" {
				v, err := needArg(args, i)
				if err != nil {
					return nil, err
				}
				i++
				w = v
			}
			if a.hasLocal {
				return nil, garbage("local", w)
			}
			p, err := parsePrefix(w)
			if err != nil {
				return nil, err
			}
			a.cfg.Prefix, a.hasLocal, a.family6 = p, true, true
		}
	}
	return a, nil
}

// setFlag models the flag branch of ipaddr_modify: read-only flags and
// IPv6 flags given before the family is known are refused with a
// warning and ignored.
func (a *addrArgs) setFlag(f *ifaFlag, out io.Writer) {
	switch {
	case f.readonly:
		fmt.Fprintf(out, "Warning: %s option is not mutable from userspace\n", f.name)
		return
	case f.v6only && !a.family6:
		fmt.Fprintf(out, "Warning: %s option can be set only for IPv6 addresses\n", f.name)
		return
	}
	switch f.name {
	case "nodad":
		a.cfg.NoDAD = true
	case "optimistic":
		a.optimistic = true
	case "home":
		a.cfg.Home = true
	case "mngtmpaddr":
		a.cfg.ManageTempAddr = true
	case "noprefixroute":
		a.cfg.NoPrefixRoute = true
	case "autojoin":
		a.autojoin = true
	}
}

// setLifetime parses `valid_lft LFT` or `preferred_lft LFT` at args[i]
// (set_lifetime: `forever` or a u32 in any base): a second one is a
// duplicate, a bad value invalid.
func (a *addrArgs) setLifetime(args []string, i int) error {
	key, seen, lft := "valid_lft", &a.valid, &a.validLft
	if matches(args[i], "preferred_lft") {
		key, seen, lft = "preferred_lft", &a.pref, &a.preferredLft
	}
	if *seen != "" {
		return &exitErr{fmt.Sprintf("Error: duplicate \"%s\": \"%s\" is the second value.\n", key, args[i]), 255}
	}
	v, err := needArg(args, i)
	if err != nil {
		return err
	}
	*seen = v
	if v == "forever" {
		*lft = netns.InfinityLifeTime
		return nil
	}
	n, ok := cParseUint(v)
	if !ok || n > 1<<32-1 {
		return invarg(key+" value", v)
	}
	*lft = uint32(n)
	return nil
}

// addrModify models ipaddr_modify and the kernel's inet6_rtm_newaddr /
// inet6_rtm_deladdr for one request with netlink flags nlflags (0 for
// delete).
func addrModify(ns *netns.Netns, o ipOpts, args []string, nlflags uint16, out io.Writer) error {
	a, err := parseAddrArgs(o, args, out)
	if err != nil {
		return err
	}
	if !a.hasDev {
		return &exitErr{"Not enough information: \"dev\" argument is required.\n", 1}
	}
	d := ns.Dev(a.dev)
	if d == nil {
		return noDevice(a.dev)
	}
	if a.valid != "" || a.pref != "" {
		switch {
		case a.validLft == 0:
			return &exitErr{"valid_lft is zero\n", 1}
		case a.validLft < a.preferredLft:
			return &exitErr{"preferred_lft is greater than valid_lft\n", 1}
		}
		a.cfg.Lifetimes, a.cfg.ValidLft, a.cfg.PreferredLft = true, a.validLft, a.preferredLft
	}
	if a.autojoin && !(a.hasLocal && a.cfg.Prefix.Addr().IsMulticast()) {
		return &exitErr{"autojoin needs multicast address\n", 1}
	}
	if !a.hasLocal {
		return errno.EINVAL // no IFA_LOCAL/IFA_ADDRESS: inet6_rtm_newaddr rejects it
	}
	if nlflags == 0 {
		return ns.DelAddr(d, a.cfg.Prefix)
	}
	switch {
	case a.autojoin:
		return &exitErr{"fib6lab: autojoin (multicast addresses) is not modelled\n", 2}
	case a.optimistic && ns.OptimisticDAD(d):
		return &exitErr{"fib6lab: optimistic DAD is not modelled\n", 2}
	case a.hasPeer:
		return &exitErr{"fib6lab: peer addresses (ip -6 addr add ADDR peer PREFIX) are not modelled\n", 2}
	}
	return ns.NewAddr(d, &a.cfg, nlflags)
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
	return strings.Join(linkFlagList(d, mdown), ",")
}

// linkFlagList lists them as print_link_flags does: NO-CARRIER for an up
// device without carrier, the flags in IFF_* order, M-DOWN when mdown.
func linkFlagList(d *netns.Device, mdown bool) []string {
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
	if mdown {
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
	case d.LowerLayerDown():
		return "LOWERLAYERDOWN"
	}
	return "DOWN"
}
