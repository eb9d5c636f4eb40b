package game

import (
	"fmt"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"fib6lab/render/scene"
	"fib6lab/wasm/app"
)

// Game draws an app.Sim with ebiten: two panels side by side, one per GC
// strategy, over one shared camera. It implements ebiten.Game.
type Game struct {
	Sim *app.Sim
	// Views are the views besides the GC lanes and which one is shown.
	Views *app.Views
	// Frames times Update plus Draw, the CPU time of a frame in Go.
	Frames app.FrameTimes
	// Origin returns where the canvas's top-left corner is in the browser
	// window, in CSS pixels (the page's toolbar is above it): ebiten
	// reports the cursor from the window's corner. nil is (0, 0).
	Origin func() (x, y float64)
	work   time.Duration // Update time not yet counted in Frames

	b        *batch
	fonts    *fonts
	sb       *scene.Builder // the scene of the frame, rebuilt every Draw
	page     scene.Page
	dragging bool
	lastX    int
	lastY    int
	w, h     int
	outW     int       // the canvas width (Layout)
	last     time.Time // previous Update
}

// NewGame returns the front end of s.
func NewGame(s *app.Sim) *Game {
	return &Game{Sim: s, Views: app.NewViews(), b: newBatch(), fonts: newFonts(), sb: scene.NewBuilder(0, 0)}
}

// Update handles input and runs one simulation frame. It never fails:
// errors and panics are shown on the page instead of stopping the loop.
func (g *Game) Update() error {
	defer g.recover()
	now := time.Now()
	dt := time.Second / 60
	if !g.last.IsZero() {
		dt = now.Sub(g.last)
	}
	g.last = now
	g.input()
	g.Views.Frame(g.Sim, dt)
	g.work += time.Since(now)
	return nil
}

// presenterScale returns how much presenter mode enlarges everything
// drawn on a canvas w pixels wide: the screen is laid out that much
// smaller and scaled up to the canvas. The page is laid out for at least
// presenterWidth pixels, so a projector's 1280 scales less than 1920.
func presenterScale(w int) float64 { return app.Clamp(float64(w)/presenterWidth, 1.2, 1.5) }

const presenterWidth = 1050

// Layout makes the screen as large as the canvas (smaller, scaled up, in
// presenter mode).
func (g *Game) Layout(outsideWidth, outsideHeight int) (int, int) {
	g.outW = outsideWidth
	if g.Sim.TheView().Presenter {
		s := presenterScale(outsideWidth)
		return int(float64(outsideWidth) / s), int(float64(outsideHeight) / s)
	}
	return outsideWidth, outsideHeight
}

// view returns the rectangle of lane i's trie view.
func (g *Game) view(i int) (x, y, w, h float32) {
	vx, vy, vw, vh := scene.LaneView(i, float64(g.w), float64(g.h))
	return float32(vx), float32(vy), float32(vw), float32(vh)
}

// input pans (drag) and zooms (wheel) the shared camera from either trie
// view. Keys are the page's (web/app.js), so that they are ignored while
// an input has the focus.
func (g *Game) input() {
	cx, cy := g.cursor()
	lane, lx, ly := g.hit(cx, cy)
	switch {
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && lane >= 0:
		g.dragging = true
	case !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft):
		g.dragging = false
	case g.dragging:
		g.camera().Pan(float64(cx-g.lastX), float64(cy-g.lastY))
	}
	g.lastX, g.lastY = cx, cy
	if _, wy := ebiten.Wheel(); wy != 0 && lane >= 0 {
		// the trie is wide and shallow: the wheel zooms across, shift+wheel down
		f := app.Clamp(math.Pow(1.25, wy), 1/1.5, 1.5)
		if ebiten.IsKeyPressed(ebiten.KeyShift) {
			g.camera().Zoom(1, f, lx, ly)
		} else {
			g.camera().Zoom(f, 1, lx, ly)
		}
	}
}

