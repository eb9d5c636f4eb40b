package netns

import (
	"errors"
	"math"
	"strconv"
)

// The net.ipv6.conf tree (net/ipv6/addrconf.c, addrconf_sysctl): each
// namespace has two sets, `all` and `default`, and each device with IPv6
// (an inet6_dev) its own. A device takes a copy of `default` when its
// inet6_dev is made (ipv6_add_dev: registration, IPv6 coming back after
// an MTU below 1280, a move to another namespace), except its `mtu`,
// which is the device's, and on loopback accept_dad and use_tempaddr
// -1. A write to `all` reaches the other sets only for forwarding,
// disable_ipv6, ignore_routes_with_linkdown and addr_gen_mode (`default`
// and every device) and force_forwarding (every device); for the other
// knobs the kernel reads `all` next to the device's value where it uses
// them (accept_dad: DAD runs when either is at least 1). The values and
// ranges below were read on Linux 6.18 (HZ 250).

// confHandler is how a conf file reads and writes its value.
type confHandler uint8

const (
	confInt       confHandler = iota // proc_dointvec
	confMinMax                       // proc_dointvec_minmax [lo, hi]
	confUintMax                      // proc_douintvec_minmax [lo, hi]
	confJiffies                      // proc_dointvec_jiffies: seconds
	confMsJiffies                    // proc_dointvec_ms_jiffies: milliseconds
	confMTU                          // addrconf_sysctl_mtu: 1280 .. the device's MTU
	confReadOnly                     // mode 0444 (mc_forwarding)
	confSecret                       // stable_secret: unreadable until set
)

// confSpread is where a write to `all` goes besides `all` itself.
type confSpread uint8

const (
	spreadNone    confSpread = iota
	spreadDefault            // `default` and every device
	spreadDevices            // every device
)

// confKey is one file of the conf directories: its compiled-in value
// (ipv6_devconf_dflt; ipv6_devconf differs only in accept_dad, 0), its
// handler with bounds, and where a write to `all` goes.
type confKey struct {
	name   string
	dflt   int64
	h      confHandler
	lo, hi int64
	spread confSpread
}

// confKeys lists the conf files in the order the kernel lists them
// (sorted by name). Jiffies values are stored in jiffies at HZ 250 and
// rescaled by newConfSet for another HZ.
var confKeys = []confKey{
	{name: "accept_dad", dflt: 1},
	{name: "accept_ra", dflt: 1},
	{name: "accept_ra_defrtr", dflt: 1},
	{name: "accept_ra_from_local"},
	{name: "accept_ra_min_hop_limit", dflt: 1},
	{name: "accept_ra_min_lft"},
	{name: "accept_ra_mtu", dflt: 1},
	{name: "accept_ra_pinfo", dflt: 1},
	{name: "accept_ra_rt_info_max_plen"},
	{name: "accept_ra_rt_info_min_plen"},
	{name: "accept_ra_rtr_pref", dflt: 1},
	{name: "accept_redirects", dflt: 1},
	{name: "accept_source_route"},
	{name: "accept_untracked_na", h: confMinMax, hi: 2},
	{name: "addr_gen_mode", h: confMinMax, hi: 3, spread: spreadDefault},
	{name: "autoconf", dflt: 1},
	{name: "dad_transmits", dflt: 1},
	{name: "disable_ipv6", spread: spreadDefault},
	{name: "disable_policy"},
	{name: "drop_unicast_in_l2_multicast"},
	{name: "drop_unsolicited_na"},
	{name: "enhanced_dad", dflt: 1},
	{name: "force_forwarding", h: confMinMax, hi: 1, spread: spreadDevices},
	{name: "force_mld_version"},
	{name: "force_tllao"},
	{name: "forwarding", spread: spreadDefault},
	{name: "hop_limit", dflt: 64, h: confMinMax, lo: 1, hi: 255},
	{name: "ignore_routes_with_linkdown", spread: spreadDefault},
	{name: "ioam6_enabled", h: confMinMax, hi: 1},
	{name: "ioam6_id", dflt: 65535, h: confMinMax, hi: 65535},
	{name: "ioam6_id_wide", dflt: math.MaxUint32, h: confUintMax, hi: math.MaxUint32},
	{name: "keep_addr_on_down"},
	{name: "max_addresses", dflt: 16},
	{name: "max_desync_factor", dflt: 600},
	{name: "mc_forwarding", h: confReadOnly},
	{name: "mldv1_unsolicited_report_interval", dflt: 2500, h: confMsJiffies},
	{name: "mldv2_unsolicited_report_interval", dflt: 250, h: confMsJiffies},
	{name: "mtu", dflt: ipv6MinMTU, h: confMTU},
	{name: "ndisc_evict_nocarrier", dflt: 1, h: confMinMax, hi: 1},
	{name: "ndisc_notify"},
	{name: "ndisc_tclass", h: confMinMax, hi: 255},
	{name: "optimistic_dad"},
	{name: "proxy_ndp"},
	{name: "ra_defrtr_metric", dflt: 1024, h: confUintMax, lo: 1, hi: math.MaxUint32},
	{name: "ra_honor_pio_life", h: confMinMax, hi: 1},
	{name: "ra_honor_pio_pflag", h: confMinMax, hi: 1},
	{name: "regen_max_retry", dflt: 3},
	{name: "regen_min_advance", dflt: 2},
	{name: "router_probe_interval", dflt: 60 * 250, h: confJiffies},
	{name: "router_solicitation_delay", dflt: 250, h: confJiffies},
	{name: "router_solicitation_interval", dflt: 4 * 250, h: confJiffies},
	{name: "router_solicitation_max_interval", dflt: 3600 * 250, h: confJiffies},
	{name: "router_solicitations", dflt: -1, h: confMinMax, lo: -1, hi: math.MaxInt32},
	{name: "rpl_seg_enabled", h: confMinMax, hi: 1},
	{name: "seg6_enabled"},
	{name: "seg6_require_hmac"},
	{name: "stable_secret", h: confSecret},
	{name: "suppress_frag_ndisc", dflt: 1},
	{name: "temp_prefered_lft", dflt: 86400},
	{name: "temp_valid_lft", dflt: 604800},
	{name: "use_oif_addrs_only"},
	{name: "use_optimistic"},
	{name: "use_tempaddr"},
}

