// Command fileserver serves a folder with Go's http.FileServer and
// nothing else: no compression, no Content-Encoding, no headers of its
// own, as a plain static host or CDN serves files. The browser check of
// `make site` (site.mjs) loads the page from it.
//
// Usage:
//
//	fileserver [-addr 127.0.0.1:0] [-dir site]
//
// It prints "fileserver: serving DIR at http://ADDR/" once it listens.
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "TCP `address` to listen on")
	dir := flag.String("dir", "site", "`directory` to serve")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fileserver:", err)
		os.Exit(1)
	}
	fmt.Printf("fileserver: serving %s at http://%s/\n", *dir, ln.Addr())
	fmt.Fprintln(os.Stderr, "fileserver:", http.Serve(ln, http.FileServer(http.Dir(*dir))))
	os.Exit(1)
}
