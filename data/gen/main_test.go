package main

import (
	"bytes"
	"os"
	"testing"

	"fib6lab/data"
)

// TestBinaryMatchesText: the embedded binary table is what `go generate
// ./data` writes from the text table today (run it after changing
// ipv6-fulltable.txt.gz).
func TestBinaryMatchesText(t *testing.T) {
	f, err := os.Open("../ipv6-fulltable.txt.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ps, err := ReadText(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := data.AppendBinary(nil, ps)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != data.FullTableSize || !bytes.Equal(b, data.FullTableBinary()) {
		t.Fatalf("fulltable.bin is stale (%d prefixes in the text, %d bytes generated, %d embedded): run go generate ./data",
			len(ps), len(b), len(data.FullTableBinary()))
	}
}
