package netns

import (
	"net/netip"

	"fib6lab/engine/fib6"
)

// packetRouter routes the packets of a flood or a send (FloodRaw, Send):
// the fib6_node_lookup part of each rule table's lookup is made for the
// packets' destinations together, in lockstep (fib6.Table.NodeLookupBatch;
// a flood to one destination makes it once), and serves the packets
// that follow as long as the tries keep their shape (fib6.Net.ShapeGen);
// each packet then takes its route at its own moment as a whole lookup
// would (fib6.Table.LookupFrom: the route selection, with expiry and dead
// nexthops; the rule tables' order; the route's type). A packet is routed
// exactly as by Lookup. With a trace recorder attached, or
// Netns.Unbatched, every packet is looked up whole, so a trace shows each
// lookup's descent; so is a single packet (a nil router), which the
// router would not save a lookup.
type packetRouter struct {
	ns    *Netns
	keys  []fib6.Key   // the destinations, in the order of the packets' turns
	found []*fib6.Node // per destination, per rule table: fib6_node_lookup's answer
	nodes []*fib6.Node // one rule table's answers, per destination (find's)
	shape uint64       // the trie shape found is for
	valid bool
}

// newPacketRouter returns a router for packets packets to daddrs, or nil
// for one packet.
func (ns *Netns) newPacketRouter(packets int, daddrs ...netip.Addr) *packetRouter {
	if packets < 2 {
		return nil
	}
	r := &packetRouter{ns: ns, keys: make([]fib6.Key, len(daddrs)), found: make([]*fib6.Node, len(daddrs)*len(ruleTables)),
		nodes: make([]*fib6.Node, len(daddrs))}
	for i, a := range daddrs {
		r.keys[i] = fib6.KeyOf(a)
	}
	return r
}

// lookup routes a packet to destination i of the router (daddr) as
// Lookup(daddr) does.
func (r *packetRouter) lookup(ns *Netns, i int, daddr netip.Addr) (*fib6.Info, *fib6.Table, error) {
	if r == nil || ns.FIB.Trace != nil || ns.Unbatched {
		return ns.Lookup(daddr)
	}
	if !r.valid || r.shape != ns.FIB.ShapeGen() {
		r.find()
	}
	k := len(ruleTables)
	return ns.lookupFound(FlowKeys{Dst: daddr}, fib6.Flow{}, r.found[i*k:(i+1)*k])
}

// find makes fib6_node_lookup's answers for every destination in every
// rule table, in lockstep.
func (r *packetRouter) find() {
	ns, k := r.ns, len(ruleTables)
	for j, id := range ruleTables {
		t := ns.FIB.Table(id)
		if t == nil {
			for i := range r.keys {
				r.found[i*k+j] = nil
			}
			continue
		}
		t.NodeLookupBatch(r.keys, r.nodes)
		for i, fn := range r.nodes {
			r.found[i*k+j] = fn
		}
	}
	r.shape, r.valid = ns.FIB.ShapeGen(), true
}
