package app

import (
	"fmt"
	"net/netip"

	"fib6lab/engine/iproute2"
	"fib6lab/engine/netns"
)

// LoadDump gives both lanes the machine a dump describes: the output
// of `ip -6 route show table all` (or `ip -6 route show`) of any
// machine, optionally with `ip -6 addr show` and `sysctl
// net.ipv6.route` (iproute2.LoadDump), each lane keeping its kernel
// release. The dump is loaded into two fresh namespaces first; only
// when both hold it does the simulation restart on them (as a script
// does: console, speed, clock rate and view kept; the tries laid out
// again; playing), so a bad dump returns its error (a
// *iproute2.DumpError naming the line) and changes nothing. A record
// (`ip6sim record`'s file, iproute2.IsRecord) loads its dump and replays
// its events (loadRecord).
func (s *Sim) LoadDump(text string) error {
	if iproute2.IsRecord(text) {
		return s.loadRecord(text)
	}
	d, err := iproute2.ParseDump(text)
	if err != nil {
		return err
	}
	return s.useDump(d)
}

// useDump swaps both lanes to fresh namespaces holding d (see LoadDump).
func (s *Sim) useDump(d *iproute2.Dump) error {
	var loaded [2]*netns.Netns
	for i, l := range s.Lanes {
		ns := netns.New(0)
		f := l.NS.Features()
		if err := ns.SetKernel(f.Release.String()); err != nil {
			return err
		}
		ns.SetFeatures(f)
		if err := d.Load(ns); err != nil {
			return err
		}
		loaded[i] = ns
	}
	o := s.opts
	o.Prefixes, o.DemoRoutes = []netip.Prefix{}, 0
	s.restart(o)
	for i, l := range s.Lanes {
		ns := loaded[i]
		ns.Nanotime, ns.GCSlice = l.NS.Nanotime, l.NS.GCSlice
		l.NS, l.Shell, l.dev = ns, iproute2.NewShell(ns), firstDevice(ns)
	}
	s.KernelRoutes = 0
	s.relayout() // the GC lists too: the dump's expiring routes are on them
	s.guard(s.load)
	s.teach.scenario, s.teach.source = "", ""
	s.Console.write(LineNote, fmt.Sprintf("— your table: %d routes (%d in table main) —", d.Routes(), s.Lanes[0].Routes()))
	return nil
}

// firstDevice returns the ifindex of ns's first device other than lo,
// which the page's own route adds (AddExpiring) use, or lo's.
func firstDevice(ns *netns.Netns) int {
	for _, d := range ns.Devices() {
		if d.Kind != netns.KindLoopback {
			return d.Index
		}
	}
	return 1
}
