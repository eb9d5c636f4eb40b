package iproute2

import (
	"fmt"
	"io"
	"net/netip"
	"path"
	"strconv"
	"strings"

	"fib6lab/engine/netns"
)

// addrFilter models iproute2's address filter (ipaddr_list_flush_or_save)
// for the IPv6 view: a device, a scope, IFA_F_* flags that must be set
// (flags) or clear (within flagMask), `up`, a label pattern and a prefix
// the address must fall in.
type addrFilter struct {
	dev       *netns.Device
	devName   string
	scope     int // -1: any
	flags     uint32
	flagMask  uint32
	up        bool
	label     string
	hasLabel  bool
	to        netip.Prefix
	oneline   bool
	withLinks bool // the link lines print (not with -o nor a label)
	sh        *Shell
}

// IFA_F_* flags the model's addresses carry (ifaFlags has them all).
const (
	ifaNoDAD         = 0x02
	ifaDADFailed     = 0x08
	ifaHome          = 0x10
	ifaDeprecated    = 0x20
	ifaTentative     = 0x40
	ifaPermanent     = 0x80
	ifaManageTmpAddr = 0x100
	ifaNoPrefixRoute = 0x200
)

// addrFlagBits is an address's IFA_F_* flags.
func addrFlagBits(a *netns.Addr) uint32 {
	var f uint32
	for _, b := range []struct {
		set  bool
		mask uint32
	}{
		{a.NoDAD, ifaNoDAD}, {a.DADFailed, ifaDADFailed}, {a.Home, ifaHome}, {a.Deprecated, ifaDeprecated}, {a.Tentative, ifaTentative},
		{a.Permanent, ifaPermanent}, {a.ManageTempAddr, ifaManageTmpAddr}, {a.NoPrefixRoute, ifaNoPrefixRoute},
	} {
		if b.set {
			f |= b.mask
		}
	}
	return f
}

// flagFilter models get_filter: a flag name, "-NAME" for its absence,
// "dynamic" (not permanent) and "primary" (not secondary).
func (f *addrFilter) flagFilter(arg string) bool {
	inv := strings.HasPrefix(arg, "-")
	arg = strings.TrimPrefix(arg, "-")
	switch arg {
	case "dynamic":
		inv, arg = !inv, "permanent"
	case "primary":
		inv, arg = !inv, "secondary"
	}
	for _, fl := range ifaFlags {
		if fl.name == arg {
			if inv {
				f.flags &^= fl.mask
			} else {
				f.flags |= fl.mask
			}
			f.flagMask |= fl.mask
			return true
		}
	}
	return false
}

// parseAddrFilter models the argument loop of ipaddr_list_flush_or_save:
// `to PREFIX`, `scope S|all`, `up`, flag names, `label PATTERN`, and any
// other word (after an optional `dev`) naming the device, once.
func parseAddrFilter(ns *netns.Netns, o ipOpts, args []string) (*addrFilter, error) {
	f := &addrFilter{scope: -1, oneline: o.oneline, withLinks: !o.oneline}
	for i := 0; i < len(args); i++ {
		a := args[i]
		var err error
		switch {
		case a == "to" || a == "scope" || a == "label" || a == "dev":
			var v string
			if v, err = needArg(args, i); err == nil {
				i++
				err = f.keyword(a, v)
			}
		case a == "up":
			f.up = true
		case f.flagFilter(a):
		default:
			err = f.keyword("dev", a)
		}
		if err != nil {
			return nil, err
		}
	}
	f.withLinks = f.withLinks && !f.hasLabel // print_linkinfo prints nothing with a label filter
	if f.devName != "" {
		if f.dev = ns.Dev(f.devName); f.dev == nil {
			return nil, &exitErr{fmt.Sprintf("Device \"%s\" does not exist.\n", f.devName), 1}
		}
	}
	return f, nil
}

