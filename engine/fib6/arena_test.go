package fib6

import (
	"math/rand/v2"
	"net/netip"
	"reflect"
	"testing"
)

// hasPointers reports whether values of type t hold Go pointers the
// garbage collector has to scan.
func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.UnsafePointer, reflect.Map, reflect.Chan,
		reflect.Func, reflect.Interface, reflect.Slice, reflect.String:
		return true
	case reflect.Array:
		return t.Len() > 0 && hasPointers(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
	}
	return false
}

// TestArenaHoldsNoPointers checks that the trie's nodes, and so the
// arena's node chunks, give the garbage collector nothing to scan.
func TestArenaHoldsNoPointers(t *testing.T) {
	for _, typ := range []reflect.Type{reflect.TypeFor[Node](), reflect.TypeFor[[chunkSize]Node](), reflect.TypeFor[NodeIdx]()} {
		if hasPointers(typ) {
			t.Errorf("%v holds Go pointers", typ)
		}
	}
	if !hasPointers(reflect.TypeFor[*Info]()) {
		t.Error("hasPointers misses a pointer")
	}
}

// TestArenaReusesFreedNodes checks that deleting routes frees arena
// slots, clears them and hands them out again, with the trie intact and
// node IDs still fresh.
func TestArenaReusesFreedNodes(t *testing.T) {
	n := NewNet()
	tb := n.Table(RT_TABLE_MAIN)
	r := rand.New(rand.NewPCG(3, 4))
	var rts []*Info
	ids := map[uint32]bool{}
	for round := range 4 {
		for range 2000 {
			var a [16]byte
			a[0], a[1] = 0x20, 0x01
			for i := 2; i < 8; i++ {
				a[i] = byte(r.IntN(256))
			}
			rt := n.NewRoute(netip.PrefixFrom(netip.AddrFrom16(a), 24+r.IntN(41)).Masked(), netip.Addr{}, 1, 0)
			if tb.Add(rt, NLM_F_CREATE|NLM_F_EXCL) == nil {
				rts = append(rts, rt)
			}
		}
		for i := len(rts) - 1; i >= 0; i -= 2 {
			if err := tb.Del(rts[i]); err != nil {
				t.Fatal(err)
			}
			rts = append(rts[:i], rts[i+1:]...)
		}
		if err := tb.Check(); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		for _, rt := range rts {
			fn := rt.Node()
			if fn == nil || tb.Node(fn.Self) != fn || fn.FnBit != rt.DstLen {
				t.Fatalf("round %d: route %v on a bad node", round, rt.Prefix())
			}
			ids[fn.ID] = true
		}
		if int(n.arena.next)-1-len(n.arena.free) != n.Stats.FibNodes+2 {
			t.Fatalf("round %d: %d slots used, %d nodes", round, int(n.arena.next)-1-len(n.arena.free), n.Stats.FibNodes+2)
		}
	}
	for _, rt := range rts {
		tb.Del(rt)
	}
	if n.Stats.FibNodes != 0 || len(n.arena.free) != int(n.arena.next)-3 {
		t.Fatalf("%d nodes left, %d free of %d", n.Stats.FibNodes, len(n.arena.free), n.arena.next)
	}
	for _, i := range n.arena.free {
		if fn := n.arena.at(i); *fn != (Node{}) || *n.arena.leafp(i) != nil {
			t.Fatalf("freed slot %d not cleared: %+v", i, *fn)
		}
	}
}
