package netns

import (
	"testing"
)

// TestSysctlSetRules checks the kernel's reading and range rules for
// written values, with what Linux 6.18 at HZ 250 does for each (as
// measured on it with sysctl -w): the stored jiffies, or EINVAL.
func TestSysctlSetRules(t *testing.T) {
	const bad = -1 << 62 // EINVAL
	cases := []struct {
		name, value string
		stored      int64
	}{
		{"gc_interval", "8589934", 8589934 * 250},
		{"gc_interval", "8589935", bad}, // above INT_MAX/HZ
		{"gc_interval", "2147483647", bad},
		{"gc_interval", "-8589934", -8589934 * 250},
		{"gc_interval", "-8589935", bad},
		{"gc_interval", "+5", bad},
		{"gc_interval", " \t5\n", 5 * 250},
		{"gc_interval", "\xa05", 5 * 250}, // the kernel's isspace takes 0xa0
		{"gc_interval", "5 6", 5 * 250},
		{"gc_interval", "5x", bad},
		{"gc_interval", "5.5", bad},
		{"gc_interval", "0x10", 16 * 250},
		{"gc_interval", "010", 8 * 250},
		{"gc_interval", "08", bad},
		{"gc_interval", "0x", bad},
		{"gc_interval", "", bad},
		{"gc_interval", "-", bad},
		{"gc_interval", "-0", 0},
		{"gc_interval", "00000000000000000001", 250},
		{"gc_interval", "000000000000000000001", bad}, // 21 characters
		{"gc_interval", "18446744073709551616", bad},  // overflows 64 bits
		{"gc_min_interval_ms", "-1", bad},
		{"gc_min_interval_ms", "1", 1},
		{"gc_min_interval_ms", "2147483647", 536870912},
		{"gc_min_interval_ms", "2147483648", bad},
		{"gc_min_interval_ms", "4294967297", 1},   // truncated to unsigned int: 1 ms
		{"gc_min_interval_ms", "4294969296", 500}, // 2000 ms
		{"gc_min_interval_ms", "-4294967295", 1},
		{"gc_min_interval_ms", "-2147483648", bad},
		{"gc_thresh", "2147483647", 2147483647},
		{"gc_thresh", "2147483648", bad},
		{"gc_thresh", "-2147483648", -2147483648},
		{"gc_thresh", "-2147483649", bad},
		{"gc_thresh", "0x7fffffff", 2147483647},
		{"skip_notify_on_dev_down", "1", 1},
		{"skip_notify_on_dev_down", "01", 1},
		{"skip_notify_on_dev_down", "0x1", 1},
		{"skip_notify_on_dev_down", " 1 2", 1},
		{"skip_notify_on_dev_down", "0", 0},
		{"skip_notify_on_dev_down", "2", bad},
		{"skip_notify_on_dev_down", "-1", bad},
		{"skip_notify_on_dev_down", "-0", bad},
		{"skip_notify_on_dev_down", "+1", bad},
		{"skip_notify_on_dev_down", "4294967296", bad},
		{"skip_notify_on_dev_down", "-2147483648", bad},
	}
	for _, c := range cases {
		ns := New(250)
		err := ns.SysctlSet(c.name, c.value)
		e := ns.sysctlTable()[c.name]
		switch {
		case c.stored == bad && err != ErrInvalid:
			t.Errorf("%s=%q: %v, want EINVAL", c.name, c.value, err)
		case c.stored != bad && (err != nil || *e.ptr != c.stored):
			t.Errorf("%s=%q: stored %d (%v), want %d", c.name, c.value, *e.ptr, err, c.stored)
		}
	}
	if v, err := ProcDoIntvec("+1"); err != ErrInvalid {
		t.Errorf("ProcDoIntvec(+1) = %d, %v", v, err)
	}
}

// TestConfInheritance checks the conf tree: a new device copies
// `default` (its own mtu aside), `all` reaches the other sets only for
// the knobs the kernel spreads, and bounds are the kernel's.
func TestConfInheritance(t *testing.T) {
	ns := New(250)
	get := func(dir, name string) string {
		v, err := ns.ConfGet(dir, name)
		if err != nil {
			return err.Error()
		}
		return v
	}
	set := func(dir, name, v string) error { return ns.ConfSetValue(dir, name, v+"\n") }
	if err := set("default", "hop_limit", "33"); err != nil {
		t.Fatal(err)
	}
	if err := ns.AddVeth("va", [6]byte{}, "vb", [6]byte{}); err != nil {
		t.Fatal(err)
	}
	set("all", "forwarding", "1")
	set("all", "hop_limit", "7")
	for _, c := range []struct{ dir, name, want string }{
		{"va", "hop_limit", "33"}, {"va", "mtu", "1500"}, {"lo", "accept_dad", "-1"},
		{"all", "accept_dad", "0"}, {"default", "accept_dad", "1"},
		{"default", "forwarding", "1"}, {"va", "forwarding", "1"}, {"lo", "forwarding", "1"},
		{"default", "hop_limit", "33"}, {"va", "hop_limit", "33"},
		{"va", "router_solicitation_delay", "1"}, {"va", "mldv1_unsolicited_report_interval", "10000"},
		{"va", "stable_secret", "permission denied"}, {"nosuch", "mtu", "no such sysctl"},
	} {
		if got := get(c.dir, c.name); got != c.want {
			t.Errorf("%s.%s = %q, want %q", c.dir, c.name, got, c.want)
		}
	}
	for _, c := range []struct{ dir, name, v string }{
		{"va", "hop_limit", "0"}, {"va", "mtu", "1501"}, {"va", "mtu", "1279"},
		{"va", "addr_gen_mode", "2"}, {"va", "ra_defrtr_metric", "0"},
	} {
		if err := set(c.dir, c.name, c.v); err != ErrInvalid {
			t.Errorf("%s.%s=%s: %v, want ErrInvalid", c.dir, c.name, c.v, err)
		}
	}
	if err := set("all", "mc_forwarding", "1"); err != ErrReadOnly {
		t.Errorf("mc_forwarding: %v, want ErrReadOnly", err)
	}
}