func (f *addrFilter) keyword(key, v string) error {
	switch key {
	case "to":
		p, err := parsePrefix(v) // get_prefix exits with its own message
		if err != nil {
			return err
		}
		f.to = p
	case "scope":
		sc, ok := idOf(scopeNames, v, 256)
		switch {
		case ok:
			f.scope = int(sc)
		case v != "all":
			return invarg("invalid \"scope\"\n", v)
		}
	case "label":
		f.label, f.hasLabel = v, true
	default:
		if f.devName != "" {
			return garbage("dev", v)
		}
		f.devName = v
	}
	return nil
}

// addrScopeID is the ifa_scope of an address (RT_SCOPE_*).
func addrScopeID(a *netns.Addr) int {
	switch a.Scope() {
	case "host":
		return 254
	case "link":
		return 253
	}
	return 0
}

// wants applies the filter to one address of d (print_addrinfo's
// checks; the label of an IPv6 address is its device's name).
func (f *addrFilter) wants(d *netns.Device, a *netns.Addr) bool {
	if f.dev != nil && f.dev != d || f.up && !d.Up {
		return false
	}
	if f.scope >= 0 && addrScopeID(a) != f.scope || (f.flags^addrFlagBits(a))&f.flagMask != 0 {
		return false
	}
	if f.hasLabel {
		if ok, _ := path.Match(f.label, d.Name); !ok {
			return false
		}
	}
	return !f.to.IsValid() || f.to.Masked().Contains(a.Prefix.Addr()) && a.Prefix.Bits() >= 0
}

// selected lists the devices that have a wanted address, with those
// addresses (ipaddr_filter drops the others).
func (f *addrFilter) selected(ns *netns.Netns) ([]*netns.Device, [][]*netns.Addr) {
	var devs []*netns.Device
	var addrs [][]*netns.Addr
	for _, d := range ns.Devices() {
		var as []*netns.Addr
		for _, a := range d.Addrs {
			if f.wants(d, a) {
				as = append(as, a)
			}
		}
		if len(as) > 0 {
			devs, addrs = append(devs, d), append(addrs, as)
		}
	}
	return devs, addrs
}

// addrShow models `ip -6 address show [FILTER]` for the IPv6 view:
// each device with a selected address (its link line: with `dev`, the
// whole RTM_GETLINK answer, else what an AF_INET6 link dump carries),
// then its addresses; -o prints each address on a line of its own with
// the device's index and name, -j prints JSON.
func addrShow(sh *Shell, o ipOpts, args []string, out io.Writer) error {
	ns := sh.NS
	f, err := parseAddrFilter(ns, o, args)
	if err != nil {
		return err
	}
	f.sh = sh
	devs, addrs := f.selected(ns)
	printRecords(o, out, len(devs), func(p *printer, i int) { f.printDevice(p, o, devs[i], addrs[i]) })
	return nil
}

// printDevice prints a device's link line (unless -o) and its selected
// addresses, as; in JSON, an address of the device the filter left out
// is an empty object (print_selected_addrinfo opens one for each).
func (f *addrFilter) printDevice(p *printer, o ipOpts, d *netns.Device, as []*netns.Addr) {
	if f.withLinks {
		f.printLink(p, o, d)
	}
	p.open("addr_info", true)
	for _, a := range d.Addrs {
		p.open("", false)
		if len(as) > 0 && as[0] == a {
			f.printAddr(p, d, a)
			as = as[1:]
		}
		p.close(false)
	}
	p.close(true)
}

