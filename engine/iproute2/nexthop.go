package iproute2

import (
	"fmt"
	"io"
	"net/netip"
	"strconv"
	"strings"

	"fib6lab/engine/errno"
	"fib6lab/engine/fib6"
	"fib6lab/engine/netns"
)

// nexthopUsage is the usage text of ip/ipnexthop.c (iproute2 6.1).
const nexthopUsage = `Usage: ip nexthop { list | flush } [ protocol ID ] SELECTOR
       ip nexthop { add | replace } id ID NH [ protocol ID ]
       ip nexthop { get | del } id ID
       ip nexthop bucket list BUCKET_SELECTOR
       ip nexthop bucket get id ID index INDEX
SELECTOR := [ id ID ] [ dev DEV ] [ vrf NAME ] [ master DEV ]
            [ groups ] [ fdb ]
BUCKET_SELECTOR := SELECTOR | [ nhid ID ]
NH := { blackhole | [ via ADDRESS ] [ dev DEV ] [ onlink ]
        [ encap ENCAPTYPE ENCAPHDR ] |
        group GROUP [ fdb ] [ type TYPE [ TYPE_ARGS ] ] }
GROUP := [ <id[,weight]>/<id[,weight]>/... ]
TYPE := { mpath | resilient }
TYPE_ARGS := [ RESILIENT_ARGS ]
RESILIENT_ARGS := [ buckets BUCKETS ] [ idle_timer IDLE ]
                  [ unbalanced_timer UNBALANCED ]
ENCAPTYPE := [ mpls ]
ENCAPHDR := [ MPLSLABEL ]
`

// errNexthopUsage is usage(): the text above and exit status 255.
var errNexthopUsage = &exitErr{nexthopUsage, 255}

// runNexthop models do_ipnh (`ip nexthop ...`): no command lists every
// nexthop object; commands match by prefix in iproute2's order.
func runNexthop(sh *Shell, o ipOpts, args []string, out io.Writer) error {
	if len(args) == 0 {
		return nexthopList(sh, o, nil, false, out)
	}
	cmd, rest := args[0], args[1:]
	switch {
	case matches(cmd, "add"):
		return nexthopModify(sh, o, rest, fib6.NLM_F_CREATE|fib6.NLM_F_EXCL, out)
	case matches(cmd, "replace"):
		return nexthopModify(sh, o, rest, fib6.NLM_F_CREATE|fib6.NLM_F_REPLACE, out)
	case matches(cmd, "delete"):
		return nexthopDelete(sh, o, rest, out)
	case matches(cmd, "list"), matches(cmd, "show"), matches(cmd, "lst"):
		return nexthopList(sh, o, rest, false, out)
	case matches(cmd, "get"):
		return nexthopGet(sh, o, rest, out)
	case matches(cmd, "flush"):
		return nexthopList(sh, o, rest, true, out)
	case matches(cmd, "bucket"):
		return &exitErr{"fib6lab: no nexthop buckets here: resilient groups are modelled without their bucket table\n", 2}
	case matches(cmd, "help"):
		return errNexthopUsage
	}
	return &exitErr{fmt.Sprintf("Command \"%s\" is unknown, try \"ip nexthop help\".\n", cmd), 255}
}

// nhRequest is what ipnh_modify puts in an RTM_NEWNEXTHOP or
// RTM_DELNEXTHOP request: the netns config, whether an id was given,
// which attributes other than the id were, and the message's length so
// far (addAttr), with where iproute2's complaints go.
type nhRequest struct {
	c      netns.NexthopConfig
	hasID  bool
	attrs  bool // NHA_OIF, NHA_GATEWAY, NHA_BLACKHOLE, NHA_GROUP, NHA_GROUP_TYPE, NHA_RES_GROUP, NHA_FDB or NHA_ENCAP
	msgLen int
	out    io.Writer
}

// familyOf maps ip's -4/-6 to a nexthop family (preferred_family).
func familyOf(o ipOpts) uint8 {
	switch o.family {
	case 4:
		return netns.AFInet
	case 6:
		return netns.AFInet6
	}
	return netns.AFUnspec
}

// parseNexthopRequest models the argument loop of ipnh_modify, with its
// messages for bad values (and addattr_l's for attributes the request has
// no room for, written to out).
func parseNexthopRequest(sh *Shell, o ipOpts, args []string, out io.Writer) (*nhRequest, error) {
	r := &nhRequest{c: netns.NexthopConfig{Family: familyOf(o)}, msgLen: nhReqHeader, out: out}
	for i := 0; i < len(args); i++ {
		n, err := r.keyword(sh, args, i)
		if err != nil {
			return nil, err
		}
		i += n
	}
	return r, nil
}