// cursor returns the cursor position on the screen: ebiten's, which
// counts from the window's corner, less the canvas's Origin, scaled as
// the screen is (Layout).
func (g *Game) cursor() (int, int) {
	x, y := ebiten.CursorPosition()
	if g.Origin == nil {
		return x, y
	}
	ox, oy := g.Origin()
	s := 1.0
	if g.Sim.TheView().Presenter {
		s = presenterScale(g.outW)
	}
	return x - int(math.Round(ox/s)), y - int(math.Round(oy/s))
}

// camera returns the shared camera, kept with the view so that links
// carry it (app.ViewState).
func (g *Game) camera() *app.Camera { return &g.Sim.TheView().Cam }

// hit returns the lane whose trie view holds screen point (x, y) and the
// point in view coordinates, or lane -1.
func (g *Game) hit(x, y int) (int, float64, float64) {
	for i := range 2 {
		vx, vy, vw, vh := g.view(i)
		fx, fy := float32(x)-vx, float32(y)-vy
		if fx >= 0 && fy >= 0 && fx < vw && fy < vh {
			return i, float64(fx), float64(fy)
		}
	}
	return -1, 0, 0
}

// recover turns a panic of the front end into the page's error line.
// It must be deferred directly.
func (g *Game) recover() {
	if r := recover(); r != nil {
		g.Sim.Err = fmt.Sprint("front end panic: ", r)
	}
}

// Draw builds the frame's scene (scene.Page: status line, both panels,
// caption) and draws it.
func (g *Game) Draw(screen *ebiten.Image) {
	start := time.Now()
	defer g.recover()
	b := screen.Bounds()
	g.w, g.h = b.Dx(), b.Dy()
	if l := g.Sim.Lanes[0].Layout; l != nil {
		_, _, vw, vh := g.view(0)
		g.camera().SetViewport(float64(l.Slots), float64(vw), float64(vh))
		g.Sim.ApplyPendingCamera()
	}
	g.sb.P = scene.PaletteFor(g.Sim.TheView().Presenter)
	g.page.BuildView(g.sb, g.Views, g.Sim, g.camera(), float64(g.w), float64(g.h))
	if g.Views.Current == app.ViewGC && g.Sim.Ready() {
		scene.Teach(g.sb, g.Sim) // pseudo-code, time line, narration
	}
	g.drawScene(screen, g.sb.S)
	g.Frames.Add(float64((g.work + time.Since(start)).Microseconds()), g.Sim.Walking())
	g.work = 0
}

// Scene returns the scene drawn last: what is on screen.
func (g *Game) Scene() *scene.Scene { return g.sb.S }

// drawScene draws the items of s in order: shapes go to the batch, which
// is flushed before each text so that later items stay on top.
func (g *Game) drawScene(screen *ebiten.Image, s *scene.Scene) {
	b := g.b
	b.begin(screen, 0, 0, float32(s.W), float32(s.H))
	for i := range s.Items {
		it := &s.Items[i]
		x0, y0, x1, y1, lw := float32(it.X0), float32(it.Y0), float32(it.X1), float32(it.Y1), float32(it.Width)
		switch it.Kind {
		case scene.KindRect:
			if it.Fill.A != 0 {
				b.rect(x0, y0, x1-x0, y1-y0, it.Fill)
			}
			if it.Stroke.A != 0 && lw > 0 { // the stroke is centred on the edge
				b.frame(x0-lw/2, y0-lw/2, x1-x0+lw, y1-y0+lw, lw, it.Stroke)
			}
		case scene.KindLine:
			b.line(x0, y0, x1, y1, lw, it.Stroke)
		case scene.KindPolyline:
			for k := 1; k < len(it.Points); k++ {
				p, q := it.Points[k-1], it.Points[k]
				b.line(float32(p.X), float32(p.Y), float32(q.X), float32(q.Y), lw, it.Stroke)
			}
		case scene.KindCircle:
			if it.Fill.A != 0 {
				b.disc(x0, y0, float32(it.R), 0, false, it.Fill)
			}
			if it.Stroke.A != 0 {
				b.disc(x0, y0, float32(it.R), lw, true, it.Stroke)
			}
		case scene.KindText:
			b.flush()
			g.fonts.draw(screen, it)
		}
	}
	b.flush()
}
