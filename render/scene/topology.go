package scene

import (
	"fmt"
	"image/color"
	"strings"

	"fib6lab/wasm/app"
)

// The topology strip: when the script running made namespaces (`ip
// netns add`), the right end of the caption strip shows them, init
// first, each framed and followed by the lanes showing it (in the lane's
// accent), with the veth pairs between consecutive ones:
//
//	netns  [init] left right ─wan═lan─ [r]

// topoSeg is one piece of the strip: text in colour c, framed as a
// namespace when chip.
type topoSeg struct {
	text string
	c    color.RGBA
	chip bool
}

// topoGap is the space around a framed name, in pixels.
const topoGap = 6

// topoSegs returns the strip's pieces, with device names and lane names
// in full when long.
func topoSegs(p *Palette, s *app.Sim, t app.Topology, long bool) []topoSeg {
	segs := []topoSeg{{text: "netns", c: p.Dim}}
	used := make([]bool, len(t.Links))
	for i, n := range t.Netns {
		if i > 0 {
			segs = append(segs, topoSeg{text: linkText(t, t.Netns[i-1].Name, n.Name, used, long), c: p.Dim})
		}
		segs = append(segs, topoSeg{text: netnsLabel(n.Name), c: p.Text, chip: true})
		for _, id := range n.Lanes {
			tag := strings.ToUpper(id[:1])
			if long {
				tag = id
			}
			segs = append(segs, topoSeg{text: tag, c: laneAccent(p, s, id)})
		}
	}
	if long {
		for i, l := range t.Links {
			if !used[i] && l.NetA != l.NetB {
				segs = append(segs, topoSeg{text: fmt.Sprintf("+ %s═%s", l.A, l.B), c: p.Dim})
			}
		}
	}
	return segs
}

// linkText returns the connector between namespaces a and b: their veth
// pairs ("─wan═lan─", or "─═─" short), marked used; "·" without one.
func linkText(t app.Topology, a, b string, used []bool, long bool) string {
	s := ""
	for i, l := range t.Links {
		if l.NetA == a && l.NetB == b || l.NetA == b && l.NetB == a {
			used[i] = true
			if long {
				s += fmt.Sprintf("─%s═%s", l.A, l.B)
			} else {
				s += "─═"
			}
		}
	}
	if s == "" {
		return "·"
	}
	return s + "─"
}

// netnsLabel names a namespace on the page: "init" for the init
// namespace.
func netnsLabel(name string) string {
	if name == "" {
		return "init"
	}
	return name
}

// laneAccent returns the accent of the lane called id: its GC strategy's.
func laneAccent(p *Palette, s *app.Sim, id string) color.RGBA {
	for _, l := range s.Lanes {
		if l.ID == id {
			return p.Accents()[l.Strategy()]
		}
	}
	return p.Dim
}

// topoWidth returns the width of segs drawn in the Code style.
func topoWidth(segs []topoSeg) float64 {
	w := 0.0
	for i, sg := range segs {
		if i > 0 {
			w += topoGap
		}
		w += textWidth(sg.text, Code)
	}
	return w
}

// TopologyStrip draws the topology strip right-aligned at right, on the
// caption strip's line y, in its longest form that is at most maxW wide
// (none fits: nothing), and returns its left edge (right when nothing is
// drawn: the machine has only the init namespace).
func TopologyStrip(b *Builder, s *app.Sim, right, y, maxW float64) float64 {
	t := s.Topology()
	if !t.Multi() {
		return right
	}
	var segs []topoSeg
	for _, long := range []bool{true, false} {
		if sg := topoSegs(&b.P, s, t, long); topoWidth(sg) <= maxW {
			segs = sg
			break
		}
	}
	if segs == nil {
		segs = []topoSeg{{text: fmt.Sprintf("%d netns", len(t.Netns)), c: b.P.Dim}}
	}
	n := len(b.S.Items)
	x := right - topoWidth(segs)
	left := x
	for _, sg := range segs {
		w := textWidth(sg.text, Code)
		if sg.chip {
			b.Frame(x-topoGap/2, y-3, w+topoGap, CaptionH-6, 1, b.P.Dim)
		}
		b.Text(x, y, sg.text, Code, sg.c)
		x += w + topoGap
	}
	b.Tag(n, "topology")
	return left - topoGap
}
