package ila

import (
	"net/netip"

	"fib6lab/engine/errno"
	"fib6lab/engine/lwtunnel"
)

// Route flags ila_output tests on the dst (RTF_* in
// include/uapi/linux/ipv6_route.h).
const (
	RTFGateway = 0x0002
	RTFCache   = 0x01000000
)

// destination returns the packet's destination address.
func destination(pkt []byte) netip.Addr {
	return netip.AddrFrom16(*(*[16]byte)(pkt[daddrOff : daddrOff+16]))
}

// Output models ila_output (net/ipv6/ila/ila_lwt.c), the redirected dst
// output of an ILA route:
//  1. a packet that is not IPv6 is dropped with EINVAL;
//  2. with the output hook, translate SIR -> ILA;
//  3. before the 2016 dst_cache (a state built without Kernel.ILACache
//     has no cache), or when the dst has RTF_GATEWAY or RTF_CACHE, hand
//     the packet to the route's saved original output on the same dst;
//  4. else take the per-CPU cached dst; on a miss look up the translated
//     destination with the dst's device as oif
//     (error: drop, EHOSTUNREACH) and cache the result only when the route
//     is connected and the found dst does not use this same state (a
//     reference loop);
//  5. replace the packet's dst and send it (dst_output).
//
// The xfrm policy lookup is not modelled.
func (k Module) Output(net lwtunnel.Net, skb *lwtunnel.Skb) error {
	orig := skb.Dst
	s := orig.LwtState()
	l := LwtOf(s)
	if skb.Protocol != lwtunnel.EthPIPv6 {
		return errno.EINVAL
	}
	if l.HookType == HookRouteOutput {
		UpdateLocator(skb.Data, &l.Params, true)
	}
	if l.Cache == nil || orig.Flags()&(RTFGateway|RTFCache) != 0 {
		return s.OrigOutput(net, skb)
	}
	dst := l.Cache.Get(skb.CPU)
	if dst == nil {
		var err error
		dst, err = net.RouteOutput(orig.Ifindex(), destination(skb.Data))
		if err != nil {
			return errno.EHOSTUNREACH
		}
		if l.Connected && dst.LwtState() != s {
			l.Cache.SetIP6(skb.CPU, dst, netip.IPv6Unspecified())
		}
	}
	orig.Release()
	skb.Dst = dst
	return dst.Output(net, skb)
}

// Input models ila_input: drop a packet that is not IPv6 (EINVAL); with
// the input hook translate ILA -> SIR; then hand it to the route's saved
// original input with the unchanged dst (no re-route after translation).
func Input(skb *lwtunnel.Skb) error {
	s := skb.Dst.LwtState()
	l := LwtOf(s)
	if skb.Protocol != lwtunnel.EthPIPv6 {
		return errno.EINVAL
	}
	if l.HookType == HookRouteInput {
		UpdateLocator(skb.Data, &l.Params, false)
	}
	return s.OrigInput(skb)
}
