package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

const (
	indexHTML = "<!doctype html><title>fib6lab</title>"
	secret    = "TOP-SECRET-CONTENT"
)

// setup creates parent/web with test files and parent/secret next to (outside)
// the web root, and returns a handler for the web root.
func setup(t *testing.T) (http.Handler, string) {
	t.Helper()
	parent := t.TempDir()
	root := filepath.Join(parent, "web")
	files := map[string]string{
		"index.html":          indexHTML,
		"main.wasm":           "\x00asm\x01\x00\x00\x00" + strings.Repeat("wasm-bytes ", 5000),
		"wasm_exec.js":        strings.Repeat("console.log('fib6lab');\n", 500),
		"style.css":           "body { color: black; }",
		"logo.svg":            "<svg xmlns='http://www.w3.org/2000/svg'/>",
		"img.png":             "\x89PNG\r\n\x1a\n",
		"doc.pdf":             "%PDF-1.4",
		"data.unknownext":     "???",
		".env":                "SECRET=1",
		"sub/index.html":      "<p>sub</p>",
		"empty/.keep":         "",
		".git/config":         "[core]",
		"deep/dir/page.html":  "<p>deep</p>",
		"deep/dir/script.mjs": "export {}",
	}
	for name, body := range files {
		writeFile(t, filepath.Join(root, name), body)
	}
	writeFile(t, filepath.Join(parent, "secret"), secret)
	if err := os.Symlink(filepath.Join(parent, "secret"), filepath.Join(root, "escape")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(parent, filepath.Join(root, "updir")); err != nil {
		t.Fatal(err)
	}
	h, err := NewHandler(root)
	if err != nil {
		t.Fatal(err)
	}
	return h, root
}

func writeFile(t *testing.T, name, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// do sends a request straight to the handler; target is used verbatim as
// the request-target, so it is not cleaned.
func do(h http.Handler, method, target string, hdr map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestNewHandlerErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := NewHandler(filepath.Join(dir, "missing")); err == nil {
		t.Error("NewHandler(missing dir): want error")
	}
	file := filepath.Join(dir, "file")
	writeFile(t, file, "x")
	if _, err := NewHandler(file); err == nil {
		t.Error("NewHandler(regular file): want error")
	}
}

func TestContentTypes(t *testing.T) {
	h, _ := setup(t)
	tests := map[string]string{
		"/main.wasm":           "application/wasm",
		"/wasm_exec.js":        "text/javascript; charset=utf-8",
		"/index.html":          "text/html; charset=utf-8",
		"/style.css":           "text/css",
		"/logo.svg":            "image/svg+xml",
		"/img.png":             "image/png",
		"/doc.pdf":             "application/pdf",
		"/data.unknownext":     "application/octet-stream",
		"/deep/dir/page.html":  "text/html; charset=utf-8",
		"/deep/dir/script.mjs": "text/javascript; charset=utf-8",
	}
	for target, want := range tests {
		for _, enc := range []string{"", "gzip"} {
			rec := do(h, "GET", target, map[string]string{"Accept-Encoding": enc})
			if rec.Code != http.StatusOK {
				t.Errorf("GET %s (%q): status %d, want 200", target, enc, rec.Code)
			}
			if got := rec.Header().Get("Content-Type"); got != want {
				t.Errorf("GET %s (%q): Content-Type %q, want %q", target, enc, got, want)
			}
		}
	}
}

func TestGzipRoundTrip(t *testing.T) {
	h, root := setup(t)
	for _, name := range []string{"main.wasm", "wasm_exec.js", "index.html", "style.css", "logo.svg"} {
		want, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		for i := range 2 { // the second request is served from the cache
			rec := do(h, "GET", "/"+name, map[string]string{"Accept-Encoding": "br, gzip, deflate"})
			if rec.Code != http.StatusOK {
				t.Fatalf("GET /%s #%d: status %d", name, i, rec.Code)
			}
			if got := rec.Header().Get("Content-Encoding"); got != "gzip" {
				t.Fatalf("GET /%s #%d: Content-Encoding %q, want gzip", name, i, got)
			}
			if got := rec.Header().Get("Vary"); got != "Accept-Encoding" {
				t.Errorf("GET /%s #%d: Vary %q, want Accept-Encoding", name, i, got)
			}
			if got := gunzip(t, rec.Body.Bytes()); !bytes.Equal(got, want) {
				t.Errorf("GET /%s #%d: decompressed body differs from file", name, i)
			}
			if got := rec.Header().Get("Content-Length"); got != strconv.Itoa(rec.Body.Len()) {
				t.Errorf("GET /%s #%d: Content-Length %q for %d bytes", name, i, got, rec.Body.Len())
			}
		}
	}
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestGzipCacheInvalidatedOnChange(t *testing.T) {
	h, root := setup(t)
	gz := map[string]string{"Accept-Encoding": "gzip"}
	do(h, "GET", "/main.wasm", gz)
	name := filepath.Join(root, "main.wasm")
	writeFile(t, name, "rebuilt wasm")
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(name, later, later); err != nil {
		t.Fatal(err)
	}
	rec := do(h, "GET", "/main.wasm", gz)
	if got := string(gunzip(t, rec.Body.Bytes())); got != "rebuilt wasm" {
		t.Errorf("after rebuild: got %q, want new content", got)
	}
}

func TestGzipConcurrent(t *testing.T) {
	h, root := setup(t)
	want, _ := os.ReadFile(filepath.Join(root, "main.wasm"))
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			rec := do(h, "GET", "/main.wasm", map[string]string{"Accept-Encoding": "gzip"})
			if got := gunzip(t, rec.Body.Bytes()); !bytes.Equal(got, want) {
				t.Error("concurrent gzip response differs from file")
			}
		})
	}
	wg.Wait()
}

