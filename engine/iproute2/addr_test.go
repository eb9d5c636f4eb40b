package iproute2

import "testing"

// TestAddrPeerScopeLabel: `scope` is checked and, with `label`, ignored
// (IPv6 ignores both); `peer` is parsed as iproute2 parses it and then
// refused with a fib6lab line, changing nothing.
func TestAddrPeerScopeLabel(t *testing.T) {
	out := runEngine(`ip link add va address 02:00:00:00:00:01 type veth peer name vb address 02:00:00:00:00:02
ip -6 addr add 2001:db8::1/64 dev va scope link label va:1 nodad
ip -6 addr add 2001:db8::2/64 dev va scope bogus
ip -6 addr add 2001:db8::3/64 peer zz dev va
ip -6 addr add 2001:db8::3/64 peer 2001:db8::9 peer 2001:db8::8 dev va
ip -6 addr add 2001:db8::3/64 peer 2001:db8::9 dev va
ip -6 addr show dev va
`)
	want := `Error: argument "bogus" is wrong: invalid scope value.
Error: inet6 prefix is expected rather than "zz".
Error: duplicate "peer": "2001:db8::8" is the second value.
fib6lab: peer addresses (ip -6 addr add ADDR peer PREFIX) are not modelled
3: va@vb: <BROADCAST,MULTICAST,M-DOWN> mtu 1500 qdisc noop state DOWN group default qlen 1000
    inet6 2001:db8::1/64 scope global nodad 
       valid_lft forever preferred_lft forever
`
	if out != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
}
