package iproute2

import (
	"math"
	"slices"
	"strings"
)

// etcProtocols is /etc/protocols as Debian's netbase 6.4 ships it: each
// protocol number with its name and aliases, which getprotobyname(3)
// searches (case-sensitively) when iproute2 reads `ipproto NAME`.
var etcProtocols = []struct {
	num   uint16
	names string
}{
	{0, "ip IP"},
	{0, "hopopt HOPOPT"},
	{1, "icmp ICMP"},
	{2, "igmp IGMP"},
	{3, "ggp GGP"},
	{4, "ipencap IP-ENCAP"},
	{5, "st ST"},
	{6, "tcp TCP"},
	{8, "egp EGP"},
	{9, "igp IGP"},
	{12, "pup PUP"},
	{17, "udp UDP"},
	{20, "hmp HMP"},
	{22, "xns-idp XNS-IDP"},
	{27, "rdp RDP"},
	{29, "iso-tp4 ISO-TP4"},
	{33, "dccp DCCP"},
	{36, "xtp XTP"},
	{37, "ddp DDP"},
	{38, "idpr-cmtp IDPR-CMTP"},
	{41, "ipv6 IPv6"},
	{43, "ipv6-route IPv6-Route"},
	{44, "ipv6-frag IPv6-Frag"},
	{45, "idrp IDRP"},
	{46, "rsvp RSVP"},
	{47, "gre GRE"},
	{50, "esp IPSEC-ESP"},
	{51, "ah IPSEC-AH"},
	{57, "skip SKIP"},
	{58, "ipv6-icmp IPv6-ICMP"},
	{59, "ipv6-nonxt IPv6-NoNxt"},
	{60, "ipv6-opts IPv6-Opts"},
	{73, "rspf RSPF CPHB"},
	{81, "vmtp VMTP"},
	{88, "eigrp EIGRP"},
	{89, "ospf OSPFIGP"},
	{93, "ax.25 AX.25"},
	{94, "ipip IPIP"},
	{97, "etherip ETHERIP"},
	{98, "encap ENCAP"},
	{103, "pim PIM"},
	{108, "ipcomp IPCOMP"},
	{112, "vrrp VRRP"},
	{115, "l2tp L2TP"},
	{124, "isis ISIS"},
	{132, "sctp SCTP"},
	{133, "fc FC"},
	{135, "mobility-header Mobility-Header"},
	{136, "udplite UDPLite"},
	{137, "mpls-in-ip MPLS-in-IP"},
	{138, "manet"},
	{139, "hip HIP"},
	{140, "shim6 Shim6"},
	{141, "wesp WESP"},
	{142, "rohc ROHC"},
	{143, "ethernet Ethernet"},
	{262, "mptcp MPTCP"},
}

// inetProtoA2n models iproute2's inet_proto_a2n: a decimal number up to
// 255, or a protocol name or alias of /etc/protocols.
func inetProtoA2n(s string) (uint8, bool) {
	if v, ok := getUnsigned(s, 10, 255); ok {
		return uint8(v), true
	}
	for _, p := range etcProtocols {
		if slices.Contains(strings.Fields(p.names), s) {
			return uint8(p.num), true // getprotobyname's number, as an __u8
		}
	}
	return 0, false
}

// getUnsigned models iproute2's get_u8/get_u16/get_u32 with base base
// (0, 10 or 16): strtoul must use the whole string, not overflow and
// give at most max.
func getUnsigned(s string, base, max uint64) (uint64, bool) {
	v, rest, ok := cStrtoulBase(s, base)
	return v, ok && rest == "" && v != math.MaxUint64 && v <= max
}

// dsfieldNames are the names of /etc/iproute2/rt_dsfield as iproute2 6.1
// installs it (DSCP code points shifted into the DS field).
var dsfieldNames = map[uint32]string{
	0x00: "default", 0x20: "CS1", 0x28: "AF11", 0x30: "AF12", 0x38: "AF13",
	0x40: "CS2", 0x48: "AF21", 0x50: "AF22", 0x58: "AF23", 0x60: "CS3",
	0x68: "AF31", 0x70: "AF32", 0x78: "AF33", 0x80: "CS4", 0x88: "AF41",
	0x90: "AF42", 0x98: "AF43", 0xa0: "CS5", 0xb8: "EF", 0xc0: "CS6", 0xe0: "CS7",
}

// dsfieldA2n models rtnl_dsfield_a2n (`tos`/`dsfield` values): a name
// of rt_dsfield, or a hexadecimal number (strtoul base 16) up to 0xff.
func dsfieldA2n(s string) (uint32, bool) {
	for id, name := range dsfieldNames {
		if name == s {
			return id, true
		}
	}
	v, rest, ok := cStrtoulBase(s, 16)
	return uint32(v), ok && rest == "" && v <= 0xff
}
