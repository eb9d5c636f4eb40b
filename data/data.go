// Package data ships the real full IPv6 routing table that fib6lab loads by
// default: 160,147 distinct prefixes, one per line in CIDR notation,
// gzip-compressed. It is the IPv6 part of the full-table test file of the
// MIT-licensed Go project github.com/gaissmai/bart (a Tier-1 view); see
// README.md in this directory.
package data

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"net/netip"
)

//go:embed ipv6-fulltable.txt.gz
var fullTableGz []byte

// FullTableSize is the number of prefixes in the shipped table.
const FullTableSize = 160147

// FullTable returns the shipped table's prefixes in file order.
// It fails only if the embedded file is corrupt.
func FullTable() ([]netip.Prefix, error) {
	zr, err := gzip.NewReader(bytes.NewReader(fullTableGz))
	if err != nil {
		return nil, err
	}
	ps := make([]netip.Prefix, 0, FullTableSize)
	sc := bufio.NewScanner(zr)
	for line := 1; sc.Scan(); line++ {
		p, err := netip.ParsePrefix(string(bytes.TrimSpace(sc.Bytes())))
		if err != nil {
			return nil, fmt.Errorf("ipv6-fulltable line %d: %w", line, err)
		}
		ps = append(ps, p)
	}
	return ps, sc.Err()
}
