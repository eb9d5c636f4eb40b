package netns

import (
	"net/netip"
	"sort"

	"fib6lab/engine/dst"
	"fib6lab/engine/errno"
	"fib6lab/engine/fib6"
)

// Address families of nexthop objects (nhmsg.nh_family).
const (
	AFUnspec = 0
	AFInet   = 2
	AFInet6  = 10
)

// Nexthop group types (NEXTHOP_GRP_TYPE_*, include/uapi/linux/nexthop.h).
const (
	GroupMpath     = 0 // hash-threshold
	GroupResilient = 1
)

// LoopbackIfindex is LOOPBACK_IFINDEX: lo, the namespace's first
// device (and flowi6_iif of output lookups).
const LoopbackIfindex = 1

// ResDefaultIdleTimer is NH_RES_DEFAULT_IDLE_TIMER in clock ticks
// (USER_HZ): 120 s.
const ResDefaultIdleTimer = 120 * 100

// Nexthop models struct nexthop (include/net/nexthop.h, net/ipv4/nexthop.c):
// one nexthop object of the namespace, a single nexthop (family AFInet or
// AFInet6: a device with an optional gateway, or a blackhole through the
// loopback device) or a group of single nexthops with weights. Routes
// refer to it by ID (fib6.Info.NHID). An IPv6 single nexthop owns one
// fib6_nh, whose dsts (per-CPU copies, exceptions) every route using it
// shares.
type Nexthop struct {
	ID        uint32
	Protocol  uint8
	Family    uint8        // AFInet or AFInet6; AFUnspec for a group
	Blackhole bool         // reject_nh
	Hop       fib6.Nexthop // device (ifindex), gateway and RTNH_F_ONLINK of a single nexthop
	Group     []GroupEntry // members in order; nil for a single nexthop
	Type      uint16       // GroupMpath or GroupResilient
	Res       ResParams    // a resilient group's table parameters

	path *dst.Nexthop // an IPv6 single nexthop's fib6_nh dsts
}

// GroupEntry models struct nh_grp_entry: a member and its weight (1..256).
type GroupEntry struct {
	NH     *Nexthop
	Weight uint32
}

// ResParams are the parameters of a resilient group's nh_res_table:
// number of buckets and the idle and unbalanced timers in clock ticks
// (USER_HZ). The bucket table itself is not kept: a resilient group
// selects its path by the bucket table's first fill (selectBucket).
type ResParams struct {
	Buckets         uint16
	IdleTimer       uint32
	UnbalancedTimer uint32
}

// IsGroup reports whether the nexthop is a group.
func (nh *Nexthop) IsGroup() bool { return nh.Group != nil }

// Scope returns the nexthop's scope as RTM_NEWNEXTHOP reports it: a group
// or blackhole has none (RT_SCOPE_UNIVERSE, 0); an IPv6 nexthop is
// RT_SCOPE_LINK (253); an IPv4 device-only nexthop RT_SCOPE_HOST (254).
func (nh *Nexthop) Scope() uint8 {
	switch {
	case nh.IsGroup() || nh.Blackhole:
		return 0
	case nh.Family == AFInet:
		return 254
	}
	return 253
}

// isBlackhole models nexthop_is_blackhole: a blackhole nexthop, or a
// group whose only member is one.
func (nh *Nexthop) isBlackhole() bool {
	if nh.IsGroup() {
		return len(nh.Group) == 1 && nh.Group[0].NH.Blackhole
	}
	return nh.Blackhole
}

// hasV4 reports whether the nexthop, or a member of the group, is IPv4.
func (nh *Nexthop) hasV4() bool {
	if !nh.IsGroup() {
		return nh.Family == AFInet
	}
	for _, m := range nh.Group {
		if m.NH.Family == AFInet {
			return true
		}
	}
	return false
}

// Paths returns the single nexthops a route using nh goes through: nh
// itself, or the group's members in order.
func (nh *Nexthop) Paths() []*Nexthop {
	if !nh.IsGroup() {
		return []*Nexthop{nh}
	}
	ps := make([]*Nexthop, len(nh.Group))
	for i, m := range nh.Group {
		ps[i] = m.NH
	}
	return ps
}

// dstPaths returns the fib6_nh dst states of nh's IPv6 paths.
func (nh *Nexthop) dstPaths() []*dst.Nexthop {
	var out []*dst.Nexthop
	for _, p := range nh.Paths() {
		if p.path != nil {
			out = append(out, p.path)
		}
	}
	return out
}

