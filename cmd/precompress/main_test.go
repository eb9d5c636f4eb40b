package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

// TestPrecompress: both encodings decompress to the file, a compressed
// file newer than its source is kept, an older one is written again.
func TestPrecompress(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "main.wasm")
	want := bytes.Repeat([]byte("fib6lab wasm "), 5000)
	if err := os.WriteFile(name, want, 0o644); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := run([]string{name}, 5, &out); err != nil {
		t.Fatal(err)
	}
	for suffix, open := range map[string]func(io.Reader) (io.Reader, error){
		".gz": func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) },
		".br": func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil },
	} {
		f, err := os.Open(name + suffix)
		if err != nil {
			t.Fatal(err)
		}
		r, err := open(f)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r)
		f.Close()
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%s: %d bytes back (%v), want %d", suffix, len(got), err, len(want))
		}
	}
	if n := strings.Count(out.String(), "\n"); n != 2 {
		t.Fatalf("reported %d files, want 2: %q", n, out.String())
	}
	out.Reset()
	if err := run([]string{name}, 5, &out); err != nil || out.Len() != 0 {
		t.Fatalf("up-to-date files written again: %q %v", out.String(), err)
	}
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(name, later, later); err != nil {
		t.Fatal(err)
	}
	if err := run([]string{name}, 5, &out); err != nil || strings.Count(out.String(), "\n") != 2 {
		t.Fatalf("a changed file not compressed again: %q %v", out.String(), err)
	}
	if err := run([]string{filepath.Join(dir, "missing")}, 5, &out); err == nil {
		t.Error("a missing file compressed")
	}
}
