package scene

import "image/color"

// paletteVars lists the palette's colours in a fixed order.
func paletteVars() []*color.RGBA {
	return []*color.RGBA{&ColBG, &ColPanel, &ColBorder, &ColGrid, &ColText, &ColDim, &ColLabel, &ColEdge,
		&ColSummary, &ColRTInfo, &ColInner, &ColWalk, &ColList, &ColCursor, &ColExpiring, &ColRemoved,
		&ColKept, &ColExpired, &ColError}
}

// darkPalette is the page's palette as first set (paletteVars order).
var darkPalette = func() []color.RGBA {
	var out []color.RGBA
	for _, c := range paletteVars() {
		out = append(out, *c)
	}
	return out
}()

// contrastPalette is the presenter palette (paletteVars order): black
// ground, white text, bright edges and marks, for projectors.
var contrastPalette = []color.RGBA{
	Hex(0x000000), Hex(0x101010), Hex(0xffffff), Hex(0x404040), Hex(0xffffff), Hex(0xe0e0e0), Hex(0xffffff), Hex(0x9ab8ff),
	Hex(0x4da3ff), Hex(0x80d0ff), Hex(0xb0b0b0), Hex(0xff9900), Hex(0xe080ff), Hex(0xffff00), Hex(0x00ff66), Hex(0xff3030),
	Hex(0x00ff66), Hex(0xffcc00), Hex(0xff6060),
}

// HighContrast switches the palette to the presenter's (on) or back to
// the page's. Both back ends read the palette when they build a scene,
// so the next frame and export use it.
func HighContrast(on bool) {
	src := darkPalette
	if on {
		src = contrastPalette
	}
	for i, c := range paletteVars() {
		*c = src[i]
	}
}