// NexthopConfig models struct nh_config as rtm_to_nh_config reads an
// RTM_NEWNEXTHOP request: id (0 = allocate one), the request's family,
// protocol and RTNH_F_ONLINK flag, NHA_BLACKHOLE, NHA_OIF (HasDev, Dev),
// NHA_GATEWAY, NHA_GROUP with NHA_GROUP_TYPE, the resilient group's
// NHA_RES_GROUP attributes (timers in clock ticks) and the netlink flags.
type NexthopConfig struct {
	ID        uint32
	Family    uint8
	Protocol  uint8
	Onlink    bool
	Blackhole bool
	HasDev    bool
	Dev       int
	Gw        netip.Addr
	HasGroup  bool
	Group     []GroupSpec
	Type      uint16
	Res       ResConfig
	NLFlags   uint16
}

// GroupSpec is one struct nexthop_grp of a request: member id and weight
// (1..256).
type GroupSpec struct {
	ID     uint32
	Weight uint32
}

// ResConfig holds the NHA_RES_GROUP attribute of a request (Given: it
// was sent, possibly empty) and the attributes nested in it.
type ResConfig struct {
	Given                              bool
	HasBuckets, HasIdle, HasUnbalanced bool
	Buckets                            uint16
	IdleTimer, UnbalancedTimer         uint32
}

// nexthops is the namespace's nexthop object table (net->nexthop): the
// objects by id and the last id handed out (last_id_allocated).
type nexthops struct {
	byID   map[uint32]*Nexthop
	lastID uint32
}

// Extack messages of net/ipv4/nexthop.c and of the IPv6 route code for
// nexthop objects.
var (
	errNHMissing     = errno.WithMsg(errno.EINVAL, "Nexthop id does not exist")
	errNHv4          = errno.WithMsg(errno.EINVAL, "IPv6 routes can not use an IPv4 nexthop")
	errNHExclusive   = errno.WithMsg(errno.EINVAL, "Nexthop specification and nexthop id are mutually exclusive")
	errNHFamily      = errno.WithMsg(errno.EINVAL, "Invalid address family")
	errNHGroupFamily = errno.WithMsg(errno.EINVAL, "Invalid family for group")
	errNHNoDev       = errno.WithMsg(errno.EINVAL, "Device attribute required for non-blackhole and non-fdb nexthops")
	errNHBlackhole   = errno.WithMsg(errno.EINVAL, "Blackhole attribute can not be used with gateway, oif, encap or fdb")
	errNHBadDev      = errno.WithMsg(errno.EINVAL, "Invalid device index")
	errNHCarrier     = errno.WithMsg(errno.ENETDOWN, "Carrier for nexthop device is down")
	errNHOnlinkNoGw  = errno.WithMsg(errno.EINVAL, "ONLINK flag can not be set for nexthop without a gateway")
	errNHv4Gw        = errno.WithMsg(errno.EINVAL, "Nexthop has invalid gateway")
	errNHInvalidID   = errno.WithMsg(errno.EINVAL, "Invalid nexthop id")
	errNHIDMissing   = errno.WithMsg(errno.EINVAL, "Nexthop id is missing")
	errNHTwice       = errno.WithMsg(errno.EINVAL, "Nexthop id can not be used twice in a group")
	errNHGroupAttrs  = errno.WithMsg(errno.EINVAL, "No other attributes can be set in nexthop groups")
	errNHPervasive   = errno.WithMsg(errno.EINVAL, "Invalid flags for nexthop - PERVASIVE and ONLINK can not be set")
	errNHv4DevDown   = errno.WithMsg(errno.ENETDOWN, "Device for nexthop is not up")
	errNHNested      = errno.WithMsg(errno.EINVAL, "Hash-threshold group can not be a nexthop within a group")
	errNHNestedRes   = errno.WithMsg(errno.EINVAL, "Resilient group can not be a nexthop within a group")
	errNHBlackholeGr = errno.WithMsg(errno.EINVAL, "Blackhole nexthop can not be used in a group with more than 1 path")
	errNHNoBuckets   = errno.WithMsg(errno.EINVAL, "Number of buckets not specified for nexthop group insertion")
	errNHZeroBuckets = errno.WithMsg(errno.EINVAL, "Number of buckets needs to be non-0")
	errNHReplaceID   = errno.WithMsg(errno.EINVAL, "Replace requires nexthop id")
	errNHReplaceNoCr = errno.WithMsg(errno.ENOENT, "Replace specified without create and no entry exists")
	errNHToGroup     = errno.WithMsg(errno.EINVAL, "Can not replace a nexthop with a nexthop group.")
	errNHFromGroup   = errno.WithMsg(errno.EINVAL, "Can not replace a nexthop group with a nexthop.")
	errNHGroupType   = errno.WithMsg(errno.EINVAL, "Can not replace a nexthop group with one of a different type.")
	errNHBuckets     = errno.WithMsg(errno.EINVAL, "Can not change number of buckets of a resilient nexthop group.")
	errNHBlackholeMb = errno.WithMsg(errno.EINVAL, "Blackhole nexthop can not be a member of a group with more than one path")
)

