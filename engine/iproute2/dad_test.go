package iproute2

import "testing"

// TestDADBothTentative: two ends of a link probing the same address at
// once. The kernel keeps the one whose random probe goes out first; the
// model probes when the DAD timer fires, so the address added first is
// kept and the other, still tentative when the probe reaches it, fails.
func TestDADBothTentative(t *testing.T) {
	out := runEngine(`ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip link set va up
ip link set vb up
sleep 3
ip -6 addr add 2001:db8::7/64 dev vb
sleep 0.5
ip -6 addr add 2001:db8::7/64 dev va
sleep 3
ip -6 addr show to 2001:db8::7
ip -6 route show table local type local
`)
	want := `2: vb@va: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 state UP qlen 1000
    inet6 2001:db8::7/64 scope global 
       valid_lft forever preferred_lft forever
3: va@vb: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 state UP qlen 1000
    inet6 2001:db8::7/64 scope global dadfailed tentative 
       valid_lft forever preferred_lft forever
local 2001:db8::7 dev vb proto kernel metric 0 pref medium
local fe80::ff:fe00:1 dev va proto kernel metric 0 pref medium
local fe80::ff:fe00:2 dev vb proto kernel metric 0 pref medium
`
	if out != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
}
