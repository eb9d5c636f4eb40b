package main

import (
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"
)

// TestLoad is a bounded load test on 127.0.0.1: 64 keep-alive clients
// fetch the page's files (index.html, gzip-compressed main.wasm and
// wasm_exec.js) for FIB6LAB_LOAD_SECONDS seconds (2 by default; `make
// loadtest` uses 10) and every request must succeed. It logs requests per
// second and latency percentiles.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("load test skipped with -short")
	}
	secs := 2
	if s, err := strconv.Atoi(os.Getenv("FIB6LAB_LOAD_SECONDS")); err == nil && s > 0 && s <= 60 {
		secs = s
	}
	addr := startServer(t, nil)
	res := hammer("http://"+addr, 64, time.Duration(secs)*time.Second)
	if res.errors != 0 || len(res.lat) == 0 {
		t.Fatalf("%d errors in %d requests (first: %v)", res.errors, len(res.lat), res.first)
	}
	slices.Sort(res.lat)
	pct := func(p int) time.Duration { return res.lat[len(res.lat)*p/100] }
	t.Logf("load: %d s, 64 connections, %d requests, 0 errors, %.0f req/s, p50 %v, p99 %v, max %v",
		secs, len(res.lat), float64(len(res.lat))/float64(secs), pct(50), pct(99), res.lat[len(res.lat)-1])
}

type loadResult struct {
	lat    []time.Duration
	errors int
	first  error
}

// hammer runs conns clients against base for d and collects latencies.
func hammer(base string, conns int, d time.Duration) loadResult {
	tr := &http.Transport{MaxIdleConnsPerHost: conns, DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	paths := []string{"/", "/main.wasm", "/wasm_exec.js", "/style.css"}
	deadline := time.Now().Add(d)
	var mu sync.Mutex
	var res loadResult
	var wg sync.WaitGroup
	for c := 0; c < conns; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			for i := c; time.Now().Before(deadline); i++ {
				start := time.Now()
				err := fetch(client, base+paths[i%len(paths)])
				mu.Lock()
				res.lat = append(res.lat, time.Since(start))
				if err != nil {
					res.errors++
					if res.first == nil {
						res.first = err
					}
				}
				mu.Unlock()
			}
		}(c)
	}
	wg.Wait()
	return res
}

func fetch(client *http.Client, url string) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return &statusError{resp.StatusCode}
	}
	return nil
}

type statusError struct{ code int }

func (e *statusError) Error() string { return "HTTP status " + strconv.Itoa(e.code) }
