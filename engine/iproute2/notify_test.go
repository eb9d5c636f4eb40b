package iproute2

import (
	"fmt"
	"testing"
)

// TestMTUChangeReachesExceptions checks rt6_exceptions_update_pmtu: a
// device MTU change updates the PMTU exceptions under the routes through
// the device as it updates their MTU metrics (lower: at or above the new
// MTU; raised: equal to the former one), and an MTU below 1280 takes
// them away with their route. The MTUs are those a real kernel printed
// for the same story with a router sending the Packet Too Big
// (2001:db8:2::2 behind a 1400-byte link): 1400, 1300, 1500, 1450.
func TestMTUChangeReachesExceptions(t *testing.T) {
	const line = "2001:db8:2::2 via 2001:db8:1::2 dev va metric 1024 expires 599sec mtu %s pref medium\n[rc=0]\n"
	checkCases(t, []struct{ script, want string }{
		{`ptb 2001:db8:2::2 mtu 1400
ip link set va mtu 1300
ip -6 route show cache
ip link set va mtu 1500
ip -6 route show cache
ip link set va mtu 1450
ip -6 route show cache
ip link set va mtu 1000
ip -6 route show cache
`, "[rc=0]\n[rc=0]\n" + fmt.Sprintf(line, "1300") + "[rc=0]\n" + fmt.Sprintf(line, "1500") +
			"[rc=0]\n" + fmt.Sprintf(line, "1450") + "[rc=0]\n[rc=0]\n"},
	})
}
