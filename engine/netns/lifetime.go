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
// The kernel's runs before the next deadline only re-arm the worker (and
// it keeps running every ADDR_CHECK_FREQUENCY with nothing to age); the
// model arms it directly for the first run that can act, at the time the
// kernel's chain of re-arms reaches (addrChain), and not at all when no
// lifetime will ever end: nothing can tell the two apart, and a long
// sleep stays cheap.
func (ns *Netns) addrVerify() {
	hz, now := ns.HZ, ns.clock.now
	deadline := int64(MaxJiffies) // the first time an address is due
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
					deadline = min(deadline, ifa.Tstamp+int64(ifa.ValidLft)*hz)
				}
			default:
				deadline = min(deadline, ifa.Tstamp+int64(ifa.PreferredLft)*hz)
			}
		}
	}
	if !aging || deadline == MaxJiffies {
		return // every later run would only re-arm the worker
	}
	sched, fires := addrChain(now, deadline, hz)
	ns.modTimer(&ns.addrTimer, sched)
	ns.addrTimer.fires = fires
}

// addrChain follows the worker's runs from now that cannot change
// anything (each only re-arms it ADDR_CHECK_FREQUENCY on, rounded up to a
// whole second and to its timer wheel bucket) and returns the expiry and
// the firing time of the first run that reaches deadline, as the kernel's
// chain of re-arms would give them. Between two runs the chain moves by
// about ADDR_CHECK_FREQUENCY, and where it lands in a second and in a
// wheel bucket repeats with period lcm(HZ, bucket): once a landing
// repeats, whole cycles are skipped at once, so a deadline years ahead
// costs a few hundred steps.
func addrChain(now, deadline, hz int64) (sched, fires int64) {
	period := lcm(hz, int64(1)<<wheelShift(addrCheckFrequency(hz)))
	seen := map[int64]int64{} // landing in the period -> the run's time
	t := now
	for {
		next := min(roundJiffiesUp(t+addrCheckFrequency(hz), hz), deadline)
		sched = addrSched(next, t, hz)
		fires = wheelExpiry(sched, t)
		if fires+addrFuzzMinus(hz) >= deadline {
			return sched, fires
		}
		if prev, ok := seen[fires%period]; ok {
			if cycle := fires - prev; cycle > 0 {
				if k := (deadline-fires)/cycle - 1; k > 0 {
					fires += k * cycle
				}
			}
			clear(seen)
		}
		seen[fires%period] = fires
		t = fires
	}
}

// addrSched is where addrconf_verify_rtnl, running at now, schedules its
// next run for the deadline next: rounded up to a whole second when that
// costs less than ADDRCONF_TIMER_FUZZ, at least ADDRCONF_TIMER_FUZZ_MAX
// from now.
func addrSched(next, now, hz int64) int64 {
	sched := next
	if sec := roundJiffiesUp(next, hz); sec < next+addrFuzz(hz) {
		sched = sec
	}
	return max(sched, now+addrFuzzMax(hz))
}

// roundJiffiesUp models round_jiffies_up on CPU 0: j moved up to the
// next whole second (a whole second moves a second on).
func roundJiffiesUp(j, hz int64) int64 { return j - j%hz + hz }
