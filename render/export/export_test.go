package export_test

import (
	"bytes"
	"encoding/xml"
	"image"
	"image/png"
	"io"
	"net/netip"
	"strings"
	"testing"

	"fib6lab/engine/fib6"
	"fib6lab/render/export"
	"fib6lab/render/scene"
	"fib6lab/wasm/app"
)

var prefixes = []string{"2001:db8::/32", "2001:db8:1::/48", "2001:db8:2::/48", "2001:db8:1:5::/64"}

// tableScene draws a table holding prefixes.
func tableScene(t *testing.T) *scene.Scene {
	t.Helper()
	n := fib6.NewNet()
	tb := n.Table(fib6.RT_TABLE_MAIN)
	for _, p := range prefixes {
		rt := n.NewRoute(netip.MustParsePrefix(p), netip.MustParseAddr("fe80::1"), 2, 1024)
		if err := tb.Add(rt, fib6.NLM_F_CREATE|fib6.NLM_F_EXCL); err != nil {
			t.Fatal(err)
		}
	}
	hd := scene.Header{Title: "table main", Accent: scene.Dark.List, Lines: []string{"routes 4"}}
	return scene.TableScene(app.BuildLayout(tb), hd, scene.NoMarks(), 800, 500)
}

// write exports s as format.
func write(t *testing.T, s *scene.Scene, format string) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := export.Write(&buf, s, format); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestSVG(t *testing.T) {
	out := write(t, tableScene(t), "svg")
	texts := xmlText(t, out)
	for _, p := range append(prefixes, "table main", "routes 4", "/128") {
		if !strings.Contains(texts, p) {
			t.Errorf("SVG does not name %q", p)
		}
	}
	if !bytes.Contains(out, []byte(`width="800px" height="500px"`)) {
		t.Errorf("SVG size: %.200s", out)
	}
}

// xmlText parses an SVG and returns its character data.
func xmlText(t *testing.T, doc []byte) string {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	var sb strings.Builder
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return sb.String()
		}
		if err != nil {
			t.Fatalf("SVG is not XML: %v", err)
		}
		if cd, ok := tok.(xml.CharData); ok {
			sb.Write(cd)
			sb.WriteByte('\n')
		}
	}
}

func TestPDF(t *testing.T) {
	out := write(t, tableScene(t), "pdf")
	if !bytes.HasPrefix(out, []byte("%PDF-")) || len(out) < 2000 {
		t.Fatalf("not a PDF (%d bytes): %.40q", len(out), out)
	}
}

func TestPNG(t *testing.T) {
	s := tableScene(t)
	for _, scale := range []float64{1, 2} {
		var buf bytes.Buffer
		if err := export.WritePNG(&buf, s, scale); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := img.Bounds().Size(), image.Pt(int(800*scale), int(500*scale)); got != want {
			t.Errorf("scale %g: size %v, want %v", scale, got, want)
		}
		if n := colours(img); n < 5 {
			t.Errorf("scale %g: %d colours", scale, n)
		}
	}
}

// colours counts the distinct colours of img.
func colours(img image.Image) int {
	seen := map[[4]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			seen[[4]uint32{r, g, bl, a}] = true
		}
	}
	return len(seen)
}

func TestPlotExports(t *testing.T) {
	s := scene.GCCostPlot([]scene.CostPoint{{Routes: 1000, Nanos: [2]float64{2e4, 200}}}, scene.PlotOptions{LogY: true})
	texts := xmlText(t, write(t, s, "svg"))
	for _, want := range []string{"855.3 µs", "14.0 µs", "gc-list (after 2023), measured"} {
		if !strings.Contains(texts, want) {
			t.Errorf("plot SVG lacks %q", want)
		}
	}
}

func TestFormats(t *testing.T) {
	for path, want := range map[string]string{"a/out.svg": "svg", "x.PDF": "pdf", "p.png": "png"} {
		if got, err := export.FormatFromPath(path); err != nil || got != want {
			t.Errorf("FormatFromPath(%q) = %q, %v", path, got, err)
		}
	}
	for _, path := range []string{"out.jpg", "out", "svg"} {
		if _, err := export.FormatFromPath(path); err == nil {
			t.Errorf("FormatFromPath(%q): no error", path)
		}
	}
	if err := export.Write(io.Discard, &scene.Scene{W: 1, H: 1}, "gif"); err == nil {
		t.Error("Write gif: no error")
	}
	if err := export.WritePNG(io.Discard, &scene.Scene{W: 1, H: 1}, 0); err == nil {
		t.Error("WritePNG scale 0: no error")
	}
}
