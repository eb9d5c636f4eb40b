package iproute2

import (
	"bytes"
	"testing"
)

// get_time_rtt as iproute2 6.1 on x86-64 reads it; the values are those
// the kernel then showed (testdata/kdiff/k7_route_metrics_show).
func TestGetTimeRTT(t *testing.T) {
	for _, tc := range []struct {
		in       string
		val      uint32
		raw, bad bool
	}{
		{"100", 100, true, false},
		{"0x10", 16, true, false},
		{"10ms", 10, false, false},
		{"2s", 2000, false, false},
		{"3S", 3000, false, false},
		{"2.5secs", 2500, false, false},
		{"1msec", 1, false, false},
		{"1.5s", 1500, false, false},
		{".5s", 500, false, false},
		{"0.3ms", 1, false, false},               // rounded up
		{"0.0001", 1, true, false},               // rounded up, raw
		{"1.0", 1, true, false},                  // raw
		{"-1", 1, true, false},                   // ULONG_MAX: past 2^63 it reads 0, then rounds up
		{"99999999999", 1215752192, true, false}, // low 32 bits, rounded up
		{"4000000000", 4000000000, true, false},
		{"5000000.0s", 705032705, false, false},
		{"abc", 0, false, true},
		{"5us", 0, false, true},
		{"-1.5", 0, false, true},
		{"1e999.0", 0, false, true},
		{"99999999999999999999", 0, false, true},
		{"", 0, false, true},
	} {
		val, raw, ok := getTimeRTT(tc.in)
		if ok == tc.bad || ok && (val != tc.val || raw != tc.raw) {
			t.Errorf("%q: %d raw=%v ok=%v, want %d raw=%v ok=%v", tc.in, val, raw, ok, tc.val, tc.raw, !tc.bad)
		}
	}
}

// ipnh_modify's request: the id (8 bytes with its header) and a group of
// 126 members (1012 bytes) fill 1044 of the 1048 bytes; NHA_GROUP_TYPE
// (8 bytes) no longer fits, an empty NHA_RES_GROUP (4) still does.
func TestNexthopRequestBound(t *testing.T) {
	var out bytes.Buffer
	r := &nhRequest{msgLen: nhReqHeader, out: &out}
	if !r.addAttr(4) || !r.addAttr(8*126) || r.msgLen != 1044 || out.Len() != 0 {
		t.Fatalf("id and 126 members: length %d, %q", r.msgLen, out.String())
	}
	if r.addAttr(2) || out.String() != "addattr_l ERROR: message exceeded bound of 1048\n" || r.msgLen != 1044 {
		t.Fatalf("the group type was added: length %d, %q", r.msgLen, out.String())
	}
	if !r.addAttr(0) || r.msgLen != 1048 {
		t.Fatalf("an empty nest should fill the request: length %d", r.msgLen)
	}
	r = &nhRequest{msgLen: nhReqHeader, out: &out}
	if r.addAttr(4); r.addAttr(8 * 127) {
		t.Fatalf("127 members fitted")
	}
}