func TestNoGzip(t *testing.T) {
	h, root := setup(t)
	want, _ := os.ReadFile(filepath.Join(root, "main.wasm"))
	for _, enc := range []string{"", "identity", "gzip;q=0", "deflate, br", "x-gzip2"} {
		rec := do(h, "GET", "/main.wasm", map[string]string{"Accept-Encoding": enc})
		if got := rec.Header().Get("Content-Encoding"); got != "" {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want none", enc, got)
		}
		if !bytes.Equal(rec.Body.Bytes(), want) {
			t.Errorf("Accept-Encoding %q: body differs from file", enc)
		}
		if got := rec.Header().Get("Vary"); got != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: Vary %q, want Accept-Encoding", enc, got)
		}
	}
	// Non-compressible types are never gzipped.
	rec := do(h, "GET", "/img.png", map[string]string{"Accept-Encoding": "gzip"})
	if got := rec.Header().Get("Content-Encoding"); got != "" {
		t.Errorf("png: Content-Encoding %q, want none", got)
	}
}

func TestHead(t *testing.T) {
	h, _ := setup(t)
	for _, enc := range []string{"", "gzip"} {
		get := do(h, "GET", "/main.wasm", map[string]string{"Accept-Encoding": enc})
		head := do(h, "HEAD", "/main.wasm", map[string]string{"Accept-Encoding": enc})
		if head.Code != http.StatusOK {
			t.Errorf("HEAD (%q): status %d", enc, head.Code)
		}
		if head.Body.Len() != 0 {
			t.Errorf("HEAD (%q): body has %d bytes, want 0", enc, head.Body.Len())
		}
		for _, k := range []string{"Content-Type", "Content-Length", "Content-Encoding"} {
			if g, h := get.Header().Get(k), head.Header().Get(k); g != h {
				t.Errorf("HEAD (%q): %s %q, GET has %q", enc, k, h, g)
			}
		}
	}
}

func TestMethodNotAllowed(t *testing.T) {
	h, _ := setup(t)
	for _, m := range []string{"POST", "PUT", "DELETE", "PATCH", "OPTIONS"} {
		rec := do(h, m, "/index.html", nil)
		if rec.Code != http.StatusMethodNotAllowed {
			t.Errorf("%s: status %d, want 405", m, rec.Code)
		}
		if got := rec.Header().Get("Allow"); got != "GET, HEAD" {
			t.Errorf("%s: Allow %q, want %q", m, got, "GET, HEAD")
		}
	}
}

func TestDirectories(t *testing.T) {
	h, _ := setup(t)
	tests := []struct {
		target string
		code   int
		body   string
	}{
		{"/", 200, indexHTML},
		{"/index.html", 200, indexHTML},
		{"/sub/", 200, "<p>sub</p>"},
		{"/sub", 301, ""},
		{"/empty/", 404, ""},
		{"/deep/", 404, ""},
		{"/deep", 404, ""},
		{"/empty", 404, ""},
		{"/deep/dir/", 404, ""},
		{"/missing.html", 404, ""},
	}
	for _, tt := range tests {
		rec := do(h, "GET", tt.target, nil)
		if rec.Code != tt.code {
			t.Errorf("GET %s: status %d, want %d", tt.target, rec.Code, tt.code)
		}
		if tt.body != "" && rec.Body.String() != tt.body {
			t.Errorf("GET %s: body %q, want %q", tt.target, rec.Body.String(), tt.body)
		}
		if strings.Contains(rec.Body.String(), "page.html") {
			t.Errorf("GET %s: response looks like a directory listing", tt.target)
		}
	}
	if loc := do(h, "GET", "/sub", nil).Header().Get("Location"); loc != "/sub/" {
		t.Errorf("GET /sub: Location %q, want /sub/", loc)
	}
}