// DevConf models struct ipv6_devconf: one value per conf file, in
// confKeys order (jiffies values in jiffies).
type DevConf []int64

// confIndex returns the position of a conf file in confKeys, or -1.
func confIndex(name string) int {
	for i, k := range confKeys {
		if k.name == name {
			return i
		}
	}
	return -1
}

// The conf files the model acts on.
var (
	confAcceptDAD            = confIndex("accept_dad")
	confAcceptRA             = confIndex("accept_ra")
	confAcceptRADefrtr       = confIndex("accept_ra_defrtr")
	confAcceptRAFromLocal    = confIndex("accept_ra_from_local")
	confAcceptRAMinHopLimit  = confIndex("accept_ra_min_hop_limit")
	confAcceptRAMinLft       = confIndex("accept_ra_min_lft")
	confAcceptRAPinfo        = confIndex("accept_ra_pinfo")
	confAcceptRARtInfoMaxLen = confIndex("accept_ra_rt_info_max_plen")
	confAcceptRARtInfoMinLen = confIndex("accept_ra_rt_info_min_plen")
	confAcceptRARtrPref      = confIndex("accept_ra_rtr_pref")
	confAutoconf             = confIndex("autoconf")
	confDisableIPv6          = confIndex("disable_ipv6")
	confForceForwarding      = confIndex("force_forwarding")
	confForwarding           = confIndex("forwarding")
	confHopLimit             = confIndex("hop_limit")
	confKeepAddrOnDown       = confIndex("keep_addr_on_down")
	confDadTransmits         = confIndex("dad_transmits")
	confMaxAddresses         = confIndex("max_addresses")
	confMTU6                 = confIndex("mtu")
	confOptimisticDAD        = confIndex("optimistic_dad")
	confRADefrtrMetric       = confIndex("ra_defrtr_metric")
	confRAHonorPioLife       = confIndex("ra_honor_pio_life")
	confRAHonorPioPflag      = confIndex("ra_honor_pio_pflag")
	confSuppressFragNdisc    = confIndex("suppress_frag_ndisc")
	confUseTempaddr          = confIndex("use_tempaddr")
)

// ConfSet is a namespace's `all` and `default` sets
// (net->ipv6.devconf_all, devconf_dflt).
type ConfSet struct {
	All, Default DevConf
}

// newConfSet returns the compiled-in sets at tick rate hz.
func newConfSet(hz int64) ConfSet {
	d := make(DevConf, len(confKeys))
	for i, k := range confKeys {
		d[i] = k.dflt
		if k.h == confJiffies || k.h == confMsJiffies {
			d[i] = k.dflt * hz / 250
		}
	}
	all := append(DevConf(nil), d...)
	all[confAcceptDAD] = 0
	return ConfSet{All: all, Default: d}
}

// ConfNames lists the files of a conf directory in the kernel's order.
func ConfNames() []string {
	names := make([]string, len(confKeys))
	for i, k := range confKeys {
		names[i] = k.name
	}
	return names
}

// newDevConf models the cnf copy of ipv6_add_dev for d: `default`'s
// values, the device's MTU, and -1 for accept_dad and use_tempaddr on
// loopback.
func (ns *Netns) newDevConf(d *Device) {
	d.Conf = append(DevConf(nil), ns.Conf.Default...)
	d.Conf[confMTU6] = int64(d.MTU)
	if d.Kind == KindLoopback {
		d.Conf[confAcceptDAD] = -1
		d.Conf[confUseTempaddr] = -1
	}
}

// Conf errors: ErrNoSysctl for a file that does not exist, ErrPermission
// for stable_secret before it is set (the kernel's EIO), ErrReadOnly for
// a file root may not write, ErrNotModelled for stable_secret, which
// fib6lab does not take.
var (
	ErrReadOnly    = errors.New("read-only")
	ErrNotModelled = errors.New("not modelled")
)