// keyword handles args[i] and returns how many arguments after it it used.
func (r *nhRequest) keyword(sh *Shell, args []string, i int) (int, error) {
	c := &r.c
	switch key := args[i]; {
	case key == "id":
		v, err := nexthopID(args, i)
		if err == nil && r.addAttr(4) {
			c.ID, r.hasID = v, true
		}
		return 1, err
	case key == "dev":
		idx, err := nexthopDev(sh, args, i)
		if err == nil && r.addAttr(4) {
			c.HasDev, c.Dev, r.attrs = true, idx, true
		}
		r.defaultFamily(netns.AFInet)
		return 1, err
	case key == "via":
		return r.via(args, i)
	case key == "blackhole":
		if r.addAttr(0) {
			c.Blackhole, r.attrs = true, true
		}
		r.defaultFamily(netns.AFInet)
	case key == "onlink":
		c.Onlink = true
	case key == "group":
		val, err := needArg(args, i)
		if err != nil {
			return 0, err
		}
		g, err := parseGroup(val)
		if err == nil && !r.addAttr(8*len(g)) { // struct nexthop_grp: 8 bytes a member
			err = badGroup(val)
		}
		if err == nil {
			c.HasGroup, c.Group, r.attrs = true, g, true
		}
		return 1, err
	case key == "type":
		return r.groupType(args, i)
	case key == "fdb" || key == "encap":
		return 0, &exitErr{"fib6lab: no " + key + " nexthops here: nexthop objects are modelled with a device, a gateway or a blackhole, and as groups\n", 2}
	case matches(key, "protocol"):
		val, err := needArg(args, i)
		if err != nil {
			return 0, err
		}
		p, err := parseName(protoNames, val, 256, "protocol")
		c.Protocol = uint8(p)
		return 1, err
	case key == "help":
		return 0, errNexthopUsage
	default:
		return 0, invarg("", key)
	}
	return 0, nil
}

// nexthopDev models the device argument of ipnh_modify and
// ipnh_list_flush (ll_name_to_index): its ifindex, or "Device does not
// exist".
func nexthopDev(sh *Shell, args []string, i int) (int, error) {
	val, err := needArg(args, i)
	if err != nil {
		return 0, err
	}
	d := sh.NS.Dev(val)
	if d == nil {
		return 0, invarg("Device does not exist\n", val)
	}
	return d.Index, nil
}

// defaultFamily sets the request's family when none is set yet, as `dev`
// and `blackhole` do.
func (r *nhRequest) defaultFamily(f uint8) {
	if r.c.Family == netns.AFUnspec {
		r.c.Family = f
	}
}

// nexthopID models ipnh_parse_id on the value after args[i]: get_unsigned,
// "invalid id value".
func nexthopID(args []string, i int) (uint32, error) {
	val, err := needArg(args, i)
	if err != nil {
		return 0, err
	}
	v, ok := cParseUint(val)
	if !ok || v > 1<<32-1 {
		return 0, invarg("invalid id value", val)
	}
	return uint32(v), nil
}

// via models `via [FAMILY] ADDRESS`: the address is read in the
// request's family (or the one named), which it then sets.
func (r *nhRequest) via(args []string, i int) (int, error) {
	val, err := needArg(args, i)
	if err != nil {
		return 0, err
	}
	used, fam := 1, r.c.Family
	if f, ok := map[string]uint8{"inet": netns.AFInet, "inet6": netns.AFInet6}[val]; ok {
		if val, err = needArg(args, i+1); err != nil {
			return 0, err
		}
		used, fam = 2, f
	}
	a, err := getAddr(val, fam)
	if err != nil {
		return 0, err
	}
	af := uint8(netns.AFInet)
	if a.Is6() {
		af = netns.AFInet6
	}
	if r.c.Family != netns.AFUnspec && r.c.Family != af {
		return 0, invarg("address family mismatch\n", val)
	}
	r.c.Family = af
	if r.addAttr(len(a.AsSlice())) {
		r.c.Gw, r.attrs = a, true
	}
	return used, nil
}

