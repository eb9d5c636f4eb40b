package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

func TestNewServerTimeouts(t *testing.T) {
	h := http.NotFoundHandler()
	srv := newServer("127.0.0.1:1234", h)
	if srv.Addr != "127.0.0.1:1234" {
		t.Errorf("Addr = %q", srv.Addr)
	}
	if srv.Handler == nil {
		t.Error("Handler not set")
	}
	checks := []struct {
		name      string
		got, want time.Duration
	}{
		{"ReadHeaderTimeout", srv.ReadHeaderTimeout, 5 * time.Second},
		{"ReadTimeout", srv.ReadTimeout, 30 * time.Second},
		{"WriteTimeout", srv.WriteTimeout, 60 * time.Second},
		{"IdleTimeout", srv.IdleTimeout, 120 * time.Second},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if srv.MaxHeaderBytes != 16<<10 {
		t.Errorf("MaxHeaderBytes = %d, want %d", srv.MaxHeaderBytes, 16<<10)
	}
}

// TestRunLoopback runs the whole command on 127.0.0.1:0, fetches
// index.html, then cancels the context (as a signal would) and expects a
// clean exit.
func TestRunLoopback(t *testing.T) {
	_, root := setup(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-dir", root}, pw, io.Discard)
		pw.Close()
	}()

	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("reading startup line: %v", err)
	}
	re := regexp.MustCompile(`^fib6lab: serving (.+) at http://(127\.0\.0\.1:[1-9][0-9]*)/\n$`)
	m := re.FindStringSubmatch(line)
	if m == nil || m[1] != root {
		t.Fatalf("startup line %q does not match %s with dir %s", line, re, root)
	}
	go io.Copy(io.Discard, pr) // no further output expected; never block run

	resp, err := http.Get("http://" + m[2] + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || string(body) != indexHTML {
		t.Errorf("GET /: %d %q, want 200 %q", resp.StatusCode, body, indexHTML)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run returned %v, want nil", err)
		}
	case <-time.After(shutdownTimeout + time.Second):
		t.Fatal("run did not return after cancel")
	}
	if _, err := net.DialTimeout("tcp", m[2], time.Second); err == nil {
		t.Error("server still accepting connections after shutdown")
	}
}

func TestRunErrors(t *testing.T) {
	ctx := context.Background()
	missing := filepath.Join(t.TempDir(), "missing")
	cases := [][]string{
		{"-dir", missing},
		{"-addr", "127.0.0.1:-1", "-dir", t.TempDir()},
		{"-nosuchflag"},
		{"extra-arg"},
	}
	for _, args := range cases {
		if err := run(ctx, args, io.Discard, io.Discard); err == nil {
			t.Errorf("run(%q) = nil, want error", args)
		}
	}
	if err := run(ctx, []string{"-h"}, io.Discard, io.Discard); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("run(-h) = %v, want flag.ErrHelp", err)
	}
}

// TestSlowHeaderClosed checks that a client that never finishes its
// request headers is disconnected after ReadHeaderTimeout.
func TestSlowHeaderClosed(t *testing.T) {
	const timeout = 200 * time.Millisecond
	addr := startServer(t, func(srv *http.Server) { srv.ReadHeaderTimeout = timeout })
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	start := time.Now()
	if _, err := io.WriteString(conn, "GET /index.html HTTP/1.1\r\nHost: x"); err != nil {
		t.Fatal(err)
	}
	conn.SetReadDeadline(time.Now().Add(3 * time.Second))
	_, err = io.Copy(io.Discard, conn) // returns nil at EOF
	elapsed := time.Since(start)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("connection still open after %v; want close after ~%v", elapsed, timeout)
	}
	if elapsed < timeout*3/4 {
		t.Errorf("connection closed after %v, before ReadHeaderTimeout %v", elapsed, timeout)
	}
}

// startServer serves the setup tree on a loopback port until the test
// ends (then it checks the server stopped cleanly) and returns the
// address; adjust may change the server before it starts.
func startServer(t *testing.T, adjust func(*http.Server)) string {
	t.Helper()
	h, _ := setup(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := newServer(ln.Addr().String(), h)
	if adjust != nil {
		adjust(srv)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, srv, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	return ln.Addr().String()
}
