package gc

import (
	"testing"

	"fib6lab/engine/fib6"
)

func TestAge(t *testing.T) {
	rt := &fib6.Info{}
	args := &Args{}
	if Age(rt, 100, args) || args.More != 0 {
		t.Fatal("a permanent route aged")
	}
	rt.SetExpires(100)
	if Age(rt, 100, args) || args.More != 1 {
		t.Fatalf("at its deadline: delete or more=%d", args.More)
	}
	if !Age(rt, 101, args) || args.More != 1 {
		t.Fatal("one jiffy after its deadline the route must go (time_after is strict)")
	}
}

func TestParseStrategy(t *testing.T) {
	for _, s := range Strategies {
		if got, err := ParseStrategy(s.String()); err != nil || got != s {
			t.Errorf("%s: %v %v", s, got, err)
		}
	}
	if _, err := ParseStrategy("walk"); err == nil {
		t.Error("unknown strategy accepted")
	}
}
