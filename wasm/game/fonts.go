package game

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
)

// fonts holds the faces the page writes with (the Go fonts, BSD licence).
type fonts struct {
	title, small, mono text.Face
	op                 text.DrawOptions
}

// newFonts loads the title, small and monospaced faces.
func newFonts() *fonts {
	return &fonts{
		title: face(gobold.TTF, 16),
		small: face(goregular.TTF, 11),
		mono:  face(gomono.TTF, 12),
	}
}

// face parses a built-in TrueType font at size px; the fonts are part of
// the binary, so failure is a programming error.
func face(ttf []byte, size float64) text.Face {
	f, err := opentype.Parse(ttf)
	if err != nil {
		panic(err)
	}
	xf, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic(err)
	}
	return text.NewGoXFace(xf)
}

// draw writes s with its top-left corner at (x, y).
func (f *fonts) draw(dst *ebiten.Image, face text.Face, s string, x, y float32, c rgba) {
	f.op = text.DrawOptions{}
	f.op.GeoM.Translate(float64(x), float64(y))
	f.op.ColorScale.ScaleWithColor(c.color())
	text.Draw(dst, s, face, &f.op)
}
