// Command server is a small, hardened static file server for the fib6lab
// web page (index.html, main.wasm, wasm_exec.js and assets).
//
// Usage:
//
//	server [-addr 127.0.0.1:8080] [-dir web]
//
// On startup it prints one line, "fib6lab: serving DIR at http://ADDR/",
// where ADDR is the address actually bound. It stops gracefully on SIGINT or
// SIGTERM.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// shutdownTimeout bounds how long in-flight requests may take to finish
// after a stop signal.
const shutdownTimeout = 5 * time.Second

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	switch {
	case errors.Is(err, flag.ErrHelp):
		os.Exit(0)
	case err != nil:
		fmt.Fprintln(os.Stderr, "fib6lab:", err)
		os.Exit(1)
	}
}

// run parses args, serves until ctx is cancelled and then shuts down
// gracefully. The startup line goes to stdout, flag errors to stderr.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("server", flag.ContinueOnError)
	flags.SetOutput(stderr)
	addr := flags.String("addr", "127.0.0.1:8080", "TCP `address` to listen on")
	dir := flags.String("dir", "web", "`directory` to serve")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %q", flags.Args())
	}
	h, err := NewHandler(*dir)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	srv := newServer(ln.Addr().String(), h)
	fmt.Fprintf(stdout, "fib6lab: serving %s at http://%s/\n", *dir, ln.Addr())
	return serve(ctx, srv, ln)
}

// newServer returns an http.Server for h with conservative timeouts and
// header limits.
func newServer(addr string, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
}

// serve runs srv on ln until ctx is cancelled, then shuts it down, waiting
// up to shutdownTimeout for active requests. It returns nil after a clean
// shutdown.
func serve(ctx context.Context, srv *http.Server, ln net.Listener) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
