package export

import (
	"image/color"
	"sync"

	"github.com/tdewolff/canvas"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"

	"fib6lab/render/scene"
)

// Canvas draws s on a new canvas whose units are scene pixels (canvas
// calls them millimetres), y growing downwards.
func Canvas(s *scene.Scene) *canvas.Canvas {
	c := canvas.New(s.W, s.H)
	ctx := canvas.NewContext(c)
	ctx.SetCoordSystem(canvas.CartesianIV)
	for i := range s.Items {
		drawItem(ctx, &s.Items[i])
	}
	return c
}

// drawItem draws one scene item.
func drawItem(ctx *canvas.Context, it *scene.Item) {
	switch it.Kind {
	case scene.KindRect:
		paint(ctx, it, canvas.Rectangle(it.X1-it.X0, it.Y1-it.Y0), it.X0, it.Y0)
	case scene.KindCircle:
		paint(ctx, it, canvas.Circle(it.R), it.X0, it.Y0)
	case scene.KindLine:
		p := &canvas.Path{}
		p.MoveTo(it.X0, it.Y0)
		p.LineTo(it.X1, it.Y1)
		paint(ctx, it, p, 0, 0)
	case scene.KindPolyline:
		p := &canvas.Path{}
		for i, pt := range it.Points {
			if i == 0 {
				p.MoveTo(pt.X, pt.Y)
			} else {
				p.LineTo(pt.X, pt.Y)
			}
		}
		paint(ctx, it, p, 0, 0)
	case scene.KindText:
		text(ctx, it)
	}
}

// paint fills and strokes path p at (x, y) with the item's colours. In
// CartesianIV a rectangle grows downwards from its corner, so shapes are
// drawn as in the scene.
func paint(ctx *canvas.Context, it *scene.Item, p *canvas.Path, x, y float64) {
	ctx.ResetStyle()
	ctx.SetFillColor(it.Fill)
	ctx.SetStrokeColor(it.Stroke)
	ctx.SetStrokeWidth(it.Width)
	if it.Kind == scene.KindLine || it.Kind == scene.KindPolyline {
		ctx.SetFillColor(color.RGBA{})
		ctx.SetStrokeJoiner(canvas.RoundJoin)
	}
	ctx.DrawPath(x, y, p)
}

// text sets a text item on its baseline: the top of its line plus the
// face's ascent, as ebiten's text/v2 places it.
func text(ctx *canvas.Context, it *scene.Item) {
	face := faceOf(it)
	align := [...]canvas.TextAlign{scene.AnchorStart: canvas.Left, scene.AnchorMiddle: canvas.Center, scene.AnchorEnd: canvas.Right}[it.Anchor]
	ctx.DrawText(it.X0, it.Y0+face.Metrics().Ascent, canvas.NewTextLine(face, it.Text, align))
}

// ptPerPx converts an em size in scene pixels to the points canvas takes
// (its unit, here a scene pixel, being a millimetre).
const ptPerPx = 72 / 25.4

// faceOf returns the font face of a text item.
func faceOf(it *scene.Item) *canvas.FontFace {
	f := loadFonts()
	fam, style := f.sans, canvas.FontRegular
	switch {
	case it.Font == scene.Mono:
		fam = f.mono
	case it.Bold:
		style = canvas.FontBold
	}
	return fam.Face(it.Size*ptPerPx, it.Fill, style)
}

// families are the Go fonts as canvas font families.
type families struct{ sans, mono *canvas.FontFamily }

// loadFonts parses the Go fonts once.
var loadFonts = sync.OnceValue(func() families {
	sans := canvas.NewFontFamily("Go")
	sans.MustLoadFont(goregular.TTF, 0, canvas.FontRegular)
	sans.MustLoadFont(gobold.TTF, 0, canvas.FontBold)
	mono := canvas.NewFontFamily("Go Mono")
	mono.MustLoadFont(gomono.TTF, 0, canvas.FontRegular)
	return families{sans, mono}
})