// confSet returns the set a conf directory names: "all", "default" or a
// device with IPv6; nil if none.
func (ns *Netns) confSet(dir string) (DevConf, *Device) {
	switch dir {
	case "all":
		return ns.Conf.All, nil
	case "default":
		return ns.Conf.Default, nil
	}
	if d := ns.Dev(dir); d != nil && d.HasIPv6() {
		return d.Conf, d
	}
	return nil, nil
}

// ConfGet reads net.ipv6.conf.DIR.NAME as its handler shows it (dir:
// "all", "default" or a device with IPv6). Errors: ErrNoSysctl,
// ErrPermission (stable_secret).
func (ns *Netns) ConfGet(dir, name string) (string, error) {
	c, _ := ns.confSet(dir)
	i := confIndex(name)
	if c == nil || i < 0 {
		return "", ErrNoSysctl
	}
	v := c[i]
	switch confKeys[i].h {
	case confSecret:
		return "", ErrPermission
	case confJiffies:
		v /= ns.HZ
	case confMsJiffies:
		v = v * 1000 / ns.HZ
	}
	return strconv.FormatInt(v, 10), nil
}

// ConfSetValue writes net.ipv6.conf.DIR.NAME: value is the text written
// to the file, read as the handler reads it (procGetLong; bounds as
// confKeys says; addr_gen_mode 2 needs a stable secret, which no set has
// here). Writing disable_ipv6 brings IPv6 up or down on the devices it
// reaches (addrconf_disable_ipv6); a write to `all` reaches other sets
// as confSpread says. Errors: ErrNoSysctl, ErrInvalid (EINVAL),
// ErrReadOnly, ErrNotModelled.
func (ns *Netns) ConfSetValue(dir, name, value string) error {
	c, d := ns.confSet(dir)
	i := confIndex(name)
	if c == nil || i < 0 {
		return ErrNoSysctl
	}
	k := confKeys[i]
	switch k.h {
	case confReadOnly:
		return ErrReadOnly
	case confSecret:
		return ErrNotModelled
	}
	v, ok := ns.confValue(k, d, value)
	if !ok || k.name == "addr_gen_mode" && v == 2 && d != nil {
		return ErrInvalid
	}
	was := ns.forwardingNow()
	c[i] = v
	if dir == "all" && k.spread != spreadNone {
		if k.spread == spreadDefault {
			ns.Conf.Default[i] = v
		}
		for _, x := range ns.devs {
			if x.Conf != nil {
				x.Conf[i] = v
			}
		}
		d = nil
	}
	if i == confDisableIPv6 {
		ns.disableChanged(d)
	}
	if i == confForwarding && dir != "default" {
		ns.forwardingChanged(was, v != 0)
	}
	return nil
}

// confValue converts the text written to conf file k of device d (nil
// for all/default) as its handler does; ok is false for EINVAL.
func (ns *Netns) confValue(k confKey, d *Device, value string) (int64, bool) {
	u, neg, ok := procGetLong(value)
	if !ok {
		return 0, false
	}
	switch k.h {
	case confJiffies:
		return jiffiesConv(u, neg, ns.HZ)
	case confMsJiffies:
		return msJiffiesConv(u, neg, ns.HZ)
	case confUintMax:
		v := int64(u)
		return v, !neg && u <= math.MaxUint32 && v >= k.lo && v <= k.hi
	}
	v, ok := intConv(u, neg)
	switch k.h {
	case confMinMax:
		ok = ok && v >= k.lo && v <= k.hi
	case confMTU:
		hi := int64(math.MaxInt32)
		if d != nil {
			hi = int64(d.MTU)
		}
		ok = ok && v >= ipv6MinMTU && v <= hi
	}
	return v, ok
}

// disableChanged brings IPv6 on d (every device when nil) in line with
// its disable_ipv6 (addrconf_disable_change).
func (ns *Netns) disableChanged(d *Device) {
	if d != nil {
		ns.syncIPv6(d, false)
		return
	}
	for _, x := range ns.devs {
		ns.syncIPv6(x, false)
	}
}

// dadEnabled models the accept_dad test of addrconf_dad_begin: DAD runs
// when `all` or the device says so (at least 1).
func (ns *Netns) dadEnabled(d *Device) bool {
	return ns.Conf.All[confAcceptDAD] >= 1 || d.Conf[confAcceptDAD] >= 1
}

// OptimisticDAD models the test inet6_rtm_newaddr makes of an address
// request's `optimistic` flag: optimistic_dad set in `all` or on d
// (use_optimistic, which source address selection reads, does not
// matter; Linux 6.18 keeps the flag with optimistic_dad alone). Without
// it the flag is dropped.
func (ns *Netns) OptimisticDAD(d *Device) bool {
	return ns.Conf.All[confOptimisticDAD] != 0 || d.Conf != nil && d.Conf[confOptimisticDAD] != 0
}

// Forwarding reports net.ipv6.conf.all.forwarding, which makes the
// namespace a router (ip6_forward).
func (ns *Netns) Forwarding() bool { return ns.Conf.All[confForwarding] != 0 }