// printLink models print_linkinfo for the attributes the model's links
// have.
func (f *addrFilter) printLink(p *printer, o ipOpts, d *netns.Device) {
	full := f.dev != nil // RTM_GETLINK answer, not the AF_INET6 dump
	p.uint("ifindex", "%d: ", uint64(d.Index))
	name, mdown := linkName6(d)
	switch {
	case d.Peer == nil || d.Peer.Index == d.Index && d.Peer.Net() == d.Net():
	case full && d.Peer.Net() != d.Net(): // IFLA_LINK_NETNSID: the peer's ifindex only
		name, mdown = fmt.Sprintf("%s@if%d", d.Name, d.Peer.Index), false
		p.uint("link_index", "", uint64(d.Peer.Index))
	default:
		p.str("link", "", strings.TrimPrefix(name, d.Name+"@"))
	}
	p.str("ifname", "", d.Name)
	p.text(name + ": ")
	p.strList("flags", "<%s> ", linkFlagList(d, mdown))
	p.uint("mtu", "mtu %d ", uint64(linkMTU(d)))
	if full {
		p.str("qdisc", "qdisc %s ", qdiscName(d))
	}
	p.str("operstate", "state %s ", operState(d))
	if full {
		p.str("group", "group %s ", "default")
	}
	p.uint("txqlen", "qlen %d", 1000)
	if o.details {
		f.printLinkDetails(p, d, full)
	}
	if full {
		f.printLinkNetns(p, d)
	}
	if o.details && full {
		f.printPromiscuity(p, d)
	}
	p.text("\n")
}

// printLinkNetns prints the IFLA_LINK_NETNSID of an RTM_GETLINK answer
// (after the link layer addresses with -d): the namespace of a veth
// end's peer when it is another (Shell.linkNetns).
func (f *addrFilter) printLinkNetns(p *printer, d *netns.Device) {
	label, id := f.sh.linkNetns(d)
	if id < 0 {
		return
	}
	if p.w != nil {
		p.num("link_netnsid", "", strconv.Itoa(id))
		return
	}
	p.text(label)
}

// linkQueues is the number of TX and RX queues of a veth on the
// reference machine (one per possible CPU: 2); the loopback has one.
const linkQueues = 2

// printLinkDetails prints what -d adds: the link layer address (and,
// in an RTM_GETLINK answer, broadcast address, promiscuity, MTU bounds,
// the link kind and the queue and offload sizes, as this kernel reports
// them for lo and veth).
func (f *addrFilter) printLinkDetails(p *printer, d *netns.Device, full bool) {
	kind, mac, brd := "ether", macString(d.MAC), "ff:ff:ff:ff:ff:ff"
	if d.Kind == netns.KindLoopback {
		kind, brd = "loopback", mac
	}
	p.text(p.nl)
	p.str("link_type", "    link/%s ", kind)
	p.str("address", "%s", mac)
	if !full {
		return
	}
	p.text(" brd ")
	p.str("broadcast", "%s", brd)
}

// printPromiscuity prints the rest of what -d adds to an RTM_GETLINK
// answer, after the link's namespace: promiscuity, MTU bounds, the link
// kind, the queue and offload sizes.
func (f *addrFilter) printPromiscuity(p *printer, d *netns.Device) {
	lo := d.Kind == netns.KindLoopback
	minMTU, maxMTU, queues := 68, 65535, linkQueues
	if lo {
		minMTU, maxMTU, queues = 0, 0, 1
	}
	p.uint("promiscuity", " promiscuity %d ", 0)
	p.uint("allmulti", " allmulti %d ", 0)
	p.uint("min_mtu", "minmtu %d ", uint64(minMTU))
	p.uint("max_mtu", "maxmtu %d ", uint64(maxMTU))
	if !lo {
		p.text(p.nl)
		p.open("linkinfo", false)
		p.str("info_kind", "    %s ", d.Kind)
		p.close(false)
	}
	for _, s := range []struct {
		key, format string
		v           int
	}{
		{"num_tx_queues", "numtxqueues %d ", queues}, {"num_rx_queues", "numrxqueues %d ", queues},
		{"gso_max_size", "gso_max_size %d ", 65536}, {"gso_max_segs", "gso_max_segs %d ", 65535},
		{"tso_max_size", "tso_max_size %d ", 524280}, {"tso_max_segs", "tso_max_segs %d ", 65535},
		{"gro_max_size", "gro_max_size %d ", 65536},
	} {
		p.uint(s.key, s.format, uint64(s.v))
	}
}

