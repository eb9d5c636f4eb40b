package app

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"fib6lab/engine/netns"
	"fib6lab/engine/trace"
)

// A lane shows one namespace of its machine: the init namespace, where
// the console's commands run (Lane.NS), or one a script made with `ip
// netns add` (SelectNetns). The namespace shown is the one the lane's
// trace recorder listens to: its table main is laid out, its GC list
// stripped, its GC passes, route changes and packets (an RA it took, a
// packet it forwarded) animated. Commands still run where the console
// runs them.

// Netns returns the namespace the lane shows: NS unless SelectNetns
// chose another that is still alive.
func (l *Lane) Netns() *netns.Netns {
	if l.view != nil {
		return l.view
	}
	return l.NS
}

// NetnsName returns the name of the namespace the lane's picture at the
// player's position is of, "" for the init namespace: stepped back to
// before a SelectNetns, the picture and its name are the earlier
// namespace's.
func (l *Lane) NetnsName() string { return l.netns }

// setTrace makes the namespace shown emit its trace events to r (nil:
// none).
func (l *Lane) setTrace(r *trace.Recorder) { l.Netns().SetTrace(r) }

// showNetns makes the lane show ns (nil or NS: the init namespace): what
// the old one traced is queued, its recorder moves to ns, the pass,
// operation, lookup and GC counts shown are forgotten, and the trie and
// GC list are read again once nothing is left to play.
func (l *Lane) showNetns(ns *netns.Netns) {
	l.drain()
	tr := l.Netns().FIB.Trace
	l.setTrace(nil)
	if l.view = ns; ns == l.NS {
		l.view = nil
	}
	l.setTrace(tr)
	l.dirty, l.stripStale, l.prefixOf = true, true, nil
	// the pass, operation, lookup and GC counts shown were the other
	// namespace's; the strategy shown is this one's until its first pass
	l.Pass, l.Op, l.Lookup = Progress{Strategy: l.Netns().GCStrategy()}, nil, Lookup{}
	l.teach.shown = Shown{}
	l.netns = ""
	if l.view != nil {
		l.netns, _ = l.Shell.World.NameOf(l.view)
	}
	l.sampleTraffic(nil)
}

// checkView goes back to the init namespace when the namespace shown
// was deleted (`ip netns del`).
func (l *Lane) checkView() {
	if l.view != nil && !l.view.Alive() {
		l.showNetns(nil)
	}
}

// SelectNetns makes lane i (0 left, 1 right) show the namespace called
// name in its machine ("" the init namespace) from the end of the
// history on: events still to show are shown first, as End does (the
// player keeps playing if it was). Errors: no such lane or namespace,
// the table still loading, a command running.
func (s *Sim) SelectNetns(i int, name string) error {
	if i < 0 || i >= len(s.Lanes) {
		return fmt.Errorf("no lane %d", i)
	}
	l := s.Lanes[i]
	ns := l.NS
	if name != "" {
		if ns = l.Shell.World.Get(name); ns == nil {
			return fmt.Errorf("no network namespace %q (ip netns list)", name)
		}
	}
	switch b, busy := s.Busy(); {
	case !s.ready:
		return errors.New("the table is still loading")
	case busy:
		return errors.New("busy: " + b.Text)
	}
	if ns == l.Netns() {
		return nil
	}
	if s.Pending() > 0 { // the picture changes at the head: go there, as End does, still playing if playing
		playing := s.Playing
		s.SeekEnd()
		s.Playing = playing
	}
	l.showNetns(ns)
	s.refresh()
	return nil
}

// Topology is the machine of the script running as the page's topology
// strip shows it: its namespaces, init first, each with the lanes that
// show it, and the veth pairs within and between them.
type Topology struct {
	Netns []TopoNetns `json:"netns"`
	Links []TopoLink  `json:"links"`
}

// TopoNetns is one namespace: its name ("" the init namespace) and the
// IDs of the lanes showing it (LaneIDs).
type TopoNetns struct {
	Name  string   `json:"name"`
	Lanes []string `json:"lanes"`
}

// TopoLink is a veth pair: device A in namespace NetA, its peer B in
// NetB ("" the init namespace).
type TopoLink struct {
	A    string `json:"a"`
	NetA string `json:"netA"`
	B    string `json:"b"`
	NetB string `json:"netB"`
}

// Topology returns the left lane's machine (both lanes run the same
// commands, so their machines have the same namespaces and links).
// Namespaces without a name other than init (none that a script can
// reach) are left out.
func (s *Sim) Topology() Topology {
	w := s.Lanes[0].Shell.World
	var t Topology
	seen := map[*netns.Device]bool{}
	for _, ns := range w.Namespaces() {
		name, named := w.NameOf(ns)
		if !named && ns != w.Init {
			continue
		}
		n := TopoNetns{Name: name}
		for _, l := range s.Lanes {
			if l.NetnsName() == name {
				n.Lanes = append(n.Lanes, l.ID)
			}
		}
		t.Netns = append(t.Netns, n)
		for _, d := range ns.Devices() {
			if d.Kind != netns.KindVeth || d.Peer == nil || seen[d] {
				continue
			}
			seen[d], seen[d.Peer] = true, true
			peerNet, _ := w.NameOf(d.Peer.Net())
			t.Links = append(t.Links, TopoLink{A: d.Name, NetA: name, B: d.Peer.Name, NetB: peerNet})
		}
	}
	return t
}

// Multi reports whether the machine has namespaces besides init: the
// page then shows its topology strip.
func (t Topology) Multi() bool { return len(t.Netns) > 1 }

// isLaneLine reports whether line is the page's "# lane LANE [NETNS]"
// (to bash a comment).
func isLaneLine(line string) bool {
	return strings.HasPrefix(strings.TrimSpace(line), laneLine+" ")
}

// laneDirective applies a "# lane LANE [NETNS]" line; a lane or
// namespace that does not exist is noted in the console and changes
// nothing.
func (s *Sim) laneDirective(line string) {
	words := strings.Fields(strings.TrimSpace(line)[len(laneLine):])
	i := slices.Index(LaneIDs[:], words[0])
	name := ""
	if len(words) > 1 {
		name = words[1]
	}
	if err := s.SelectNetns(i, name); err != nil {
		s.Console.write(LineNote, "fib6lab: "+strings.TrimSpace(line)+": "+err.Error())
	}
}

// laneCommand runs a console line that is "# lane LANE [NETNS]" (shown
// in the scrollback) and reports whether it was one.
func (s *Sim) laneCommand(line string) bool {
	if !isLaneLine(line) {
		return false
	}
	s.Console.write(LineInput, line)
	s.laneDirective(line)
	return true
}

// ChooseNetns is SelectNetns as the page's menu does it: the choice is
// written to the console as the line "# lane LANE [NETNS]", which links
// carry with the typed commands and replay where it came.
func (s *Sim) ChooseNetns(i int, name string) error {
	if err := s.SelectNetns(i, name); err != nil {
		return err
	}
	line := strings.TrimSpace(laneLine + " " + LaneIDs[i] + " " + name)
	s.Console.write(LineInput, line)
	s.noteTyped(line)
	return nil
}
