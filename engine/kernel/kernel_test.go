package kernel

import "testing"

func TestParse(t *testing.T) {
	for _, c := range []struct {
		v, want, err string
	}{
		{"6.1", "6.1", ""}, {"6.1.73", "6.1", ""}, {"4.8", "4.8", ""}, {"10.0", "10.0", ""},
		{"6", "", "kernel version must be MAJOR.MINOR"},
		{"6.1.2.3", "", "kernel version must be MAJOR.MINOR"},
		{"6.x", "", `bad kernel version "6.x"`},
		{"6.-1", "", `bad kernel version "6.-1"`},
		{"6.1.", "", `bad kernel version "6.1."`},
		{"4.3", "4.3", ""}, {"4.2", "", "kernel version predates 4.3, the oldest modelled"},
		{"0.0", "", "kernel version predates 4.3, the oldest modelled"},
		{"255.255.255", "255.255", ""}, {"256.1", "", `bad kernel version "256.1"`},
		{"6.+1", "", `bad kernel version "6.+1"`},
	} {
		r, err := Parse(c.v)
		got, gotErr := r.String(), ""
		if err != nil {
			got, gotErr = "", err.Error()
		}
		if got != c.want || gotErr != c.err {
			t.Errorf("Parse(%q) = %q, %q; want %q, %q", c.v, got, gotErr, c.want, c.err)
		}
	}
}

// TestFor: each switch flips at the release of its change (kernel-model.md
// §2.7, §3, §5, and 4d0ab3a6885e for ECMP): the GC list in 6.6, reverted for 6.7 and 6.8, back in 6.9.
func TestFor(t *testing.T) {
	for _, c := range []struct {
		r    Release
		want Features
	}{
		{Release{4, 8}, Features{MaxSize: true, NodeFreeRCU: true}},
		{Release{4, 9}, Features{MaxSize: true, ILACache: true, NodeFreeRCU: true}},
		{Release{6, 2}, Features{MaxSize: true, ILACache: true, NodeFreeRCU: true}},
		{Release{6, 3}, Features{ILACache: true, NodeFreeRCU: true}},
		{Release{6, 6}, Features{GCList: true, ILACache: true, NodeFreeRCU: true}},
		{Release{6, 7}, Features{ILACache: true, NodeFreeRCU: true}},
		{Release{6, 8}, Features{ILACache: true, NodeFreeRCU: true}},
		{Release{6, 9}, Features{GCList: true, ILACache: true, NodeFreeRCU: true}},
		{Release{6, 12}, Features{GCList: true, ILACache: true, NodeFreeRCU: true}},
		{Release{6, 13}, Features{GCList: true, ILACache: true}},
		{Release{6, 14}, Features{GCList: true, ILACache: true}},
		{Release{6, 15}, Features{GCList: true, LinkParent: true, ILACache: true, MultipathFirst: true}},
		{Release{6, 18}, Features{GCList: true, LinkParent: true, UnlinkIdle: true, ILACache: true, MultipathFirst: true}},
		{Release{7, 0}, Features{GCList: true, LinkParent: true, UnlinkIdle: true, ILACache: true, MultipathFirst: true}},
	} {
		c.want.Release = c.r
		if got := For(c.r); got != c.want {
			t.Errorf("For(%v) = %+v, want %+v", c.r, got, c.want)
		}
	}
	if For(Default).Release.String() != "6.18" {
		t.Errorf("default release %v", Default)
	}
}
