package app

import (
	"net/netip"
	"slices"
	"testing"

	"fib6lab/engine/fib6"
)

// checkLayout verifies the structural invariants of a layout against the
// trie it was built from.
func checkLayout(t *testing.T, l *Layout, routes int) {
	t.Helper()
	root := &l.Nodes[0]
	if root.Lo != 0 || root.Hi != l.Slots || root.End != int32(len(l.Nodes)) {
		t.Fatalf("root span [%d,%d) end %d, want [0,%d) end %d", root.Lo, root.Hi, root.End, l.Slots, len(l.Nodes))
	}
	if int(root.Routes) != routes {
		t.Fatalf("root counts %d routes, want %d", root.Routes, routes)
	}
	for i := range l.Nodes {
		v := &l.Nodes[i]
		if l.Index(v.ID) != int32(i) {
			t.Fatalf("index of node %d is %d, want %d", v.ID, l.Index(v.ID), i)
		}
		if v.Lo >= v.Hi || v.End <= int32(i) || v.MaxDepth < v.Depth {
			t.Fatalf("node %d: span [%d,%d) end %d depth %d..%d", i, v.Lo, v.Hi, v.End, v.Depth, v.MaxDepth)
		}
		for j := int32(i) + 1; j < v.End; j++ {
			c := &l.Nodes[j]
			if c.Lo < v.Lo || c.Hi > v.Hi || c.Depth < v.Depth {
				t.Fatalf("descendant %d of %d outside its span or above it", j, i)
			}
		}
	}
}

func TestLayoutSmall(t *testing.T) {
	s := loadedSim(t, full(t)[:2000], 0)
	l := s.Lanes[0].Layout
	checkLayout(t, l, 2000+s.KernelRoutes)
	if l.Index(1<<30) != -1 {
		t.Fatal("unknown node id has an index")
	}
	var leaves int32
	for i := range l.Nodes {
		if l.Nodes[i].End == int32(i)+1 {
			leaves++
		}
	}
	if leaves != l.Slots {
		t.Fatalf("%d childless nodes, %d slots", leaves, l.Slots)
	}
}

// TestLayoutFullTable lays out the full table: one view node per trie
// node, the root counting every route, one slot per childless node.
// (BenchmarkBuildLayoutFullTable times it.)
func TestLayoutFullTable(t *testing.T) {
	s := loadedSim(t, full(t), 0)
	tb := s.Lanes[0].NS.FIB.Table(fib6.RT_TABLE_MAIN)
	l := BuildLayout(tb)
	nodes := 0
	for stack := []*fib6.Node{tb.Root()}; len(stack) > 0; nodes++ {
		fn := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, c := range []fib6.NodeIdx{fn.Left, fn.Right} {
			if c != 0 {
				stack = append(stack, tb.Node(c))
			}
		}
	}
	if len(l.Nodes) != nodes {
		t.Fatalf("%d view nodes, want the trie's %d", len(l.Nodes), nodes)
	}
	if want := tb.Entries; int(l.Nodes[0].Routes) != want {
		t.Fatalf("root counts %d routes, want %d", l.Nodes[0].Routes, want)
	}
	childless := 0
	for i := range l.Nodes {
		if fn := l.Node(int32(i)); fn.Left == 0 && fn.Right == 0 {
			childless++
		}
	}
	if int(l.Slots) != childless || l.Nodes[0].Hi != l.Slots {
		t.Fatalf("%d slots (root spans %d), %d childless nodes", l.Slots, l.Nodes[0].Hi, childless)
	}
}

// BenchmarkBuildLayoutFullTable: laying out the full table's trie
// (natively; the page does it as wasm, over frames when it is big).
func BenchmarkBuildLayoutFullTable(b *testing.B) {
	s := loadedSim(b, full(b), 0)
	tb := s.Lanes[0].NS.FIB.Table(fib6.RT_TABLE_MAIN)
	for b.Loop() {
		BuildLayout(tb)
	}
}

func TestNodePrefix(t *testing.T) {
	s := loadedSim(t, full(t)[:500], 0)
	l := s.Lanes[0].Layout
	for i := range l.Nodes {
		fn := l.Node(int32(i))
		p := l.Prefix(int32(i))
		if p.Bits() != int(fn.FnBit) || p.Masked() != p {
			t.Fatalf("node %d: prefix %v for fn_bit %d", i, p, fn.FnBit)
		}
		for _, rt := range l.tb.Routes(fn) {
			if rt.ID != 0 && rt.Prefix() != p {
				t.Fatalf("RTINFO node prefix %v holds route %v", p, rt.Prefix())
			}
		}
	}
}

