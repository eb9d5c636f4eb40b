// Package world models one machine's network namespaces as user space
// sees them: the namespace a shell starts in (Init) and the namespaces
// `ip netns add` creates and names (iproute2's bind mounts under
// /run/netns), all on one netns.Host, so one virtual clock runs them
// all. What namespaces share in the kernel (the clock, veth pairs
// between them, the ids they give each other) is engine/netns; the names
// are user space's and live here.
package world

import (
	"errors"
	"fmt"
	"strings"

	"fib6lab/engine/netns"
)

// World is a machine: its host (kernel) and named namespaces.
type World struct {
	Host  *netns.Host
	Init  *netns.Netns
	named []entry // in creation order
}

type entry struct {
	name string
	ns   *netns.Netns
}

// New returns a machine with tick rate hz (netns.DefaultHZ if 0) and one
// namespace, Init, that has no name.
func New(hz int64) *World { return Of(netns.New(hz)) }

// Of returns the machine around ns, a namespace of a host of its own
// (netns.New): ns is its Init.
func Of(ns *netns.Netns) *World { return &World{Host: ns.Host(), Init: ns} }

// Errors of Add and Del, as the file system reports them for
// /run/netns/NAME: ErrExists (EEXIST) and ErrNotFound (ENOENT); and
// ErrBadName for a name iproute2 refuses before touching a file.
var (
	ErrExists   = errors.New("File exists")
	ErrNotFound = errors.New("No such file or directory")
	ErrBadName  = errors.New("invalid netns name")
)

// ValidName models iproute2's is_valid_netns_name: not empty, not "." or
// "..", no '/', and shorter than NAME_MAX (255 bytes) for the file name.
func ValidName(name string) bool {
	return name != "" && name != "." && name != ".." && !strings.Contains(name, "/") && len(name) < 255
}

// Add models `ip netns add NAME`: a new namespace (netns.Host.NewNetns)
// that runs the same kernel release as Init, named NAME. Errors:
// ErrBadName, ErrExists.
func (w *World) Add(name string) (*netns.Netns, error) {
	switch {
	case !ValidName(name):
		return nil, ErrBadName
	case w.Get(name) != nil:
		return nil, ErrExists
	}
	ns := w.Host.NewNetns()
	f := w.Init.Features()
	if err := ns.SetKernel(fmt.Sprint(f.Release)); err == nil {
		ns.SetFeatures(f) // with a front end's changes (ip6sim --gc)
	}
	ns.Yield, ns.Nanotime = w.Init.Yield, w.Init.Nanotime
	w.named = append(w.named, entry{name, ns})
	return ns, nil
}

// Del models `ip netns del NAME`: the name goes and, with it, the last
// reference to the namespace, which is destroyed (netns.Netns.Destroy).
// Error: ErrNotFound.
func (w *World) Del(name string) error {
	for i, e := range w.named {
		if e.name == name {
			w.named = append(w.named[:i], w.named[i+1:]...)
			e.ns.Destroy()
			return nil
		}
	}
	return ErrNotFound
}

// Get returns the namespace named name, or nil.
func (w *World) Get(name string) *netns.Netns {
	for _, e := range w.named {
		if e.name == name {
			return e.ns
		}
	}
	return nil
}

// Names lists the names as `ip netns list` reads /run/netns: a tmpfs
// directory, which lists its newest entry first.
func (w *World) Names() []string {
	names := make([]string, len(w.named))
	for i, e := range w.named {
		names[len(w.named)-1-i] = e.name
	}
	return names
}

// NameOf returns the name of ns, if it has one.
func (w *World) NameOf(ns *netns.Netns) (string, bool) {
	for _, e := range w.named {
		if e.ns == ns {
			return e.name, true
		}
	}
	return "", false
}

// Namespaces returns every live namespace of the machine, Init first.
func (w *World) Namespaces() []*netns.Netns { return w.Host.Namespaces() }
