package netns

// Host models what the network namespaces of one running kernel share:
// the jiffies counter with its timer wheel (jiffies is a global of the
// kernel, so advancing the clock runs the timers of every namespace, in
// time order) and the list of live namespaces (net_namespace_list).
// Devices, tables, sysctls and the GC timer stay per namespace. Create
// one with NewHost and its namespaces with NewNetns; New makes a host
// with one namespace.
type Host struct {
	HZ int64
	// CPU is the CPU the current command's system calls run on, in
	// whichever namespace they act (0 to Dst.CPUs()-1; `taskset -c N`
	// sets it for one command, `ip -n` and `ip netns exec` keep it): an
	// `ip -6 route get` uses that CPU's per-CPU dst copies (LookupKeys).
	CPU   int
	clock clock
	nets  []*Netns // alive, in creation order
	seq   int      // namespaces created (for the MACs of veth ends)
}

// NewHost returns a host with tick rate hz (DefaultHZ if 0), its clock
// at InitialJiffies and no namespace yet.
func NewHost(hz int64) *Host {
	if hz <= 0 {
		hz = DefaultHZ
	}
	h := &Host{HZ: hz}
	h.clock.now = InitialJiffies
	return h
}

// Namespaces returns the live namespaces in creation order.
func (h *Host) Namespaces() []*Netns { return h.nets }

// Host returns the host the namespace lives on.
func (ns *Netns) Host() *Host { return ns.host }

// Alive reports whether the namespace has not been destroyed.
func (ns *Netns) Alive() bool { return !ns.dead }

// Destroy models cleanup_net for a namespace whose last reference went
// (`ip netns del` of its only name): its veth devices are unregistered
// together with their peers in other namespaces, its loopback goes, its
// timers (GC, DAD) are cancelled and the other namespaces forget the id
// they had for it. The kernel runs this from a workqueue a few
// milliseconds after the last reference; the model runs it at once.
// Destroying a dead namespace does nothing.
func (ns *Netns) Destroy() {
	if ns.dead {
		return
	}
	ns.FinishGC()
	for len(ns.devs) > 1 {
		ns.DelLink(ns.devs[len(ns.devs)-1])
	}
	ns.SetLinkUp(ns.devs[0], false)
	var mine []*Timer
	for _, t := range ns.clock.timers {
		if t.ns == ns {
			mine = append(mine, t)
		}
	}
	for _, t := range mine {
		ns.clock.del(t)
	}
	ns.dead = true
	h := ns.host
	h.nets = deleteNet(h.nets, ns)
	for _, o := range h.nets {
		delete(o.ids, ns)
	}
}

func deleteNet(nets []*Netns, ns *Netns) []*Netns {
	for i, x := range nets {
		if x == ns {
			return append(nets[:i], nets[i+1:]...)
		}
	}
	return nets
}

// NetID models peernet2id: the id this namespace has given to peer
// (net/core/net_namespace.c, netns_ids), and whether it has one.
func (ns *Netns) NetID(peer *Netns) (int, bool) {
	id, ok := ns.ids[peer]
	return id, ok
}

// NetIDAlloc models peernet2id_alloc: peer's id in this namespace,
// allocated (the lowest free id from 0) when it has none. The kernel
// calls it whenever it builds a link message that names a device in
// another namespace (IFLA_LINK_NETNSID): a link dump or a notification
// about a veth end whose peer lives elsewhere. -1 for peer == ns.
func (ns *Netns) NetIDAlloc(peer *Netns) int {
	if peer == ns {
		return -1
	}
	if id, ok := ns.ids[peer]; ok {
		return id
	}
	used := map[int]bool{}
	for _, id := range ns.ids {
		used[id] = true
	}
	id := 0
	for used[id] {
		id++
	}
	if ns.ids == nil {
		ns.ids = map[*Netns]int{}
	}
	ns.ids[peer] = id
	return id
}

// notifyLink models the RTM_NEWLINK message the kernel builds for d
// (rtmsg_ifinfo) when it changes: for a veth end whose peer lives in
// another namespace, filling IFLA_LINK_NETNSID allocates the peer
// namespace's id.
func notifyLink(d *Device) {
	if d.Peer != nil && d.Peer.ns != d.ns {
		d.ns.NetIDAlloc(d.Peer.ns)
	}
}
