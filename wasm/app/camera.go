package app

// World coordinates: x counts leaf slots (0..Layout.Slots), y is the prefix
// length fn_bit (0 at the top .. 128 at the bottom). yPad keeps the root
// and the /128s off the viewport's edges.
const (
	MaxDepth   = 128 // deepest fn_bit: a /128
	yPad       = 3
	maxPxSlot  = 96 // deepest horizontal zoom: pixels per leaf slot
	maxYZoomIn = 6  // deepest vertical zoom relative to fitting 0..128
)

// Camera maps world coordinates to the pixels of a viewport and back; it
// pans and zooms around a point and always keeps some of the trie in view.
type Camera struct {
	X0, Y0 float64 // world point at the viewport's top-left corner
	SX, SY float64 // pixels per world unit
	W, H   float64 // viewport size in pixels
	worldW float64
	fitSX  float64
	fitSY  float64
}

// SetViewport sets the world width and the viewport size. The first call
// shows the whole trie; later calls keep the current view, rescaled to the
// new viewport.
func (c *Camera) SetViewport(worldW, w, h float64) {
	worldW, w, h = max(worldW, 1), max(w, 1), max(h, 1)
	fitSX, fitSY := w/worldW, h/(MaxDepth+2*yPad)
	if c.fitSX == 0 {
		c.SX, c.SY, c.X0, c.Y0 = fitSX, fitSY, 0, -yPad
	} else {
		c.SX *= fitSX / c.fitSX
		c.SY *= fitSY / c.fitSY
	}
	c.worldW, c.W, c.H, c.fitSX, c.fitSY = worldW, w, h, fitSX, fitSY
	c.clamp()
}

// Reset shows the whole trie again, as the first SetViewport did: the
// page's reset view (key 0, a double-click, the toolbar button) and what
// a change of view or of table does. Before the first SetViewport it
// does nothing: there is no fit to return to yet.
func (c *Camera) Reset() {
	if c.fitSX == 0 {
		return
	}
	c.SX, c.SY, c.X0, c.Y0 = c.fitSX, c.fitSY, 0, -yPad
	c.clamp()
}

// ScreenX maps world x to viewport pixels.
func (c *Camera) ScreenX(wx float64) float64 { return (wx - c.X0) * c.SX }

// ScreenY maps world y (a prefix length) to viewport pixels.
func (c *Camera) ScreenY(wy float64) float64 { return (wy - c.Y0) * c.SY }

// WorldX maps viewport pixels to world x.
func (c *Camera) WorldX(sx float64) float64 { return c.X0 + sx/c.SX }

// WorldY maps viewport pixels to world y.
func (c *Camera) WorldY(sy float64) float64 { return c.Y0 + sy/c.SY }

// Pan moves the view by a drag of (dx, dy) pixels.
func (c *Camera) Pan(dx, dy float64) {
	c.X0 -= dx / c.SX
	c.Y0 -= dy / c.SY
	c.clamp()
}

// Zoom scales the view by fx horizontally and fy vertically (>1 zooms
// in) keeping the world point under the viewport pixel (sx, sy) in place.
func (c *Camera) Zoom(fx, fy, sx, sy float64) {
	wx, wy := c.WorldX(sx), c.WorldY(sy)
	c.SX = Clamp(c.SX*fx, c.fitSX, max(maxPxSlot, c.fitSX))
	c.SY = Clamp(c.SY*fy, c.fitSY, c.fitSY*maxYZoomIn)
	c.X0, c.Y0 = wx-sx/c.SX, wy-sy/c.SY
	c.clamp()
}

// clamp keeps the view inside the world.
func (c *Camera) clamp() {
	c.X0 = Clamp(c.X0, 0, c.worldW-c.W/c.SX)
	c.Y0 = Clamp(c.Y0, -yPad, MaxDepth+yPad-c.H/c.SY)
}

// Clamp returns v limited to [lo, hi]; hi wins when hi < lo.
func Clamp(v, lo, hi float64) float64 {
	return min(max(v, lo), hi)
}
