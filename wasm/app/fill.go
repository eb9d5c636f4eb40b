package app

import (
	"fmt"
	"strings"

	"fib6lab/engine/iproute2"
	"fib6lab/engine/netns"
)

// FillRoutes is what the page's "fill to 1,000,000 routes" menu entry
// asks for: the most routes a namespace may hold (netns.DefaultMaxRoutes).
const FillRoutes = netns.DefaultMaxRoutes

// fillState numbers the /48 blocks Fill's generated routes go in, so that
// a second fill does not collide with the first.
type fillState struct {
	block int // blocks used so far
}

// FillLines returns the console lines that bring each namespace to total
// routes (rt6_stats fib_rt_entries of the left lane, whatever the lanes
// hold: the real table, the kernel routes, routes added since): `gen
// routes N 2001:db8:B::1 dev eth0` lines of at most iproute2.MaxCount
// permanent /128 routes, one /48 block B each (2001:db8:101::/48 on; the
// real table has nothing in 2001:db8::/32). It returns no lines when the
// namespaces hold total routes already.
func (s *Sim) FillLines(total int) []string {
	left := total - s.Lanes[0].NS.FIB.Stats.FibRtEntries
	var lines []string
	for b := s.fill.block; left > 0; b++ {
		n := min(left, iproute2.MaxCount)
		lines = append(lines, fmt.Sprintf("gen routes %d 2001:db8:%x::1 dev eth0", n, 0x101+b))
		left -= n
	}
	return lines
}

// Fill queues FillLines(total) in the console (both lanes, as typed;
// they run over the next frames, cancellable with Esc like any command)
// and returns what it did for the page's status line. total is at most
// FillRoutes.
func (s *Sim) Fill(total int) string {
	if !s.ready {
		return "the table is still loading; try again in a moment"
	}
	if total < 0 || total > FillRoutes {
		return fmt.Sprintf("fill: %s routes per namespace is out of range (at most %s)", Commas(total), Commas(FillRoutes))
	}
	lines := s.FillLines(total)
	if len(lines) == 0 {
		return fmt.Sprintf("the namespaces hold %s routes already", Commas(s.Lanes[0].NS.FIB.Stats.FibRtEntries))
	}
	s.fill.block += len(lines)
	s.Submit(strings.Join(lines, "\n"))
	return fmt.Sprintf("filling both namespaces to %s routes: %d gen lines queued", Commas(total), len(lines))
}