// getAddr models get_addr for family fam (AFUnspec: any): an address
// with ':' is IPv6, another IPv4; a mismatch exits with status 1.
func getAddr(s string, fam uint8) (netip.Addr, error) {
	a, err := netip.ParseAddr(s)
	ok := err == nil && a.Zone() == "" && (a.Is6() == strings.Contains(s, ":"))
	if ok && (fam == netns.AFUnspec || (fam == netns.AFInet6) == a.Is6()) {
		return a, nil
	}
	name := map[uint8]string{netns.AFUnspec: "any valid", netns.AFInet: "inet", netns.AFInet6: "inet6"}[fam]
	return netip.Addr{}, &exitErr{fmt.Sprintf("Error: %s address is expected rather than \"%s\".\n", name, s), 1}
}

// parseGroup models the parsing of add_nh_group_attr: `ID[,WEIGHT]/...`.
// An id that does not parse makes the whole value invalid (badGroup); a
// weight must be 1..256.
func parseGroup(val string) ([]netns.GroupSpec, error) {
	bad := badGroup(val)
	if val == "" {
		return nil, bad
	}
	var g []netns.GroupSpec
	for _, part := range strings.Split(val, "/") {
		id, w, hasW := strings.Cut(part, ",")
		v, ok := cParseUint(id)
		if !ok || v > 1<<32-1 {
			return nil, bad
		}
		spec := netns.GroupSpec{ID: uint32(v), Weight: 1}
		if hasW {
			wv, ok := cParseUint(w)
			if !ok || wv == 0 || wv > 256 {
				return nil, invarg("\"weight\" is invalid\n", w)
			}
			spec.Weight = uint32(wv)
		}
		g = append(g, spec)
	}
	return g, nil
}

// badGroup is add_nh_group_attr's failure: iproute2, which cuts the
// value at its separators as it goes, names it as far as its first '/'
// or ','.
func badGroup(val string) error {
	return invarg("\"group\" value is invalid\n", val[:strings.IndexAny(val+"/", "/,")])
}

// groupType models parse_nh_group_type: `type mpath` or `type resilient
// [buckets N] [idle_timer S] [unbalanced_timer S]` (timers in seconds,
// sent in clock ticks). NHA_GROUP_TYPE goes in last, after a resilient
// group's NHA_RES_GROUP; without room for it the group is a
// hash-threshold one.
func (r *nhRequest) groupType(args []string, i int) (int, error) {
	val, err := needArg(args, i)
	if err != nil {
		return 0, err
	}
	typ, used := uint16(netns.GroupMpath), 1
	switch val {
	case "mpath":
	case "resilient":
		typ = netns.GroupResilient
		if used, err = r.resilientArgs(args, i); err != nil {
			return 0, err
		}
	default:
		return 0, invarg("\"type\" value is invalid\n", val)
	}
	if r.addAttr(2) {
		r.c.Type, r.attrs = typ, true
	}
	return used, nil
}

// resilientArgs models parse_nh_group_type_res after `type resilient` at
// args[i+1]: when more arguments follow, an NHA_RES_GROUP nest holds the
// resilient arguments among them; it returns how many arguments after
// args[i] were used.
func (r *nhRequest) resilientArgs(args []string, i int) (int, error) {
	used := 1
	if i+2 >= len(args) {
		return used, nil
	}
	if r.addAttr(0) {
		r.c.Res.Given, r.attrs = true, true
	}
	for j := i + 2; j < len(args); j += 2 {
		n, err := r.resilientArg(args, j)
		if err != nil || n == 0 {
			return used, err
		}
		used += 2
	}
	return used, nil
}

// resilientArg parses one resilient group argument at args[j]; 0 when
// args[j] is not one (parsing goes on with it as a keyword).
func (r *nhRequest) resilientArg(args []string, j int) (int, error) {
	res := &r.c.Res
	key := args[j]
	if key != "buckets" && key != "idle_timer" && key != "unbalanced_timer" {
		return 0, nil
	}
	val, err := needArg(args, j)
	if err != nil {
		return 0, err
	}
	v, ok := cParseUint(val)
	switch key {
	case "buckets":
		if !ok || v > 0xffff {
			return 0, invarg("invalid buckets value", val)
		}
		if r.addAttr(2) {
			res.HasBuckets, res.Buckets = true, uint16(v)
		}
	case "idle_timer":
		if !ok || v >= (1<<32-1)/100 {
			return 0, invarg("invalid idle timer value", val)
		}
		if r.addAttr(4) {
			res.HasIdle, res.IdleTimer = true, uint32(v*100)
		}
	default:
		if !ok || v >= (1<<32-1)/100 {
			return 0, invarg("invalid unbalanced timer value", val)
		}
		if r.addAttr(4) {
			res.HasUnbalanced, res.UnbalancedTimer = true, uint32(v*100)
		}
	}
	return 2, nil
}

