package iproute2

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"fib6lab/engine/netns"
)

// FuzzLoadDump loads random dumps: never a panic, and every refusal is a
// DumpError naming a line of the text (or the text as a whole).
func FuzzLoadDump(f *testing.F) {
	if text, err := os.ReadFile("testdata/dump/kernel-6.18.txt"); err == nil {
		f.Add(string(text))
	}
	f.Add("2001:db8::/64 dev eth0 proto kernel metric 256 pref medium\n2001:db8:1::/64 metric 1024 pref medium\n\tnexthop via 2001:db8::2 dev eth0 weight 1 \n\tnexthop via fe80::1 dev eth1 weight 2 linkdown \n")
	f.Add("1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536\n    inet6 ::1/128 scope host\n       valid_lft forever preferred_lft forever\nlocal ::1 dev lo table local proto kernel metric 0 pref medium\nnet.ipv6.route.gc_interval = 5\n")
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 1<<16 {
			return
		}
		done := make(chan error, 1)
		go func() {
			_, err := LoadDump(netns.New(0), text)
			done <- err
		}()
		var err error
		select {
		case err = <-done:
		case <-time.After(fuzzTimeout):
			t.Fatalf("LoadDump(%q) hangs", text)
		}
		var de *DumpError
		if err != nil && !errors.As(err, &de) {
			t.Fatalf("not a DumpError: %v", err)
		}
		if de != nil && (de.Line < 0 || de.Line > strings.Count(text, "\n")+1 || de.Msg == "") {
			t.Fatalf("error names line %d of %d, message %q", de.Line, strings.Count(text, "\n")+1, de.Msg)
		}
	})
}