// traversalTargets are request-targets that try to reach the secret file
// next to the web root.
var traversalTargets = []string{
	"/../secret",
	"/%2e%2e/secret",
	"/%2E%2E/secret",
	"/a/..%2fsecret",
	"/..%2fsecret",
	"/%2fetc/passwd",
	"/%2f..%2fsecret",
	"/..%5csecret",
	"/..\\secret",
	"/secret%00",
	"/index.html%00.png",
	"//etc/passwd",
	"//../secret",
	"/./index.html",
	"/sub/../../secret",
	"/escape",
	"/updir/secret",
	"/updir/web/index.html",
	"/etc/passwd",
	"http://example.com/../secret",
}

func TestTraversal(t *testing.T) {
	h, _ := setup(t)
	for _, target := range traversalTargets {
		rec := do(h, "GET", target, nil)
		if rec.Code != http.StatusBadRequest && rec.Code != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 400 or 404", target, rec.Code)
		}
		if strings.Contains(rec.Body.String(), secret) {
			t.Errorf("GET %s: leaked the secret file", target)
		}
	}
}

// TestTraversalOverTCP sends the traversal targets byte for byte over a
// real connection, so that nothing in the client cleans them first.
func TestTraversalOverTCP(t *testing.T) {
	h, _ := setup(t)
	srv := httptest.NewServer(h)
	defer srv.Close()
	for _, target := range traversalTargets {
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		conn.SetDeadline(time.Now().Add(5 * time.Second))
		io.WriteString(conn, "GET "+target+" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("GET %s: %v", target, err)
		}
		body, _ := io.ReadAll(resp.Body)
		conn.Close()
		if resp.StatusCode != http.StatusBadRequest && resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 400 or 404", target, resp.StatusCode)
		}
		if strings.Contains(string(body), secret) {
			t.Errorf("GET %s: leaked the secret file", target)
		}
	}
}

func TestDotfiles(t *testing.T) {
	h, _ := setup(t)
	for _, target := range []string{"/.env", "/.git/config", "/.git/", "/empty/.keep", "/%2eenv"} {
		if rec := do(h, "GET", target, nil); rec.Code != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", target, rec.Code)
		}
	}
}

func TestSecurityHeaders(t *testing.T) {
	h, _ := setup(t)
	want := map[string]string{
		"X-Content-Type-Options":     "nosniff",
		"Referrer-Policy":            "no-referrer",
		"Content-Security-Policy":    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
		"Cross-Origin-Opener-Policy": "same-origin",
		"Cache-Control":              "no-cache",
	}
	cases := []struct{ method, target string }{
		{"GET", "/"}, {"GET", "/main.wasm"}, {"HEAD", "/index.html"},
		{"GET", "/missing"}, {"GET", "/../secret"}, {"POST", "/"}, {"GET", "/sub"},
	}
	for _, c := range cases {
		rec := do(h, c.method, c.target, map[string]string{"Accept-Encoding": "gzip"})
		for k, v := range want {
			if got := rec.Header().Get(k); got != v {
				t.Errorf("%s %s (%d): %s = %q, want %q", c.method, c.target, rec.Code, k, got, v)
			}
		}
	}
}

func TestConditionalGet(t *testing.T) {
	h, _ := setup(t)
	for _, enc := range []string{"", "gzip"} {
		first := do(h, "GET", "/main.wasm", map[string]string{"Accept-Encoding": enc})
		tag := first.Header().Get("ETag")
		if tag == "" {
			t.Fatalf("(%q): no ETag", enc)
		}
		rec := do(h, "GET", "/main.wasm", map[string]string{"Accept-Encoding": enc, "If-None-Match": tag})
		if rec.Code != http.StatusNotModified {
			t.Errorf("(%q): If-None-Match: status %d, want 304", enc, rec.Code)
		}
	}
}

