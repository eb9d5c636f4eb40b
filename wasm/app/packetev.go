package app

import (
	"fmt"

	"fib6lab/engine/trace"
)

// Packets between namespaces are events on the time line like the fib6
// operations: a Router Advertisement a lane's namespace took
// (trace.RAReceive, before the routes it adds) and a packet it forwarded
// (trace.PacketForward). Each is an operation marker of the time line
// (Shift+←/→ stops at it) and, shown, the caption of the lane.

// packetFunc names the kernel function each packet event models.
var packetFunc = map[trace.Kind]string{
	trace.RAReceive:     "ndisc_router_discovery",
	trace.PacketForward: "ip6_forward",
}

// isPacket reports whether e is a packet event.
func isPacket(e trace.Event) bool {
	_, ok := packetFunc[e.Kind]
	return ok
}

// packetView returns what the lane shows of packet event e, caused by
// the console command label, on the device called dev.
func packetView(e trace.Event, label, dev string) *OpView {
	o := &OpView{Packet: e.Kind, Label: label, Done: true}
	switch e.Kind {
	case trace.RAReceive:
		o.step("Router Advertisement on %s: router lifetime %d s, %d prefix/route options", dev, e.Val, e.Route)
	case trace.PacketForward:
		o.step("forwarded out of %s, hop limit %d", dev, e.Val)
	}
	return o
}

// devName returns the name of the device with ifindex i in the lane's
// namespace, or "ifI" when it is gone.
func (l *Lane) devName(i int) string {
	if d := l.Netns().DevByIndex(i); d != nil {
		return d.Name
	}
	return fmt.Sprintf("if%d", i)
}
