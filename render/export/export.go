// Package export writes a scene (package wasm/scene) to SVG, PDF or PNG
// through github.com/tdewolff/canvas: the same description the page
// draws with ebiten, so what is exported is what was on screen. Text is
// set in the Go fonts, which are compiled in, so exports look the same on
// any machine and in the browser (no system fonts).
package export

import (
	"fmt"
	"image/png"
	"io"
	"path/filepath"
	"strings"

	"github.com/tdewolff/canvas"
	"github.com/tdewolff/canvas/renderers/pdf"
	"github.com/tdewolff/canvas/renderers/rasterizer"
	"github.com/tdewolff/canvas/renderers/svg"

	"fib6lab/render/scene"
)

// Formats lists the formats Write knows, as file extensions.
var Formats = []string{"svg", "pdf", "png"}

// FormatFromPath returns the format of a file name by its extension
// (.svg, .pdf or .png, any case).
func FormatFromPath(path string) (string, error) {
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
	for _, f := range Formats {
		if ext == f {
			return f, nil
		}
	}
	return "", fmt.Errorf("export %s: unknown format %q (want .svg, .pdf or .png)", path, filepath.Ext(path))
}

// MIMEType returns the media type of a format, for a download.
func MIMEType(format string) string {
	switch format {
	case "svg":
		return "image/svg+xml"
	case "pdf":
		return "application/pdf"
	}
	return "image/png"
}

// mmPerPx is the size of a scene pixel on paper: 1/96 inch, as in CSS.
const mmPerPx = 25.4 / 96

// Write writes s to w as format "svg", "pdf" or "png" (one pixel per
// scene pixel; WritePNG picks another scale). SVG sizes are in px with
// the fonts embedded; a PDF page is the scene at 96 pixels to the inch.
func Write(w io.Writer, s *scene.Scene, format string) error {
	switch format {
	case "svg":
		return writeSVG(w, s)
	case "pdf":
		return writePDF(w, s)
	case "png":
		return WritePNG(w, s, 1)
	}
	return fmt.Errorf("export: unknown format %q (want svg, pdf or png)", format)
}

// WritePNG writes s to w as a PNG of scale image pixels per scene pixel:
// a W x H scene at scale 2 is a 2W x 2H image.
func WritePNG(w io.Writer, s *scene.Scene, scale float64) error {
	if scale <= 0 {
		return fmt.Errorf("export: PNG scale %g is not positive", scale)
	}
	img := rasterizer.Draw(Canvas(s), canvas.DPMM(scale), canvas.DefaultColorSpace)
	return png.Encode(w, img)
}

func writeSVG(w io.Writer, s *scene.Scene) error {
	opts := svg.DefaultOptions
	opts.SizeUnits = "px"
	opts.SubsetFonts = true
	r := svg.New(w, s.W, s.H, &opts)
	Canvas(s).RenderTo(r)
	return r.Close()
}

func writePDF(w io.Writer, s *scene.Scene) error {
	r := pdf.New(w, s.W*mmPerPx, s.H*mmPerPx, nil)
	Canvas(s).RenderViewTo(r, canvas.Identity.Scale(mmPerPx, mmPerPx))
	return r.Close()
}
