package app

import (
	"math"
	"testing"
)

func TestCameraZoomKeepsCursorPoint(t *testing.T) {
	var c Camera
	c.SetViewport(1000, 500, 400)
	if c.ScreenX(0) != 0 || math.Abs(c.ScreenX(1000)-500) > 1e-9 {
		t.Fatalf("fit: 0->%v 1000->%v", c.ScreenX(0), c.ScreenX(1000))
	}
	wx, wy := c.WorldX(120), c.WorldY(200)
	c.Zoom(4, 4, 120, 200)
	if math.Abs(c.ScreenX(wx)-120) > 1e-6 || math.Abs(c.ScreenY(wy)-200) > 1e-6 {
		t.Fatalf("point under cursor moved to %v,%v", c.ScreenX(wx), c.ScreenY(wy))
	}
	c.Zoom(1e-9, 1e-9, 0, 0)
	if c.SX != c.fitSX || c.SY != c.fitSY {
		t.Fatalf("zoomed out past fit: %v %v", c.SX, c.SY)
	}
	c.Zoom(1e12, 1e12, 250, 200)
	if c.SX != maxPxSlot || c.SY != c.fitSY*maxYZoomIn {
		t.Fatalf("zoomed in past the limit: %v %v", c.SX, c.SY)
	}
}

func TestCameraPanClamped(t *testing.T) {
	var c Camera
	c.SetViewport(1000, 500, 400)
	c.Zoom(2, 1, 0, 0)
	c.Pan(-1e9, 0)
	if math.Abs(c.ScreenX(1000)-500) > 1e-6 {
		t.Fatalf("panned past the right edge: world end at %v", c.ScreenX(1000))
	}
	c.Pan(1e9, 1e9)
	if c.X0 != 0 || c.Y0 != -yPad {
		t.Fatalf("panned past the top-left: %v %v", c.X0, c.Y0)
	}
	c.SetViewport(1000, 1000, 800)
	if math.Abs(c.SX*1000/1000-2) > 1e-9 {
		t.Fatalf("resize lost the zoom: %v px per slot", c.SX)
	}
}

func TestCameraResetShowsTheWholeTrie(t *testing.T) {
	var c Camera
	c.Reset() // before any viewport: nothing to fit, nothing broken
	if c.SX != 0 || c.X0 != 0 {
		t.Fatalf("reset before a viewport changed the camera: %+v", c)
	}
	c.SetViewport(1000, 500, 400)
	c.Zoom(30, 4, 400, 300)
	c.Pan(-200, -100)
	c.Reset()
	if c.ScreenX(0) != 0 || math.Abs(c.ScreenX(1000)-500) > 1e-9 || c.ScreenY(-yPad) != 0 ||
		math.Abs(c.ScreenY(MaxDepth+yPad)-400) > 1e-9 {
		t.Fatalf("after reset the world spans x %v..%v, y %v..%v; want 0..500, 0..400",
			c.ScreenX(0), c.ScreenX(1000), c.ScreenY(-yPad), c.ScreenY(MaxDepth+yPad))
	}
}
