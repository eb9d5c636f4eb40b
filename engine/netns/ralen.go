package netns

// PacketLen returns the bytes on the wire of ra as SendRA sends it: the
// IPv6 header, the ICMPv6 Router Advertisement, its source link-layer
// address option and its Prefix and Route Information options (a Route
// Information option for a /64 takes 16 bytes, so an RA on a 1500-byte
// link holds at most 89 of them). An RA longer than the device's MTU
// leaves in fragments, which receivers drop while suppress_frag_ndisc is
// set.
func (ra *RA) PacketLen() int { return ipv6HdrLen + ra.len() }
