package scene

import "image/color"

// Palette is the set of colours a scene is drawn with. The builder
// carries one (Builder.P); the page switches it with presenter mode
// (Dark, Contrast). Items keep the colours they were drawn with, so both
// back ends draw a scene as built.
type Palette struct {
	BG       color.RGBA // page background
	Panel    color.RGBA // panel header and status line
	Border   color.RGBA // panel and view outlines
	Grid     color.RGBA // prefix-length grid lines
	Text     color.RGBA // primary text
	Dim      color.RGBA // secondary text
	Label    color.RGBA // trie labels
	Edge     color.RGBA // trie edges
	Summary  color.RGBA // collapsed subtrees
	RTInfo   color.RGBA // nodes owning routes (RTN_RTINFO)
	Inner    color.RGBA // intermediate nodes
	Walk     color.RGBA // trie walk: before 2023
	List     color.RGBA // GC list walk: after 2023
	Cursor   color.RGBA // the node a walk stands on
	Expiring color.RGBA // nodes holding expiring routes
	Removed  color.RGBA // routes removed by the pass
	Kept     color.RGBA // GC list entry kept
	Expired  color.RGBA // GC list entry expired
	Error    color.RGBA // error text
	Op       color.RGBA // a console command: descent path, nodes created, route linked
	Match    color.RGBA // the node that answered a lookup
}

// Accents returns the GC strategies' accents, in gc.Strategies order:
// the lane headers and the cost plot's series.
func (p *Palette) Accents() [2]color.RGBA { return [2]color.RGBA{p.Walk, p.List} }

// Dark is the page's palette (GitHub dark).
var Dark = Palette{
	BG: Hex(0x0d1117), Panel: Hex(0x161b22), Border: Hex(0x30363d), Grid: Hex(0x1b222c),
	Text: Hex(0xe6edf3), Dim: Hex(0x8b949e), Label: Hex(0xb1bac4), Edge: Hex(0x3b5070),
	Summary: Hex(0x388bfd), RTInfo: Hex(0x79c0ff), Inner: Hex(0x57606a), Walk: Hex(0xffa657),
	List: Hex(0xd2a8ff), Cursor: Hex(0xffd33d), Expiring: Hex(0x56d364), Removed: Hex(0xf85149),
	Kept: Hex(0x3fb950), Expired: Hex(0xd29922), Error: Hex(0xff7b72), Op: Hex(0x39c5cf), Match: Hex(0xffd33d),
}

// Contrast is the presenter's palette: black ground, white text, bright
// edges and marks, for projectors.
var Contrast = Palette{
	BG: Hex(0x000000), Panel: Hex(0x101010), Border: Hex(0xffffff), Grid: Hex(0x404040),
	Text: Hex(0xffffff), Dim: Hex(0xe0e0e0), Label: Hex(0xffffff), Edge: Hex(0x9ab8ff),
	Summary: Hex(0x4da3ff), RTInfo: Hex(0x80d0ff), Inner: Hex(0xb0b0b0), Walk: Hex(0xff9900),
	List: Hex(0xe080ff), Cursor: Hex(0xffff00), Expiring: Hex(0x00ff66), Removed: Hex(0xff3030),
	Kept: Hex(0x00ff66), Expired: Hex(0xffcc00), Error: Hex(0xff6060), Op: Hex(0x39e5ff), Match: Hex(0xffff00),
}

// PaletteFor returns the presenter's palette when presenter is set, else
// the page's.
func PaletteFor(presenter bool) Palette {
	if presenter {
		return Contrast
	}
	return Dark
}
