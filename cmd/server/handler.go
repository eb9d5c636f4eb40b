package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"net/url"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// contentSecurityPolicy allows only same-origin scripts (plus WebAssembly
// compilation), inline styles and same-origin or data:/blob: images.
const contentSecurityPolicy = "default-src 'self'; " +
	"script-src 'self' 'wasm-unsafe-eval'; " +
	"style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; " +
	"connect-src 'self'; " +
	"object-src 'none'; " +
	"base-uri 'none'; " +
	"frame-ancestors 'none'"

// maxGzipSize is the largest file that is compressed and cached in memory;
// larger files are always served uncompressed.
const maxGzipSize = 64 << 20

// gzipLevel favours speed: on a 6.3 MB Go wasm binary BestSpeed took 78 ms
// (33.7% of the original size) against 280 ms (28.1%) for
// DefaultCompression, and the first request after a rebuild waits for it.
const gzipLevel = gzip.BestSpeed

// contentTypes are set explicitly so the result does not depend on the
// operating system's MIME database.
var contentTypes = map[string]string{
	".wasm": "application/wasm",
	".js":   "text/javascript; charset=utf-8",
	".html": "text/html; charset=utf-8",
	".css":  "text/css",
	".svg":  "image/svg+xml",
	".png":  "image/png",
	".pdf":  "application/pdf",
	".gz":   "application/gzip",
	".br":   "application/octet-stream",
}

// compressible lists the extensions served compressed (brotli or gzip)
// when the client accepts it.
var compressible = map[string]bool{
	".wasm": true, ".js": true, ".html": true, ".css": true, ".svg": true,
}

// fileHandler serves regular files below root; see NewHandler.
type fileHandler struct {
	root *os.Root
	gz   gzipCache
}

// NewHandler returns a handler that serves the static files below the
// directory root for GET and HEAD requests (other methods get 405).
//
// A request for a directory, including "/", serves the directory's
// index.html (404 if there is none); directory listings are never produced.
// Paths containing "." or ".." segments, empty segments, NUL bytes,
// backslashes or encoded slashes are rejected with 400, and dotfiles and
// anything that is not a regular file get 404. Files are opened through an
// os.Root, so symlinks cannot reach outside root. Every response carries
// security headers and "Cache-Control: no-cache". For .wasm, .js, .html,
// .css and .svg files a client that accepts brotli or gzip
// (Accept-Encoding, quality values honoured) gets the precompressed
// NAME.br or NAME.gz beside the file when there is one at least as new as
// the file (make wasm writes them), with its Content-Length, else gzip
// made on the fly (and cached in memory); an encoded response also
// carries X-Decoded-Content-Length, the file's own size, for download
// progress. NAME.gz and NAME.br requested by name are served as they are.
//
// NewHandler returns an error if root cannot be opened as a directory (for
// example because it does not exist or is not a directory).
func NewHandler(root string) (http.Handler, error) {
	fi, err := os.Stat(root)
	if err != nil {
		return nil, fmt.Errorf("web root: %w", err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("web root %s: not a directory", root)
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		return nil, fmt.Errorf("web root: %w", err)
	}
	return &fileHandler{root: r}, nil
}

// ServeHTTP implements http.Handler.
func (h *fileHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	setSecurityHeaders(w.Header())
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name, status := resolvePath(r.URL)
	if status != http.StatusOK {
		http.Error(w, strconv.Itoa(status)+" "+strings.ToLower(http.StatusText(status)), status)
		return
	}
	h.serveFile(w, r, name)
}

// setSecurityHeaders adds the headers sent with every response.
func setSecurityHeaders(hdr http.Header) {
	hdr.Set("X-Content-Type-Options", "nosniff")
	hdr.Set("Referrer-Policy", "no-referrer")
	hdr.Set("Content-Security-Policy", contentSecurityPolicy)
	hdr.Set("Cross-Origin-Opener-Policy", "same-origin")
	hdr.Set("Cache-Control", "no-cache")
}

// resolvePath maps a request URL to a slash-separated name relative to the
// web root ("." for the root itself). The status is 200 if the path is
// acceptable, 400 for malformed or traversal attempts and 404 for dotfiles.
func resolvePath(u *url.URL) (string, int) {
	raw := strings.ToLower(u.EscapedPath())
	for _, bad := range []string{"%2f", "%5c", "%00"} {
		if strings.Contains(raw, bad) {
			return "", http.StatusBadRequest
		}
	}
	p := u.Path
	if !strings.HasPrefix(p, "/") || strings.ContainsAny(p, "\x00\\") {
		return "", http.StatusBadRequest
	}
	name := strings.TrimSuffix(p[1:], "/")
	if name == "" {
		return ".", http.StatusOK
	}
	for seg := range strings.SplitSeq(name, "/") {
		switch {
		case seg == "" || seg == "." || seg == "..":
			return "", http.StatusBadRequest
		case seg[0] == '.':
			return "", http.StatusNotFound
		}
	}
	return name, http.StatusOK
}

// serveFile serves the regular file name, or name/index.html if name is a
// directory.
func (h *fileHandler) serveFile(w http.ResponseWriter, r *http.Request, name string) {
	info, err := h.root.Stat(name)
	isDir := err == nil && info.IsDir()
	if isDir {
		name = path.Join(name, "index.html")
		info, err = h.root.Stat(name)
	}
	if err != nil || !info.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}
	if isDir && !strings.HasSuffix(r.URL.Path, "/") {
		// Redirect so relative links in index.html resolve correctly.
		// The path was validated, so it cannot start with "//".
		http.Redirect(w, r, r.URL.Path+"/", http.StatusMovedPermanently)
		return
	}
	ext := strings.ToLower(path.Ext(name))
	w.Header().Set("Content-Type", contentType(ext))
	if compressible[ext] {
		w.Header().Add("Vary", "Accept-Encoding")
		if h.serveEncoded(w, r, name, info) {
			return
		}
	}
	h.servePlain(w, r, name, info)
}

