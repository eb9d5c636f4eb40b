package app

import (
	"fmt"
	"strings"

	"fib6lab/engine/errno"
	"fib6lab/engine/trace"
)

// maxSteps bounds the caption steps an OpView keeps; later steps are
// counted in place of the middle ones.
const maxSteps = 256

// OpView is what a lane shows of one fib6 operation on table main that a
// console command caused: fib6_add (descent, nodes created, route linked),
// fib6_del (route unlinked, nodes freed), a lookup (descent, backtracking,
// the node that answered) or rt6_mtu_change (the routes a device's new MTU
// reached, e.g. `ip link set DEV mtu N`). Nodes are named by fib6.Node.ID so that the view
// survives a re-layout; nodes that are not in the layout are not drawn.
type OpView struct {
	Op         trace.Op // trace.OpAdd, OpDel or OpLookup
	Label      string   // the console command that caused it
	Path       []uint32 // nodes the descent stood on, root first
	Cursor     uint32   // node the operation stands on, 0 none
	Created    []uint32 // nodes created (fib6_add_1 leaf or split node)
	Freed      []uint32 // nodes freed (fib6_repair_tree)
	Changed    []uint32 // nodes whose route's MTU metric an event changed (rt6_mtu_change)
	MTU        int64    // the MTU those routes took
	Linked     uint32   // node a route was linked on, 0 none
	Unlinked   uint32   // node a route was unlinked from, 0 none
	Match      uint32   // node that answered a lookup, 0 none
	Prefix     string   // Match's prefix, or the linked/unlinked route's
	Backtracks int      // lookup steps back up
	Result     int64    // OpEnd value: 0 or -errno
	Done       bool     // OpEnd was shown
	// Packet is the packet event shown in place of an operation
	// (trace.RAReceive, trace.PacketForward; packetev.go), 0 none.
	Packet trace.Kind

	steps  []string
	elided int
}

// funcName returns the kernel function the operation models.
func (o *OpView) funcName() string {
	if f, ok := packetFunc[o.Packet]; ok {
		return f
	}
	switch o.Op {
	case trace.OpAdd:
		return "fib6_add"
	case trace.OpDel:
		return "fib6_del"
	case trace.OpMTUChange:
		return "rt6_mtu_change"
	}
	return "fib6_table_lookup"
}

// step appends a caption step, keeping the first and last ones.
func (o *OpView) step(format string, a ...any) {
	if len(o.steps) == maxSteps {
		copy(o.steps[maxSteps/2:], o.steps[maxSteps/2+1:])
		o.steps = o.steps[:maxSteps-1]
		o.elided++
	}
	o.steps = append(o.steps, fmt.Sprintf(format, a...))
}

// Caption returns the one-line description of the operation, at most
// width characters: its command, the modelled function and the steps
// shown so far, eliding middle steps when they do not fit.
func (o *OpView) Caption(width int) string {
	head := o.funcName() + ": "
	if o.Label != "" {
		head = o.Label + "  ·  " + head
	}
	steps := o.steps
	hidden := o.elided
	for len(steps) > 2 && runeLen(head)+runeLen(strings.Join(steps, " "))+16 > width {
		steps = append(steps[:1:1], steps[2:]...)
		hidden++
	}
	s := head
	if hidden > 0 && len(steps) > 0 {
		s += steps[0] + fmt.Sprintf(" …(%d steps)… ", hidden) + strings.Join(steps[1:], " ")
	} else {
		s += strings.Join(steps, " ")
	}
	if r := []rune(s); len(r) > width {
		s = string(r[:max(width-1, 0)]) + "…"
	}
	return s
}

func runeLen(s string) int { return len([]rune(s)) }

// apply updates the view for one event of the operation; prefix gives a
// node's prefix and parent a node's parent.
func (o *OpView) apply(e trace.Event, prefix func(uint32) string, parent func(uint32) uint32) {
	switch e.Kind {
	case trace.NodeVisit:
		o.Path, o.Cursor = append(o.Path, e.Node), e.Node
		o.step("/%d", e.Bit)
	case trace.BitTest:
		o.step("→bit%d=%d→", e.Bit, e.Val)
	case trace.Backtrack:
		o.Backtracks++
		o.Cursor = parent(e.Node)
		o.step("↑backtrack")
	case trace.NodeMatch:
		o.Match, o.Cursor, o.Prefix = e.Node, e.Node, prefix(e.Node)
		o.step("match %s", o.Prefix)
	case trace.NodeCreate:
		o.Created, o.Cursor = append(o.Created, e.Node), e.Node
		o.step("create /%d", e.Bit)
	case trace.RouteLink:
		o.Linked, o.Cursor, o.Prefix = e.Node, e.Node, prefix(e.Node)
		o.step("link %s", o.Prefix)
	case trace.RouteUnlink:
		o.Unlinked, o.Cursor, o.Prefix = e.Node, e.Node, prefix(e.Node)
		o.step("unlink %s", o.Prefix)
	case trace.NodeFree:
		o.Freed = append(o.Freed, e.Node)
		o.step("free /%d", e.Bit)
	case trace.RouteMTU:
		o.Changed, o.MTU, o.Cursor = append(o.Changed, e.Node), e.Val, e.Node
		o.step("%s mtu %d", prefix(e.Node), e.Val)
	}
}

// end applies the operation's OpEnd.
func (o *OpView) end(e trace.Event, prefix func(uint32) string) {
	o.Done, o.Result = true, e.Val
	switch {
	case e.Val < 0:
		o.step("→ %s", errnoName(errno.Errno(-e.Val)))
	case o.Op == trace.OpLookup && e.Node != 0:
		o.Match, o.Cursor, o.Prefix = e.Node, e.Node, prefix(e.Node)
		o.step("→ route at %s", o.Prefix)
	case o.Op == trace.OpLookup:
		o.Match, o.Prefix = 0, ""
		o.step("→ no route in table main")
	default:
		o.step("→ ok")
	}
}

// errnoName returns the symbolic name of the errnos fib6 returns.
func errnoName(e errno.Errno) string {
	switch e {
	case errno.EEXIST:
		return "-EEXIST"
	case errno.ENOENT:
		return "-ENOENT"
	case errno.ENOMEM:
		return "-ENOMEM"
	case errno.EINVAL:
		return "-EINVAL"
	}
	return fmt.Sprintf("-%d (%v)", int(e), e)
}

// Lookup is the result of the last lookup on table main that was shown.
type Lookup struct {
	Label      string // the console command
	Prefix     string // prefix of the node that answered, "" if none
	Steps      int    // nodes the descent stood on
	Backtracks int    // steps back up
	Count      int    // lookups shown so far
}
