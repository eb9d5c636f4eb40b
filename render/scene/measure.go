package scene

import (
	"fmt"
	"hash/fnv"
	"sort"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// faces caches the Go font faces Measure sets text with, by style.
var faces = struct {
	sync.Mutex
	m map[TextStyle]font.Face
}{m: map[TextStyle]font.Face{}}

// faceOf returns the face of style st (its anchor aside).
func faceOf(st TextStyle) font.Face {
	st.Anchor = AnchorStart
	st.Bold = st.Bold && st.Font == Sans
	faces.Lock()
	defer faces.Unlock()
	if f, ok := faces.m[st]; ok {
		return f
	}
	ttf := goregular.TTF
	switch {
	case st.Font == Mono:
		ttf = gomono.TTF
	case st.Bold:
		ttf = gobold.TTF
	}
	otf, err := opentype.Parse(ttf)
	if err != nil {
		panic("scene: the embedded Go font does not parse: " + err.Error())
	}
	f, err := opentype.NewFace(otf, &opentype.FaceOptions{Size: st.Size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("scene: " + err.Error())
	}
	faces.m[st] = f
	return f
}

// Measure returns the advance width in pixels of s set in style st with
// the Go fonts, which both back ends (ebiten, tdewolff/canvas) draw with.
// The widths measured are kept (widths): a frame measures the same labels
// as the frame before. It measures under widths' lock, since a font face
// keeps state of its own between measurements.
func Measure(s string, st TextStyle) float64 {
	k := widthKey{st, s}
	k.st.Anchor = AnchorStart
	widths.Lock()
	defer widths.Unlock()
	if w, ok := widths.m[k]; ok {
		return w
	}
	w := fixedPx(font.MeasureString(faceOf(st), s))
	if len(widths.m) >= maxWidths {
		clear(widths.m) // texts that change every frame cannot grow it without end
	}
	widths.m[k] = w
	return w
}

// widths holds the widths Measure measured, by style and text.
var widths = struct {
	sync.Mutex
	m map[widthKey]float64
}{m: map[widthKey]float64{}}

// widthKey is a text and its style, its anchor aside.
type widthKey struct {
	st TextStyle
	s  string
}

// maxWidths is how many widths Measure keeps at most.
const maxWidths = 1 << 14

func fixedPx(v fixed.Int26_6) float64 { return float64(v) / 64 }

// lineH is the height of a text's line box, in em.
const lineH = 1.2

// Box returns the rectangle a text item covers: its advance width from
// its anchor, one line high from its top.
func (it *Item) Box() (x0, y0, x1, y1 float64) {
	w := Measure(it.Text, TextStyle{Size: it.Size, Font: it.Font, Bold: it.Bold})
	x0 = it.X0
	switch it.Anchor {
	case AnchorMiddle:
		x0 -= w / 2
	case AnchorEnd:
		x0 -= w
	}
	return x0, it.Y0, x0 + w, it.Y0 + lineH*it.Size
}

// Layout is a scene's report on its texts: how many reach outside the
// page (Clipped) and how many pairs of texts cover each other
// (Overlaps), with the texts concerned (up to MaxReported each).
type Layout struct {
	Clipped, Overlaps          int
	ClippedTexts, OverlapTexts []string
}

// MaxReported bounds the texts a Layout names.
const MaxReported = 20

// overlapSlack is how far, in pixels, two text boxes may run into each
// other (the line box's leading) before they count as overlapping.
const overlapSlack = 2

// Layout checks every text item of s: a text reaching outside the W x H
// page is clipped; two texts whose boxes intersect by more than
// overlapSlack both ways overlap.
func (s *Scene) Layout() Layout {
	type box struct {
		x0, y0, x1, y1 float64
		text           string
	}
	var bs []box
	var l Layout
	for i := range s.Items {
		it := &s.Items[i]
		if it.Kind != KindText {
			continue
		}
		x0, y0, x1, y1 := it.Box()
		if x0 < -0.5 || y0 < -0.5 || x1 > s.W+0.5 || y1 > s.H+0.5 {
			l.Clipped++
			l.ClippedTexts = report(l.ClippedTexts, it.Text)
		}
		bs = append(bs, box{x0, y0, x1, y1, it.Text})
	}
	sort.Slice(bs, func(i, j int) bool { return bs[i].x0 < bs[j].x0 })
	for i := range bs {
		a := &bs[i]
		for j := i + 1; j < len(bs) && bs[j].x0 < a.x1-overlapSlack; j++ {
			c := &bs[j]
			if min(a.x1, c.x1)-max(a.x0, c.x0) > overlapSlack && min(a.y1, c.y1)-max(a.y0, c.y0) > overlapSlack {
				l.Overlaps++
				l.OverlapTexts = report(l.OverlapTexts, a.text+" | "+c.text)
			}
		}
	}
	return l
}

// report appends s to list unless it holds MaxReported already.
func report(list []string, s string) []string {
	if len(list) < MaxReported {
		list = append(list, s)
	}
	return list
}

// Hash returns a hash of what s draws (its encoding, scene.Encode), as 16
// hex digits: two frames with the same hash show the same picture.
func (s *Scene) Hash() string {
	h := fnv.New64a()
	e := encoder{buf: make([]byte, 0, 2*flushBytes), w: h}
	e.scene(s)
	return fmt.Sprintf("%016x", h.Sum64())
}