// serveEncoded serves name compressed when the client accepts a coding
// the server can send: brotli or gzip precompressed beside the file, or
// gzip made on the fly; on equal quality brotli, the smaller, goes first.
// It reports false, having written nothing, when it sends no encoding.
func (h *fileHandler) serveEncoded(w http.ResponseWriter, r *http.Request, name string, info fs.FileInfo) bool {
	br, gz := h.precompressed(name+".br", info), h.precompressed(name+".gz", info)
	offered := []string{"gzip"}
	if br != nil {
		offered = []string{"br", "gzip"}
	}
	switch chooseEncoding(r.Header, offered...) {
	case "br":
		return h.serveStored(w, r, name+".br", br, "br", info)
	case "gzip":
		if gz != nil {
			return h.serveStored(w, r, name+".gz", gz, "gzip", info)
		}
		return h.serveGzip(w, r, name, info)
	}
	return false
}

// precompressed returns the FileInfo of enc, a compressed form of the
// file described by src, when it is a regular file at least as new as the
// file; nil otherwise.
func (h *fileHandler) precompressed(enc string, src fs.FileInfo) fs.FileInfo {
	info, err := h.root.Stat(enc)
	if err != nil || !info.Mode().IsRegular() || info.ModTime().Before(src.ModTime()) {
		return nil
	}
	return info
}

// serveStored serves the stored compressed file enc (described by
// info) as the coding of the file described by src, with its
// Content-Length, ranges and conditional requests. It reports false,
// having written nothing, when enc cannot be opened.
func (h *fileHandler) serveStored(w http.ResponseWriter, r *http.Request, enc string, info fs.FileInfo, coding string, src fs.FileInfo) bool {
	f, err := h.root.Open(enc)
	if err != nil {
		return false
	}
	defer f.Close()
	setEncoded(w.Header(), coding, etag(info, "-"+coding), info.Size(), src.Size())
	http.ServeContent(w, r, enc, info.ModTime(), io.NewSectionReader(f, 0, info.Size()))
	return true
}

// setEncoded sets the headers of a response encoded with coding: size
// is the encoded length, decoded the file's. http.ServeContent leaves
// Content-Length out when Content-Encoding is set (it cannot tell a
// stored encoding from one made while writing) unless it is set before:
// it replaces it for a range, and drops it for 304 and errors.
func setEncoded(hdr http.Header, coding, tag string, size, decoded int64) {
	hdr.Set("Content-Encoding", coding)
	hdr.Set("ETag", tag)
	hdr.Set("Content-Length", strconv.FormatInt(size, 10))
	hdr.Set("X-Decoded-Content-Length", strconv.FormatInt(decoded, 10))
}

