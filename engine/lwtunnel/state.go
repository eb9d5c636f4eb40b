package lwtunnel

import "fib6lab/engine/errno"

// State models struct lwtunnel_state (include/net/lwtunnel.h): one per
// route nexthop with an encap, shared by reference with every dst made from
// the route.
type State struct {
	Type  EncapType
	Flags Flags
	// Headroom is the bytes the encap adds; the kernel subtracts it from
	// the MTU only for XmitRedirect types.
	Headroom int
	// OrigOutput and OrigInput are the dst handlers SetRedirect displaced
	// (orig_output, orig_input).
	OrigOutput OutputFunc
	OrigInput  InputFunc
	// Data is the type's private data (the kernel's trailing data[]), e.g.
	// *ila.Lwt.
	Data any

	refcnt int
	reg    *Registry
	freed  bool
}

// Refcount returns the state's reference count (lwtstate->refcnt).
func (s *State) Refcount() int { return s.refcnt }

// Freed reports whether the state's memory has been released (after the
// grace period when its type has destroy_state).
func (s *State) Freed() bool { return s.freed }

// Hold models lwtstate_get: take a reference and return s (nil-safe).
// Holding a freed state is a model bug and panics.
func (s *State) Hold() *State {
	if s == nil {
		return nil
	}
	if s.freed {
		panic("lwtunnel: hold of a freed state")
	}
	s.refcnt++
	return s
}

// Put models lwtstate_put: drop a reference; the last one frees the state
// (lwtstate_free). Nil-safe; an unbalanced Put panics.
func (s *State) Put() {
	if s == nil {
		return
	}
	if s.refcnt <= 0 {
		panic("lwtunnel: put of a state with no references")
	}
	s.refcnt--
	if s.refcnt == 0 {
		s.free()
	}
}

// free models lwtstate_free: with a destroy_state hook call it and free
// after an RCU grace period (kfree_rcu); otherwise free at once (kfree).
// Kernels before the 2016 change that added destroy_state register ops
// without it (ila.Module before 4.9), so they free at once.
func (s *State) free() {
	ops := s.reg.Lookup(s.Type)
	if ops == nil || ops.DestroyState == nil {
		s.freed = true
		return
	}
	ops.DestroyState(s)
	s.reg.Grace.Defer(func() { s.freed = true })
}

// Handlers is a dst's pair of packet handlers (dst->output, dst->input).
type Handlers struct {
	Output OutputFunc
	Input  InputFunc
}

// SetRedirect models lwtunnel_set_redirect: for each redirect flag of s,
// save the dst's handler in s and point it at the registry's wrapper.
func (r *Registry) SetRedirect(s *State, h *Handlers) {
	if s == nil {
		return
	}
	if s.Flags&OutputRedirect != 0 {
		s.OrigOutput = h.Output
		h.Output = r.Output
	}
	if s.Flags&InputRedirect != 0 {
		s.OrigInput = h.Input
		h.Input = r.Input
	}
}

// Output models lwtunnel_output, the redirected dst output: ENETDOWN past
// the recursion limit, EINVAL without a dst, nil (nothing done) for an
// invalid type, EOPNOTSUPP when the type has no output op, else the op's
// result.
func (r *Registry) Output(net Net, skb *Skb) error {
	ops, err := r.redirected(skb)
	if ops == nil {
		return err
	}
	if ops.Output == nil {
		return errno.EOPNOTSUPP
	}
	return r.nested(func() error { return ops.Output(net, skb) })
}

// Input models lwtunnel_input, the redirected dst input, with the same
// rules as Output.
func (r *Registry) Input(skb *Skb) error {
	ops, err := r.redirected(skb)
	if ops == nil {
		return err
	}
	if ops.Input == nil {
		return errno.EOPNOTSUPP
	}
	return r.nested(func() error { return ops.Input(skb) })
}

// redirected performs the checks both datapath wrappers start with and
// returns the ops of the packet's lwt state, or nil and the result to
// return.
func (r *Registry) redirected(skb *Skb) (*Ops, error) {
	if r.recursion >= XmitRecursionLimit {
		return nil, errno.ENETDOWN
	}
	if skb.Dst == nil {
		return nil, errno.EINVAL
	}
	s := skb.Dst.LwtState()
	if s == nil || !s.Type.valid() {
		return nil, nil
	}
	if r.ops[s.Type] == nil {
		return nil, errno.EOPNOTSUPP
	}
	return r.ops[s.Type], nil
}

// nested runs op one level deeper in the recursion count
// (dev_xmit_recursion_inc/dec around the type's op).
func (r *Registry) nested(op func() error) error {
	r.recursion++
	defer func() { r.recursion-- }()
	return op()
}

// Grace models RCU's deferred callbacks: Defer queues a callback (call_rcu,
// kfree_rcu) and Synchronize ends the grace period, running everything
// queued so far (synchronize_rcu / rcu_barrier).
type Grace struct {
	pending []func()
}

// Defer queues f to run at the end of the current grace period.
func (g *Grace) Defer(f func()) { g.pending = append(g.pending, f) }

// Pending returns how many callbacks wait for the grace period.
func (g *Grace) Pending() int { return len(g.pending) }

// Synchronize ends the grace period: run the queued callbacks in order
// (callbacks they queue wait for the next period).
func (g *Grace) Synchronize() {
	run := g.pending
	g.pending = nil
	for _, f := range run {
		f()
	}
}

// Registry returns the registry whose ops built s (nil for a state made by
// hand), the one whose wrappers its dsts are redirected to.
func (s *State) Registry() *Registry { return s.reg }

// CmpEncap models lwtunnel_cmp_encap for two states without naming a
// registry (the route code's duplicate-nexthop test): both nil -> equal;
// one nil -> different; otherwise a's registry decides (Registry.CmpEncap).
func CmpEncap(a, b *State) bool {
	if a == nil || b == nil || a.reg == nil {
		return a != b
	}
	return a.reg.CmpEncap(a, b)
}
