package lwtunnel

import (
	"errors"
	"net/netip"
	"testing"

	"fib6lab/engine/errno"
)

// testOps is a minimal encap type whose states carry an int and whose
// destroy_state (when wired) counts calls.
func testOps(destroyed *int) *Ops {
	ops := &Ops{
		BuildState: func(cfg *Config) (*State, error) {
			if cfg.Family != AFInet6 {
				return nil, errno.EINVAL
			}
			return &State{Type: EncapSEG6, Flags: OutputRedirect, Data: cfg.Encap}, nil
		},
		CmpEncap: func(a, b *State) bool { return a.Data != b.Data },
	}
	if destroyed != nil {
		ops.DestroyState = func(*State) { *destroyed++ }
	}
	return ops
}

func build(t *testing.T, r *Registry, data int) *State {
	t.Helper()
	s, err := r.BuildState(EncapSEG6, &Config{Family: AFInet6, Encap: data})
	if err != nil {
		t.Fatal(err)
	}
	return s.Hold()
}

func TestRegister(t *testing.T) {
	r := NewRegistry()
	if err := r.Register(EncapMax+1, testOps(nil)); err != errno.ERANGE {
		t.Errorf("above max: %v", err)
	}
	if err := r.Register(EncapSEG6, testOps(nil)); err != nil {
		t.Fatal(err)
	}
	if err := r.Register(EncapSEG6, testOps(nil)); err != errno.EEXIST {
		t.Errorf("twice: %v", err)
	}
	if r.Lookup(EncapSEG6) == nil || r.Lookup(EncapILA) != nil || r.Lookup(99) != nil {
		t.Error("lookup")
	}
}

func TestBuildStateErrors(t *testing.T) {
	r := NewRegistry()
	if err := r.Register(EncapSEG6, testOps(nil)); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		typ  EncapType
		fam  uint8
		err  errno.Errno
		msg  string
		vmsg string
	}{
		{EncapNone, AFInet6, errno.EINVAL, "Unknown LWT encapsulation type", "Unknown lwt encapsulation type"},
		{EncapMax + 1, AFInet6, errno.EINVAL, "Unknown LWT encapsulation type", "Unknown lwt encapsulation type"},
		{EncapILA, AFInet6, errno.EOPNOTSUPP, "LWT encapsulation type not supported", "lwt encapsulation type not supported"},
		{EncapSEG6, 2, errno.EINVAL, "", ""},
	}
	for _, c := range cases {
		_, err := r.BuildState(c.typ, &Config{Family: c.fam, Dst: netip.MustParsePrefix("::/0")})
		verr := r.ValidEncapType(c.typ)
		if !errors.Is(err, c.err) || c.msg != "" && err.Error() != c.msg {
			t.Errorf("type %d: build err %v", c.typ, err)
		}
		if c.vmsg != "" && (!errors.Is(verr, c.err) || verr.Error() != c.vmsg) || c.vmsg == "" && verr != nil {
			t.Errorf("type %d: valid err %v", c.typ, verr)
		}
	}
}

func TestPutFreesAfterGracePeriod(t *testing.T) {
	destroyed := 0
	r := NewRegistry()
	if err := r.Register(EncapSEG6, testOps(&destroyed)); err != nil {
		t.Fatal(err)
	}
	s := build(t, r, 1)
	s.Hold()
	s.Put()
	if destroyed != 0 || s.Refcount() != 1 {
		t.Fatal("destroyed while referenced")
	}
	s.Put()
	if destroyed != 1 || s.Freed() || r.Grace.Pending() != 1 {
		t.Fatalf("destroyed %d freed %v pending %d", destroyed, s.Freed(), r.Grace.Pending())
	}
	r.Grace.Synchronize()
	if !s.Freed() {
		t.Error("not freed after the grace period")
	}
	defer func() {
		if recover() == nil {
			t.Error("hold of a freed state did not panic")
		}
	}()
	s.Hold()
}

// A type without destroy_state (as every type of a kernel before the 2016
// change that added it) is freed at the last put, with no grace period.
func TestPutFreesAtOnce(t *testing.T) {
	r := NewRegistry()
	if err := r.Register(EncapSEG6, testOps(nil)); err != nil {
		t.Fatal(err)
	}
	s := build(t, r, 1)
	s.Put()
	if !s.Freed() || r.Grace.Pending() != 0 {
		t.Errorf("freed %v pending %d", s.Freed(), r.Grace.Pending())
	}
}

func TestCmpEncap(t *testing.T) {
	r := NewRegistry()
	if err := r.Register(EncapSEG6, testOps(nil)); err != nil {
		t.Fatal(err)
	}
	a, b, c := build(t, r, 1), build(t, r, 1), build(t, r, 2)
	other := &State{Type: EncapMPLS}
	none := &State{Type: EncapNone}
	cases := []struct {
		a, b *State
		diff bool
	}{{nil, nil, false}, {a, nil, true}, {nil, a, true}, {a, other, true}, {a, b, false}, {a, c, true},
		{other, &State{Type: EncapMPLS}, false}, {none, &State{Type: EncapNone}, false}}
	for i, k := range cases {
		if got := r.CmpEncap(k.a, k.b); got != k.diff {
			t.Errorf("case %d: %v", i, got)
		}
	}
	if _, _, ok := r.FillEncap(a); ok {
		t.Error("type without fill_encap must be omitted")
	}
	if r.GetEncapSize(a) != 0 || r.GetEncapSize(nil) != 0 {
		t.Error("size without get_encap_size")
	}
}

type dst struct{ s *State }

func (d dst) LwtState() *State               { return d.s }
func (d dst) Flags() uint32                  { return 0 }
func (d dst) Ifindex() int                   { return 1 }
func (d dst) Output(net Net, skb *Skb) error { return nil }
func (d dst) Release()                       {}

func TestRedirect(t *testing.T) {
	r := NewRegistry()
	ops := testOps(nil)
	depth := 0
	ops.Output = func(net Net, skb *Skb) error {
		depth++
		return r.Output(net, skb) // re-enter until the recursion limit
	}
	if err := r.Register(EncapSEG6, ops); err != nil {
		t.Fatal(err)
	}
	s := build(t, r, 1)
	inputs := 0
	h := Handlers{Output: func(Net, *Skb) error { return nil }, Input: func(*Skb) error { inputs++; return nil }}
	r.SetRedirect(s, &h)
	if s.OrigOutput == nil || s.OrigInput != nil {
		t.Fatal("only the output is redirected")
	}
	if err := h.Output(nil, &Skb{Dst: dst{s}}); err != errno.ENETDOWN || depth != XmitRecursionLimit {
		t.Errorf("recursion: %v after %d", err, depth)
	}
	if err := h.Input(&Skb{Dst: dst{s}}); err != nil || inputs != 1 {
		t.Errorf("input not kept: %v", err)
	}
	if err := r.Input(&Skb{Dst: dst{s}}); err != errno.EOPNOTSUPP {
		t.Errorf("missing input op: %v", err)
	}
	if err := r.Output(nil, &Skb{}); err != errno.EINVAL {
		t.Errorf("no dst: %v", err)
	}
	if err := r.Output(nil, &Skb{Dst: dst{&State{Type: EncapNone}}}); err != nil {
		t.Errorf("type none: %v", err)
	}
}

func TestNames(t *testing.T) {
	if EncapILA.String() != "ila" || EncapSEG6Local.String() != "seg6local" || EncapNone.String() != "unknown" || EncapType(11).String() != "unknown" {
		t.Error("names")
	}
	if NLATotalSize(1) != 8 || NLATotalSize64(8) != 16 {
		t.Error("nla sizes")
	}
}
