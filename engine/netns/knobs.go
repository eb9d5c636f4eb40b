package netns

import (
	"math"
	"strconv"
)

// Knob is one /proc/sys file of the namespace outside net/ipv6/route
// (whose files SysctlGet and SysctlSet serve): its path components, how
// it reads (the text without its newline) and how a write of value (the
// text written) is taken. Set returns ErrInvalid for a value the
// kernel's handler refuses, and changes nothing then.
type Knob struct {
	Path []string
	Get  func() string
	Set  func(value string) error
}

// Knobs lists the files the namespace models beyond net/ipv6/route and
// the net.ipv6.conf tree (conf.go): the multipath hash settings
// (net.ipv4.fib_multipath_hash_seed, net.ipv6.fib_multipath_hash_policy
// and _fields).
func (ns *Netns) Knobs() []Knob {
	mp := &ns.Multipath
	return []Knob{
		{[]string{"net", "ipv4", "fib_multipath_hash_seed"}, uintGet(&mp.UserSeed), uintSet(&mp.UserSeed, 0, math.MaxUint32)},
		{[]string{"net", "ipv6", "fib_multipath_hash_fields"}, uintGet(&mp.Fields), uintSet(&mp.Fields, 1, hashFieldAll)},
		{[]string{"net", "ipv6", "fib_multipath_hash_policy"}, uintGet(&mp.Policy), uintSet(&mp.Policy, 0, 3)},
	}
}

// KeepAddrOnDown models the aggregation addrconf_ifdown makes for a
// device going down (not being unregistered): net.ipv6.conf.all's
// keep_addr_on_down when it is not 0, else the device's own; the
// addresses are kept when that is above 0.
func (ns *Netns) KeepAddrOnDown(d *Device) bool {
	v := ns.Conf.All[confKeepAddrOnDown]
	if v == 0 && d.Conf != nil {
		v = d.Conf[confKeepAddrOnDown]
	}
	return v > 0
}

func uintGet(p *uint32) func() string {
	return func() string { return strconv.FormatUint(uint64(*p), 10) }
}

// uintSet models proc_douintvec_minmax (and proc_dou8vec_minmax)
// writing one value: no '-' sign (not even "-0"), within [lo, hi].
func uintSet(p *uint32, lo, hi uint64) func(string) error {
	return func(value string) error {
		v, neg, ok := procGetLong(value)
		if !ok || neg || v < lo || v > hi {
			return ErrInvalid
		}
		*p = uint32(v)
		return nil
	}
}

// intSet models proc_dointvec writing one value (ProcDoIntvec).
func intSet(p *int) func(string) error {
	return func(value string) error {
		v, err := ProcDoIntvec(value)
		if err == nil {
			*p = v
		}
		return err
	}
}
