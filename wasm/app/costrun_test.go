package app

import "testing"

func TestCostRun(t *testing.T) {
	c := NewCostRun([]int{100, 300})
	for frames := 0; !c.Done; frames++ {
		if frames > 100 {
			t.Fatal("not done after 100 frames")
		}
		c.Frame()
	}
	if len(c.Points) != 2 {
		t.Fatalf("points %+v", c.Points)
	}
	for k, want := range []int{100, 300} {
		p := c.Points[k]
		if p.Routes != want || p.Nanos[0] <= 0 || p.Nanos[1] <= 0 {
			t.Errorf("point %d: %+v", k, p)
		}
		// the trie walk checks every route, the GC list only the expiring one
		if p.Checked != [2]int{want + 1, 1} {
			t.Errorf("point %d checked %v, want [%d 1]", k, p.Checked, want+1)
		}
	}
	c.Restart()
	if c.Done || len(c.Points) != 0 {
		t.Error("Restart kept the points")
	}
}
