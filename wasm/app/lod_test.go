package app

import (
	"strings"
	"testing"
)

func TestVisibleFullTableBounded(t *testing.T) {
	s := loadedSim(t, full(t), 0)
	l := s.Lanes[0].Layout
	var c Camera
	c.SetViewport(float64(l.Slots), 700, 700)
	items := l.Visible(&c, nil)
	summaries := 0
	for _, it := range items {
		if it.Kind == ItemSummary {
			summaries++
		}
	}
	t.Logf("%d nodes in layout, %d items at default zoom (%d summaries)", len(l.Nodes), len(items), summaries)
	if len(items) == 0 || len(items) >= 20000 || summaries == 0 {
		t.Fatalf("%d items (%d summaries) at default zoom", len(items), summaries)
	}
	if got := summaryRoutes(l, items); got != int(l.Nodes[0].Routes) {
		t.Fatalf("items cover %d routes, want %d", got, l.Nodes[0].Routes)
	}
}

// summaryRoutes counts the routes the items stand for: a summary its
// subtree's, a node its own.
func summaryRoutes(l *Layout, items []Item) int {
	n := 0
	for _, it := range items {
		v := &l.Nodes[it.View]
		if it.Kind == ItemSummary {
			n += int(v.Routes)
		} else if v.RTInfo {
			n += countRoutes(l.leaf(it.View))
		}
	}
	return n
}

func TestVisibleZoomedShowsNodes(t *testing.T) {
	s := loadedSim(t, full(t), 0)
	l := s.Lanes[0].Layout
	var c Camera
	c.SetViewport(float64(l.Slots), 700, 700)
	for range 40 {
		c.Zoom(1.5, 1, 350, 350)
	}
	items := l.Visible(&c, nil)
	nodes := 0
	for _, it := range items {
		if it.Kind != ItemNode {
			continue
		}
		nodes++
		if it.Leafed && (it.X < -1 || float64(it.X) > c.W+1) {
			t.Fatalf("childless node item at x %v outside the viewport", it.X)
		}
		if p := l.Prefix(it.View); !strings.Contains(p.String(), "/") {
			t.Fatalf("node without a prefix: %v", p)
		}
	}
	if nodes < 5 || len(items) > 2000 {
		t.Fatalf("zoomed in: %d items, %d nodes", len(items), nodes)
	}
	t.Logf("zoomed in: %d items, %d nodes, e.g. %v", len(items), nodes, l.Prefix(items[len(items)/2].View))
}