// nexthopModify models ipnh_modify for RTM_NEWNEXTHOP (add, replace).
func nexthopModify(sh *Shell, o ipOpts, args []string, nlflags uint16, out io.Writer) error {
	r, err := parseNexthopRequest(sh, o, args, out)
	if err != nil {
		return err
	}
	r.c.NLFlags = nlflags
	return sh.NS.NexthopAdd(&r.c)
}

// nexthopDelete models ipnh_modify for RTM_DELNEXTHOP: the kernel takes
// only the id (nh_valid_get_del_req).
func nexthopDelete(sh *Shell, o ipOpts, args []string, out io.Writer) error {
	r, err := parseNexthopRequest(sh, o, args, out)
	switch {
	case err != nil:
		return err
	case r.attrs:
		return errno.WithMsg(errno.EINVAL, "Unknown attribute type")
	case r.c.Protocol != 0 || r.c.Onlink:
		return errno.WithMsg(errno.EINVAL, "Invalid values in header")
	}
	return sh.NS.NexthopDel(r.hasID, r.c.ID)
}

// nexthopGet models ipnh_get: `get id ID` only.
func nexthopGet(sh *Shell, o ipOpts, args []string, out io.Writer) error {
	var id uint32
	for i := 0; i < len(args); i++ {
		if args[i] != "id" {
			return errNexthopUsage
		}
		v, err := nexthopID(args, i)
		if err != nil {
			return err
		}
		id = v
		i++
	}
	if id == 0 {
		return errNexthopUsage
	}
	return printNexthopID(sh, o, id, out)
}

// printNexthopID models ipnh_get_id: RTM_GETNEXTHOP for one id, printed.
func printNexthopID(sh *Shell, o ipOpts, id uint32, out io.Writer) error {
	nh, err := sh.NS.NexthopGet(id)
	if err != nil {
		return err
	}
	printNexthops(o, out, sh.NS, []*netns.Nexthop{nh})
	return nil
}

// nhFilter is ipnh_list_flush's filter: the dump attributes (device,
// master, groups only) and the protocol it checks itself.
type nhFilter struct {
	family  uint8
	dev     int
	master  bool
	groups  bool
	proto   int // -1 = any
	anyFilt bool
}

// nexthopList models ipnh_list_flush: `show|flush [id ID] [dev DEV]
// [groups] [master DEV] [vrf NAME] [protocol N] [fdb]`.
func nexthopList(sh *Shell, o ipOpts, args []string, flush bool, out io.Writer) error {
	f := &nhFilter{family: familyOf(o), proto: -1}
	for i := 0; i < len(args); i++ {
		key := args[i]
		if key == "id" {
			id, err := nexthopID(args, i)
			if err != nil {
				return err
			}
			if flush {
				return sh.NS.NexthopDel(true, id)
			}
			return printNexthopID(sh, o, id, out)
		}
		n, err := f.selector(sh, args, i)
		if err != nil {
			return err
		}
		i += n
	}
	if flush {
		return nexthopFlush(sh, f, len(args) == 0, out)
	}
	printNexthops(o, out, sh.NS, f.dump(sh.NS))
	return nil
}

// selector parses one show/flush selector at args[i].
func (f *nhFilter) selector(sh *Shell, args []string, i int) (int, error) {
	key := args[i]
	switch {
	case matches(key, "dev"), matches(key, "master"):
		idx, err := nexthopDev(sh, args, i)
		if matches(key, "dev") {
			f.dev = idx
		} else {
			f.master = true
		}
		return 1, err
	case matches(key, "groups"):
		f.groups = true
	case matches(key, "vrf"):
		val, err := needArg(args, i)
		if err != nil {
			return 0, err
		}
		return 0, invarg("Invalid VRF\n", val)
	case matches(key, "protocol"):
		val, err := needArg(args, i)
		if err != nil {
			return 0, err
		}
		v, ok := cParseUint(val)
		if !ok || v > 1<<32-1 {
			return 0, invarg("invalid protocol value", val)
		}
		f.proto = int(v)
		return 1, nil
	case matches(key, "fdb"):
	case matches(key, "help"):
		return 0, errNexthopUsage
	default:
		return 0, invarg("", key)
	}
	return 0, nil
}

