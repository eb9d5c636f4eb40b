package scene_test

import (
	"fmt"
	"hash/fnv"
	"reflect"
	"testing"

	"fib6lab/render/scene"
)

func TestEncodeRoundTrip(t *testing.T) {
	pts := []scene.CostPoint{{Routes: 1000, Nanos: [2]float64{20e3, 150}}, {Routes: 9000, Nanos: [2]float64{160e3, 150}}}
	for name, s := range map[string]*scene.Scene{
		"plot":  scene.GCCostPlot(pts, scene.PlotOptions{LogY: true}),
		"table": scene.TableScene(smallLayout(t), scene.Header{Title: "t", Lines: []string{"µs ·"}}, scene.NoMarks(), 800, 600),
		"empty": {W: 1, H: 2},
	} {
		enc := scene.Encode(s)
		got, err := scene.Decode(enc)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(s.Items) == 0 {
			s.Items = nil
			if len(got.Items) == 0 {
				got.Items = nil
			}
		}
		if !reflect.DeepEqual(got, s) {
			t.Errorf("%s: round trip differs", name)
		}
		for n := range len(enc) - 1 { // every truncation is an error, never a panic
			if _, err := scene.Decode(enc[:n]); err == nil && n < len(enc) {
				t.Fatalf("%s: truncated to %d of %d bytes decoded", name, n, len(enc))
			}
		}
	}
}

// TestHashIsTheEncodingsHash checks that Hash, which encodes a scene in
// pieces, hashes the bytes Encode returns (FNV-1a 64) for a scene far
// bigger than one piece, and that it tells two scenes apart.
func TestHashIsTheEncodingsHash(t *testing.T) {
	s := scene.TableScene(smallLayout(t), scene.Header{Title: "t", Lines: []string{"µs ·"}}, scene.NoMarks(), 800, 600)
	for len(scene.Encode(s)) < 20000 {
		s.Items = append(s.Items, s.Items...)
	}
	h := fnv.New64a()
	h.Write(scene.Encode(s))
	if want := fmt.Sprintf("%016x", h.Sum64()); s.Hash() != want {
		t.Fatalf("Hash %s, want %s (the encoding's)", s.Hash(), want)
	}
	before := s.Hash()
	s.Items[len(s.Items)-1].X0++
	if s.Hash() == before {
		t.Fatal("moving the last item kept the hash")
	}
}
