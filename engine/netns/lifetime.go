package netns

// The address lifetime worker (net/ipv6/addrconf.c,
// addrconf_verify_rtnl on addr_chk_work): it deprecates addresses whose
// preferred lifetime is over and deletes those whose valid lifetime is
// over, then runs again when the next lifetime ends, at least every
// ADDR_CHECK_FREQUENCY. Its timer is a delayed work on the timer wheel,
// so it runs up to one wheel granularity late, as the kernel's does.

// Timings of the worker, in jiffies at hz (include/net/addrconf.h,
// net/ipv6/addrconf.c).
func addrCheckFrequency(hz int64) int64 { return 120 * hz }      // ADDR_CHECK_FREQUENCY
func addrFuzzMinus(hz int64) int64      { return max(hz/50, 1) } // ADDRCONF_TIMER_FUZZ_MINUS
func addrFuzz(hz int64) int64           { return hz / 4 }        // ADDRCONF_TIMER_FUZZ
func addrFuzzMax(hz int64) int64        { return hz }            // ADDRCONF_TIMER_FUZZ_MAX

// addrVerify models addrconf_verify_rtnl: every address that is not
// permanent with an infinite preferred lifetime is aged (a little
// early: ADDRCONF_TIMER_FUZZ_MINUS, to batch events); past its valid
// lifetime it is deleted (ipv6DelAddr: a SLAAC or finite address leaves
// its prefix route to expire on its own), past its preferred lifetime it
// becomes deprecated. The worker then runs again at the next deadline
// (rounded up to a whole second when that costs less than a quarter
// second), at most ADDR_CHECK_FREQUENCY and at least a second from now.
// The kernel reschedules it even when no address has a lifetime to age;
// the model only then leaves it idle, which nothing can tell apart.
func (ns *Netns) addrVerify() {
	hz, now := ns.HZ, ns.clock.now
	next := roundJiffiesUp(now+addrCheckFrequency(hz), hz)
	ns.clock.del(&ns.addrTimer)
	aging := false
restart:
	for _, d := range ns.devs {
		for _, ifa := range d.Addrs {
			if ifa.Permanent && ifa.PreferredLft == InfinityLifeTime {
				continue
			}
			aging = true
			age := (now - ifa.Tstamp + addrFuzzMinus(hz)) / hz
			switch {
			case ifa.ValidLft != InfinityLifeTime && age >= int64(ifa.ValidLft):
				ns.ipv6DelAddr(d, ifa)
				goto restart
			case ifa.PreferredLft == InfinityLifeTime:
			case age >= int64(ifa.PreferredLft):
				ifa.Deprecated = true
				if ifa.ValidLft != InfinityLifeTime {
					next = min(next, ifa.Tstamp+int64(ifa.ValidLft)*hz)
				}
			default:
				next = min(next, ifa.Tstamp+int64(ifa.PreferredLft)*hz)
			}
		}
	}
	if !aging {
		return
	}
	sched := next
	if sec := roundJiffiesUp(next, hz); sec < next+addrFuzz(hz) {
		sched = sec
	}
	sched = max(sched, now+addrFuzzMax(hz))
	ns.modTimer(&ns.addrTimer, sched)
}

// roundJiffiesUp models round_jiffies_up on CPU 0: j moved up to the
// next whole second (a whole second moves a second on).
func roundJiffiesUp(j, hz int64) int64 { return j - j%hz + hz }
