package game

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"

	"fib6lab/render/scene"
)

// fonts holds the faces the page writes with (the Go fonts, BSD licence),
// one per scene text style, loaded on first use.
type fonts struct {
	faces map[faceKey]text.Face
	op    text.DrawOptions
}

// faceKey names a face: family, weight and size.
type faceKey struct {
	font scene.Font
	bold bool
	size float64
}

// newFonts returns an empty face cache.
func newFonts() *fonts { return &fonts{faces: map[faceKey]text.Face{}} }

// face returns the face of a scene text item.
func (f *fonts) face(it *scene.Item) text.Face {
	k := faceKey{it.Font, it.Bold && it.Font == scene.Sans, it.Size}
	fc, ok := f.faces[k]
	if !ok {
		ttf := goregular.TTF
		switch {
		case k.font == scene.Mono:
			ttf = gomono.TTF
		case k.bold:
			ttf = gobold.TTF
		}
		fc = face(ttf, k.size)
		f.faces[k] = fc
	}
	return fc
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

// draw writes a scene text item: the top of its line at Y0, aligned on
// X0 by its anchor.
func (f *fonts) draw(dst *ebiten.Image, it *scene.Item) {
	f.op = text.DrawOptions{}
	f.op.GeoM.Translate(it.X0, it.Y0)
	f.op.ColorScale.ScaleWithColor(it.Fill)
	f.op.PrimaryAlign = [...]text.Align{scene.AnchorStart: text.AlignStart,
		scene.AnchorMiddle: text.AlignCenter, scene.AnchorEnd: text.AlignEnd}[it.Anchor]
	text.Draw(dst, it.Text, f.face(it), &f.op)
}