// dump models RTM_GETNEXTHOP dump with nh_dump_filtered, plus the
// protocol iproute2 checks: with a family, device or master given, groups
// are left out and single nexthops must match; no device here has a
// master.
func (f *nhFilter) dump(ns *netns.Netns) []*netns.Nexthop {
	var out []*netns.Nexthop
	for _, nh := range ns.Nexthops() {
		switch {
		case f.groups && !nh.IsGroup(),
			f.proto >= 0 && uint32(f.proto) != uint32(nh.Protocol):
			continue
		case f.dev == 0 && !f.master && f.family == netns.AFUnspec:
		case nh.IsGroup(), f.master,
			f.family != netns.AFUnspec && nh.Family != f.family,
			f.dev != 0 && nh.Hop.Dev != f.dev:
			continue
		}
		out = append(out, nh)
	}
	return out
}

// nexthopFlush models ipnh_flush: every nexthop the filter dumps is
// deleted on its own; a flush without selectors deletes the groups
// first. It prints how many went.
func nexthopFlush(sh *Shell, f *nhFilter, all bool, out io.Writer) error {
	if all {
		f.groups = true
	}
	flushed := 0
	for {
		for _, nh := range f.dump(sh.NS) {
			if sh.NS.NexthopDel(true, nh.ID) == nil {
				flushed++
			}
		}
		if !all || !f.groups {
			break
		}
		f.groups = false
	}
	if flushed == 0 {
		io.WriteString(out, "Nothing to flush\n")
	} else {
		fmt.Fprintf(out, "Flushed %d nexthops\n", flushed)
	}
	return nil
}

// printNexthop models __print_nexthop_entry for one object; with
// details (-d) the scope and protocol are printed even when 0.
func printNexthop(p *printer, ns *netns.Netns, nh *netns.Nexthop, details bool) {
	p.uint("id", "id %d ", uint64(nh.ID))
	if nh.IsGroup() {
		printGroup(p, nh)
	} else if !nh.Blackhole {
		if nh.Hop.Gw.IsValid() {
			p.str("gateway", "via %s ", nh.Hop.Gw.String())
		}
		p.str("dev", "dev %s ", devName(ns, nh.Hop.Dev))
	}
	if sc := nh.Scope(); sc != 0 || details {
		p.str("scope", "scope %s ", nameOf(scopeNames, uint32(sc)))
	}
	if nh.Blackhole {
		p.null("blackhole", "blackhole ")
	}
	if nh.Protocol != 0 || details {
		p.str("protocol", "proto %s ", nameOf(protoNames, uint32(nh.Protocol)))
	}
	printFlags(p, nh.Hop.Flags)
}

// printGroup models print_nh_group, print_nh_group_type and
// print_nh_res_group: the members (id, and weight when above 1), then
// for a resilient group its type and arguments.
func printGroup(p *printer, nh *netns.Nexthop) {
	p.open("group", true)
	p.text("group ")
	for i, m := range nh.Group {
		p.open("", false)
		if i > 0 {
			p.text("/")
		}
		p.uint("id", "%d", uint64(m.NH.ID))
		if m.Weight > 1 {
			p.uint("weight", ",%d", uint64(m.Weight))
		}
		p.close(false)
	}
	p.text(" ")
	p.close(true)
	if nh.Type != netns.GroupResilient {
		return
	}
	r := nh.Res
	p.str("type", "type %s ", "resilient")
	p.open("resilient_args", false)
	p.uint("buckets", "buckets %d ", uint64(r.Buckets))
	p.num("idle_timer", "idle_timer %s ", ticksSeconds(r.IdleTimer))
	p.num("unbalanced_timer", "unbalanced_timer %s ", ticksSeconds(r.UnbalancedTimer))
	p.num("unbalanced_time", "unbalanced_time %s ", "0")
	p.close(false)
}

// printNexthops prints objects as print_nexthop_nocache does, one a
// line (a JSON array with -j).
func printNexthops(o ipOpts, out io.Writer, ns *netns.Netns, nhs []*netns.Nexthop) {
	printRecords(o, out, len(nhs), func(p *printer, i int) {
		printNexthop(p, ns, nhs[i], o.details)
		p.text("\n")
	})
}

// ticksSeconds prints a time in clock ticks (USER_HZ) as print_tv does,
// in seconds with %g.
func ticksSeconds(t uint32) string {
	return strconv.FormatFloat(float64(t)/userHZ, 'g', 6, 64)
}
