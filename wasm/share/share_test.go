package share

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"fib6lab/engine/netns"
)

func TestShareEncodingRoundTrip(t *testing.T) {
	for _, sh := range []Link{
		{},
		{Scenario: "selftest", Pos: [2]int64{12, 7}, Line: 9, Jiffies: 4294969309, Speed: 0.0625, Pseudo: true},
		{Script: "# > hi\nip -6 route add 2001:db8::/64 dev eth0\n" + strings.Repeat("sleep 1\n", 500),
			Pos: [2]int64{1 << 40, 3}, Speed: 4096, Cam: [4]float64{12.5, -3, 4.25, 1}, Timeline: true, Present: true, Panel: "dst"},
		{Scenario: "exercise-lookup", Line: 7, Jiffies: 4294969309, Paused: true, NoLegend: true, Typed: []Typed{
			{Line: 0, Jiffies: 4294967296, Text: "ip -6 route add 2001:db8:77::/64 dev eth0"},
			{Line: 7, Jiffies: 4294969000, Behind: true, Text: "echo 'two\nlines' \"q\" \\ é \xff"},
			{Line: 7, Jiffies: 4294969309, Text: ""}}},
	} {
		frag := sh.Encode()
		got, err := Decode("#" + frag)
		if err != nil || !same(got, sh) {
			t.Fatalf("%q decoded as %+v, %v; want %+v", frag, got, err, sh)
		}
		if sh.Script != "" && len(frag) > len(sh.Script)/4 {
			t.Fatalf("script not compressed: %d bytes for %d", len(frag), len(sh.Script))
		}
	}
}

func TestShareDecodeRejectsGarbage(t *testing.T) {
	for _, frag := range []string{"p=1", "p=a.b", "x=!!!", "c=1,2", "j=zz", "sp=fast", "%zz", "t=!!!",
		"t=" + deflate("1 2 0"), "t=" + deflate("1 2 0 unquoted"), "t=" + deflate("a 2 0 \"x\""), "t=" + deflate("1 b 0 \"x\""),
		"t=" + deflate("1 2 \"x\""), "t=" + deflate("1 2 2 \"x\""), "t=" + deflate("\n"), "t=" + deflate("0 4294967296 0 \"ok\"\n\n"), "s=selftest&x=" + deflate("sleep 1")} {
		if _, err := Decode(frag); err == nil {
			t.Errorf("%q decoded without error", frag)
		}
	}
}

// speeds are the page's playback speeds, events per frame.
var speeds = [2]float64{1.0 / 16, 4096}

func TestLinkTypedCommandsBoundedLikeAScript(t *testing.T) {
	long := Typed{Jiffies: netns.InitialJiffies, Text: strings.Repeat("a", 1000)}
	sh := Link{Line: 1, Typed: slices.Repeat([]Typed{long}, 1100)}
	if err := sh.Check(250, speeds); err == nil || err.Error() != "typed commands longer than 1048576 bytes" {
		t.Fatalf("1,100 commands of 1,000 bytes: %v", err)
	}
	if _, err := Decode("t=" + deflate(typedText(sh.Typed))); err == nil {
		t.Fatal("a link of 1.1 MB of typed commands decoded")
	}
	sh.Typed = sh.Typed[:1000]
	if err := sh.Check(250, speeds); err != nil {
		t.Fatalf("1,000 commands of 1,000 bytes: %v", err)
	}
	sh.Typed = slices.Repeat([]Typed{{Jiffies: netns.InitialJiffies}}, 100_001)
	if err := sh.Check(250, speeds); err == nil || err.Error() != "100001 typed commands: a link holds at most 100000" {
		t.Fatalf("100,001 commands: %v", err)
	}
}

// TestCheckRefusesOutOfRange: Check names the first field of a link that
// is out of range for a page at 250 Hz.
func TestCheckRefusesOutOfRange(t *testing.T) {
	typed := func(line int, j int64) Typed { return Typed{Line: line, Jiffies: j, Text: "a"} }
	for _, c := range []struct {
		l    Link
		want string
	}{
		{Link{Jiffies: 9e18, Line: 1}, "clock 9000000000000000000 jiffies is out of range"},
		{Link{Jiffies: math.MaxInt64, Line: 1}, "clock 9223372036854775807 jiffies is out of range"},
		{Link{Jiffies: 12, Line: 1}, "clock 12 jiffies is out of range"},
		{Link{Line: -1}, "line -1 is out of range"},
		{Link{Line: 100001}, "line 100001 is out of range (0 to 100000)"},
		{Link{Pos: [2]int64{-5, 0}, Line: 1}, "player position -5.0 is negative"},
		{Link{Speed: math.NaN()}, "speed NaN is out of range"},
		{Link{Speed: 1e9}, "speed 1e+09 is out of range"},
		{Link{Cam: [4]float64{math.NaN(), 0, 1, 1}}, "camera in the link: want finite numbers and positive zooms"},
		{Link{Cam: [4]float64{0, 0, 0, 1}}, "camera in the link: want finite numbers and positive zooms"},
		{Link{Line: 1, Typed: []Typed{typed(2, netns.InitialJiffies)}}, "typed command 1: after script line 2, out of order (0 to 1)"},
		{Link{Line: 3, Typed: []Typed{typed(2, netns.InitialJiffies), typed(1, netns.InitialJiffies)}}, "typed command 2: after script line 1, out of order (2 to 3)"},
		{Link{Line: 1, Typed: []Typed{typed(0, 12)}}, "typed command 1: clock 12 jiffies, out of order (4294967296 to"},
		{Link{Line: 1, Jiffies: 4294967400, Typed: []Typed{typed(0, 4294967500)}}, "typed command 1: clock 4294967500 jiffies, out of order (4294967296 to 4294967400)"},
	} {
		if err := c.l.Check(250, speeds); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%+v: Check = %v, want %q", c.l, err, c.want)
		}
	}
}

// FuzzDecode: whatever decodes encodes to a fragment that decodes to
// the same link.
func FuzzDecode(f *testing.F) {
	f.Add(Link{Scenario: "selftest", Pos: [2]int64{12, 7}, Line: 9, Jiffies: 4294969309, Speed: 0.0625, Pseudo: true}.Encode())
	f.Add("j=9223372036854775807&n=1&p=0.0&x=" + deflate("ip -6 route add 2001:db8:9::/64 dev eth0 expires 2000000000\n"))
	f.Add("x=" + deflate("sleep 1\n") + "&n=1&j=4294967297&c=1,1,NaN,1&f=ptPn&v=dst&paused=1")
	f.Add(Link{Scenario: "exercise-lookup", Line: 3, Paused: true, Typed: []Typed{{Line: 1, Jiffies: 4294967296, Text: "ip -6 route get 2001:db8::1"}}}.Encode())
	f.Fuzz(func(t *testing.T, frag string) {
		l, err := Decode(frag)
		if err != nil {
			return
		}
		again, err := Decode(l.Encode())
		if err != nil || !same(again, l) {
			t.Fatalf("%q: decoded %+v, re-encoded and decoded %+v, %v", frag, l, again, err)
		}
	})
}

// same compares two links, taking NaN camera values as equal.
func same(a, b Link) bool {
	for i := range a.Cam {
		if math.IsNaN(a.Cam[i]) && math.IsNaN(b.Cam[i]) {
			a.Cam[i], b.Cam[i] = 0, 0
		}
	}
	return reflect.DeepEqual(a, b)
}
