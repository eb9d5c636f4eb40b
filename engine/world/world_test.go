package world

import (
	"slices"
	"testing"

	"fib6lab/engine/netns"
)

// TestNamesAndDestroy checks ip netns add/list/del: names newest first,
// refusals, and that deleting a namespace takes its veth ends and their
// peers with it and drops the ids others had for it.
func TestNamesAndDestroy(t *testing.T) {
	w := New(0)
	h, err := w.Add("h")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Add("r"); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Add("h"); err != ErrExists {
		t.Errorf("second add h: %v, want ErrExists", err)
	}
	for _, bad := range []string{"", ".", "..", "a/b"} {
		if _, err := w.Add(bad); err != ErrBadName {
			t.Errorf("add %q: %v, want ErrBadName", bad, err)
		}
	}
	if got := w.Names(); !slices.Equal(got, []string{"r", "h"}) {
		t.Errorf("names %q, want [r h]", got)
	}
	if err := w.Init.AddVethPair(netns.VethEnd{Name: "va"}, netns.VethEnd{Name: "vb", NS: h}); err != nil {
		t.Fatal(err)
	}
	if id, ok := w.Init.NetID(h); !ok || id != 0 {
		t.Errorf("Init's id for h: %d %v, want 0 true", id, ok)
	}
	if err := w.Del("h"); err != nil {
		t.Fatal(err)
	}
	if w.Init.Dev("va") != nil || h.Alive() || len(w.Namespaces()) != 2 {
		t.Errorf("after del h: va %v, h alive %v, %d namespaces (want none, false, 2)", w.Init.Dev("va"), h.Alive(), len(w.Namespaces()))
	}
	if _, ok := w.Init.NetID(h); ok {
		t.Error("Init still has an id for the destroyed h")
	}
	if err := w.Del("h"); err != ErrNotFound {
		t.Errorf("del h again: %v, want ErrNotFound", err)
	}
}

// TestOneClock checks that advancing from one namespace moves every
// namespace's jiffies and runs their GC timers.
func TestOneClock(t *testing.T) {
	w := New(250)
	h, _ := w.Add("h")
	before := h.Now()
	if moved, err := w.Init.Advance(250); moved != 250 || err != nil {
		t.Fatalf("Advance: %d %v", moved, err)
	}
	if h.Now() != before+250 || w.Init.Now() != h.Now() {
		t.Errorf("h at %d, Init at %d, want both %d", h.Now(), w.Init.Now(), before+250)
	}
}
