package app

import "testing"

func TestDstViewFlood(t *testing.T) {
	v := NewDstView()
	for _, l := range v.Lanes {
		if l.Err != "" {
			t.Fatal(l.Err)
		}
	}
	for v.Inflight < DstMaxInflight {
		v.Flood()
	}
	old, cur := v.Lanes[0], v.Lanes[1]
	// the last flood is the seed's: 5 x 1000 in flight
	if r := cur.Last; r.Sent != 5000 || r.Failed != 0 || r.Peak != 5000 {
		t.Errorf("6.18: %+v, want 5000 sent, 0 failed, peak 5000", r)
	}
	if r := old.Last; r.Failed == 0 || r.Peak > 4096+DstSenders*64 {
		t.Errorf("6.1: %+v, want failures and a peak near max_size", r)
	}
	if old.NS.Dst.Stats.Failures == 0 || cur.NS.Dst.Stats.Failures != 0 || old.NS.Dst.Notices() == 0 {
		t.Errorf("failures 6.1 %d 6.18 %d, notices %d", old.NS.Dst.Stats.Failures, cur.NS.Dst.Stats.Failures, old.NS.Dst.Notices())
	}
}
