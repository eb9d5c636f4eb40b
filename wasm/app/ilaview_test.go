package app

import (
	"testing"

	"fib6lab/engine/netns"
)

func TestILAViewCounters(t *testing.T) {
	v := NewILAView()
	for range 10 {
		v.Step()
	}
	if v.Err != "" {
		t.Fatal(v.Err)
	}
	want := [2]netns.SendResult{{Packets: 10, Lookups: 1, Hits: 9, Misses: 1}, {Packets: 10, Lookups: 10, Misses: 10}}
	for i, f := range v.Flows {
		if f.Total != want[i] {
			t.Errorf("/%s: %+v, want %+v", f.Name, f.Total, want[i])
		}
	}
	p128, p64 := v.Flows[0].Last, v.Flows[1].Last
	if !p128.Hit || p128.Walk != nil || p128.Visited != 0 {
		t.Errorf("/128 packet 10: %+v, want a hit without a walk", p128)
	}
	if p64.Hit || p64.Visited == 0 || p64.Answer.String() != "2001:db8:2::/64" {
		t.Errorf("/64 packet 10: hit %v visited %d answer %v", p64.Hit, p64.Visited, p64.Answer)
	}
	if got := p128.ILA.String(); got != "2001:db8:2:0:3000::2" && p128.ILA == p128.SIR {
		t.Errorf("/128 translated to %s", got)
	}
	if p64.ILA.String() != "2001:db8:2:0:2000::a" {
		t.Errorf("/64 packet 10 translated to %s, want 2001:db8:2:0:2000::a", p64.ILA)
	}
}

func TestILAViewInvalidate(t *testing.T) {
	v := NewILAView()
	v.Step()
	v.Step()
	for k := range 2 {
		v.Invalidate()
		v.Step()
		f := v.Flows[0]
		if f.Last.Hit || f.Total.Lookups != 2+k {
			t.Fatalf("after invalidation %d: hit %v lookups %d", k+1, f.Last.Hit, f.Total.Lookups)
		}
		v.Step()
		if !f.Last.Hit {
			t.Fatalf("after invalidation %d the next packet missed", k+1)
		}
	}
	if v.Err != "" {
		t.Fatal(v.Err)
	}
}