func TestChooseEncoding(t *testing.T) {
	tests := []struct {
		accept  string
		offered []string
		want    string
	}{
		{"gzip", []string{"gzip"}, "gzip"},
		{"GZIP", []string{"gzip"}, "gzip"},
		{"deflate, gzip", []string{"gzip"}, "gzip"},
		{"gzip;q=0.5", []string{"gzip"}, "gzip"},
		{"gzip; q=1", []string{"gzip"}, "gzip"},
		{"gzip;Q=0.5", []string{"gzip"}, "gzip"},
		{"gzip;q=0", []string{"gzip"}, ""},
		{"gzip;q=0.0", []string{"gzip"}, ""},
		{"gzip;q=0.000", []string{"gzip"}, ""},
		{"gzip;q=abc", []string{"gzip"}, ""},
		{"gzip;q=2", []string{"gzip"}, ""},
		{"", []string{"br", "gzip"}, ""},
		{"identity", []string{"br", "gzip"}, ""},
		{"x-gzip", []string{"gzip"}, "gzip"},
		{"x-gzip2", []string{"gzip"}, ""},
		{"br", []string{"gzip"}, ""},
		{"br, gzip, deflate", []string{"br", "gzip"}, "br"},
		{"gzip, br", []string{"br", "gzip"}, "br"},
		{"BR;Q=0.9, GZIP;q=1", []string{"br", "gzip"}, "gzip"},
		{"br;q=0.5, gzip", []string{"br", "gzip"}, "gzip"},
		{"Br;q=1, gzip;q=0.9", []string{"br", "gzip"}, "br"},
		{"br;q=0", []string{"br", "gzip"}, ""},
		{"*", []string{"br", "gzip"}, "br"},
		{"gzip;q=0, *;q=0.1", []string{"br", "gzip"}, "br"},
		{"*;q=0.2, gzip;q=0.3", []string{"br", "gzip"}, "gzip"},
		{"*;q=0", []string{"br", "gzip"}, ""},
		{" gzip ; q = 0.7 ,br;q=0.6", []string{"br", "gzip"}, "gzip"},
	}
	for _, c := range tests {
		hdr := http.Header{"Accept-Encoding": {c.accept}}
		if got := chooseEncoding(hdr, c.offered...); got != c.want {
			t.Errorf("chooseEncoding(%q, %q) = %q, want %q", c.accept, c.offered, got, c.want)
		}
	}
}

