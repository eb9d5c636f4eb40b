package scene

import (
	"encoding/binary"
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
)

// encodingMagic starts every encoded scene (and names its version).
const encodingMagic = "fib6scene1"

// MaxEncodedItems bounds the items Decode accepts.
const MaxEncodedItems = 1 << 22

// Encode returns s in a compact binary form that Decode reads back
// exactly: the page's main module hands it to the export module
// (web/export.wasm), which has tdewolff/canvas. Tags are kept.
func Encode(s *Scene) []byte {
	e := encoder{buf: make([]byte, 0, 64+48*len(s.Items))}
	e.scene(s)
	return e.buf
}

// encoder appends the fields of a scene to buf; with w set, it hands buf
// to w whenever it holds flushBytes and at the end, so that buf stays
// small (Scene.Hash).
type encoder struct {
	buf []byte
	w   io.Writer
}

// flushBytes is how much an encoder with a writer gathers before it
// writes.
const flushBytes = 4096

// scene encodes s.
func (e *encoder) scene(s *Scene) {
	e.buf = append(e.buf, encodingMagic...)
	e.f(s.W, s.H)
	e.u(uint64(len(s.Items)))
	for i := range s.Items {
		e.item(&s.Items[i])
		if e.w != nil && len(e.buf) >= flushBytes {
			e.flush()
		}
	}
	if e.w != nil {
		e.flush()
	}
}

// flush writes buf to w and empties it.
func (e *encoder) flush() {
	e.w.Write(e.buf)
	e.buf = e.buf[:0]
}

func (e *encoder) u(v uint64) { e.buf = binary.AppendUvarint(e.buf, v) }

func (e *encoder) f(vs ...float64) {
	for _, v := range vs {
		e.buf = binary.LittleEndian.AppendUint64(e.buf, math.Float64bits(v))
	}
}

func (e *encoder) s(v string) { e.u(uint64(len(v))); e.buf = append(e.buf, v...) }

func (e *encoder) c(c color.RGBA) { e.buf = append(e.buf, c.R, c.G, c.B, c.A) }

func (e *encoder) item(it *Item) {
	bold := byte(0)
	if it.Bold {
		bold = 1
	}
	e.buf = append(e.buf, byte(it.Kind), byte(it.Font), bold, byte(it.Anchor))
	e.f(it.X0, it.Y0, it.X1, it.Y1, it.R, it.Width, it.Size)
	e.c(it.Fill)
	e.c(it.Stroke)
	e.s(it.Text)
	e.s(it.Tag)
	e.u(uint64(len(it.Points)))
	for _, p := range it.Points {
		e.f(p.X, p.Y)
	}
}

// errShort reports an encoded scene that ends early.
var errShort = errors.New("scene: encoded scene is truncated")

// Decode reads a scene written by Encode.
func Decode(b []byte) (*Scene, error) {
	if len(b) < len(encodingMagic) || string(b[:len(encodingMagic)]) != encodingMagic {
		return nil, errors.New("scene: not an encoded scene")
	}
	d := decoder{b: b[len(encodingMagic):]}
	s := &Scene{W: d.f(), H: d.f()}
	n := d.u()
	if n > MaxEncodedItems {
		return nil, fmt.Errorf("scene: %d items (at most %d)", n, MaxEncodedItems)
	}
	s.Items = make([]Item, 0, min(n, uint64(len(b)/40+1)))
	for range n {
		s.Items = append(s.Items, d.item())
		if d.err != nil {
			return nil, d.err
		}
	}
	if d.err != nil {
		return nil, d.err
	}
	return s, nil
}

// decoder reads fields from b, recording the first error.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) take(n int) []byte {
	if d.err != nil || n < 0 || n > len(d.b) {
		d.err = errShort
		return make([]byte, max(n, 0))
	}
	v := d.b[:n]
	d.b = d.b[n:]
	return v
}

func (d *decoder) u() uint64 {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.err = errShort
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) f() float64 { return math.Float64frombits(binary.LittleEndian.Uint64(d.take(8))) }

func (d *decoder) s() string {
	n := d.u()
	if n > uint64(len(d.b)) {
		d.err = errShort
		return ""
	}
	return string(d.take(int(n)))
}

func (d *decoder) c() color.RGBA { v := d.take(4); return color.RGBA{v[0], v[1], v[2], v[3]} }

func (d *decoder) item() Item {
	h := d.take(4)
	it := Item{Kind: Kind(h[0]), Font: Font(h[1]), Bold: h[2] != 0, Anchor: Anchor(h[3])}
	it.X0, it.Y0, it.X1, it.Y1, it.R, it.Width, it.Size = d.f(), d.f(), d.f(), d.f(), d.f(), d.f(), d.f()
	it.Fill, it.Stroke = d.c(), d.c()
	it.Text, it.Tag = d.s(), d.s()
	n := d.u()
	if n > uint64(len(d.b)/16) {
		d.err = errShort
		return it
	}
	if n > 0 {
		it.Points = make([]Point, n)
		for i := range it.Points {
			it.Points[i] = Point{d.f(), d.f()}
		}
	}
	return it
}