// A table bigger than SyncLayoutRoutes is laid out over frames, LayoutSlice
// units of work (nodes walked, aggregated, indexed) a frame; the clock and
// the lane's playback wait for it, and the result is BuildLayout's.
func TestBigLayoutBuiltOverFrames(t *testing.T) {
	if testing.Short() {
		t.Skip("300,000 routes")
	}
	s := loadedSim(t, full(t)[:1000], 0)
	settle(t, s)
	s.Submit(genLine(100000, 1) + "\n" + genLine(100000, 2) + "\n" + genLine(100000, 3))
	frameUntilIdle(t, s)
	l := s.Lanes[0]
	tb := l.NS.FIB.Table(fib6.RT_TABLE_MAIN)
	want := BuildLayout(tb)
	s.Exec("ip -6 route add 2001:db8:ffff::/48 dev eth0") // creates nodes: its lane waits for the layout
	if !l.building() || l.Pending() == 0 {
		t.Fatalf("an add on a %d-route table: building %v, %d events", tb.Entries, l.building(), l.Pending())
	}
	now, pending, frames := s.Jiffies(), l.Pending(), 1 // the add's drain did the first slice
	for ; l.building(); frames++ {
		if l.Pending() != pending || s.Jiffies() != now {
			t.Fatalf("frame %d of the build: %d events pending (was %d), clock %d (was %d)", frames, l.Pending(), pending, s.Jiffies(), now)
		}
		s.Frame(frame)
	}
	n := len(l.Layout.Nodes)
	if slices := (3*n + LayoutSlice - 1) / LayoutSlice; frames != slices {
		t.Fatalf("laid out %d nodes in %d frames, want %d slices of %d", n, frames, slices, LayoutSlice)
	}
	if n != len(want.Nodes)+2 || l.Layout.Slots != want.Slots+1 || l.Layout.Nodes[0].Routes != want.Nodes[0].Routes+1 {
		t.Fatalf("layout of %d nodes, %d slots; BuildLayout before the add: %d, %d", n, l.Layout.Slots, len(want.Nodes), want.Slots)
	}
	settle(t, s)
	if op := l.Op; op == nil || !op.Done || op.Linked == 0 || l.Layout.Index(op.Linked) < 0 {
		t.Fatalf("the add was not shown over its nodes: %+v", op)
	}
}

// TestTwinLayoutIsTheBuiltOne runs console commands (adds, an expiring
// add, deletes, a replace, GC passes) and checks after each that both
// lanes show exactly the layout BuildLayout makes of their table, the
// right lane's mostly copied from the left's (CopyLayout: the same view
// nodes), and that a copy is refused when a node's routes differ.
func TestTwinLayoutIsTheBuiltOne(t *testing.T) {
	s := loadedSim(t, full(t)[:3000], 0)
	copied := 0
	for i, line := range []string{
		"ip -6 route add 2001:db8:1::/48 dev eth0",
		"ip -6 route add 2001:db8:1:1::/64 dev eth0 expires 5",
		"ip -6 route append 2001:db8:1::/48 dev eth0 metric 5",
		"ip -6 route replace 2001:db8:1::/48 dev eth0 metric 5 expires 7",
		"ip -6 route del 2001:db8:1::/48 metric 1024",
		"sleep 10",
		"ip -6 route add 2001:db8:2::/48 dev eth0",
		"ip -6 route flush 2001:db8:2::/48",
	} {
		typeLines(t, s, line)
		for s.Pending() > 0 {
			s.play(s.Pending())
			s.refresh()
		}
		for _, l := range s.Lanes {
			want := BuildLayout(l.Netns().FIB.Table(fib6.RT_TABLE_MAIN))
			got := l.Layout
			if !slices.Equal(got.Nodes, want.Nodes) || got.Slots != want.Slots || !slices.Equal(got.Expiring, want.Expiring) || !slices.Equal(got.idx, want.idx) {
				t.Fatalf("after %q, lane %s's layout is not its table's", line, l.ID)
			}
		}
		if a, b := s.Lanes[0].Layout.Nodes, s.Lanes[1].Layout.Nodes; &a[0] == &b[0] {
			copied++
		}
		if i == 1 { // one route fewer on one node: not the same trie for the layout
			l0, l1 := s.Lanes[0], s.Lanes[1]
			tb := l1.Netns().FIB.Table(fib6.RT_TABLE_MAIN)
			rt := tb.Leaf(tb.Locate(fib6.KeyOf(netip.MustParseAddr("2001:db8:1:1::")), 64, true))
			if CopyLayout(l0.Layout, tb) == nil || !rt.HasExpires() {
				t.Fatal("the lanes' tries differ after an expiring add")
			}
			rt.ClearExpires()
			if CopyLayout(l0.Layout, tb) != nil {
				t.Error("a layout copied where a route no longer expires")
			}
			rt.SetExpires(l1.NS.Now() + 5*l1.NS.HZ)
		}
	}
	if copied < 6 {
		t.Errorf("the right lane copied the left's layout after %d of 8 commands", copied)
	}
}
