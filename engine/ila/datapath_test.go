package ila

import (
	"net/netip"
	"testing"

	"github.com/google/gopacket/layers"

	"fib6lab/engine/errno"
	"fib6lab/engine/lwtunnel"
)

// fakeDst is a dst with an optional lwt state that counts what is sent
// through it.
type fakeDst struct {
	lwt   *lwtunnel.State
	flags uint32
	sent  int
	refs  int
}

func (d *fakeDst) LwtState() *lwtunnel.State { return d.lwt }
func (d *fakeDst) Flags() uint32             { return d.flags }
func (d *fakeDst) Ifindex() int              { return 2 }
func (d *fakeDst) Release()                  { d.refs-- }
func (d *fakeDst) Output(lwtunnel.Net, *lwtunnel.Skb) error {
	d.sent++
	return nil
}

// fakeNet answers every lookup with one dst (or an error) and counts them.
type fakeNet struct {
	dst     *fakeDst
	err     error
	lookups []netip.Addr
}

func (n *fakeNet) RouteOutput(_ int, daddr netip.Addr) (lwtunnel.Dst, error) {
	n.lookups = append(n.lookups, daddr)
	if n.err != nil {
		return nil, n.err
	}
	return n.dst, nil
}

// ilaRoute builds an ILA route's dst through the registry with its output
// redirected, the original output counting into *origSent.
func ilaRoute(t *testing.T, k Module, prefix string, flags uint32, origSent *int) *fakeDst {
	reg := lwtunnel.NewRegistry()
	if err := k.Register(reg); err != nil {
		t.Fatal(err)
	}
	s, err := reg.BuildState(lwtunnel.EncapILA, buildCfg(prefix, &Attrs{Locator: ptr(ilaLoc), IdentType: ptr(IdentLUID)}))
	if err != nil {
		t.Fatal(err)
	}
	h := lwtunnel.Handlers{Output: func(lwtunnel.Net, *lwtunnel.Skb) error { *origSent++; return nil }}
	reg.SetRedirect(s, &h)
	return &fakeDst{lwt: s.Hold(), flags: flags}
}

// send pushes n SIR packets through dst's lwtunnel output.
func send(t *testing.T, net lwtunnel.Net, dst *fakeDst, n int) []error {
	var errs []error
	for range n {
		skb := &lwtunnel.Skb{Protocol: lwtunnel.EthPIPv6, Dst: dst,
			Data: buildPacket(t, layers.IPProtocolUDP, srcAddr, sirAddr, payload)}
		errs = append(errs, Module{}.Output(net, skb))
		if got := LocatorOf(daddr(skb.Data)); got != ilaLoc {
			t.Fatalf("not translated: %v", got)
		}
	}
	return errs
}

func TestOutputConnectedCaches(t *testing.T) {
	var caches []*fakeCache
	var orig int
	route := ilaRoute(t, seedKernel(&caches), "3333:0:0:1:2000:0:0:2/128", 0, &orig)
	net := &fakeNet{dst: &fakeDst{}}
	send(t, net, route, 3)
	if len(net.lookups) != 1 || net.dst.sent != 3 || orig != 0 {
		t.Errorf("lookups %d sent %d orig %d", len(net.lookups), net.dst.sent, orig)
	}
	if want := netip.MustParseAddr("2222:0:0:2:2000:0:0:2"); net.lookups[0] != want {
		t.Errorf("looked up %v, want the translated %v", net.lookups[0], want)
	}
}

func TestOutputPrefixLooksUpEveryPacket(t *testing.T) {
	var caches []*fakeCache
	var orig int
	route := ilaRoute(t, seedKernel(&caches), "3333:0:0:1::/64", 0, &orig)
	net := &fakeNet{dst: &fakeDst{}}
	send(t, net, route, 3)
	if len(net.lookups) != 3 || caches[0].slots != nil {
		t.Errorf("lookups %d, cache %v", len(net.lookups), caches[0].slots)
	}
}

func TestOutputSelfReferenceNotCached(t *testing.T) {
	var caches []*fakeCache
	var orig int
	route := ilaRoute(t, seedKernel(&caches), "3333:0:0:1:2000:0:0:2/128", 0, &orig)
	net := &fakeNet{dst: &fakeDst{lwt: route.lwt}}
	send(t, net, route, 2)
	if len(net.lookups) != 2 {
		t.Errorf("lookups %d: a dst using the same state must not be cached", len(net.lookups))
	}
}

func TestOutputUsesOrigOutput(t *testing.T) {
	var caches []*fakeCache
	for _, c := range []struct {
		name  string
		k     Module
		flags uint32
	}{{"gateway", seedKernel(&caches), RTFGateway}, {"cache", seedKernel(&caches), RTFCache}, {"pre-2016", Module{}, 0}} {
		var orig int
		route := ilaRoute(t, c.k, "3333:0:0:1:2000:0:0:2/128", c.flags, &orig)
		net := &fakeNet{dst: &fakeDst{}}
		send(t, net, route, 2)
		if orig != 2 || len(net.lookups) != 0 {
			t.Errorf("%s: orig %d lookups %d", c.name, orig, len(net.lookups))
		}
	}
}

func TestOutputErrors(t *testing.T) {
	var caches []*fakeCache
	var orig int
	route := ilaRoute(t, seedKernel(&caches), "3333:0:0:1:2000:0:0:2/128", 0, &orig)
	if errs := send(t, &fakeNet{err: errno.ENETUNREACH}, route, 1); errs[0] != errno.EHOSTUNREACH {
		t.Errorf("lookup failure: %v", errs[0])
	}
	skb := &lwtunnel.Skb{Protocol: 0x0800, Dst: route, Data: make([]byte, 40)}
	if err := (Module{}).Output(&fakeNet{}, skb); err != errno.EINVAL {
		t.Errorf("IPv4 packet: %v", err)
	}
}

func TestInputHook(t *testing.T) {
	reg := lwtunnel.NewRegistry()
	if err := (Module{}).Register(reg); err != nil {
		t.Fatal(err)
	}
	s, err := reg.BuildState(lwtunnel.EncapILA, buildCfg("2222:0:0:2::/64",
		&Attrs{Locator: ptr(sirLoc), IdentType: ptr(IdentLUID), HookType: ptr(HookRouteInput)}))
	if err != nil {
		t.Fatal(err)
	}
	delivered := 0
	h := lwtunnel.Handlers{Input: func(*lwtunnel.Skb) error { delivered++; return nil }}
	reg.SetRedirect(s, &h)
	pkt := buildPacket(t, layers.IPProtocolTCP, srcAddr, netip.MustParseAddr("2222:0:0:2:2000:0:0:2"), payload)
	if err := h.Input(&lwtunnel.Skb{Protocol: lwtunnel.EthPIPv6, Dst: &fakeDst{lwt: s}, Data: pkt}); err != nil || delivered != 1 {
		t.Fatalf("err %v delivered %d", err, delivered)
	}
	if got := LocatorOf(daddr(pkt)); got != sirLoc {
		t.Errorf("input hook left locator %v", got)
	}
}
