// Command precompress writes, next to each file it is given, the file
// compressed two ways: NAME.gz (gzip at its best compression, as gzip -9)
// and NAME.br (brotli, quality 11 by default, 16 MiB window), so that a
// server can send the encoding a browser accepts without compressing on
// the fly (cmd/server does), and a static host can serve NAME.gz for the
// page to decompress itself (make site). A compressed file at least as
// new as its source is kept; the files are compressed concurrently.
//
// Usage:
//
//	precompress [-brotli QUALITY] FILE...
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/andybalholm/brotli"
)

func main() {
	quality := flag.Int("brotli", brotli.BestCompression, "brotli `quality` (0-11)")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: precompress [-brotli QUALITY] FILE...")
		os.Exit(2)
	}
	if err := run(flag.Args(), *quality, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "precompress:", err)
		os.Exit(1)
	}
}

// run writes the compressed forms of files that are missing or older
// than their file, one goroutine each, and reports each written to out.
func run(files []string, quality int, out io.Writer) error {
	encodings := []struct {
		suffix string
		writer func(io.Writer) (io.WriteCloser, error)
	}{
		{".gz", func(w io.Writer) (io.WriteCloser, error) { return gzip.NewWriterLevel(w, gzip.BestCompression) }},
		{".br", func(w io.Writer) (io.WriteCloser, error) {
			return brotli.NewWriterOptions(w, brotli.WriterOptions{Quality: quality, LGWin: 24}), nil
		}},
	}
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
	)
	for _, name := range files {
		src, err := os.Stat(name)
		if err != nil {
			return err
		}
		for _, e := range encodings {
			dst := name + e.suffix
			if st, err := os.Stat(dst); err == nil && !st.ModTime().Before(src.ModTime()) {
				continue
			}
			wg.Go(func() {
				n, size, err := compress(name, dst, e.writer)
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					errs = append(errs, err)
					return
				}
				fmt.Fprintf(out, "%s: %d -> %d bytes (%.1f%%)\n", dst, size, n, 100*float64(n)/float64(max(size, 1)))
			})
		}
	}
	wg.Wait()
	if len(errs) > 0 {
		return errs[0]
	}
	return nil
}

// compress writes name compressed by the writer newW makes to dst,
// through a temporary file renamed over dst (a server never sends a
// half-written file), and returns the compressed and original sizes.
func compress(name, dst string, newW func(io.Writer) (io.WriteCloser, error)) (n, size int, err error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return 0, 0, err
	}
	var buf bytes.Buffer
	w, err := newW(&buf)
	if err != nil {
		return 0, 0, err
	}
	if _, err := w.Write(data); err != nil {
		return 0, 0, err
	}
	if err := w.Close(); err != nil {
		return 0, 0, err
	}
	tmp := dst + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return 0, 0, err
	}
	return buf.Len(), len(data), os.Rename(tmp, dst)
}
