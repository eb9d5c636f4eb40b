package app

// CollapsePx is the screen width under which a subtree is drawn as one
// summary instead of node by node.
const CollapsePx = 4

// ItemKind says how an Item is drawn.
type ItemKind uint8

// Item kinds.
const (
	ItemNode    ItemKind = iota // one fib6_node
	ItemSummary                 // a collapsed subtree
)

// Item is one thing to draw for the current camera, in viewport pixels.
// A node sits at (X, Y); a summary covers X0..X1 from Y (its root's
// fn_bit) down to Y1 (its deepest fn_bit). PX, PY is the parent's
// position, the other end of the edge into the item.
type Item struct {
	Kind           ItemKind
	View           int32 // index into Layout.Nodes
	X, Y           float32
	X0, X1, Y1     float32
	PX, PY         float32
	Routes         int32
	RTInfo, Leafed bool // the node owns routes / has no children
}

// Visible appends to out[:0] what to draw of l through camera c: subtrees
// entirely off-screen are skipped and subtrees narrower than CollapsePx
// become one summary each, so the cost follows what is visible, not the
// size of the table.
func (l *Layout) Visible(c *Camera, out []Item) []Item {
	out = out[:0]
	n := int32(len(l.Nodes))
	for i := int32(0); i < n; {
		v := &l.Nodes[i]
		x0, x1 := c.ScreenX(float64(v.Lo)), c.ScreenX(float64(v.Hi))
		top, bottom := c.ScreenY(float64(v.Depth)), c.ScreenY(float64(v.MaxDepth))
		if x1 < 0 || x0 > c.W || bottom < 0 || top > c.H {
			i = v.End
			continue
		}
		it := Item{View: i, X: float32(c.ScreenX(v.X())), Y: float32(top), Routes: v.Routes, RTInfo: v.RTInfo, Leafed: v.End == i+1}
		it.PX, it.PY = l.parentPos(i, c, it.X, it.Y)
		if !it.Leafed && x1-x0 < CollapsePx {
			it.Kind, it.X0, it.X1, it.Y1 = ItemSummary, float32(x0), float32(x1), float32(bottom)
			out = append(out, it)
			i = v.End
			continue
		}
		out = append(out, it)
		i++
	}
	return out
}

// parentPos returns the screen position of v's parent, or (x, y) for the
// root.
func (l *Layout) parentPos(i int32, c *Camera, x, y float32) (float32, float32) {
	pid := l.ParentID(i)
	if pid == 0 {
		return x, y
	}
	pi := l.Index(pid)
	if pi < 0 {
		return x, y
	}
	p := &l.Nodes[pi]
	return float32(c.ScreenX(p.X())), float32(c.ScreenY(float64(p.Depth)))
}

// NodePos returns the screen position of view node i.
func (l *Layout) NodePos(c *Camera, i int32) (float32, float32) {
	v := &l.Nodes[i]
	return float32(c.ScreenX(v.X())), float32(c.ScreenY(float64(v.Depth)))
}
