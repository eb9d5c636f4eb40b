package iproute2

import (
	"fmt"
	"io"

	"fib6lab/engine/netns"
)

// catProcSys models cat(1) reading a file of the modelled /proc/sys
// (path starts with procSys): its value and a newline, or cat's
// complaint with status 1 for a missing file, a directory, or a
// write-only file (route/flush, mode 0200: "Permission denied"), or an
// unreadable one (conf/DEV/stable_secret before it is set: EIO).
func catProcSys(ns *netns.Netns, path string, out io.Writer) int {
	f, err := (&sysctlRun{ns: ns}).stat(path)
	switch {
	case err != "":
	case f.dir != nil || f.root:
		err = "Is a directory"
	case f.writeOnly:
		err = "Permission denied"
	case f.unreadable:
		err = "Input/output error"
	}
	if err != "" {
		fmt.Fprintf(out, "cat: %s: %s\n", path, err)
		return 1
	}
	v, _ := sysctlGet(ns, f.key)
	fmt.Fprintln(out, v)
	return 0
}