func macString(m [6]byte) string {
	return fmt.Sprintf("%02x:%02x:%02x:%02x:%02x:%02x", m[0], m[1], m[2], m[3], m[4], m[5])
}

// printAddr models print_addrinfo for an IPv6 address.
func (f *addrFilter) printAddr(p *printer, d *netns.Device, a *netns.Addr) {
	if f.oneline {
		p.uint("index", "", uint64(d.Index))
		p.str("dev", "", d.Name)
		p.text(fmt.Sprintf("%d: %s", d.Index, d.Name))
	}
	p.str("family", "    %s ", "inet6")
	p.str("local", "%s", a.Prefix.Addr().String())
	p.uint("prefixlen", "/%d ", uint64(a.Prefix.Bits()))
	if a.Metric != 0 {
		p.uint("metric", "metric %d ", uint64(a.Metric))
	}
	p.str("scope", "scope %s ", a.Scope())
	flags := addrFlagBits(a)
	for _, fl := range ifaFlags { // print_ifa_flags
		switch {
		case fl.mask == ifaPermanent:
			if flags&fl.mask == 0 {
				p.flag("dynamic")
			}
		case fl.name == "secondary" || flags&fl.mask == 0:
		default:
			p.flag(fl.name)
		}
	}
	valid, pref := a.Lifetimes(d.Net().Now(), d.Net().HZ)
	p.text(p.nl + "       ")
	printLifetime(p, "valid", valid, false)
	p.text(" ")
	printLifetime(p, "preferred", pref, a.Deprecated)
	p.text("\n")
}

// printLifetime prints a lifetime as print_addrinfo does: `forever`
// (INFINITY_LIFE_TIME in JSON), or seconds, signed for the preferred
// lifetime of a deprecated address.
func printLifetime(p *printer, key string, v uint32, signed bool) {
	word := map[string]string{"valid": "valid_lft", "preferred": "preferred_lft"}[key]
	switch {
	case v == netns.InfinityLifeTime:
		p.uint(key+"_life_time", "", uint64(v))
		p.text(word + " forever")
	case signed:
		if p.w != nil {
			p.w.intField(key+"_life_time", int64(int32(v)))
		}
		p.text(fmt.Sprintf("%s %dsec", word, int32(v)))
	default:
		p.uint(key+"_life_time", word+" %dsec", uint64(v))
	}
}

// addrFlush models `ip -6 address flush FILTER` (ipaddr_flush): rounds
// of a dump and an RTM_DELADDR for every selected address until a dump
// selects none; with -s it reports the rounds, with -s -s it also prints
// each address it deletes (with its device, as -o does).
func addrFlush(ns *netns.Netns, o ipOpts, args []string, out io.Writer) error {
	if len(args) == 0 {
		return &exitErr{"Flush requires arguments.\n", 1}
	}
	f, err := parseAddrFilter(ns, o, args)
	if err != nil {
		return err
	}
	f.oneline, f.withLinks = true, false
	for round := 0; ; round++ {
		devs, addrs := f.selected(ns)
		n := 0
		for i, d := range devs {
			for _, a := range addrs[i] {
				if o.stats > 1 {
					var b strings.Builder
					f.printAddr(&printer{b: &b, nl: "\n"}, d, a)
					io.WriteString(out, b.String())
				}
				ns.DelAddr(d, a.Prefix)
				n++
			}
		}
		if n == 0 {
			if o.stats > 0 {
				io.WriteString(out, flushDone(round))
			}
			return nil
		}
		if o.stats > 0 {
			fmt.Fprintf(out, "\n*** Round %d, deleting %d addresses ***\n", round+1, n)
		}
	}
}
