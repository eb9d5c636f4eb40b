// Command gen writes the binary table (data.Decoder's format) of a text
// table, one prefix per line in CIDR notation, gzip-compressed: the
// prefixes masked, sorted by address and then length, duplicates dropped.
// `go generate ./data` runs it on the shipped table.
package main

import (
	"bufio"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"net/netip"
	"os"
	"slices"
	"strings"

	"fib6lab/data"
)

func main() {
	in := flag.String("in", "ipv6-fulltable.txt.gz", "gzip-compressed text table")
	out := flag.String("out", "fulltable.bin", "binary table to write")
	flag.Parse()
	if err := run(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(in, out string) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	ps, err := ReadText(f)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	b, err := data.AppendBinary(nil, ps)
	if err != nil {
		return err
	}
	return os.WriteFile(out, b, 0o644)
}

// ReadText reads a gzip-compressed text table and returns its prefixes
// masked, in the order of data.Compare, without duplicates.
func ReadText(r io.Reader) ([]netip.Prefix, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, err
	}
	var ps []netip.Prefix
	sc := bufio.NewScanner(zr)
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		if s == "" || s[0] == '#' {
			continue
		}
		p, err := netip.ParsePrefix(s)
		if err != nil || !p.Addr().Is6() {
			return nil, fmt.Errorf("line %d: not an IPv6 prefix: %q", line, s)
		}
		ps = append(ps, p.Masked())
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	slices.SortFunc(ps, data.Compare)
	return slices.Compact(ps), nil
}