// servePlain serves name uncompressed, with support for ranges and
// conditional requests.
func (h *fileHandler) servePlain(w http.ResponseWriter, r *http.Request, name string, info fs.FileInfo) {
	f, err := h.root.Open(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	w.Header().Set("ETag", etag(info, ""))
	http.ServeContent(w, r, name, info.ModTime(), f)
}

// serveGzip serves the cached gzip encoding of name. It reports false,
// having written nothing, if the file cannot be compressed.
func (h *fileHandler) serveGzip(w http.ResponseWriter, r *http.Request, name string, info fs.FileInfo) bool {
	if info.Size() > maxGzipSize {
		return false
	}
	data, err := h.gz.get(h.root, name, info)
	if err != nil {
		return false
	}
	// Range requests address the gzip-encoded bytes (RFC 9110, 14.1); the
	// distinct ETag keeps If-Range from mixing the two representations.
	setEncoded(w.Header(), "gzip", etag(info, "-gz"), int64(len(data)), info.Size())
	http.ServeContent(w, r, name, info.ModTime(), bytes.NewReader(data))
	return true
}

// etag returns a weak validator derived from the file's size and
// modification time; suffix distinguishes encodings.
func etag(info fs.FileInfo, suffix string) string {
	return fmt.Sprintf(`W/"%x-%x%s"`, info.ModTime().UnixNano(), info.Size(), suffix)
}

// contentType returns the media type for a lower-case file extension.
func contentType(ext string) string {
	if ct, ok := contentTypes[ext]; ok {
		return ct
	}
	if ct := mime.TypeByExtension(ext); ct != "" {
		return ct
	}
	return "application/octet-stream"
}

// chooseEncoding returns the content coding to send among offered (most
// preferred first when qualities are equal): the one the client's
// Accept-Encoding gives the highest non-zero quality (RFC 9110 12.5.3:
// codings and the q parameter case-insensitive, "*" for every coding not
// listed, x-gzip the same as gzip, a quality that does not parse as 0),
// or "" when it accepts none of them.
func chooseEncoding(hdr http.Header, offered ...string) string {
	qs := acceptQualities(hdr)
	best, bestQ := "", 0.0
	for _, c := range offered {
		q, ok := qs[c]
		if !ok {
			q = qs["*"]
		}
		if q > bestQ {
			best, bestQ = c, q
		}
	}
	return best
}

// acceptQualities returns the quality of each coding Accept-Encoding
// lists, in lower case.
func acceptQualities(hdr http.Header) map[string]float64 {
	qs := map[string]float64{}
	for _, v := range hdr.Values("Accept-Encoding") {
		for part := range strings.SplitSeq(v, ",") {
			coding, params, _ := strings.Cut(part, ";")
			coding = strings.ToLower(strings.TrimSpace(coding))
			if coding == "" {
				continue
			}
			if coding == "x-gzip" {
				coding = "gzip"
			}
			q := 1.0
			for p := range strings.SplitSeq(params, ";") {
				name, val, _ := strings.Cut(p, "=")
				if !strings.EqualFold(strings.TrimSpace(name), "q") {
					continue
				}
				f, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
				if err != nil || !(f >= 0 && f <= 1) {
					f = 0
				}
				q = f
			}
			if old, ok := qs[coding]; !ok || q > old {
				qs[coding] = q
			}
		}
	}
	return qs
}

// gzipCache holds the gzip encoding of each file, valid for as long as the
// file's modification time and size are unchanged.
type gzipCache struct {
	mu      sync.Mutex
	entries map[string]*gzipEntry
}

// gzipEntry is one cached compression; once ensures concurrent requests
// for the same file compress it only once.
type gzipEntry struct {
	modTime time.Time
	size    int64
	once    sync.Once
	data    []byte
	err     error
}

// get returns the gzip encoding of name, compressing it on first use.
func (c *gzipCache) get(root *os.Root, name string, info fs.FileInfo) ([]byte, error) {
	e := c.entry(name, info)
	e.once.Do(func() { e.data, e.err = compressFile(root, name, info.Size()) })
	if e.err != nil {
		c.drop(name, e)
	}
	return e.data, e.err
}

// entry returns the cache entry for name, replacing a stale one.
func (c *gzipCache) entry(name string, info fs.FileInfo) *gzipEntry {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[name]
	if e != nil && e.size == info.Size() && e.modTime.Equal(info.ModTime()) {
		return e
	}
	if c.entries == nil {
		c.entries = make(map[string]*gzipEntry)
	}
	e = &gzipEntry{modTime: info.ModTime(), size: info.Size()}
	c.entries[name] = e
	return e
}

// drop removes e from the cache so that a failed compression is retried.
func (c *gzipCache) drop(name string, e *gzipEntry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries[name] == e {
		delete(c.entries, name)
	}
}

// compressFile gzips the first size bytes of name. It fails if the file no
// longer has that many bytes (it changed after it was examined).
func compressFile(root *os.Root, name string, size int64) ([]byte, error) {
	f, err := root.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var buf bytes.Buffer
	buf.Grow(int(size/3) + 64)
	zw, err := gzip.NewWriterLevel(&buf, gzipLevel)
	if err != nil {
		return nil, err
	}
	n, err := io.Copy(zw, io.LimitReader(f, size))
	if err != nil {
		return nil, err
	}
	if n != size {
		return nil, fmt.Errorf("%s: size changed while compressing", name)
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