// precompress writes main.wasm.br and main.wasm.gz beside main.wasm (its
// brotli and gzip forms, one hour newer) and returns the file and them.
func precompress(t *testing.T, root string) (file, br, gz []byte) {
	t.Helper()
	file, err := os.ReadFile(filepath.Join(root, "main.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	var b, g bytes.Buffer
	bw := brotli.NewWriterLevel(&b, 5)
	bw.Write(file)
	bw.Close()
	gw := gzip.NewWriter(&g)
	gw.Write(file)
	gw.Close()
	later := time.Now().Add(time.Hour)
	for name, data := range map[string][]byte{"main.wasm.br": b.Bytes(), "main.wasm.gz": g.Bytes()} {
		writeFile(t, filepath.Join(root, name), string(data))
		if err := os.Chtimes(filepath.Join(root, name), later, later); err != nil {
			t.Fatal(err)
		}
	}
	return file, b.Bytes(), g.Bytes()
}

// TestPrecompressed: a client accepting brotli gets main.wasm.br, one
// accepting only gzip main.wasm.gz, each byte for byte with its
// Content-Length, its own ETag and the decoded length; HEAD and ranges
// address the encoded bytes; the compressed files requested by name are
// plain files; a compressed file older than the file is not used.
func TestPrecompressed(t *testing.T) {
	h, root := setup(t)
	file, br, gz := precompress(t, root)
	for _, c := range []struct {
		accept, coding string
		body           []byte
	}{{"gzip, deflate, br", "br", br}, {"br;q=0.5, gzip", "gzip", gz}, {"GZIP", "gzip", gz}, {"", "", file}} {
		rec := do(h, "GET", "/main.wasm", map[string]string{"Accept-Encoding": c.accept})
		hd := rec.Header()
		if rec.Code != http.StatusOK || hd.Get("Content-Encoding") != c.coding || !bytes.Equal(rec.Body.Bytes(), c.body) {
			t.Fatalf("%q: status %d, Content-Encoding %q, %d bytes; want %q and %d bytes", c.accept, rec.Code, hd.Get("Content-Encoding"), rec.Body.Len(), c.coding, len(c.body))
		}
		if hd.Get("Content-Length") != strconv.Itoa(len(c.body)) || hd.Get("Content-Type") != "application/wasm" || hd.Get("Vary") != "Accept-Encoding" {
			t.Errorf("%q: Content-Length %q, Content-Type %q, Vary %q", c.accept, hd.Get("Content-Length"), hd.Get("Content-Type"), hd.Get("Vary"))
		}
		if c.coding != "" && (hd.Get("X-Decoded-Content-Length") != strconv.Itoa(len(file)) || !strings.HasSuffix(hd.Get("ETag"), "-"+c.coding+`"`)) {
			t.Errorf("%q: X-Decoded-Content-Length %q, ETag %q", c.accept, hd.Get("X-Decoded-Content-Length"), hd.Get("ETag"))
		}
		head := do(h, "HEAD", "/main.wasm", map[string]string{"Accept-Encoding": c.accept})
		if head.Body.Len() != 0 || head.Header().Get("Content-Length") != strconv.Itoa(len(c.body)) || head.Header().Get("Content-Encoding") != c.coding {
			t.Errorf("HEAD %q: %d body bytes, Content-Length %q", c.accept, head.Body.Len(), head.Header().Get("Content-Length"))
		}
	}
	if got := brotliDecode(t, br); !bytes.Equal(got, file) {
		t.Fatal("the brotli file does not decode to the file")
	}
	rec := do(h, "GET", "/main.wasm", map[string]string{"Accept-Encoding": "br", "Range": "bytes=0-9"})
	if rec.Code != http.StatusPartialContent || !bytes.Equal(rec.Body.Bytes(), br[:10]) || rec.Header().Get("Content-Encoding") != "br" {
		t.Errorf("range of the brotli form: status %d, %d bytes", rec.Code, rec.Body.Len())
	}
	tag := do(h, "GET", "/main.wasm", map[string]string{"Accept-Encoding": "br"}).Header().Get("ETag")
	if rec := do(h, "GET", "/main.wasm", map[string]string{"Accept-Encoding": "br", "If-None-Match": tag}); rec.Code != http.StatusNotModified {
		t.Errorf("If-None-Match of the brotli form: status %d, want 304", rec.Code)
	}
	for name, want := range map[string][]byte{"main.wasm.gz": gz, "main.wasm.br": br} {
		rec := do(h, "GET", "/"+name, map[string]string{"Accept-Encoding": "gzip, br"})
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != "" || !bytes.Equal(rec.Body.Bytes(), want) {
			t.Errorf("GET /%s: status %d, Content-Encoding %q, %d bytes", name, rec.Code, rec.Header().Get("Content-Encoding"), rec.Body.Len())
		}
	}
	if ct := do(h, "GET", "/main.wasm.gz", nil).Header().Get("Content-Type"); ct != "application/gzip" {
		t.Errorf("main.wasm.gz: Content-Type %q", ct)
	}
	// the file changes after its compressed forms were written: they are stale
	writeFile(t, filepath.Join(root, "main.wasm"), "\x00asm changed")
	later := time.Now().Add(2 * time.Hour)
	if err := os.Chtimes(filepath.Join(root, "main.wasm"), later, later); err != nil {
		t.Fatal(err)
	}
	for _, accept := range []string{"br", "gzip, br"} {
		rec := do(h, "GET", "/main.wasm", map[string]string{"Accept-Encoding": accept})
		body := rec.Body.Bytes()
		if rec.Header().Get("Content-Encoding") == "gzip" {
			body = gunzip(t, body)
		}
		if string(body) != "\x00asm changed" {
			t.Errorf("%q after a change: a stale compressed form was sent (%q)", accept, rec.Header().Get("Content-Encoding"))
		}
	}
}

// TestPrecompressedOverHTTP: over a real connection the brotli form goes
// out with its Content-Length (not chunked), as the page's download
// progress needs.
func TestPrecompressedOverHTTP(t *testing.T) {
	h, root := setup(t)
	_, br, _ := precompress(t, root)
	srv := httptest.NewServer(h)
	defer srv.Close()
	req, _ := http.NewRequest("GET", srv.URL+"/main.wasm", nil)
	req.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd")
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.Header.Get("Content-Encoding") != "br" || resp.ContentLength != int64(len(br)) || len(resp.TransferEncoding) != 0 || !bytes.Equal(body, br) {
		t.Fatalf("Content-Encoding %q, Content-Length %d, Transfer-Encoding %v, %d bytes; want br, %d", resp.Header.Get("Content-Encoding"),
			resp.ContentLength, resp.TransferEncoding, len(body), len(br))
	}
}

func brotliDecode(t *testing.T, b []byte) []byte {
	t.Helper()
	out, err := io.ReadAll(brotli.NewReader(bytes.NewReader(b)))
	if err != nil {
		t.Fatal(err)
	}
	return out
}