// NexthopByID models nexthop_find_by_id: the object with this id, or nil.
func (ns *Netns) NexthopByID(id uint32) *Nexthop { return ns.nh.byID[id] }

// Nexthops returns every nexthop object in id order (the rb-tree walk of
// a dump).
func (ns *Netns) Nexthops() []*Nexthop {
	out := make([]*Nexthop, 0, len(ns.nh.byID))
	for _, nh := range ns.nh.byID {
		out = append(out, nh)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// NexthopAdd models rtm_new_nexthop (`ip nexthop add|replace`): the
// request is checked as rtm_to_nh_config and nh_check_attr_group do, the
// object built (nexthop_create: an IPv6 path is validated as a route's
// nexthop is, fib6_nh_init) and inserted, or it replaces the object with
// that id in place (replace_nexthop: the routes using it keep it and
// follow; a replaced single nexthop's dsts go). Errors: EEXIST for an id
// in use without NLM_F_REPLACE, EINVAL/ENETDOWN/ENOENT with the kernel's
// extack, and the gateway checks' errors.
func (ns *Netns) NexthopAdd(c *NexthopConfig) error {
	if err := ns.checkNexthopConfig(c); err != nil {
		return err
	}
	if c.NLFlags&fib6.NLM_F_REPLACE != 0 && c.ID == 0 {
		return errNHReplaceID
	}
	if c.ID == 0 {
		c.ID = ns.unusedNexthopID()
	}
	nh, err := ns.nexthopCreate(c)
	if err != nil {
		return err
	}
	old := ns.nh.byID[c.ID]
	switch {
	case old != nil && c.NLFlags&fib6.NLM_F_REPLACE != 0:
		return ns.replaceNexthop(old, nh, c)
	case old != nil:
		ns.releasePath(nh)
		return errno.EEXIST
	case c.NLFlags&fib6.NLM_F_REPLACE != 0 && c.NLFlags&fib6.NLM_F_CREATE == 0:
		ns.releasePath(nh)
		return errNHReplaceNoCr
	case nh.Type == GroupResilient && !c.Res.HasBuckets:
		return errNHNoBuckets
	}
	if ns.nh.byID == nil {
		ns.nh.byID = map[uint32]*Nexthop{}
	}
	ns.nh.byID[nh.ID] = nh
	return nil
}

// unusedNexthopID models nh_find_unused_id: the next id after the last
// one handed out that no object has.
func (ns *Netns) unusedNexthopID() uint32 {
	for {
		ns.nh.lastID++
		if ns.nh.lastID != 0 && ns.nh.byID[ns.nh.lastID] == nil {
			return ns.nh.lastID
		}
	}
}

// checkNexthopConfig models the checks of rtm_to_nh_config (with
// nh_check_attr_group) and then, for a group, nh_check_attr_group_rtnl,
// in their order.
func (ns *Netns) checkNexthopConfig(c *NexthopConfig) error {
	switch {
	case c.Family == AFUnspec && !c.HasGroup, c.Family != AFUnspec && c.Family != AFInet && c.Family != AFInet6:
		return errNHFamily
	case c.HasGroup && c.Family != AFUnspec:
		return errNHGroupFamily
	case c.HasGroup:
		if err := checkGroupAttrs(c); err != nil {
			return err
		}
		return ns.checkGroupMembers(c)
	case c.Blackhole && (c.Gw.IsValid() || c.HasDev):
		return errNHBlackhole
	case c.Blackhole:
		return nil
	case !c.HasDev:
		return errNHNoDev
	}
	d := ns.DevByIndex(c.Dev)
	switch {
	case d == nil:
		return errNHBadDev
	case !d.Up:
		return errDevNotUp
	case !d.Carrier():
		return errNHCarrier
	case !c.Gw.IsValid() && c.Onlink:
		return errNHOnlinkNoGw
	}
	return nil
}

// checkGroupAttrs models nh_check_attr_group and
// rtm_to_nh_config_grp_res: ids used once, no NHA_RES_GROUP beside a
// group that is not resilient (iproute2 can send one only when its
// request buffer had no room left for NHA_GROUP_TYPE), then a resilient
// group's bucket count must not be 0.
func checkGroupAttrs(c *NexthopConfig) error {
	for i, g := range c.Group {
		for _, h := range c.Group[i+1:] {
			if g.ID == h.ID {
				return errNHTwice
			}
		}
	}
	switch {
	case c.Res.Given && c.Type != GroupResilient:
		return errNHGroupAttrs
	case c.Type == GroupResilient && c.Res.HasBuckets && c.Res.Buckets == 0:
		return errNHZeroBuckets
	}
	return nil
}

// checkGroupMembers models nh_check_attr_group_rtnl, which runs after
// the checks of the request itself: members that exist and are single
// nexthops, a blackhole only alone.
func (ns *Netns) checkGroupMembers(c *NexthopConfig) error {
	for _, g := range c.Group {
		nh := ns.nh.byID[g.ID]
		switch {
		case nh == nil:
			return errNHInvalidID
		case nh.IsGroup() && nh.Type == GroupResilient:
			return errNHNestedRes
		case nh.IsGroup():
			return errNHNested
		case nh.Blackhole && len(c.Group) > 1:
			return errNHBlackholeGr
		}
	}
	return nil
}

// nexthopCreate models nexthop_create_group / nexthop_create: the new
// object, not yet in the table. An all-zero gateway is no gateway
// (nh_create_ipv4, nh_create_ipv6 leave RTF_GATEWAY off). An IPv6
// nexthop's fib6_nh is made as a route's is (fib6_nh_init: the device
// must have IPv6, the gateway be valid, the device up); an IPv4 one is
// checked by fib_check_nh, the model having no IPv4 routes to reach a
// gateway through.
func (ns *Netns) nexthopCreate(c *NexthopConfig) (*Nexthop, error) {
	nh := &Nexthop{ID: c.ID, Protocol: c.Protocol, Family: c.Family}
	if c.HasGroup {
		nh.Type = c.Type
		for _, g := range c.Group {
			nh.Group = append(nh.Group, GroupEntry{NH: ns.nh.byID[g.ID], Weight: g.Weight})
		}
		if nh.Type == GroupResilient {
			nh.Res = ResParams{Buckets: c.Res.Buckets, IdleTimer: ResDefaultIdleTimer}
			nh.Res.apply(c.Res)
		}
		return nh, nil
	}
	nh.Blackhole = c.Blackhole
	h := NH{Dev: c.Dev, Gw: c.Gw, Onlink: c.Onlink}
	if c.Blackhole {
		h.Dev = LoopbackIfindex
	}
	if h.Gw.IsUnspecified() {
		h.Gw = netip.Addr{}
	}
	if c.Family == AFInet {
		if err := ns.checkNexthopV4(h); err != nil {
			return nil, err
		}
		nh.Hop = fib6.Nexthop{Dev: h.Dev, Weight: 1}
		return nh, nil
	}
	rt := &fib6.Info{NH: fib6.Nexthop{Weight: 1}} // the fib6_nh being made
	if err := ns.setNexthop(rt, &RouteConfig{}, h); err != nil {
		return nil, err
	}
	nh.Hop = rt.NH
	nh.path = ns.Dst.NewShared(nh.Hop)
	return nh, nil
}

// checkNexthopV4 models fib_check_nh for an IPv4 nexthop h: a gateway
// cannot be reached here (EINVAL "Nexthop has invalid gateway"); without
// one (fib_check_nh_nongw) onlink is refused and the device (lo for a
// blackhole) must be up.
func (ns *Netns) checkNexthopV4(h NH) error {
	switch {
	case h.Gw.IsValid():
		return errNHv4Gw
	case h.Onlink:
		return errNHPervasive
	case !ns.DevByIndex(h.Dev).Up:
		return errNHv4DevDown
	}
	return nil
}

// apply sets the timers a request gave.
func (p *ResParams) apply(c ResConfig) {
	if c.HasIdle {
		p.IdleTimer = c.IdleTimer
	}
	if c.HasUnbalanced {
		p.UnbalancedTimer = c.UnbalancedTimer
	}
}

// replaceNexthop models replace_nexthop: the routes using old (directly
// or through a group) must accept new; a single nexthop takes new's
// device and gateway, its old fib6_nh and dsts going; a group takes new's
// members (a resilient one its timers, its bucket count fixed). The
// routes follow (followNexthop), then nh_rt_cache_flush runs
// (rtCacheFlush).
func (ns *Netns) replaceNexthop(old, nh *Nexthop, c *NexthopConfig) error {
	if err := ns.checkReplace(old, nh, c); err != nil {
		ns.releasePath(nh)
		return err
	}
	old.Protocol = nh.Protocol
	replaced := old.Group
	if old.IsGroup() {
		old.Group = nh.Group
		old.Res.apply(c.Res)
	} else {
		ns.releasePath(old)
		old.Family, old.Blackhole, old.Hop, old.path = nh.Family, nh.Blackhole, nh.Hop, nh.path
	}
	ns.followNexthop(old)
	ns.rtCacheFlush(old, replaced)
	return nil
}

// rtCacheFlush models nh_rt_cache_flush after nh was replaced: the routes
// using nh itself (not those using it through a group) get a fresh
// serial number (fib6_update_sernum), which moves the genid the per-CPU
// copies of every nexthop object's paths are checked against; when nh is
// a group, the per-CPU copies of the members it had before (replaced)
// are released (fib6_nh_release_dsts).
func (ns *Netns) rtCacheFlush(nh *Nexthop, replaced []GroupEntry) {
	for _, rt := range ns.routesUsing(nh) {
		ns.FIB.UpdateSernum(rt)
	}
	for _, m := range replaced {
		if m.NH.path != nil {
			m.NH.path.ReleaseDsts()
		}
	}
}

// checkReplace models the checks of replace_nexthop,
// replace_nexthop_single and replace_nexthop_grp.
func (ns *Netns) checkReplace(old, nh *Nexthop, c *NexthopConfig) error {
	usedBy := append([]*Nexthop{old}, ns.groupsOf(old)...)
	for _, u := range usedBy {
		if u != old && nh.Blackhole && len(u.Group) > 1 {
			return errNHBlackholeMb
		}
		if nh.hasV4() && len(ns.routesUsing(u)) > 0 {
			return errNHv4
		}
	}
	switch {
	case !old.IsGroup() && nh.IsGroup():
		return errNHToGroup
	case old.IsGroup() && !nh.IsGroup():
		return errNHFromGroup
	case old.IsGroup() && old.Type != nh.Type:
		return errNHGroupType
	case old.Type == GroupResilient && c.Res.HasBuckets && c.Res.Buckets != old.Res.Buckets:
		return errNHBuckets
	}
	return nil
}

// NexthopDel models rtm_del_nexthop (`ip nexthop del id ID`):
// remove_nexthop. Errors: EINVAL "Nexthop id is missing" / "Invalid
// nexthop id" for no id or id 0 (hasID, id), ENOENT for an unknown id.
func (ns *Netns) NexthopDel(hasID bool, id uint32) error {
	switch {
	case !hasID:
		return errNHIDMissing
	case id == 0:
		return errNHInvalidID
	}
	nh := ns.nh.byID[id]
	if nh == nil {
		return errno.ENOENT
	}
	ns.removeNexthop(nh)
	return nil
}

// NexthopGet models rtm_get_nexthop: the object with this id. Errors as
// NexthopDel's.
func (ns *Netns) NexthopGet(id uint32) (*Nexthop, error) {
	if id == 0 {
		return nil, errNHInvalidID
	}
	if nh := ns.nh.byID[id]; nh != nil {
		return nh, nil
	}
	return nil, errno.ENOENT
}

// removeNexthop models remove_nexthop: the routes using nh are deleted
// (__remove_nexthop_fib, through fib6_del), nh leaves every group it is a
// member of (a group left empty goes too, with its routes), and its
// fib6_nh dsts are released.
func (ns *Netns) removeNexthop(nh *Nexthop) {
	if ns.nh.byID[nh.ID] != nh {
		return
	}
	for _, rt := range ns.routesUsing(nh) {
		rt.Table.Del(rt)
	}
	delete(ns.nh.byID, nh.ID)
	for _, g := range ns.groupsOf(nh) {
		ns.removeGroupEntry(g, nh)
	}
	ns.releasePath(nh)
}

// removeGroupEntry models remove_nh_grp_entry: the member leaves the
// group, which is removed when it was the last one; the group's routes
// follow its new members (no serial number changes: the other members'
// per-CPU copies stay valid).
func (ns *Netns) removeGroupEntry(g, member *Nexthop) {
	if len(g.Group) == 1 {
		ns.removeNexthop(g)
		return
	}
	var rest []GroupEntry
	for _, m := range g.Group {
		if m.NH != member {
			rest = append(rest, m)
		}
	}
	g.Group = rest
	ns.followNexthop(g)
}

// releasePath models fib6_nh_release for a nexthop object's fib6_nh.
func (ns *Netns) releasePath(nh *Nexthop) {
	if nh.path != nil {
		nh.path.Purge()
		nh.path = nil
	}
}

// groupsOf returns the groups nh is a member of (its grp_list).
func (ns *Netns) groupsOf(nh *Nexthop) []*Nexthop {
	var gs []*Nexthop
	for _, g := range ns.Nexthops() {
		for _, m := range g.Group {
			if m.NH == nh {
				gs = append(gs, g)
			}
		}
	}
	return gs
}

// routesUsing returns the routes of every table that use nh (its
// f6i_list), in dump order.
func (ns *Netns) routesUsing(nh *Nexthop) []*fib6.Info {
	var rs []*fib6.Info
	for _, t := range ns.FIB.Tables() {
		for _, rt := range t.Dump() {
			if rt.NHID() == nh.ID {
				rs = append(rs, rt)
			}
		}
	}
	return rs
}

// followNexthop brings the routes using nh, directly or through a group,
// in line with its new definition: their hop mirror is the object's.
func (ns *Netns) followNexthop(nh *Nexthop) {
	for _, u := range append([]*Nexthop{nh}, ns.groupsOf(nh)...) {
		for _, rt := range ns.routesUsing(u) {
			rt.NH = u.mirror()
		}
	}
}

// mirror is the hop a route using nh records in fib6.Info.NH: its first
// path's device, gateway and flags.
func (nh *Nexthop) mirror() fib6.Nexthop {
	h := nh.Paths()[0].Hop
	h.Weight = 1
	return h
}

// nexthopFlushDev models nexthop_flush_dev for device d on NETDEV_DOWN,
// NETDEV_UNREGISTER or NETDEV_CHANGE without carrier: every nexthop
// through d is removed, blackholes apart (they are only removed when
// their device is unregistered, which the loopback device never is).
func (ns *Netns) nexthopFlushDev(d *Device) {
	if d.Up && d.Carrier() {
		return
	}
	for _, nh := range ns.Nexthops() {
		if !nh.IsGroup() && !nh.Blackhole && nh.Hop.Dev == d.Index {
			ns.removeNexthop(nh)
		}
	}
}

// checkNHID models the check rtm_to_fib6_config makes of RTA_NH_ID: it
// excludes a gateway, a device, a multipath list and an encap.
func checkNHID(c *RouteConfig) error {
	if !c.HasNHID {
		return nil
	}
	if c.Multipath || c.EncapType != 0 || c.Encap != nil {
		return errNHExclusive
	}
	for _, h := range c.Nexthops {
		if h.Gw.IsValid() || h.Dev != 0 {
			return errNHExclusive
		}
	}
	return nil
}

// routeWithNexthop models the nexthop-object part of
// ip6_route_info_create: c.NHID must name an object that is not IPv4
// (fib6_check_nexthop), and the route then uses it: it has no fib6_nh of
// its own, its dsts are the object's paths' (dst.Shared), NH mirrors the
// first path, and a reject type only adds RTF_REJECT.
func (ns *Netns) routeWithNexthop(rt *fib6.Info, c *RouteConfig) error {
	nh := ns.nh.byID[c.NHID]
	switch {
	case nh == nil:
		return errNHMissing
	case nh.hasV4():
		return errNHv4
	}
	if isReject(c.Type) {
		rt.Flags |= fib6.RTF_REJECT
	}
	if rt.Extra == nil {
		rt.Extra = &fib6.Extra{}
	}
	rt.Extra.NHID = nh.ID
	rt.NH = nh.mirror()
	rt.SetDstState(&dst.Shared{Route: rt, Paths: nh.dstPaths})
	return nil
}

// Path models fib6_select_path for a route a lookup of flow fk found:
// the hop the lookup uses. A route with its own fib6_nh uses it; one with
// a nexthop object uses the object's (pathObject).
func (ns *Netns) Path(rt *fib6.Info, fk FlowKeys) fib6.Nexthop {
	if p := ns.pathObject(rt, fk); p != nil {
		return p.Hop
	}
	return rt.NH
}

// pathObject is the single nexthop object fib6_select_path takes for a
// route using a nexthop object: the object, or for a group the member
// nexthop_select_path picks with the flow's multipath hash; nil for a
// route with its own fib6_nh.
func (ns *Netns) pathObject(rt *fib6.Info, fk FlowKeys) *Nexthop {
	nh := ns.nh.byID[rt.NHID()]
	switch {
	case nh == nil || !nh.IsGroup():
		return nh
	case nh.Type == GroupResilient:
		return selectBucket(nh, ns.MultipathHash(fk))
	}
	return selectPath(nh, ns.MultipathHash(fk))
}

// selectBucket models nexthop_select_path_res for resilient group g and
// flow hash h (31 bits): the member holding bucket h % buckets, in the
// table as nh_res_table_upkeep first fills it. Each member wants the
// buckets between its cumulative weight's share of them and the one
// before (nh_res_group_rebalance, rounded to the closest), and the
// members take theirs in turn from bucket 0, the last member first. The
// table's later migrations (members replaced or dead, the idle and
// unbalanced timers) are not modelled.
func selectBucket(g *Nexthop, h uint32) *Nexthop {
	n := uint64(g.Res.Buckets)
	total := uint64(0)
	for _, m := range g.Group {
		total += uint64(m.Weight)
	}
	b, start := uint64(h)%n, uint64(0)
	upper, cum := n, total // members 0..i want the buckets below upper
	for i := len(g.Group) - 1; i > 0; i-- {
		cum -= uint64(g.Group[i].Weight)
		lower := (n*cum + total/2) / total
		if start += upper - lower; b < start {
			return g.Group[i].NH
		}
		upper = lower
	}
	return g.Group[0].NH
}

// selectPath models nexthop_select_path_hthr for group g and flow hash
// h (31 bits): the first member whose upper bound (its cumulative
// weight's share of 2^31, rounded, less one: nh_hthr_group_rebalance) is
// not below h. Every member counts as good (no neighbour entry says
// otherwise in the model). A resilient group selects by bucket
// (selectBucket).
func selectPath(g *Nexthop, h uint32) *Nexthop {
	total := uint64(0)
	for _, m := range g.Group {
		total += uint64(m.Weight)
	}
	w := uint64(0)
	for _, m := range g.Group {
		w += uint64(m.Weight)
		if int64(h) <= int64((w<<31+total/2)/total)-1 {
			return m.NH
		}
	}
	return g.Group[len(g.Group)-1].NH
}

// ResultType is the route type a lookup that selected rt reports: a route
// whose nexthop object is a blackhole answers as a blackhole route
// (rt6_device_match / __find_rr_leaf set RTN_BLACKHOLE), whatever its own
// type.
func (ns *Netns) ResultType(rt *fib6.Info) uint8 {
	if nh := ns.nh.byID[rt.NHID()]; nh != nil && nh.isBlackhole() {
		return fib6.RTN_BLACKHOLE
	}
	return rt.Type
}

// polRoute is the dst ip6_pol_route hands out on cpu for a lookup of
// flow fk that found rt, through the path fib6_select_path chose: the
// fib6_nh of the nexthop object it took (dst.Ops.PolRoutePath; members
// with the same device and gateway are distinct paths), or the route's
// own (dst.Ops.PolRouteHop).
func (ns *Netns) polRoute(cpu int, rt *fib6.Info, fk FlowKeys, knownNH bool) *dst.Entry {
	if p := ns.pathObject(rt, fk); p != nil && p.path != nil {
		return ns.Dst.PolRoutePath(cpu, rt, p.path, fk.Dst, knownNH)
	}
	return ns.Dst.PolRouteHop(cpu, rt, rt.NH, fk.Dst, knownNH)
}
