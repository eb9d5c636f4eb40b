package main

import (
	"fmt"
	"io"
	"os"

	"fib6lab/engine/iproute2"
	"fib6lab/engine/netns"
)

// loadDumpFile loads the dump in file path (`ip -6 route show table
// all` of some machine, optionally with `ip -6 addr show` and `sysctl
// net.ipv6.route`; iproute2.LoadDump) into ns, a fresh namespace. Errors
// name the file and, for its content, the line (iproute2.DumpError).
func loadDumpFile(ns *netns.Netns, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("ip6sim: --dump: %v", err)
	}
	defer f.Close()
	text, err := io.ReadAll(io.LimitReader(f, iproute2.MaxDumpBytes+1))
	if err != nil {
		return fmt.Errorf("ip6sim: --dump %s: %v", path, err)
	}
	if _, err := iproute2.LoadDump(ns, string(text)); err != nil {
		return fmt.Errorf("ip6sim: --dump %s: %v", path, err)
	}
	return nil
}
